import { choleskySolve } from './cholesky'
import { BradleyTerryFitError } from './fitError'
import type { PreferenceDifferences } from './preferencePairs'

/*
 * Does the unpenalised Bradley–Terry loss L₀(w) = Σ_i softplus(−w·d_i) (λ = 0) have a finite
 * minimiser? It has none exactly when some direction v orders every pair (d_i·v ≥ 0 for all i,
 * > 0 for some): along v the loss falls for ever. Newton's method cannot tell: on such pairs its
 * gradient shrinks like e^(−‖w‖) and passes any tolerance at a large but finite w.
 *
 * By Stiemke's lemma either such a v exists or some y > 0 has Σ_i y_i d_i = 0, never both. Scaling
 * y so that its least entry is 1 (y = 1 + u, u ≥ 0), the second is −s ∈ cone{d_i}, s = Σ_i d_i,
 * which the non-negative least-squares problem
 *
 *   min_{u ≥ 0} ‖s + Σ_i u_i d_i‖²
 *
 * decides (Lawson and Hanson's active-set method, finite in exact arithmetic). Its residual
 * v = s + Σ_i u_i d_i is zero when a finite minimiser exists; otherwise its optimality conditions
 * give d_i·v ≥ 0 for every i and Σ_i d_i·v = s·v = ‖v‖² > 0, so v itself orders every pair, and
 * that certificate is checked before it is believed. Each d_i is scaled to unit length first,
 * which changes neither question, so that one tolerance fits every pair.
 */

/** A residual below this fraction of the scale of the sum that forms it (‖s‖ + Σ u_i) is zero to rounding. */
const ZERO_RESIDUAL = 1e-9
/** d̂_i·v above −SIGN_TOLERANCE times that scale counts as ≥ 0, and above +SIGN_TOLERANCE times it as > 0. */
const SIGN_TOLERANCE = 1e-12

export interface Separation {
  /** v: d_i·v ≥ 0 for every pair (to rounding), > 0 for `ordered` of them. */
  direction: Float64Array
  /** How many pairs v orders strictly (at least one). */
  ordered: number
}

/** A direction that orders every pair, or null when the unpenalised loss has a finite minimiser. */
export function separatingDirection(data: PreferenceDifferences): Separation | null {
  const { features } = data
  const rows = unitRows(data)
  const m = rows.length / features
  // Every pair's two sides have equal features: the loss is constant, and no direction orders anything.
  if (m === 0) return null
  const row = (j: number) => rows.subarray(j * features, (j + 1) * features)
  const s = new Float64Array(features)
  for (let j = 0; j < m; j++) for (let k = 0; k < features; k++) s[k] += rows[j * features + k]
  const sNorm = norm(s)

  const u = new Float64Array(m)
  let passive: number[] = []
  const excluded = new Set<number>()
  const maxSteps = 20 * (features + 1) + 100
  for (let step = 0; step < maxSteps; step++) {
    // v = s + Σ_{j∈P} u_j d̂_j, and the scale of what was summed to make it
    const v = Float64Array.from(s)
    let scale = sNorm
    for (const j of passive) {
      for (let k = 0; k < features; k++) v[k] += u[j] * rows[j * features + k]
      scale += u[j]
    }
    if (norm(v) <= ZERO_RESIDUAL * scale) return null
    // The dual −d̂_j·v: the pair whose weight, raised from 0, lowers the residual fastest
    const inPassive = new Set(passive)
    let entering = -1
    let best = SIGN_TOLERANCE * scale
    for (let j = 0; j < m; j++) {
      if (inPassive.has(j) || excluded.has(j)) continue
      const dual = -dot(row(j), v)
      if (dual > best) {
        best = dual
        entering = j
      }
    }
    if (entering < 0) return certificate(rows, m, features, v, scale)

    passive.push(entering)
    for (let first = true; ; first = false) {
      const z = leastSquares(rows, features, passive, s)
      if (z === null || (first && !(z[z.length - 1] > 0))) {
        // The entering pair is (to rounding) in the span of the others, or its dual was rounding noise.
        passive = passive.filter((j) => j !== entering)
        excluded.add(entering)
        break
      }
      if (z.every((value) => value > 0)) {
        passive.forEach((j, index) => (u[j] = z[index]))
        break
      }
      // Step from u towards z until the first weight reaches 0: α = min_{z_j ≤ 0} u_j/(u_j − z_j)
      let alpha = Infinity
      let leaving = -1
      passive.forEach((j, index) => {
        if (z[index] > 0) return
        const ratio = u[j] / (u[j] - z[index])
        if (ratio < alpha) {
          alpha = ratio
          leaving = j
        }
      })
      passive.forEach((j, index) => (u[j] += alpha * (z[index] - u[j])))
      u[leaving] = 0
      const kept = passive.filter((j) => u[j] > 0)
      for (const j of passive) if (!(u[j] > 0)) u[j] = 0
      passive = kept
      if (passive.length === 0) break
    }
  }
  throw new BradleyTerryFitError('undecided', `the check whether the pairs are separable did not settle in ${maxSteps} steps`)
}

/** v orders every pair (to rounding), checked over all of them; otherwise the check cannot decide. */
function certificate(rows: Float64Array, m: number, features: number, v: Float64Array, scale: number): Separation {
  let ordered = 0
  for (let j = 0; j < m; j++) {
    const value = dot(rows.subarray(j * features, (j + 1) * features), v)
    if (value < -SIGN_TOLERANCE * scale) throw new BradleyTerryFitError('undecided', 'the check whether the pairs are separable ended on a direction that misorders a pair')
    if (value > SIGN_TOLERANCE * scale) ordered++
  }
  if (ordered === 0) throw new BradleyTerryFitError('undecided', 'the check whether the pairs are separable ended on a direction that orders no pair strictly')
  return { direction: v, ordered }
}

/** The non-zero differences, each scaled to unit length (row-major). */
function unitRows({ count, features, values }: PreferenceDifferences): Float64Array {
  const kept: number[] = []
  for (let i = 0; i < count; i++) {
    const length = norm(values.subarray(i * features, (i + 1) * features))
    if (length === 0) continue
    for (let k = 0; k < features; k++) kept.push(values[i * features + k] / length)
  }
  return Float64Array.from(kept)
}

/** z minimising ‖s + Σ_{j∈P} z_j d̂_j‖: the normal equations G z = −(d̂_j·s), G_jk = d̂_j·d̂_k; null when they are singular. */
function leastSquares(rows: Float64Array, features: number, passive: readonly number[], s: Float64Array): Float64Array | null {
  const size = passive.length
  const row = (j: number) => rows.subarray(j * features, (j + 1) * features)
  const gram = new Float64Array(size * size)
  const rhs = new Float64Array(size)
  for (let a = 0; a < size; a++) {
    rhs[a] = -dot(row(passive[a]), s)
    for (let b = a; b < size; b++) gram[a * size + b] = gram[b * size + a] = dot(row(passive[a]), row(passive[b]))
  }
  return choleskySolve(gram, size, rhs)
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let total = 0
  for (let k = 0; k < a.length; k++) total += a[k] * b[k]
  return total
}

function norm(values: ArrayLike<number>): number {
  return Math.sqrt(dot(values, values))
}
