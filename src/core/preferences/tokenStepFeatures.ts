import { answerDigits, END, THINK } from '../envs/tokenseq'

/*
 * What a process reward model of the token task sees of one step: the features of the prefix
 * o_1 … o_j written so far (the step is token j), for the prompt a + b under max_length L. With
 * D_1 … D_n the digits of a + b (n = 2 when a + b ≥ 10) and m the digits among o_1 … o_j (think skipped):
 *   one          1: the logistic's intercept (a per-token label has a base rate; a pair has none)
 *   position     j / L
 *   wrong_digits how many of the m digits differ from the answer's digit in their place (one past D_n counts)
 *   ended_short  1 when o_j is end and m < n
 *   out_of_room  1 when o_j is not end and the tokens left cannot hold the missing digits and end:
 *                L − j < (n − min(m, n)) + 1
 * The gold step label (tokenStepLabels.ts) is 1 exactly when wrong_digits, ended_short and
 * out_of_room are all 0, so a linear score can state it; what the fit learns of each depends on the
 * completions it sees (the start policy's rarely run out of room), and its held-out accuracy says how well.
 */

export const TOKEN_STEP_FEATURE_NAMES: readonly string[] = ['one', 'position', 'wrong_digits', 'ended_short', 'out_of_room']

/** The features of the step that writes token `step` (0-based) of `tokens`, into out from `offset`, in TOKEN_STEP_FEATURE_NAMES order. */
export function tokenStepFeatures(a: number, b: number, tokens: ArrayLike<number>, step: number, maxLength: number, out: Float64Array, offset: number): void {
  const answer = answerDigits(a, b)
  let digits = 0
  let wrong = 0
  for (let j = 0; j <= step; j++) {
    const token = tokens[j]
    if (token === END || token === THINK) continue
    if (digits >= answer.length || answer[digits] !== token) wrong++
    digits++
  }
  const ended = tokens[step] === END
  const written = step + 1
  out[offset] = 1
  out[offset + 1] = written / maxLength
  out[offset + 2] = wrong
  out[offset + 3] = ended && digits < answer.length ? 1 : 0
  // L − j < (n − min(m, n)) + 1: no room left for the missing digits and end
  out[offset + 4] = !ended && maxLength - written < answer.length - Math.min(digits, answer.length) + 1 ? 1 : 0
}
