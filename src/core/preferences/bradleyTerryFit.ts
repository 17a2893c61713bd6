import { bradleyTerryGradient, bradleyTerryHessian, bradleyTerryLoss } from './bradleyTerry'
import { choleskySolve } from './cholesky'
import { BradleyTerryFitError } from './fitError'
import { sigmoid } from './logistic'
import type { PreferenceDifferences } from './preferencePairs'
import { separatingDirection } from './separability'

/*
 * The Bradley–Terry weights w* = argmin L(w) (bradleyTerry.ts) by Newton's method from w = 0:
 * p = −H⁻¹∇L, then a backtracking line search halves t from 1 until the Armijo condition
 * L(w + t p) ≤ L(w) + c·t·∇L·p holds. L is convex and smooth, so this converges, quadratically near
 * w*, whenever w* exists; with λ = 0 it may not (separability.ts), and that is checked first.
 */

/** The fit stops when ‖∇L‖ falls below this. */
export const GRADIENT_TOLERANCE = 1e-10
/** Newton's method reaches the tolerance in tens of steps at most; more means it is not converging. */
export const MAX_NEWTON_ITERATIONS = 100
/** Armijo's sufficient-decrease constant, the customary one. */
const ARMIJO = 1e-4
/** 2^−60 ≈ 1e−18 of the Newton step: below that a step changes no weight. */
const MAX_HALVINGS = 60
/** Headroom over the estimated rounding in the gradient, which is only an estimate. */
const ROUNDING_HEADROOM = 8
/** A predicted decrease below this many units of ε·L is lost in the rounding of L, a sum over up to 1e5 pairs. */
const LOSS_ROUNDING = 64

export interface BradleyTerryFit {
  weights: Float64Array
  /** L(w*), penalty included. */
  loss: number
  /** ‖∇L(w*)‖. */
  gradientNorm: number
  /** Newton steps taken. */
  iterations: number
}

/** w* for the pairs' differences and the penalty λ = l2 ≥ 0; a BradleyTerryFitError says why there is none. */
export function fitBradleyTerry(data: PreferenceDifferences, l2: number): BradleyTerryFit {
  if (!(Number.isFinite(l2) && l2 >= 0)) throw new Error(`fitBradleyTerry: the L2 penalty must be a finite number ≥ 0, got ${l2}`)
  if (data.count === 0 || data.features === 0) throw new Error('fitBradleyTerry: needs at least one pair and one feature')
  if (l2 === 0) {
    const separation = separatingDirection(data)
    if (separation !== null) throw separableError(separation.direction, separation.ordered, data.count)
  }
  const { features } = data
  let weights: Float64Array = new Float64Array(features)
  let loss = bradleyTerryLoss(data, l2, weights)
  for (let iteration = 0; ; iteration++) {
    const gradient = bradleyTerryGradient(data, l2, weights)
    const hessian = bradleyTerryHessian(data, l2, weights)
    const gradientNorm = norm(gradient)
    if (![loss, gradientNorm, ...hessian].every(Number.isFinite)) {
      throw new BradleyTerryFitError('overflow', `the loss or its derivatives came out as ${[loss, gradientNorm, ...hessian].find((value) => !Number.isFinite(value))} at weights ${describe(weights)}`)
    }
    // Solved before the convergence test: a singular H means w* is not unique, even where ∇L = 0 already.
    const step = choleskySolve(hessian, features, gradient.map((value) => -value))
    if (step === null) throw singularError(l2)
    // Below the rounding floor the gradient is noise: the weights are w* to working precision.
    if (gradientNorm < GRADIENT_TOLERANCE || gradientNorm <= gradientRounding(data, weights, hessian)) return { weights, loss, gradientNorm, iterations: iteration }
    if (iteration === MAX_NEWTON_ITERATIONS) {
      throw new BradleyTerryFitError('stalled', `Newton's method did not converge in ${MAX_NEWTON_ITERATIONS} steps (the gradient's norm is still ${gradientNorm})`)
    }
    // ∇L·p < 0: H is positive definite
    let slope = 0
    for (let k = 0; k < features; k++) slope += gradient[k] * step[k]
    // Close to w* the decrease Newton predicts, −∇L·p/2, is below the rounding of L itself, and
    // comparing losses decides nothing: there the full step is taken (Newton converges
    // quadratically so near w*), and the gradient judges it.
    const next = -slope / 2 <= LOSS_ROUNDING * Number.EPSILON * Math.max(1, loss) ? fullStep(data, l2, weights, step) : lineSearch(data, l2, weights, loss, step, slope)
    if (next === null) throw new BradleyTerryFitError('stalled', `the line search found no lower loss along the Newton step (the gradient's norm is ${gradientNorm})`)
    weights = next.weights
    loss = next.loss
  }
}

