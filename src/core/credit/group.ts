import type { EstimatorSettings } from './estimatorSettings'

/**
 * Group-relative advantages (GRPO and relatives) for group-sampled tasks: each prompt is answered G
 * times, and every completion is judged against its own group instead of against a learned critic.
 *
 * Layout: one reward per completion, group after group; `groupSizes[g]` completions belong to group
 * g (groups may differ in size). Several reward components are row-major, completion × K.
 *
 * Per group, with the rewards r (or, with `rank`, their 1-based ranks in the group, ties sharing
 * the average rank):
 *   centre b_i: group mean | group median | leave-one-out (Σ_j r_j − r_i)/(n − 1) | batch mean
 *   scale s:    group std | batch std (Bessel's correction; 0 for a single value) | none
 *   a_i = (r_i − b_i)/(s + eps), or r_i − b_i with scale none.
 *
 * Means are taken around the group's first value, so a group whose rewards are all equal gets
 * exactly zero advantage, not a rounding error. A zero divisor (s + eps = 0, possible only with
 * eps = 0) means there is no spread to measure against: the advantage is then 0, never NaN or ±∞.
 * A divisor that overflowed (an infinite or NaN spread, from rewards near the float64 limit or a
 * weighted sum beyond it) gives NaN, so that the caller sees the overflow instead of quiet zeros.
 */

/** One reward per completion; returns (or writes into `out`) one advantage per completion. */
export function groupAdvantages(rewards: ArrayLike<number>, groupSizes: ArrayLike<number>, estimator: EstimatorSettings, out?: Float64Array): Float64Array {
  const size = checkLayout('groupAdvantages', rewards.length, groupSizes)
  const advantages = out ?? new Float64Array(size)
  if (advantages.length !== size) throw new Error(`groupAdvantages: the output buffer must hold ${size} entries, it holds ${advantages.length}`)
  const { center, scale, eps } = estimator
  const values = estimator.rank ? groupRanks(rewards, groupSizes) : rewards

  const batchMean = center === 'batch' || scale === 'batch' ? mean(values, 0, size) : 0
  const batchStd = scale === 'batch' ? std(values, 0, size, batchMean) : 0
  const sorted = center === 'median' ? new Float64Array(maxSize(groupSizes)) : null

  let start = 0
  for (let g = 0; g < groupSizes.length; g++) {
    const n = groupSizes[g]
    if (n === 0) continue
    const first = values[start]
    // D = Σ_j (r_j − r_0): sums around the first value keep all-equal groups exact
    let offsets = 0
    for (let j = start; j < start + n; j++) offsets += values[j] - first
    // mean = r_0 + D/n
    const groupMean = first + offsets / n
    // s = √(Σ_j (r_j − mean)²/(n − 1)), the group's (Bessel) or the batch's
    const spread = scale === 'group' ? std(values, start, n, groupMean) : scale === 'batch' ? batchStd : 0
    const divisor = scale === 'none' ? 1 : spread + eps
    const groupMedian = sorted === null ? 0 : median(values, start, n, sorted)
    for (let j = start; j < start + n; j++) {
      const value = values[j]
      let baseline: number
      if (center === 'mean') baseline = groupMean
      else if (center === 'median') baseline = groupMedian
      else if (center === 'batch') baseline = batchMean
      // b_i = (Σ_j r_j − r_i)/(n − 1) = r_0 + (D − (r_i − r_0))/(n − 1); r_i itself when n = 1
      else baseline = n === 1 ? value : first + (offsets - (value - first)) / (n - 1)
      // a_i = (r_i − b_i)/(s + eps), or r_i − b_i with scale none
      advantages[j] = divide(value - baseline, divisor)
    }
    start += n
  }
  if (estimator.batchNormalize) batchNormalize(advantages, eps)
  return advantages
}

