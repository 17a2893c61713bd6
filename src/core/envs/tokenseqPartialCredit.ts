import { END, THINK, VALUE_CAP } from './tokenseqRules'

/*
 * Graded partial credit for the token task: two components that pay an answer for how close it is,
 * where correct pays 0 or 1. A group whose answers are all wrong but differ still gets rewards that
 * differ, and they point towards the right answer.
 *
 * The answer is read as correct reads it: the digits written before end, think tokens skipped; its
 * value v is the number they spell, leading zeros ignored, capped at VALUE_CAP (1000). An answer is
 * a number when the completion wrote end and at least one digit before it; anything else (no digit,
 * or cut at max_length without end) is not a number and earns 0 from both.
 *
 *   closeness = max(0, 1 − |v − (a + b)| / K)        K = closeness_scale
 *   digits    = m / max(n_ref, n)
 * where n_ref is the number of digits of a + b (1 or 2), n the number of digits written, and m the
 * places (units, tens, …, counted from the right) where both have a digit and the two agree. The
 * longer of the two divides, so a missing digit and an extra one (a leading zero included) both cost.
 * K is at most 100, so the cap on v never changes closeness: a capped answer is ≥ 982 away.
 */

/** Component order of scorePartialCredit's output. */
export const PARTIAL_CREDIT_COMPONENTS = ['closeness', 'digits'] as const

/** closeness_scale's bounds: K must be positive, and at most 100 keeps VALUE_CAP out of closeness. */
export const MIN_CLOSENESS_SCALE = 1
export const MAX_CLOSENESS_SCALE = 100

/**
 * Judge a completion of `count` tokens (from `offset`) to the prompt a + b, writing
 * [closeness, digits] into `out` from `outOffset` (formulas above); K = `closenessScale`.
 */
export function scorePartialCredit(a: number, b: number, tokens: ArrayLike<number>, offset: number, count: number, closenessScale: number, out: Float64Array, outOffset: number): void {
  const sum = a + b
  let endAt = -1
  let written = 0
  let value = 0
  for (let j = 0; j < count; j++) {
    const token = tokens[offset + j]
    if (token === END) {
      endAt = j
      break
    }
    if (token === THINK) continue
    written++
    value = Math.min(VALUE_CAP, value * 10 + token)
  }
  if (endAt < 0 || written === 0) {
    out[outOffset] = 0
    out[outOffset + 1] = 0
    return
  }
  // closeness = max(0, 1 − |v − (a + b)| / K)
  out[outOffset] = Math.max(0, 1 - Math.abs(value - sum) / closenessScale)
  // digits = m / max(n_ref, n): walk the answer from its last digit (units) leftwards.
  const referenceDigits = sum >= 10 ? 2 : 1
  let place = 0
  let matches = 0
  for (let j = endAt - 1; j >= 0 && place < referenceDigits; j--) {
    const token = tokens[offset + j]
    if (token === THINK) continue
    if (token === Math.floor(sum / 10 ** place) % 10) matches++
    place++
  }
  out[outOffset + 1] = matches / Math.max(referenceDigits, written)
}
