import { checkLayout, mean, std } from './group'

/*
 * verl's grpo_passk (compute_grpo_passk_outcome_advantage in verl/trainer/ppo/core_algos.py, which
 * cites Chen et al. 2025 but is not their closed form: that is passk.ts). Only the best completion
 * of each group is credited, by how far it is ahead of the group's second best; every other
 * completion gets 0. Per group of n ≥ 2 completions with rewards r_1 … r_n:
 *   r_max = the largest reward, r_2nd = the second largest counted with repeats (torch.topk(r, 2)),
 *   a_i* = (r_max − r_2nd)/(std(r) + eps)   with the std (scaleByStd; verl's norm_adv_by_std_in_grpo)
 *   a_i* = r_max − r_2nd                     without it
 *   a_j  = 0 for every other completion j
 * i* the completion holding r_max, std over the whole group with Bessel's correction (torch.std's
 * default). Where the maximum is tied, r_2nd = r_max and every completion of the group gets 0, so
 * which of the tied completions is i* (torch.topk does not say) changes nothing; here it is the first.
 * A group of one completion has no second best: refused, as verl refuses it. A zero divisor (only
 * with eps = 0, and then every reward is equal and r_max − r_2nd = 0) gives 0; an overflowed one
 * NaN, and a NaN reward makes its group's advantages NaN, so that the caller sees it.
 */

/** One reward per completion, groups of groupSizes[g] (0, or at least 2); one advantage per completion. */
export function passkVerlAdvantages(rewards: ArrayLike<number>, groupSizes: ArrayLike<number>, scaleByStd: boolean, eps: number): Float64Array {
  const size = checkLayout('passkVerlAdvantages', rewards.length, groupSizes)
  if (!(eps >= 0 && Number.isFinite(eps))) throw new Error(`passkVerlAdvantages: eps must be a finite number of at least 0, got ${eps}`)
  const advantages = new Float64Array(size)
  let start = 0
  for (let g = 0; g < groupSizes.length; g++) {
    const n = groupSizes[g]
    if (n === 1) throw new Error(`passkVerlAdvantages: group ${g} has 1 completion; grpo_passk credits a group's best completion by its lead over the second best, so every group needs at least 2`)
    if (n === 0) continue
    const end = start + n
    let best = start
    let hasNaN = false
    for (let j = start; j < end; j++) {
      if (Number.isNaN(rewards[j])) hasNaN = true
      else if (rewards[j] > rewards[best]) best = j
    }
    if (hasNaN) {
      advantages.fill(NaN, start, end)
      start = end
      continue
    }
    // r_2nd = max_{j ≠ i*} r_j, equal to r_max where the maximum is tied
    let second = -Infinity
    for (let j = start; j < end; j++) if (j !== best && rewards[j] > second) second = rewards[j]
    // r_max − r_2nd
    const lead = rewards[best] - second
    if (scaleByStd) {
      // std(r) + eps, std with Bessel's correction over the group's n rewards
      const divisor = std(rewards, start, n, mean(rewards, start, n)) + eps
      // a_i* = (r_max − r_2nd)/(std(r) + eps)
      advantages[best] = divisor === 0 ? 0 : Number.isFinite(divisor) ? lead / divisor : NaN
    } else {
      // a_i* = r_max − r_2nd
      advantages[best] = lead
    }
    start = end
  }
  return advantages
}
