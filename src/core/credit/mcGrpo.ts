import { checkLayout } from './group'

/*
 * MC-GRPO (Kim 2026, "Median-Centered Group Relative Policy Optimization for Small-Rollout
 * Reinforcement Learning"), as the authors' trainer computes it with mc on in training
 * (grpo_trainer_gsm.py, _generate_and_score_completions). The trainer draws G + 1 completions per
 * prompt for the user's G; here the group size n is that G + 1 itself, an odd number, so that the
 * group's median is one of its rewards. Per group, with rewards r_1 … r_n:
 *   m     = median_j r_j                       the middle value (n odd)
 *   MAD   = median_j |r_j − m|                 the median absolute deviation
 *   â_i   = (r_i − m)/(MAD + 0.001)            no standard deviation in this mode
 *   Z     = #{i : |â_i| > 1e-6}                the advantages that are not ≈ 0 (torch.isclose, atol 1e-6)
 *   a_i   = â_i·n/Z  where |â_i| > 1e-6,  else â_i   (every â_i where Z = 0)
 * and the pivot, the completion whose reward is the median, is left out of the loss: it gets no
 * gradient and no place in the loss's divisors, so G completions per prompt train. Others tied
 * with the median keep their zero advantage and stay in the loss. The pivot among tied rewards is
 * the first of them in the group (the lowest index): torch.median returns one of the tied indices
 * without saying which, so this is our rule, not necessarily the trainer's choice.
 *
 * An all-equal group has MAD = 0 and divisor 0.001: every â_i is exactly 0, Z = 0, nothing is
 * scaled. A group with a non-finite reward (NaN, ±∞) gets NaN throughout, its pivot included, as
 * groupAdvantages turns such a group into NaN rather than quiet numbers; its pivot is still the first
 * completion whose reward is the middle value in sorted order (NaN sorts last). Finite rewards
 * whose difference overflows (near the float64 limit) give ±∞, never a quiet number: the MAD itself
 * stays finite, for such deviations lie on one side of the median only, fewer than half of them.
 */

/** MC-GRPO's added constant in the MAD's divisor, as the authors' trainer adds it (mad + 1e-3). */
export const MC_GRPO_MAD_EPS = 1e-3
/** |â| at most this counts as zero when the multiplier counts the group's non-zero advantages (torch.isclose's atol). */
export const MC_GRPO_ZERO_TOLERANCE = 1e-6

export interface McGrpoCredit {
  /** One advantage per completion, group after group; each pivot's is 0. */
  advantages: Float64Array
  /** Each group's pivot, as its index within the group. */
  pivots: Int32Array
  /** 1 for each pivot completion (left out of the loss), else 0. */
  excluded: Uint8Array
}

/** Why groups of `n` completions cannot be MC-GRPO's G + 1 (in the learner's words), or null when they can. */
export function mcGrpoGroupSizeProblem(n: number): string | null {
  if (Number.isInteger(n) && n >= 3 && n % 2 === 1) return null
  return `MC-GRPO draws G + 1 completions, an odd number of at least 3, so that one is the median; the group size is ${n}: set it to 3, 5, 7, … (G + 1)`
}

/** One reward per completion, group after group; every group G + 1 completions, an odd number of at least 3. */
export function mcGrpoAdvantages(rewards: ArrayLike<number>, groupSizes: ArrayLike<number>): McGrpoCredit {
  const size = checkLayout('mcGrpoAdvantages', rewards.length, groupSizes)
  let largest = 0
  for (let g = 0; g < groupSizes.length; g++) {
    const problem = mcGrpoGroupSizeProblem(groupSizes[g])
    if (problem !== null) throw new Error(`mcGrpoAdvantages: group ${g} has ${groupSizes[g]} completions; ${problem}`)
    largest = Math.max(largest, groupSizes[g])
  }
  const advantages = new Float64Array(size)
  const pivots = new Int32Array(groupSizes.length)
  const excluded = new Uint8Array(size)
  const scratch = new Float64Array(largest)
  let start = 0
  for (let g = 0; g < groupSizes.length; g++) {
    const n = groupSizes[g]
    const group = Float64Array.from({ length: n }, (_, j) => rewards[start + j])
    // m = median_j r_j, the middle value of the n (odd) rewards
    const middle = middleValue(group, scratch)
    const pivot = group.findIndex((reward) => reward === middle || (Number.isNaN(reward) && Number.isNaN(middle)))
    pivots[g] = pivot
    excluded[start + pivot] = 1
    if (!group.every(Number.isFinite)) {
      advantages.fill(NaN, start, start + n)
      start += n
      continue
    }
    // MAD = median_j |r_j − m|
    const mad = middleValue(group.map((reward) => Math.abs(reward - middle)), scratch)
    // â_i = (r_i − m)/(MAD + 0.001)
    for (let j = 0; j < n; j++) advantages[start + j] = (group[j] - middle) / (mad + MC_GRPO_MAD_EPS)
    // Z = #{i : |â_i| > 1e-6}
    let nonZero = 0
    for (let j = start; j < start + n; j++) if (!(Math.abs(advantages[j]) <= MC_GRPO_ZERO_TOLERANCE)) nonZero++
    // a_i = â_i·n/Z for the non-zero ones, so the group's credit is spread over those that carry it
    if (nonZero > 0) {
      const multiplier = n / nonZero
      for (let j = start; j < start + n; j++) if (!(Math.abs(advantages[j]) <= MC_GRPO_ZERO_TOLERANCE)) advantages[j] *= multiplier
    }
    start += n
  }
  return { advantages, pivots, excluded }
}

/** The middle value of an odd number of values (NaN sorts last). */
function middleValue(values: Float64Array, scratch: Float64Array): number {
  const sorted = scratch.subarray(0, values.length)
  sorted.set(values)
  sorted.sort()
  return sorted[(values.length - 1) >> 1]
}
