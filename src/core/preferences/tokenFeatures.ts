import { END, isCorrect, NUM_TOKENS, scoreCompletion, THINK } from '../envs/tokenseq'

/*
 * What a reward model of the token task sees of a completion: a fixed vector of named features,
 * and beside it the gold score, the task's true objective, which the simulated labeler judges by.
 *
 * The features, in this order:
 *   format        the format component: 1 when the completion is think* D end, D one or two digits
 *                 without a leading zero (or "0"), else 0
 *   match         how close the number the digits spell is to a + b: 1/(1 + |v − (a + b)|), 0 without
 *                 digits (the closeness term of the proxy component; leading zeros do not change v)
 *   proxy         the proxy component σ(z), the task's fixed stand-in for a reward model
 *   length        tokens written, end included (the length component is this ÷ max_length)
 *   count_0 … count_9, count_think
 *                 how many of each digit and of think the completion holds
 *
 * The correct component is not a feature: it is the gold itself, and a model handed it would only
 * copy the labeler's verdict instead of learning it from what a completion looks like (and would
 * leave nothing for a policy to over-optimise). Whether the completion wrote end is no feature of
 * its own either: it is length − Σ counts, and a feature that is a linear combination of the others
 * would leave an unpenalised fit undetermined. With a count per token and the length, every bias
 * the labeler can be given (length, format, a token) is a linear function of the features.
 */

export const DIGIT_COUNT_FEATURES = Array.from({ length: 10 }, (_, digit) => `count_${digit}`)

export const TOKEN_FEATURE_NAMES: readonly string[] = ['format', 'match', 'proxy', 'length', ...DIGIT_COUNT_FEATURES, 'count_think']

/** Where the format feature sits in the vector. */
export const FORMAT_FEATURE = 0
const MATCH_FEATURE = 1
const PROXY_FEATURE = 2
const LENGTH_FEATURE = 3
const FIRST_COUNT_FEATURE = 4
const THINK_COUNT_FEATURE = 14

/** The component order scoreCompletion writes: correct, format, length, proxy. */
const COMPONENT_FORMAT = 1
const COMPONENT_PROXY = 3

/** The number the digits spell saturates here, as the task's own scoring does (tokenseq.ts). */
const VALUE_CAP = 1000

/** One completion of the token task: the prompt a + b and the tokens written (end included when it ended). */
export interface TokenCompletion {
  readonly prompt: readonly [number, number]
  readonly tokens: readonly number[]
  /** The task's max_length: the proxy and the length component depend on it. */
  readonly maxLength: number
}

/** The completion's features, in TOKEN_FEATURE_NAMES order. */
export function tokenFeatures(completion: TokenCompletion): Float64Array {
  checkCompletion(completion)
  const [a, b] = completion.prompt
  const { tokens, maxLength } = completion
  const components = new Float64Array(4)
  scoreCompletion(a, b, tokens, 0, tokens.length, maxLength, components, 0)
  const features = new Float64Array(TOKEN_FEATURE_NAMES.length)
  features[FORMAT_FEATURE] = components[COMPONENT_FORMAT]
  features[MATCH_FEATURE] = answerMatch(a, b, tokens)
  features[PROXY_FEATURE] = components[COMPONENT_PROXY]
  features[LENGTH_FEATURE] = tokens.length
  for (const token of tokens) {
    if (token < THINK) features[FIRST_COUNT_FEATURE + token]++
    else if (token === THINK) features[THINK_COUNT_FEATURE]++
  }
  return features
}

/** The gold score: the task's objective, 1 when the answer is right and 0 otherwise. */
export function tokenGold(completion: TokenCompletion): number {
  checkCompletion(completion)
  const [a, b] = completion.prompt
  return isCorrect(a, b, completion.tokens, 0, completion.tokens.length) ? 1 : 0
}

/** How many times `token` occurs in the completion. */
export function tokenCount(completion: TokenCompletion, token: number): number {
  let count = 0
  for (const written of completion.tokens) if (written === token) count++
  return count
}

/** match = 1/(1 + |v − (a + b)|), v the number the digits before end spell (think skipped, capped at 1000); 0 without digits. */
function answerMatch(a: number, b: number, tokens: readonly number[]): number {
  let digits = 0
  let value = 0
  for (const token of tokens) {
    if (token === END) break
    if (token === THINK) continue
    digits++
    value = Math.min(VALUE_CAP, value * 10 + token)
  }
  return digits > 0 ? 1 / (1 + Math.abs(value - (a + b))) : 0
}

/** A finished completion the task could have written: digits for a prompt, tokens 0–11, ending with end or cut at max_length. */
function checkCompletion({ prompt, tokens, maxLength }: TokenCompletion): void {
  const digit = (value: number) => Number.isInteger(value) && value >= 0 && value <= 9
  if (!digit(prompt[0]) || !digit(prompt[1])) throw new Error(`a token-task prompt is two digits a + b, got ${prompt[0]} + ${prompt[1]}`)
  if (!(Number.isInteger(maxLength) && maxLength >= 1)) throw new Error(`max_length must be a whole number of at least 1, got ${maxLength}`)
  if (tokens.length === 0 || tokens.length > maxLength) throw new Error(`a completion writes 1 to max_length = ${maxLength} tokens, got ${tokens.length}`)
  tokens.forEach((token, j) => {
    if (!(Number.isInteger(token) && token >= 0 && token < NUM_TOKENS)) throw new Error(`token ${j} is ${token}; tokens are 0–9 (digits), ${THINK} (think) and ${END} (end)`)
    if (token === END && j < tokens.length - 1) throw new Error(`token ${j} is end, but end is the last token a completion writes`)
  })
  if (tokens[tokens.length - 1] !== END && tokens.length < maxLength) throw new Error(`a completion ends with end (${END}) or at max_length = ${maxLength} tokens; this one stops after ${tokens.length} without end`)
}
