import { answerDigits, END, THINK } from '../envs/tokenseq'

/*
 * The token task's gold process signal: one step label per token, 1 while the completion written
 * so far can still become a correct answer and 0 from the first token that makes that impossible.
 *
 * With a + b's digits D_1 … D_n (n = 1 for a + b ≤ 9, else 2; "07" is not 7) and the prefix o_1 … o_j
 * of the completion (max_length L), the label of token j is 1 exactly when all three hold:
 *   1. the digits among o_1 … o_j, think skipped, are d_1 … d_m with m ≤ n and d_i = D_i (a prefix of the answer);
 *   2. if o_j is end, m = n (end only right after the whole answer);
 *   3. if o_j is not end, L − j ≥ (n − m) + 1 (the tokens left still hold the missing digits and end).
 * This is the correct component's own rule (think tokens are skipped anywhere, also between the
 * digits), read as "is a correct completion still reachable". Once a label is 0 every later one is
 * 0: a wrong digit stays written, an early end ends the completion, and each token spends one
 * token of room while writing at most one missing digit.
 */

/** The step labels of `tokens` (a completion or any prefix of one) for the prompt a + b under max_length; one per token. */
export function tokenStepLabels(a: number, b: number, tokens: ArrayLike<number>, maxLength: number): Uint8Array {
  const answer = answerDigits(a, b)
  const labels = new Uint8Array(tokens.length)
  let digits = 0
  for (let j = 0; j < tokens.length; j++) {
    const token = tokens[j]
    // Rule 1: each digit must be the answer's next one.
    if (token !== END && token !== THINK) {
      if (digits >= answer.length || answer[digits] !== token) break
      digits++
    }
    // Rule 2: end right after the whole answer, and nothing after it.
    if (token === END) {
      if (digits === answer.length) labels[j] = 1
      break
    }
    // Rule 3: L − j ≥ (n − m) + 1 with j = this token's 1-based position.
    if (maxLength - (j + 1) < answer.length - digits + 1) break
    labels[j] = 1
  }
  return labels
}
