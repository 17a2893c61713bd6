/*
 * The advantage of every token of a batch of completions, the array the GRPO family's loss weighs
 * each token's term by. An estimator gives one advantage per completion (GRPO and relatives, ReMax,
 * OPO, pass@k: each token of completion i gets a_i) or one per token (REINFORCE++'s returns-to-go:
 * copied as they are). Completion i's tokens are the `lengths[i]` after those of completions 0 … i − 1.
 * Every completion has a token at least, so the two layouts differ in size unless every completion
 * is one token long, and then they are the same array.
 */

export function tokenAdvantages(advantages: ArrayLike<number>, lengths: ArrayLike<number>): Float32Array {
  let tokens = 0
  for (let i = 0; i < lengths.length; i++) {
    if (!Number.isInteger(lengths[i]) || lengths[i] < 1) throw new Error(`tokenAdvantages: length ${i} must be a whole number of at least 1, got ${lengths[i]}`)
    tokens += lengths[i]
  }
  const perToken = new Float32Array(tokens)
  if (advantages.length === tokens) {
    perToken.set(advantages)
    return perToken
  }
  if (advantages.length !== lengths.length) {
    throw new Error(`tokenAdvantages: ${advantages.length} advantages for ${lengths.length} completions of ${tokens} tokens; give one per completion or one per token`)
  }
  let start = 0
  for (let i = 0; i < lengths.length; i++) {
    // every token t of completion i: A_t = a_i
    perToken.fill(advantages[i], start, start + lengths[i])
    start += lengths[i]
  }
  return perToken
}
