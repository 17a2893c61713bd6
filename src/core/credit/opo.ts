import { checkLayout } from './group'

/*
 * OPO (Hao et al. 2025, "On-Policy RL with Optimal Reward Baseline"): the baseline is the group's
 * length-weighted mean reward, the variance-minimising baseline when a completion's gradient norm
 * grows with its length, as verl's compute_opo_outcome_advantage:
 *   b = Σ_j l_j r_j / Σ_j l_j,  a_i = r_i − b
 * with no scale. A lone completion is its own baseline and gets 0 (verl gives it baseline 0 instead,
 * so a = r). b is taken around the group's first reward, so all-equal rewards give exactly 0.
 */

export function opoAdvantages(rewards: ArrayLike<number>, groupSizes: ArrayLike<number>, lengths: ArrayLike<number>): Float64Array {
  const size = checkLayout('opoAdvantages', rewards.length, groupSizes)
  if (lengths.length !== size) throw new Error(`opoAdvantages: ${lengths.length} lengths for ${size} completions; give one per completion`)
  for (let i = 0; i < size; i++) {
    if (!Number.isSafeInteger(lengths[i]) || lengths[i] < 1) throw new Error(`opoAdvantages: length ${i} must be a whole number of at least 1, got ${lengths[i]}`)
  }
  const advantages = new Float64Array(size)
  let start = 0
  for (let g = 0; g < groupSizes.length; g++) {
    const end = start + groupSizes[g]
    const first = rewards[start]
    let weighted = 0
    let totalLength = 0
    for (let j = start; j < end; j++) {
      weighted += lengths[j] * (rewards[j] - first)
      totalLength += lengths[j]
    }
    // b = r_0 + Σ_j l_j (r_j − r_0)/Σ_j l_j, which is Σ_j l_j r_j / Σ_j l_j
    const baseline = first + weighted / totalLength
    // a_i = r_i − b
    for (let j = start; j < end; j++) advantages[j] = rewards[j] - baseline
    start = end
  }
  return advantages
}
