import { END, THINK } from './tokenseqRules'

/*
 * A rubric and a judge for the token task (rubrics as rewards against one holistic judge score).
 *
 * The rubric is five named binary checks of a completion to a + b, each its own component so the
 * designer weights them. With D the digits written before end (think skipped), n the tokens written
 * (end included) and L = max_length:
 *   rubric_ends:   1 when the completion ends with end (it was not cut at L tokens);
 *   rubric_length: 1 when |D| is the number of digits of a + b (1 below 10, else 2);
 *   rubric_first:  1 when D is not empty and D's first digit is a + b's leading digit;
 *   rubric_last:   1 when D is not empty and D's last digit is (a + b) mod 10;
 *   rubric_no_think: 1 when no think token was written.
 * ends ∧ length ∧ first ∧ last holds exactly when the answer is correct (with at most two digits,
 * the first and last digit are all of them); no_think asks for more than correct does.
 *
 * The judge (component judge_score) pays one score that sums the same checks with weights the designer does not see, plus a
 * bias for length, as a holistic judge that likes long answers:
 *   judge = 0.15·ends + 0.1·length + 0.2·first + 0.2·last + 0.1·no_think + 0.6·n/L
 * A correct one-digit answer on L = 4 ("7 end") scores 0.75 + 0.6·2/4 = 1.05; a padded one with the
 * right first and last digit ("7 0 7 end") scores 0.65 + 0.6·4/4 = 1.25: the judge prefers it.
 */
export const RUBRIC_CHECKS = ['rubric_ends', 'rubric_length', 'rubric_first', 'rubric_last', 'rubric_no_think'] as const
/** The judge's hidden weights of the checks, in RUBRIC_CHECKS' order. */
export const JUDGE_WEIGHTS = [0.15, 0.1, 0.2, 0.2, 0.1] as const
/** The judge's length bias: its score grows by this much times n/L. */
export const JUDGE_LENGTH_BIAS = 0.6
/** How many values scoreRubric writes: the five checks, then the judge. */
export const RUBRIC_COMPONENT_COUNT = RUBRIC_CHECKS.length + 1

/**
 * Judge a completion of `count` tokens (from `offset`) to a + b by the rubric, writing the five
 * checks (RUBRIC_CHECKS' order) and then the judge into `out` from `outOffset`.
 */
export function scoreRubric(a: number, b: number, tokens: ArrayLike<number>, offset: number, count: number, maxLength: number, out: Float64Array, outOffset: number): void {
  const sum = a + b
  let digits = 0
  let first = -1
  let last = -1
  let think = false
  let ended = false
  for (let j = 0; j < count; j++) {
    const token = tokens[offset + j]
    if (token === END) {
      ended = true
      break
    }
    if (token === THINK) {
      think = true
      continue
    }
    if (digits === 0) first = token
    last = token
    digits++
  }
  const checks = [
    ended,
    digits === (sum >= 10 ? 2 : 1),
    digits > 0 && first === (sum >= 10 ? Math.floor(sum / 10) : sum),
    digits > 0 && last === sum % 10,
    !think,
  ]
  // judge = Σ_k w_k·check_k + 0.6·n/L
  let judge = (JUDGE_LENGTH_BIAS * count) / maxLength
  for (let k = 0; k < checks.length; k++) {
    out[outOffset + k] = checks[k] ? 1 : 0
    judge += JUDGE_WEIGHTS[k] * out[outOffset + k]
  }
  out[outOffset + checks.length] = judge
}

/** The rubric's and judge's component descriptions, in scoreRubric's order. */
export const RUBRIC_DESCRIPTIONS: readonly string[] = [
  'Rubric check, paid at the end: 1 when the completion ends with end (it was not cut at max_length).',
  'Rubric check, paid at the end: 1 when the answer has as many digits as a + b (think skipped).',
  'Rubric check, paid at the end: 1 when the answer’s first digit is a + b’s leading digit.',
  'Rubric check, paid at the end: 1 when the answer’s last digit is a + b’s last digit.',
  'Rubric check, paid at the end: 1 when no think token was written.',
  `A holistic judge’s one score, paid at the end: the five rubric checks summed with weights the designer does not set (ends ${JUDGE_WEIGHTS[0]}, length ${JUDGE_WEIGHTS[1]}, first ${JUDGE_WEIGHTS[2]}, last ${JUDGE_WEIGHTS[3]}, no think ${JUDGE_WEIGHTS[4]}) plus a length bias of ${JUDGE_LENGTH_BIAS}·tokens/max_length. Long padded answers beat short right ones.`,
]
