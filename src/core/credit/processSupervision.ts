import { checkTokenLayout } from './group'

/*
 * GRPO's process supervision as DeepSeekMath defines it (Shao et al. 2024, §4.1.3), each token a
 * step. Group g's completions o_1 … o_G have step rewards r_i,j (one per token j of o_i); with
 * R_g = every step reward of the group's completions,
 *   r̃_i,j = (r_i,j − mean(R_g)) / (std(R_g) + eps)
 *   A_i,t = Σ_{j ≥ t} r̃_i,j                 (the normalised rewards of the steps at or after t)
 * std with Bessel's correction, as the group estimator's (group.ts), and the mean taken around the
 * group's first reward so that a group whose step rewards are all equal gets exactly 0. A zero
 * divisor (only with eps = 0) gives 0; an overflowed one NaN, so that the caller sees it.
 */

/** `stepRewards` one per token, completion after completion (lengths[i] ≥ 1 tokens each), groups of groupSizes[g] completions; one advantage per token. */
export function processSupervisionAdvantages(stepRewards: ArrayLike<number>, lengths: ArrayLike<number>, groupSizes: ArrayLike<number>, eps: number): Float64Array {
  const tokens = checkTokenLayout('processSupervisionAdvantages', stepRewards, lengths, groupSizes)
  const advantages = new Float64Array(tokens)
  let completion = 0
  let start = 0
  for (let g = 0; g < groupSizes.length; g++) {
    let end = start
    for (let i = completion; i < completion + groupSizes[g]; i++) end += lengths[i]
    const n = end - start
    if (n > 0) {
      const first = stepRewards[start]
      // mean = r_0 + Σ (r − r_0)/n
      let offsets = 0
      for (let t = start; t < end; t++) offsets += stepRewards[t] - first
      const mean = first + offsets / n
      // std = √(Σ (r − mean)²/(n − 1)), 0 for a single step
      let squares = 0
      for (let t = start; t < end; t++) squares += (stepRewards[t] - mean) ** 2
      const divisor = (n < 2 ? 0 : Math.sqrt(squares / (n - 1))) + eps
      let token = start
      for (let i = completion; i < completion + groupSizes[g]; i++) {
        // A_i,t = r̃_i,t + A_i,t+1 backwards from the completion's last token
        let toGo = 0
        for (let t = token + lengths[i] - 1; t >= token; t--) {
          toGo += divisor === 0 ? 0 : Number.isFinite(divisor) ? (stepRewards[t] - mean) / divisor : NaN
          advantages[t] = toGo
        }
        token += lengths[i]
      }
    }
    completion += groupSizes[g]
    start = end
  }
  return advantages
}