/**
 * Several reward components per completion (row-major, completion × K) with weights w_k:
 *   combine 'sum':       advantages of Σ_k w_k·c_k
 *   combine 'decoupled': Σ_k w_k·a^(k), each a^(k) from component k alone (GDPO; TRL's normalize_then_sum)
 * then, with batchNormalize, (a − mean)/(std + eps) over the whole batch.
 *
 * `applies` (completion × K, 1 or 0; absent: every component applies to every completion) says
 * which components score which completion: a reward function that returned nothing (TRL's None, a
 * null in a rollout file) does not apply. Where c_ik does not apply, its value is never read:
 *   'sum':       R_i = Σ_k [k applies to i]·w_k·c_ik
 *   'decoupled': a^(k) is computed over the completions k applies to, each group's centre and
 *                scale from those alone (TRL's nanmean and nanstd), and adds nothing to the others.
 * With every component applying, both are the formulas above, bit for bit.
 */
export function groupAdvantagesMulti(
  components: ArrayLike<number>,
  K: number,
  weights: ArrayLike<number>,
  groupSizes: ArrayLike<number>,
  estimator: EstimatorSettings,
  out?: Float64Array,
  applies?: ArrayLike<number>,
): Float64Array {
  if (!Number.isInteger(K) || K < 1) throw new Error(`groupAdvantagesMulti: K must be a positive integer, got ${K}`)
  if (applies !== undefined && applies.length !== components.length) throw new Error(`groupAdvantagesMulti: ${applies.length} applies flags for ${components.length} component values`)
  if (weights.length !== K) throw new Error(`groupAdvantagesMulti: ${weights.length} weights for K = ${K} components`)
  if (components.length % K !== 0) throw new Error(`groupAdvantagesMulti: ${components.length} component values do not split into rows of K = ${K}`)
  const size = checkLayout('groupAdvantagesMulti', components.length / K, groupSizes)
  const advantages = out ?? new Float64Array(size)
  if (advantages.length !== size) throw new Error(`groupAdvantagesMulti: the output buffer must hold ${size} entries, it holds ${advantages.length}`)

  if (estimator.combine === 'sum') {
    const combined = new Float64Array(size)
    for (let i = 0; i < size; i++) {
      // R_i = Σ_k [k applies to i]·w_k·c_ik
      let total = 0
      for (let k = 0; k < K; k++) if (applies === undefined || applies[i * K + k] === 1) total += weights[k] * components[i * K + k]
      combined[i] = total
    }
    return groupAdvantages(combined, groupSizes, estimator, advantages)
  }

  const perComponent = { ...estimator, batchNormalize: false }
  const column = new Float64Array(size)
  const columnAdvantages = new Float64Array(size)
  // Each group's completions that component k applies to, counted as they are gathered.
  const appliedSizes = new Int32Array(groupSizes.length)
  advantages.fill(0)
  for (let k = 0; k < K; k++) {
    // The values of component k where it applies, group after group (every value without `applies`).
    let gathered = 0
    let start = 0
    for (let g = 0; g < groupSizes.length; g++) {
      const before = gathered
      for (let i = start; i < start + groupSizes[g]; i++) if (applies === undefined || applies[i * K + k] === 1) column[gathered++] = components[i * K + k]
      appliedSizes[g] = gathered - before
      start += groupSizes[g]
    }
    groupAdvantages(column.subarray(0, gathered), appliedSizes, perComponent, columnAdvantages.subarray(0, gathered))
    // a_i = Σ_k w_k·a_i^(k), over the components that apply to i
    let read = 0
    for (let i = 0; i < size; i++) if (applies === undefined || applies[i * K + k] === 1) advantages[i] += weights[k] * columnAdvantages[read++]
  }
  if (estimator.batchNormalize) batchNormalize(advantages, estimator.eps)
  return advantages
}

/** The share of advantages whose magnitude is at most `tolerance` (exactly zero by default); 0 for none. */
export function zeroAdvantageFraction(advantages: ArrayLike<number>, tolerance = 0): number {
  if (advantages.length === 0) return 0
  let zeros = 0
  for (let i = 0; i < advantages.length; i++) if (Math.abs(advantages[i]) <= tolerance) zeros++
  return zeros / advantages.length
}

