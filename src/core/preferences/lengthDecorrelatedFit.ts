import { fitBradleyTerry, type BradleyTerryFit } from './bradleyTerryFit'
import { BradleyTerryFitError } from './fitError'
import type { PreferencePairs } from './preferencePairs'

/*
 * A linear reward model with a length head and a content head, after ODIN (Chen et al. 2024,
 * "ODIN: Disentangled Reward Mitigates Hacking in RLHF"): the Bradley–Terry model scores
 * r(x) = w_Q·x + c·L, where L is the completion's length, and only the content head w_Q·x is the
 * reward. ODIN asks a shared network's quality head to be uncorrelated with length by a penalty;
 * in the linear case the same ask is a hard constraint that keeps the fit convex: over the 2N
 * completions of the pairs (both sides of every pair),
 *   Cov(w_Q·x, L) = w_Q·v = 0,   v_j = (1/2N)·Σ (x_j − x̄_j)(L − L̄)
 * so w_Q = P·u with P = I − v·vᵀ/(vᵀv), and the fit is the exact Bradley–Terry fit on the features
 * z = [P·x, L] (their differences z_w − z_l; the L2 penalty λ/2·(‖u‖² + c²) sets u's part along v
 * to 0, so w_Q = u). The length head c absorbs what the labels say about length and nothing else;
 * every score the content head gives is uncorrelated with length over the pairs it was fitted on.
 * With a constant length (v = 0), there is nothing to absorb: w_Q is the plain fit and c = 0.
 */

/** The feature a length-decorrelated fit takes as the completion's length (the token task's). */
export const LENGTH_FEATURE = 'length'

export interface LengthDecorrelatedFit {
  /** w_Q: the content head, the reward. */
  weights: Float64Array
  /** c: the length head's weight per token of length (not part of the reward). */
  lengthWeight: number
  /** The fit on [P·x, L], for its loss and convergence. */
  fit: BradleyTerryFit
}

/** Below this, v·v is rounding of a constant length's covariances (relative to the features' own scale). */
const CONSTANT_LENGTH = 1e-24

export function fitLengthDecorrelated(pairs: PreferencePairs, lengthIndex: number, l2: number): LengthDecorrelatedFit {
  const { count, features, preferred, rejected } = pairs
  if (!(Number.isInteger(lengthIndex) && lengthIndex >= 0 && lengthIndex < features)) throw new Error(`fitLengthDecorrelated: the length feature's index ${lengthIndex} is not one of the ${features} features`)
  if (count === 0) throw new Error('fitLengthDecorrelated: no pairs')
  const v = lengthCovariances(pairs, lengthIndex)
  let vv = 0
  let scale = 0
  for (let j = 0; j < features; j++) {
    vv += v[j] * v[j]
    scale = Math.max(scale, Math.abs(v[j]))
  }
  // P·x = x − v·(v·x)/(v·v); with v = 0, P = I
  const project = vv > CONSTANT_LENGTH * Math.max(1, scale * scale)
  const width = features + 1
  const values = new Float64Array(count * width)
  for (let i = 0; i < count; i++) {
    let along = 0
    for (let j = 0; j < features; j++) along += v[j] * (preferred[i * features + j] - rejected[i * features + j])
    const shift = project ? along / vv : 0
    for (let j = 0; j < features; j++) values[i * width + j] = preferred[i * features + j] - rejected[i * features + j] - shift * v[j]
    values[i * width + features] = preferred[i * features + lengthIndex] - rejected[i * features + lengthIndex]
    for (let j = 0; j <= features; j++) {
      if (!Number.isFinite(values[i * width + j])) throw new BradleyTerryFitError('overflow', `pair ${i}: feature ${j === features ? lengthIndex : j} of the preferred side minus the rejected side, projected off length, came out as ${values[i * width + j]}`)
    }
  }
  const fit = fitBradleyTerry({ count, features: width, values }, l2)
  const weights = fit.weights.slice(0, features)
  // w_Q = P·u: u has no part along v at the optimum (λ > 0) but for rounding; project it so that w_Q·v is 0 to rounding
  if (project) {
    let along = 0
    for (let j = 0; j < features; j++) along += v[j] * weights[j]
    for (let j = 0; j < features; j++) weights[j] -= (along / vv) * v[j]
  }
  return { weights, lengthWeight: fit.weights[features], fit }
}

/** v_j = (1/2N)·Σ over both sides of every pair of (x_j − x̄_j)(L − L̄): each feature's covariance with length. */
export function lengthCovariances(pairs: PreferencePairs, lengthIndex: number): Float64Array {
  const { count, features, preferred, rejected } = pairs
  const rows = 2 * count
  const mean = new Float64Array(features)
  for (const side of [preferred, rejected]) for (let j = 0; j < count * features; j++) mean[j % features] += side[j]
  for (let j = 0; j < features; j++) mean[j] /= rows
  const covariance = new Float64Array(features)
  for (const side of [preferred, rejected]) {
    for (let i = 0; i < count; i++) {
      const length = side[i * features + lengthIndex] - mean[lengthIndex]
      for (let j = 0; j < features; j++) covariance[j] += (side[i * features + j] - mean[j]) * length
    }
  }
  for (let j = 0; j < features; j++) covariance[j] /= rows
  return covariance
}
