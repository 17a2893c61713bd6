import { checkTokenLayout } from './group'

/*
 * Min-form process credit (PURE, Cheng et al. 2025): a token's return is the minimum of the step
 * rewards at or after it rather than their sum, and a completion's value is its return at its
 * first token, the minimum over all its steps (how a process reward model scores a whole answer
 * at test time). Group g's completions o_1 … o_G, step rewards r_i,j (one per token j of o_i),
 * and where given an outcome reward R_i of each (a verifiable reward, paid at its end):
 *   G_i,t = min_{j ≥ t} r_i,j + R_i              (the min-form return; R_i = 0 when none is given)
 *   V_i   = G_i,1                                (the completion's min-form value)
 *   A_i,t = (G_i,t − mean(V_g)) / (std(V_g) + eps)
 * with mean and std over the group's values V_1 … V_G, the std with Bessel's correction, as the
 * group estimator's (group.ts). The baseline is the group's values, not its step rewards: a
 * minimum sits below the mean of the steps it is taken over, so DeepSeekMath's mean of every
 * step (processSupervision.ts) would mark nearly every token of every completion as worse than
 * average. PURE's code reaches the minimum as the limit T → 0 of a softmax-weighted transform
 * (T = 0.1) and subtracts a leave-one-out baseline; this takes the minimum itself and GRPO's
 * group mean and std. The mean is taken around the group's first value, so that a group whose
 * values are all equal gets exactly 0 at every first token; a zero divisor (only with eps = 0)
 * gives 0, an overflowed one NaN, so that the caller sees it. The outcome is added after the
 * minimum, as PURE adds its verifiable reward to the min-form process returns: summed into the
 * steps, a +1 for the right answer would almost never be the minimum, and so would teach nothing.
 */

/** `stepRewards` one per token, completion after completion (lengths[i] ≥ 1 tokens each), groups of groupSizes[g] completions, `outcomes` one per completion or none; one advantage per token. */
export function minFormProcessAdvantages(stepRewards: ArrayLike<number>, lengths: ArrayLike<number>, groupSizes: ArrayLike<number>, eps: number, outcomes?: ArrayLike<number>): Float64Array {
  const tokens = checkTokenLayout('minFormProcessAdvantages', stepRewards, lengths, groupSizes)
  if (outcomes !== undefined && outcomes.length !== lengths.length) throw new Error(`minFormProcessAdvantages: ${outcomes.length} outcomes for ${lengths.length} completions; give one per completion`)
  // G_i,t = min(r_i,t, G_i,t+1 − R_i) + R_i backwards from each completion's last token
  const returns = new Float64Array(tokens)
  const starts = new Int32Array(lengths.length)
  let token = 0
  for (let i = 0; i < lengths.length; i++) {
    starts[i] = token
    const outcome = outcomes === undefined ? 0 : outcomes[i]
    let toGo = Infinity
    for (let t = token + lengths[i] - 1; t >= token; t--) {
      toGo = Math.min(toGo, stepRewards[t])
      returns[t] = toGo + outcome
    }
    token += lengths[i]
  }
  const advantages = new Float64Array(tokens)
  let completion = 0
  for (let g = 0; g < groupSizes.length; g++) {
    const size = groupSizes[g]
    if (size > 0) {
      const first = returns[starts[completion]]
      // mean = V_1 + Σ (V_i − V_1)/G
      let offsets = 0
      for (let i = completion; i < completion + size; i++) offsets += returns[starts[i]] - first
      const mean = first + offsets / size
      // std = √(Σ (V_i − mean)²/(G − 1)), 0 for a single completion
      let squares = 0
      for (let i = completion; i < completion + size; i++) squares += (returns[starts[i]] - mean) ** 2
      const divisor = (size < 2 ? 0 : Math.sqrt(squares / (size - 1))) + eps
      for (let i = completion; i < completion + size; i++) {
        for (let t = starts[i]; t < starts[i] + lengths[i]; t++) advantages[t] = divisor === 0 ? 0 : Number.isFinite(divisor) ? (returns[t] - mean) / divisor : NaN
      }
    }
    completion += size
  }
  return advantages
}
