/*
 * The token task's vocabulary, state layout, observation and right answer: the rules a prover's
 * chance of success (credit/proverSuccess.ts) needs, in a file of their own so that it needs
 * nothing else of the environment (tokenseq.ts re-exports them).
 */

export const THINK = 10
export const END = 11
export const NUM_TOKENS = 12
export const EMPTY = -1
export const TOKEN_LABELS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'think', 'end']

export const MAX_LENGTH_INDEX = 0
export const A_INDEX = 1
export const B_INDEX = 2
export const T_INDEX = 3
export const TOKENS_INDEX = 4

/** Where the pieces of a copy's state start, for max_length L. */
export function tokenSeqLayout(maxLength: number): { stride: number; lastA: number; lastB: number; lastTokens: number } {
  return { stride: 6 + 2 * maxLength, lastA: 4 + maxLength, lastB: 5 + maxLength, lastTokens: 6 + maxLength }
}

// Observation layout (47 floats).
const OBS_A = 0 // one-hot a (10)
const OBS_B = 10 // one-hot b (10)
const OBS_POSITION = 20 // t / max_length
const OBS_LAST_TOKEN = 21 // one-hot of the last token written (12; all 0 before the first)
const OBS_DIGIT_COUNT = 33 // one-hot of the digits written so far: 0, 1, 2, 3 or more (4)
const OBS_FIRST_DIGIT = 37 // one-hot of the first digit written (10; all 0 before one)
export const TOKEN_OBS_SIZE = 47
const OBS_SIZE = TOKEN_OBS_SIZE

/**
 * The observation of a completion of the prompt a + b with t tokens written, into `out` from
 * `offset` (TOKEN_OBS_SIZE floats): what a policy sees, and all it sees. `lastToken` is the token
 * written last (EMPTY before the first), `digits` how many digits are written (think skipped),
 * `firstDigit` the first of them (EMPTY before one). The environment observes through it, so a
 * caller that tracks these few facts of a prefix observes it bit for bit as the environment does.
 */
export function writeTokenObservation(out: Float32Array, offset: number, a: number, b: number, t: number, maxLength: number, lastToken: number, digits: number, firstDigit: number): void {
  out.fill(0, offset, offset + OBS_SIZE)
  out[offset + OBS_A + a] = 1
  out[offset + OBS_B + b] = 1
  out[offset + OBS_POSITION] = t / maxLength
  if (lastToken !== EMPTY) out[offset + OBS_LAST_TOKEN + lastToken] = 1
  out[offset + OBS_DIGIT_COUNT + Math.min(digits, 3)] = 1
  if (firstDigit !== EMPTY) out[offset + OBS_FIRST_DIGIT + firstDigit] = 1
}

/** The shortest and longest completion limits the task allows: max_length's bounds. */
export const MIN_MAX_LENGTH = 3
export const MAX_MAX_LENGTH = 32

/** The digits written count up to this value at most (a longer answer is wrong anyway). */
export const VALUE_CAP = 1000

/** The digits of a + b, most significant first: [7] for 3 + 4, [1, 2] for 5 + 7. */
export function answerDigits(a: number, b: number): number[] {
  const sum = a + b
  return sum >= 10 ? [Math.floor(sum / 10), sum % 10] : [sum]
}

/** Whether the completion's answer is right: the correct component alone, without allocating. */
export function isCorrect(a: number, b: number, tokens: ArrayLike<number>, offset: number, count: number): boolean {
  const sum = a + b
  let digits = 0
  let value = 0
  for (let j = 0; j < count; j++) {
    const token = tokens[offset + j]
    if (token === END) return digits === (sum >= 10 ? 2 : 1) && value === sum
    if (token === THINK) continue
    digits++
    value = Math.min(VALUE_CAP, value * 10 + token)
  }
  return false
}
