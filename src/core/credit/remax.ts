import { checkLayout } from './group'

/*
 * ReMax (Li et al. 2023): the baseline of a prompt's sampled completions is the reward of its
 * greedy (argmax-decoded) completion, as verl's compute_remax_outcome_advantage for an outcome reward:
 *   a_i = r_i − r_greedy
 * with no scale. Layout as groupAdvantages: completions group after group, one greedy reward per group.
 */

export function remaxAdvantages(rewards: ArrayLike<number>, groupSizes: ArrayLike<number>, greedyRewards: ArrayLike<number>): Float64Array {
  const size = checkLayout('remaxAdvantages', rewards.length, groupSizes)
  if (greedyRewards.length !== groupSizes.length) throw new Error(`remaxAdvantages: ${greedyRewards.length} greedy rewards for ${groupSizes.length} groups; give one per group`)
  const advantages = new Float64Array(size)
  let start = 0
  for (let g = 0; g < groupSizes.length; g++) {
    // a_i = r_i − r_greedy
    for (let j = start; j < start + groupSizes[g]; j++) advantages[j] = rewards[j] - greedyRewards[g]
    start += groupSizes[g]
  }
  return advantages
}
