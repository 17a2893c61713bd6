import type { ProverSuccess, TokenPrompt } from './proverSuccess'

/*
 * PAV's process reward (Setlur et al. 2024, "Rewarding Progress: Scaling Automated Process
 * Verifiers for LLM Reasoning", arXiv 2410.08146) on the token task, each token a step: the
 * progress of a step is its advantage under a prover policy μ, the change in μ's chance of
 * finishing correct that the step makes:
 *   A_μ(s_t, o_t) = Q_μ(s_t, o_t) − V_μ(s_t),   V_μ(s_t) = Σ_x μ(x | s_t) · Q_μ(s_t, x)
 * with s_t the prompt and the prefix o_1 … o_{t−1}. A token appends to the prefix, so taking o_t in
 * s_t leads to the one state s_{t+1}, and then Q_μ(s_t, o_t) = V_μ(s_{t+1}) and
 * V_μ(s_t) = Q_μ(s_{t−1}, o_{t−1}): the advantage is the difference of the success chances after and
 * before the token,
 *   A_t = Q_μ(o_1 … o_t) − Q_μ(o_1 … o_{t−1})
 * (Q_μ of a prefix as proverSuccess.ts computes it). With exact values the two forms are one number
 * (proverSuccess.test.ts checks V_μ against the recursion); they part only between estimates made
 * apart, as Monte Carlo rollouts from each prefix are.
 *
 * Summed over tokens 1 … T it telescopes: Σ_t A_t = Q_μ(o_1 … o_T) − Q_μ(empty), and for a finished
 * completion Q_μ(o_1 … o_T) is 1 when it is correct and 0 when it is wrong or cut. It is
 * potential-based shaping with Φ = Q_μ and γ = 1: F_t = Φ(s_{t+1}) − Φ(s_t).
 */

/** The progress of each token of `tokens` (a completion, or a prefix of one) to `prompt` under `maxLength`, by the prover success `q` of that prompt and max_length. */
export function progressRewards(prompt: TokenPrompt, tokens: ArrayLike<number>, maxLength: number, q: ProverSuccess): Float64Array {
  if (prompt === null || typeof prompt !== 'object' || prompt.a !== q.a || prompt.b !== q.b || maxLength !== q.maxLength) {
    throw new Error(
      `progressRewards: the prover success was computed for ${q.a} + ${q.b} under max_length ${q.maxLength}, not for ${prompt?.a} + ${prompt?.b} under max_length ${maxLength}; compute proverSuccess for this prompt and max_length`,
    )
  }
  const rewards = new Float64Array(tokens.length)
  let before = q(tokens, 0)
  for (let t = 1; t <= tokens.length; t++) {
    // A_t = Q_μ(o_1 … o_t) − Q_μ(o_1 … o_{t−1})
    const after = q(tokens, t)
    rewards[t - 1] = after - before
    before = after
  }
  return rewards
}
