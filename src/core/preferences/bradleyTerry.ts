import { sigmoid, softplus } from './logistic'
import type { PreferenceDifferences } from './preferencePairs'

/*
 * The linear Bradley–Terry model of preferences: a pair's preferred side x_w beats x_l with
 * probability σ(w·x_w − w·x_l) = σ(w·d), d = x_w − x_l. Fitting w by maximum likelihood with an L2
 * penalty minimises
 *
 *   L(w) = Σ_i −log σ(z_i) + (λ/2)‖w‖²,   z_i = w·d_i,
 *
 * a smooth convex function (strictly convex when λ > 0). −log σ(z) is computed as softplus(−z),
 * which neither overflows nor loses the small values, so |z| of 1e3 and beyond is exact.
 */

/** z_i = w·d_i. */
function margin(data: PreferenceDifferences, weights: ArrayLike<number>, i: number): number {
  const { features, values } = data
  let z = 0
  for (let k = 0; k < features; k++) z += weights[k] * values[i * features + k]
  return z
}

function checkWeights(name: string, data: PreferenceDifferences, weights: ArrayLike<number>): void {
  if (weights.length !== data.features) throw new Error(`${name}: ${weights.length} weights for ${data.features} features`)
}

/** L(w) = Σ_i softplus(−w·d_i) + (λ/2)‖w‖². */
export function bradleyTerryLoss(data: PreferenceDifferences, l2: number, weights: ArrayLike<number>): number {
  checkWeights('bradleyTerryLoss', data, weights)
  let loss = 0
  for (let i = 0; i < data.count; i++) loss += softplus(-margin(data, weights, i))
  let squaredNorm = 0
  for (let k = 0; k < data.features; k++) squaredNorm += weights[k] * weights[k]
  return loss + (l2 / 2) * squaredNorm
}

/**
 * ∇L(w) = −Σ_i σ(−z_i) d_i + λw   (d/dz −log σ(z) = −σ(−z)).
 * At the minimiser the terms cancel, so each component is summed with Neumaier's compensation:
 * the fit stops on this gradient's norm, and plain summation of many pairs would leave a rounding
 * error above its tolerance.
 */
export function bradleyTerryGradient(data: PreferenceDifferences, l2: number, weights: ArrayLike<number>): Float64Array {
  checkWeights('bradleyTerryGradient', data, weights)
  const { count, features, values } = data
  const sum = new Float64Array(features)
  const compensation = new Float64Array(features)
  const add = (k: number, term: number): void => {
    const total = sum[k] + term
    // Neumaier: keep the low-order bits that the addition rounded away
    compensation[k] += Math.abs(sum[k]) >= Math.abs(term) ? sum[k] - total + term : term - total + sum[k]
    sum[k] = total
  }
  for (let i = 0; i < count; i++) {
    const weight = sigmoid(-margin(data, weights, i))
    for (let k = 0; k < features; k++) add(k, -weight * values[i * features + k])
  }
  for (let k = 0; k < features; k++) add(k, l2 * weights[k])
  const gradient = new Float64Array(features)
  for (let k = 0; k < features; k++) gradient[k] = sum[k] + compensation[k]
  return gradient
}

/** ∇²L(w) = Σ_i σ(z_i)σ(−z_i) d_i d_iᵀ + λI, features × features, row-major. */
export function bradleyTerryHessian(data: PreferenceDifferences, l2: number, weights: ArrayLike<number>): Float64Array {
  checkWeights('bradleyTerryHessian', data, weights)
  const { count, features, values } = data
  const hessian = new Float64Array(features * features)
  for (let i = 0; i < count; i++) {
    const z = margin(data, weights, i)
    // σ(z)σ(−z), both factors computed stably (1 − σ(z) would lose σ(−z) for a large z)
    const curvature = sigmoid(z) * sigmoid(-z)
    if (curvature === 0) continue
    const row = i * features
    for (let j = 0; j < features; j++) {
      const scaled = curvature * values[row + j]
      for (let k = j; k < features; k++) hessian[j * features + k] += scaled * values[row + k]
    }
  }
  for (let j = 0; j < features; j++) {
    hessian[j * features + j] += l2
    for (let k = j + 1; k < features; k++) hessian[k * features + j] = hessian[j * features + k]
  }
  return hessian
}
