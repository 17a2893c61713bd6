/*
 * The sign-flip fraction (after MC-GRPO, Kim 2026): a group's baseline is estimated from the
 * group's own rewards, and its noise can give a completion an advantage of the wrong sign — a
 * completion better than its prompt's true expected reward pushed down, or a worse one pushed up.
 * Per update, over the completions that carry gradient (those not excluded):
 *   flip_i = 1 when A_i · (r_i − V_i) < 0, else 0
 *   sign_flip_fraction = Σ_i flip_i / #completions counted
 * where A_i is completion i's advantage, r_i its mixed reward Σ_k w_k·C_ik and V_i the true
 * expected mixed reward of its prompt under the policy that sampled the batch,
 *   V(prompt) = Σ_a π_old(a|prompt) · Σ_k w_k · E[c_k | prompt, a].
 * A zero advantage is no flip (it counts in the denominator), nor is a reward exactly equal to V.
 */

/**
 * The share of the counted completions whose advantage has the opposite sign to r_i − V_i.
 * `excluded` (optional, one per completion): 1 leaves the completion out of the count (an
 * estimator's pivot that takes no part in the loss, a completion the loss masks out), 0 keeps it.
 * Null when no completion is counted.
 */
export function signFlipFraction(advantages: ArrayLike<number>, rewards: ArrayLike<number>, values: ArrayLike<number>, excluded?: ArrayLike<number>): number | null {
  const count = advantages.length
  if (rewards.length !== count || values.length !== count || (excluded !== undefined && excluded.length !== count)) {
    const lengths = `${count} advantages, ${rewards.length} rewards, ${values.length} values${excluded === undefined ? '' : `, ${excluded.length} exclusion flags`}`
    throw new Error(`the sign-flip fraction needs one advantage, reward, value (and exclusion flag, when given) per completion; got ${lengths}`)
  }
  let counted = 0
  let flips = 0
  for (let i = 0; i < count; i++) {
    const flag = excluded?.[i] ?? 0
    if (flag !== 0 && flag !== 1) throw new Error(`exclusion flag ${i} of the sign-flip fraction must be 0 (counted) or 1 (left out); got ${flag}`)
    if (flag === 1) continue
    const advantage = advantages[i]
    const gap = rewards[i] - values[i]
    if (!Number.isFinite(advantage) || !Number.isFinite(gap)) {
      throw new Error(`completion ${i} of the sign-flip fraction has advantage ${advantage}, reward ${rewards[i]} and value ${values[i]}; all must be finite numbers`)
    }
    counted++
    // flip_i = 1[A_i · (r_i − V_i) < 0]
    if (advantage * gap < 0) flips++
  }
  return counted === 0 ? null : flips / counted
}

/**
 * The expected mixed reward of one prompt under a policy over its actions:
 *   V = Σ_a π(a) · Σ_k w_k · E[c_k | prompt, a]
 * `probabilities` from `probabilityOffset` holds π(a) for a = 0 … A − 1; `expected` holds
 * E[c_k | prompt, a] at a·K + k (K = weights.length).
 */
export function expectedMixedReward(probabilities: ArrayLike<number>, probabilityOffset: number, numActions: number, expected: ArrayLike<number>, weights: ArrayLike<number>): number {
  const K = weights.length
  if (expected.length < numActions * K) throw new Error(`the expected reward needs E[c_k | a] for ${numActions} actions × ${K} components (${numActions * K} values); got ${expected.length}`)
  let value = 0
  for (let a = 0; a < numActions; a++) {
    let reward = 0
    for (let k = 0; k < K; k++) reward += weights[k] * expected[a * K + k]
    value += probabilities[probabilityOffset + a] * reward
  }
  return value
}