/** Each reward replaced by its 1-based rank within its group; tied rewards share their average rank. */
export function groupRanks(rewards: ArrayLike<number>, groupSizes: ArrayLike<number>, out?: Float64Array): Float64Array {
  const size = checkLayout('groupRanks', rewards.length, groupSizes)
  const ranks = out ?? new Float64Array(size)
  const order = new Uint32Array(maxSize(groupSizes))
  let start = 0
  for (let g = 0; g < groupSizes.length; g++) {
    const n = groupSizes[g]
    const byReward = order.subarray(0, n)
    for (let j = 0; j < n; j++) byReward[j] = start + j
    byReward.sort((a, b) => rewards[a] - rewards[b])
    for (let lo = 0; lo < n; ) {
      let hi = lo + 1
      while (hi < n && rewards[byReward[hi]] === rewards[byReward[lo]]) hi++
      // positions lo … hi − 1 tie: each gets the mean of the ranks lo + 1 … hi, (lo + 1 + hi)/2
      const shared = (lo + 1 + hi) / 2
      for (let j = lo; j < hi; j++) ranks[byReward[j]] = shared
      lo = hi
    }
    start += n
  }
  return ranks
}

/** Σ groupSizes must be the number of completions; sizes are non-negative integers. */
export function checkLayout(name: string, size: number, groupSizes: ArrayLike<number>): number {
  let total = 0
  for (let g = 0; g < groupSizes.length; g++) {
    const n = groupSizes[g]
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name}: group size ${g} must be a non-negative integer, got ${n}`)
    total += n
  }
  if (total !== size) throw new Error(`${name}: group sizes add up to ${total}, but there are ${size} completions`)
  return size
}

/**
 * checkLayout for one value per token: each completion at least one token long, and as many
 * `perToken` values as their lengths add up to. Returns that number of tokens.
 */
export function checkTokenLayout(name: string, perToken: ArrayLike<number>, lengths: ArrayLike<number>, groupSizes: ArrayLike<number>): number {
  checkLayout(name, lengths.length, groupSizes)
  let tokens = 0
  for (let i = 0; i < lengths.length; i++) {
    if (!Number.isSafeInteger(lengths[i]) || lengths[i] < 1) throw new Error(`${name}: length ${i} must be a whole number of at least 1, got ${lengths[i]}`)
    tokens += lengths[i]
  }
  if (perToken.length !== tokens) throw new Error(`${name}: ${perToken.length} step rewards for ${tokens} tokens; give one per token`)
  return tokens
}

function maxSize(groupSizes: ArrayLike<number>): number {
  let largest = 0
  for (let g = 0; g < groupSizes.length; g++) largest = Math.max(largest, groupSizes[g])
  return largest
}

/** mean = x_0 + Σ_j (x_j − x_0)/n over values[start, start + n); 0 when n = 0. */
export function mean(values: ArrayLike<number>, start: number, n: number): number {
  if (n === 0) return 0
  const first = values[start]
  let offsets = 0
  for (let j = start; j < start + n; j++) offsets += values[j] - first
  return first + offsets / n
}

/** std = √(Σ_j (x_j − mean)²/(n − 1)), Bessel's correction; 0 for fewer than two values. */
export function std(values: ArrayLike<number>, start: number, n: number, center: number): number {
  if (n < 2) return 0
  let squares = 0
  for (let j = start; j < start + n; j++) squares += (values[j] - center) ** 2
  return Math.sqrt(squares / (n - 1))
}

/** The middle value, or the mean of the two middle values for an even count. */
function median(values: ArrayLike<number>, start: number, n: number, scratch: Float64Array): number {
  const sorted = scratch.subarray(0, n)
  for (let j = 0; j < n; j++) sorted[j] = values[start + j]
  sorted.sort()
  const half = n >> 1
  // median = x_(n+1)/2 for odd n, (x_n/2 + x_n/2+1)/2 for even n (1-based order statistics)
  return n % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2
}

/**
 * x/d, and 0 where there is nothing to divide by (d = 0 happens only with eps = 0 and no spread);
 * NaN where d overflowed (x/∞ would be a quiet 0).
 */
function divide(x: number, d: number): number {
  if (d === 0) return 0
  return Number.isFinite(d) ? x / d : NaN
}

/** a ← (a − mean)/(std + eps) over the whole batch (Bessel's correction). */
function batchNormalize(advantages: Float64Array, eps: number): void {
  const size = advantages.length
  const center = mean(advantages, 0, size)
  const divisor = std(advantages, 0, size, center) + eps
  // â_i = (a_i − mean)/(std + eps)
  for (let i = 0; i < size; i++) advantages[i] = divide(advantages[i] - center, divisor)
}