function fullStep(data: PreferenceDifferences, l2: number, weights: Float64Array, step: Float64Array): { weights: Float64Array; loss: number } {
  const next = weights.map((value, k) => value + step[k])
  return { weights: next, loss: bradleyTerryLoss(data, l2, next) }
}

/** w + t p for the first t = 1, 1/2, 1/4, … that meets the Armijo condition; null if none does. */
function lineSearch(data: PreferenceDifferences, l2: number, weights: Float64Array, loss: number, step: Float64Array, slope: number): { weights: Float64Array; loss: number } | null {
  let t = 1
  for (let halving = 0; halving <= MAX_HALVINGS; halving++, t /= 2) {
    const candidate = weights.map((value, k) => value + t * step[k])
    const candidateLoss = bradleyTerryLoss(data, l2, candidate)
    // L(w + t p) ≤ L(w) + c·t·∇L·p
    if (candidateLoss <= loss + ARMIJO * t * slope) return { weights: candidate, loss: candidateLoss }
  }
  return null
}

/**
 * How large rounding alone makes ‖∇L‖ near w*: each term σ(−z_i) d_i carries a relative error of
 * about ε, and w itself is known only to ε‖w‖, which moves the gradient by up to ‖H‖ ε‖w‖
 * (trace H ≥ ‖H‖). With many pairs this passes 1e-10 (1e5 pairs of features near 100 give 1e-9),
 * and no further Newton step could lower it.
 */
function gradientRounding(data: PreferenceDifferences, weights: Float64Array, hessian: Float64Array): number {
  const { count, features, values } = data
  let terms = 0
  for (let i = 0; i < count; i++) {
    let z = 0
    let length = 0
    for (let k = 0; k < features; k++) {
      z += weights[k] * values[i * features + k]
      length += values[i * features + k] ** 2
    }
    terms += sigmoid(-z) * Math.sqrt(length)
  }
  let trace = 0
  for (let k = 0; k < features; k++) trace += hessian[k * features + k]
  return ROUNDING_HEADROOM * Number.EPSILON * (terms + trace * norm(weights))
}

function separableError(direction: Float64Array, ordered: number, count: number): BradleyTerryFitError {
  const unit = direction.map((value) => value / norm(direction))
  return new BradleyTerryFitError(
    'separable',
    `the pairs are separable: the weights ${describe(unit)} score the preferred side at least as high in every pair (higher in ${ordered} of ${count}), so the loss keeps falling as they grow and no finite weights minimise it`,
  )
}

function singularError(l2: number): BradleyTerryFitError {
  if (l2 === 0) {
    return new BradleyTerryFitError('undetermined', 'the pairs do not determine the weights: some combination of the features scores both sides of every pair alike, so the loss is flat along it and has no unique minimiser')
  }
  return new BradleyTerryFitError('singular', `the penalty λ = ${l2} is too small for double precision to tell the Hessian from a singular one`)
}

/** [0.7071, −0.7071], to 4 significant digits: enough to recognise a direction; the first 10 features. */
function describe(values: Float64Array): string {
  const shown = Array.from(values.subarray(0, 10), (value) => Number(value.toPrecision(4)))
  return `[${shown.join(', ')}${values.length > 10 ? `, … (${values.length} features)` : ''}]`
}

function norm(values: ArrayLike<number>): number {
  let total = 0
  for (let k = 0; k < values.length; k++) total += values[k] * values[k]
  return Math.sqrt(total)
}
