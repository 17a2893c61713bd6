/*
 * REINFORCE++ (Hu et al. 2025) as OpenRLHF computes it (openrlhf/trainer/ppo_utils/experience_maker.py,
 * advantage_estimator "reinforce": compute_reward, get_cumulative_returns with γ = 1, then the
 * normalisation over the whole batch), with no critic and no group. Completion i of |o_i| tokens
 * with task reward R_i and, with the KL in the reward, a penalty p_t = −β·KL_t at each token:
 *   r_t = p_t + [t = |o_i| − 1]·R_i            (the task reward at the last token)
 *   G_t = Σ_{s=t}^{|o_i|−1} r_s                (returns-to-go, γ = 1)
 *   A_t = (G_t − μ)/√max(σ², 1e-8)            (μ, σ² the mean and variance of G over every token of the batch)
 * σ² divides by the token count, and 1e-8 is OpenRLHF's floor on it (rsqrt of var.clamp(min=1e-8)).
 */

/** OpenRLHF's floor on the batch's variance before its reciprocal square root. */
export const REINFORCE_PP_VARIANCE_FLOOR = 1e-8

/** `rewards` one per completion, `lengths` its tokens (≥ 1), `penalties` one per token or null (KL in the loss); one advantage per token. */
export function reinforcePlusPlusAdvantages(rewards: ArrayLike<number>, lengths: ArrayLike<number>, penalties: ArrayLike<number> | null): Float64Array {
  if (lengths.length !== rewards.length) throw new Error(`reinforcePlusPlusAdvantages: ${lengths.length} lengths for ${rewards.length} completions; give one per completion`)
  let tokens = 0
  for (let i = 0; i < lengths.length; i++) {
    if (!Number.isSafeInteger(lengths[i]) || lengths[i] < 1) throw new Error(`reinforcePlusPlusAdvantages: length ${i} must be a whole number of at least 1, got ${lengths[i]}`)
    tokens += lengths[i]
  }
  if (penalties !== null && penalties.length !== tokens) throw new Error(`reinforcePlusPlusAdvantages: ${penalties.length} penalties for ${tokens} tokens; give one per token`)
  const returns = new Float64Array(tokens)
  let start = 0
  for (let i = 0; i < lengths.length; i++) {
    const end = start + lengths[i]
    // G_t = r_t + G_{t+1} backwards from the last token, whose r holds R_i
    let toGo = rewards[i]
    for (let t = end - 1; t >= start; t--) {
      if (penalties !== null) toGo += penalties[t]
      returns[t] = toGo
    }
    start = end
  }
  if (tokens === 0) return returns
  // μ = Σ G_t / T, taken around the first return so that all-equal returns give exactly 0
  const first = returns[0]
  let offsets = 0
  for (let t = 0; t < tokens; t++) offsets += returns[t] - first
  const mean = first + offsets / tokens
  // σ² = Σ (G_t − μ)² / T
  let squares = 0
  for (let t = 0; t < tokens; t++) squares += (returns[t] - mean) ** 2
  const scale = 1 / Math.sqrt(Math.max(squares / tokens, REINFORCE_PP_VARIANCE_FLOOR))
  // A_t = (G_t − μ)/√max(σ², 1e-8)
  for (let t = 0; t < tokens; t++) returns[t] = (returns[t] - mean) * scale
  return returns
}
