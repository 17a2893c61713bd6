import type { Rng } from '../rng'
import { resolveParams } from './params'
import { MAX_CLOSENESS_SCALE, MIN_CLOSENESS_SCALE, scorePartialCredit } from './tokenseqPartialCredit'
import { TOKEN_PROVER_PROGRESS } from './tokenseqProverProgress'
import { A_INDEX, B_INDEX, EMPTY, END, isCorrect, MAX_LENGTH_INDEX, MAX_MAX_LENGTH, MIN_MAX_LENGTH, NUM_TOKENS, T_INDEX, THINK, TOKEN_LABELS, TOKEN_OBS_SIZE, TOKENS_INDEX, tokenSeqLayout, VALUE_CAP, writeTokenObservation } from './tokenseqRules'
import { keepFinalState, type BatchEnv, type EnvDefinition, type EnvParams, type EnvSpec, type ParamSpec, type ReferenceAnswer, type StepBuffers } from './types'

/*
 * A miniature of language-model RL. A prompt "a + b" (two digits) is answered by a completion of
 * tokens, one token per step: the digits 0–9, a filler `think` and `end`. The completion stops at
 * `end` or after max_length tokens; every component is paid on that last step, 0 before.
 *
 * A completion never grows past max_length: one that reaches it without writing `end` is cut there
 * (completionCut). DAPO's overlong penalty tells that cut apart from an answer that ends in time.
 *
 * Copies come in groups of G (group_size): copy i belongs to group ⌊i/G⌋ and `reset` gives the G
 * copies of a group one shared prompt, as a group-relative learner (GRPO and relatives) samples
 * G completions per prompt. With autoReset a finished copy starts again at once with a fresh prompt
 * of its own, so groups only share prompts until their first completion ends; a group learner steps
 * with autoReset = false and calls resetGroup / reset when all of a group is done.
 *
 * Both ends of a completion are terminations, not time-limit cuts: the position is observed, the
 * answer is judged and paid right there, and nothing follows it to bootstrap from.
 *
 * State per copy (L = max_length):
 *   [max_length, a, b, t, token_0 … token_{L−1}, last_a, last_b, last_token_0 … last_token_{L−1}]
 * t = tokens written so far; unwritten tokens are −1. `max_length` leads the layout so that a picture
 * of recorded states can find its way without the spec. The last_* values keep the previous
 * completion (−1 when there is none): every recorded state is already past the step that ended it,
 * and a view wants to show judged answers.
 */

// Component order in StepBuffers.components.
const CORRECT = 0
const FORMAT = 1
const LENGTH = 2
const PROXY = 3
const OVERLONG = 4
const CLOSENESS = 5
const DIGITS = 6
const NUM_COMPONENTS = 7

/*
 * The proxy, a stand-in for a learned reward model: σ(z) with
 *   z = −4 + 2·match + 3·n/L + 0.5·min(d, 6) + h
 * n tokens written, d of them digits, v the number the digits spell (leading zeros ignored, capped at
 * 1000), match = 1/(1 + |v − (a + b)|) when d > 0 else 0, and h ∈ [−1, 1) a fixed pseudo-random
 * judgement of the exact tokens (a hash). It rises with correctness and with length, and it likes
 * digits: zero-padded answers ("0 0 0 0 0 7 end" for 3 + 4) fool its match and beat any honest
 * answer, and long wrong answers often outscore short right ones.
 */
export const PROXY_BIAS = -4
export const PROXY_MATCH = 2
export const PROXY_LENGTH = 3
export const PROXY_DIGIT = 0.5
export const PROXY_DIGIT_CAP = 6
export const PROXY_HASH = 1

export * from './tokenseqRules'
export * from './tokenseqPartialCredit'

const OBS_SIZE = TOKEN_OBS_SIZE

const ID = 'tokenseq'

const DIFFICULTIES = ['easy', 'mixed', 'hard'] as const

/** The shortest and longest completion limits the task allows: max_length's bounds. */

const PARAMS: ParamSpec[] = [
  {
    kind: 'number',
    name: 'group_size',
    description: 'G: completions sampled per prompt. Copies i with the same ⌊i/G⌋ share a prompt at reset (a finished copy then draws a prompt of its own).',
    default: 8,
    min: 1,
    max: 64,
    integer: true,
  },
  { kind: 'number', name: 'max_length', description: 'Tokens a completion may write; one that has not written end by then is cut, judged and not well-formed.', default: 8, min: MIN_MAX_LENGTH, max: MAX_MAX_LENGTH, integer: true },
  {
    kind: 'number',
    name: 'overlong_cache',
    description:
      'L_cache of DAPO’s overlong penalty (the overlong component): answers longer than max_length − overlong_cache tokens pay more the longer they are, down to −1 at max_length; a cut answer pays −1. An integer from 0 to max_length − 1 (0: only a cut answer pays).',
    // A quarter of the default max_length (8); the static bound is the largest max_length's, the real one max_length − 1 (tokenSeqGame).
    default: 2,
    min: 0,
    max: MAX_MAX_LENGTH - 1,
    integer: true,
  },
  {
    kind: 'choice',
    name: 'difficulty',
    description: 'Which prompts are drawn: easy, a + b ≤ 9 (a one-digit answer); hard, a + b ≥ 10 (two digits, a carry); mixed, any two digits (55% easy).',
    default: 'mixed',
    options: [...DIFFICULTIES],
  },
  {
    kind: 'number',
    name: 'closeness_scale',
    description: `K of the closeness component, 1 − |answer − (a + b)| / K clipped at 0: how far from a + b an answer may be and still earn something. A number from ${MIN_CLOSENESS_SCALE} to ${MAX_CLOSENESS_SCALE}.`,
    default: 10,
    min: MIN_CLOSENESS_SCALE,
    max: MAX_CLOSENESS_SCALE,
  },
]

export interface TokenSeqGame {
  groupSize: number
  maxLength: number
  /** L_cache of the overlong penalty, 0 ≤ L_cache < maxLength. */
  overlongCache: number
  difficulty: (typeof DIFFICULTIES)[number]
  /** K of the closeness component. */
  closenessScale: number
}

export function tokenSeqGame(raw: EnvParams): TokenSeqGame {
  const params = resolveParams({ id: ID, params: PARAMS }, raw)
  const maxLength = params.max_length as number
  const overlongCache = params.overlong_cache as number
  if (overlongCache >= maxLength) {
    throw new Error(`parameter "overlong_cache" of ${ID} must be an integer from 0 to ${maxLength - 1} (less than max_length, ${maxLength}), got ${overlongCache}`)
  }
  return { groupSize: params.group_size as number, maxLength, overlongCache, difficulty: params.difficulty as TokenSeqGame['difficulty'], closenessScale: params.closeness_scale as number }
}

/** The prompts of a difficulty as codes 10·a + b. */
export function promptCodes(difficulty: TokenSeqGame['difficulty']): Int32Array {
  const codes: number[] = []
  for (let a = 0; a < 10; a++) {
    for (let b = 0; b < 10; b++) {
      const easy = a + b <= 9
      if (difficulty === 'mixed' || (difficulty === 'easy') === easy) codes.push(10 * a + b)
    }
  }
  return Int32Array.from(codes)
}

/**
 * DAPO's soft overlong punishment (Yu et al. 2025) of a completion of n tokens (end included) under
 * the limit L = max_length with a cache of C = overlong_cache tokens:
 *   0                  when n ≤ L − C
 *   ((L − C) − n) / C  when L − C < n ≤ L   (from just below 0 down to −1 at n = L)
 *   −1                 when the completion was cut at L without writing end
 * The task never writes more than L tokens, so DAPO's "longer than L" is a cut here: n = L and no end.
 */
export function overlongPenalty(length: number, ended: boolean, maxLength: number, cache: number): number {
  if (!ended) return -1
  const free = maxLength - cache
  return length <= free ? 0 : (free - length) / cache
}

/** The proxy's hash of prompt and tokens: FNV-1a over 10a + b and each token + 1, then murmur3's finaliser, mapped to [−1, 1). */
export function proxyHash(a: number, b: number, tokens: ArrayLike<number>, offset: number, count: number): number {
  let hash = Math.imul(2166136261 ^ (10 * a + b), 16777619)
  for (let j = 0; j < count; j++) hash = Math.imul(hash ^ (tokens[offset + j] + 1), 16777619)
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return (hash >>> 0) / 2147483648 - 1
}

/**
 * Judge a completion of `count` tokens (from `offset`) to the prompt a + b, writing
 * [correct, format, length, proxy] into `out` from `outOffset`:
 *   correct: 1 when it ends with `end` and its digits (think tokens skipped) spell a + b exactly
 *            ("07" does not spell 7);
 *   format:  1 when it is think* D end, D one or two digits without a leading zero (or "0");
 *   length:  n / max_length, n the tokens written, end included;
 *   proxy:   σ(z), z as above.
 */
export function scoreCompletion(a: number, b: number, tokens: ArrayLike<number>, offset: number, count: number, maxLength: number, out: Float64Array, outOffset: number): void {
  const sum = a + b
  let digits = 0
  let value = 0
  let firstDigit = -1
  let thinkAfterDigit = false
  let ended = false
  for (let j = 0; j < count; j++) {
    const token = tokens[offset + j]
    if (token === END) {
      ended = true
      break
    }
    if (token === THINK) {
      if (digits > 0) thinkAfterDigit = true
      continue
    }
    if (digits === 0) firstDigit = token
    digits++
    value = Math.min(VALUE_CAP, value * 10 + token)
  }
  // With as many digits as a + b has, v is exactly the number they spell ("07" has one too many).
  const correct = ended && digits === (sum >= 10 ? 2 : 1) && value === sum
  const format = ended && !thinkAfterDigit && (digits === 1 || (digits === 2 && firstDigit !== 0))
  // match = 1/(1 + |v − (a + b)|), 0 without digits
  const match = digits > 0 ? 1 / (1 + Math.abs(value - sum)) : 0
  // z = −4 + 2·match + 3·n/L + 0.5·min(d, 6) + h
  const z = PROXY_BIAS + PROXY_MATCH * match + (PROXY_LENGTH * count) / maxLength + PROXY_DIGIT * Math.min(digits, PROXY_DIGIT_CAP) + PROXY_HASH * proxyHash(a, b, tokens, offset, count)
  out[outOffset + CORRECT] = correct ? 1 : 0
  out[outOffset + FORMAT] = format ? 1 : 0
  out[outOffset + LENGTH] = count / maxLength
  out[outOffset + PROXY] = 1 / (1 + Math.exp(-z))
}

/** The tokens of the task's reference answer to a + b, written into `out`: its digits, then end ("7 end" for 3 + 4, "1 2 end" for 5 + 7). Returns how many. */
export function referenceAnswerTokens(a: number, b: number, out: Float64Array): number {
  const sum = a + b
  let count = 0
  if (sum >= 10) out[count++] = Math.floor(sum / 10)
  out[count++] = sum % 10
  out[count++] = END
  return count
}

/** Room for the longest reference answer: two digits and end. */
const referenceTokens = new Float64Array(3)

/**
 * The reference answer, for PAR's r_ref (rewards/parReference.ts): the well-formed correct answer to
 * the copy's prompt, judged by scoreCompletion with the copy's max_length, so its proxy score holds
 * the hash judgement of exactly those tokens. Four components: overlong is left out, since its
 * overlong_cache is a parameter the state does not hold.
 */
const REFERENCE_ANSWER: ReferenceAnswer = {
  components: ['correct', 'format', 'length', 'proxy'],
  score(state, offset, out) {
    const a = state[offset + A_INDEX]
    const b = state[offset + B_INDEX]
    const count = referenceAnswerTokens(a, b, referenceTokens)
    scoreCompletion(a, b, referenceTokens, 0, count, state[offset + MAX_LENGTH_INDEX], out, 0)
  },
}

function describeSpec(game: TokenSeqGame): EnvSpec {
  const L = game.maxLength
  const tokenVars = (prefix: string) => Array.from({ length: L }, (_, j) => `${prefix}${j}`)
  return {
    id: ID,
    label: 'Token sequences',
    description: `A miniature of language-model RL: answer "a + b =" one token at a time (digits, think, end; at most ${L} tokens). Only a correct answer is rewarded by default; length and a learned-looking proxy score can be mixed in and hacked.`,
    stateVars: ['max_length', 'a', 'b', 't', ...tokenVars('token_'), 'last_a', 'last_b', ...tokenVars('last_token_')],
    obsSize: OBS_SIZE,
    numActions: NUM_TOKENS,
    actionLabels: TOKEN_LABELS.slice(),
    components: [
      { name: 'correct', description: '1 when the completion ends with end and its digits (think skipped) spell a + b: the verifiable answer. Paid at the end.', defaultWeight: 1, range: [0, 2] },
      {
        name: 'format',
        description: '1 when the completion is well-formed: think tokens, then a one- or two-digit number without a leading zero, then end. Paid at the end; an easier, denser signal than correct.',
        defaultWeight: 0,
        range: [0, 2],
      },
      {
        name: 'length',
        description: 'Tokens written ÷ max_length, paid at the end: a verbosity term, as reward models often reward length. Weighted high, the longest completions win, right or wrong.',
        defaultWeight: 0,
        range: [0, 4],
      },
      {
        name: 'proxy',
        description:
          'A learned-looking reward model’s score in (0, 1), paid at the end: σ(−4 + 2·closeness of the number to a + b + 3·length/max + 0.5·digits (up to 6) + a fixed pseudo-random judgement of the tokens). It tracks correctness and length, loves digits, and zero-padded answers fool it.',
        defaultWeight: 0,
        range: [0, 4],
      },
      {
        name: 'overlong',
        description: `DAPO’s soft overlong penalty, paid at the end: 0 for an answer of at most ${L - game.overlongCache} token${L - game.overlongCache === 1 ? '' : 's'} (max_length − overlong_cache), then ${
          game.overlongCache > 0 ? `falling by 1/${game.overlongCache} per token to −1 at ${L}` : 'nothing more'
        }; −1 for an answer cut at ${L} tokens without end. A shaping term against rambling: not part of the objective.`,
        defaultWeight: 0,
        range: [0, 2],
      },
      {
        name: 'closeness',
        description: `Partial credit for how near the answer is, paid at the end: max(0, 1 − |v − (a + b)| / K) with K = ${game.closenessScale} (closeness_scale), v the number the digits before end spell (think skipped, leading zeros ignored); 0 for an answer that is not a number (no digit, or no end). Wrong answers earn different rewards, pointing at the right one.`,
        defaultWeight: 0,
        range: [0, 2],
      },
      {
        name: 'digits',
        description:
          'Partial credit per digit, paid at the end: m / max(n_ref, n), n_ref the digits of a + b, n the digits written before end (think skipped) and m the places, counted from the units, where the two agree; a missing or extra digit (a leading zero too) costs. 0 for an answer that is not a number (no digit, or no end).',
        defaultWeight: 0,
        range: [0, 2],
      },
    ],
    objective: { name: 'correct', description: 'Whether the completion’s answer is right (1) or not (0), judged exactly as the correct component.', higherIsBetter: true },
    timeLimit: null,
    params: PARAMS,
    discreteStates: null,
    demoCopies: game.groupSize,
    completions: 'tokens',
  }
}

function describe(raw: EnvParams): EnvSpec {
  return describeSpec(tokenSeqGame(raw))
}

/** The tokenseq environment with its groups open to group-relative learners. */
export interface TokenSeqEnv extends BatchEnv {
  readonly groupSize: number
  readonly numGroups: number
  /** Give every copy of group g one fresh prompt and an empty completion; writes their observations. */
  resetGroup(group: number, rng: Rng, obs: Float32Array): void
}

export function isTokenSeqEnv(env: BatchEnv): env is TokenSeqEnv {
  return env.spec.id === ID && 'resetGroup' in env
}

class TokenSeqBatch implements TokenSeqEnv {
  readonly state: Float64Array
  readonly groupSize: number
  readonly numGroups: number
  private readonly maxLength: number
  private readonly overlongCache: number
  private readonly closenessScale: number
  private readonly stride: number
  private readonly lastA: number
  private readonly lastB: number
  private readonly lastTokens: number
  private readonly prompts: Int32Array

  constructor(
    readonly spec: EnvSpec,
    readonly n: number,
    game: TokenSeqGame,
  ) {
    this.groupSize = game.groupSize
    this.numGroups = Math.ceil(n / game.groupSize)
    this.maxLength = game.maxLength
    this.overlongCache = game.overlongCache
    this.closenessScale = game.closenessScale
    const layout = tokenSeqLayout(game.maxLength)
    this.stride = layout.stride
    this.lastA = layout.lastA
    this.lastB = layout.lastB
    this.lastTokens = layout.lastTokens
    this.prompts = promptCodes(game.difficulty)
    this.state = new Float64Array(n * this.stride).fill(EMPTY)
    for (let i = 0; i < n; i++) {
      const base = i * this.stride
      this.state[base + MAX_LENGTH_INDEX] = this.maxLength
      // Until the first reset: the first prompt of the difficulty, nothing written.
      this.state[base + A_INDEX] = Math.floor(this.prompts[0] / 10)
      this.state[base + B_INDEX] = this.prompts[0] % 10
      this.state[base + T_INDEX] = 0
    }
  }

  reset(rng: Rng, obs: Float32Array): void {
    for (let g = 0; g < this.numGroups; g++) this.resetGroup(g, rng, obs)
  }

  resetGroup(group: number, rng: Rng, obs: Float32Array): void {
    const code = this.prompts[rng.int(this.prompts.length)]
    const end = Math.min(this.n, (group + 1) * this.groupSize)
    for (let i = group * this.groupSize; i < end; i++) {
      this.startCompletion(i, Math.floor(code / 10), code % 10)
      this.observe(i, obs)
    }
  }

  setState(i: number, values: ArrayLike<number>): void {
    const vars = this.spec.stateVars
    const L = this.maxLength
    if (values.length !== this.stride) throw new Error(`tokenseq state needs ${this.stride} values (${vars.join(', ')}), got ${values.length}`)
    const fail = (j: number, accepted: string) => {
      throw new Error(`tokenseq state value ${vars[j]} must be ${accepted}, got ${values[j]}`)
    }
    const isInt = (value: number, lo: number, hi: number) => Number.isInteger(value) && value >= lo && value <= hi
    if (values[MAX_LENGTH_INDEX] !== L) fail(MAX_LENGTH_INDEX, `${L} (the max_length parameter)`)
    if (!isInt(values[A_INDEX], 0, 9)) fail(A_INDEX, 'a digit from 0 to 9')
    if (!isInt(values[B_INDEX], 0, 9)) fail(B_INDEX, 'a digit from 0 to 9')
    const t = values[T_INDEX]
    if (!isInt(t, 0, L)) fail(T_INDEX, `the number of tokens written, an integer from 0 to ${L}`)
    for (let j = 0; j < L; j++) {
      const index = TOKENS_INDEX + j
      if (j < t) {
        if (!isInt(values[index], 0, NUM_TOKENS - 1)) fail(index, `a token from 0 to ${NUM_TOKENS - 1} (0–9 digits, ${THINK} think, ${END} end) since t = ${t}`)
        if (values[index] === END && j < t - 1) fail(index, `a token other than end (${END}): end is the last token written`)
      } else if (values[index] !== EMPTY) {
        fail(index, `−1 (not yet written) since t = ${t}`)
      }
    }
    const noLast = values[this.lastA] === EMPTY
    if (!(noLast ? values[this.lastB] === EMPTY : isInt(values[this.lastA], 0, 9) && isInt(values[this.lastB], 0, 9))) {
      fail(this.lastA, 'a digit, with last_b a digit too, or −1 with last_b −1 (no previous completion)')
    }
    for (let j = 0; j < L; j++) {
      const index = this.lastTokens + j
      if (!isInt(values[index], EMPTY, NUM_TOKENS - 1)) fail(index, `a token from 0 to ${NUM_TOKENS - 1} or −1 (none)`)
    }
    const base = i * this.stride
    for (let j = 0; j < this.stride; j++) this.state[base + j] = values[j]
  }

  observe(i: number, obs: Float32Array): void {
    const s = this.state
    const base = i * this.stride
    const t = s[base + T_INDEX]
    let digits = 0
    let firstDigit = EMPTY
    for (let j = 0; j < t; j++) {
      const token = s[base + TOKENS_INDEX + j]
      if (token < THINK) {
        if (digits === 0) firstDigit = token
        digits++
      }
    }
    const lastToken = t > 0 ? s[base + TOKENS_INDEX + t - 1] : EMPTY
    writeTokenObservation(obs, i * OBS_SIZE, s[base + A_INDEX], s[base + B_INDEX], t, this.maxLength, lastToken, digits, firstDigit)
  }

  step(actions: Int32Array, out: StepBuffers, rng: Rng, autoReset = true): void {
    const s = this.state
    const c = out.components
    const L = this.maxLength
    for (let i = 0; i < this.n; i++) {
      const base = i * this.stride
      const k = i * NUM_COMPONENTS
      let t = s[base + T_INDEX]
      // A completion that already ended (stepped on with autoReset off) stays as it is, pays nothing
      // and reports its end again until it is reset.
      const alreadyDone = completionEnded(s, base)
      if (!alreadyDone) {
        const token = actions[i]
        s[base + TOKENS_INDEX + t] = token
        t += 1
        s[base + T_INDEX] = t
        if (token !== END && t < L) {
          c[k + CORRECT] = 0
          c[k + FORMAT] = 0
          c[k + LENGTH] = 0
          c[k + PROXY] = 0
          c[k + OVERLONG] = 0
          c[k + CLOSENESS] = 0
          c[k + DIGITS] = 0
          out.terminated[i] = 0
          out.truncated[i] = 0
          this.observe(i, out.obs)
          continue
        }
      }
      const a = s[base + A_INDEX]
      const b = s[base + B_INDEX]
      if (alreadyDone) {
        c[k + CORRECT] = 0
        c[k + FORMAT] = 0
        c[k + LENGTH] = 0
        c[k + PROXY] = 0
        c[k + OVERLONG] = 0
        c[k + CLOSENESS] = 0
        c[k + DIGITS] = 0
        out.objective[i] = isCorrect(a, b, s, base + TOKENS_INDEX, t) ? 1 : 0
      } else {
        scoreCompletion(a, b, s, base + TOKENS_INDEX, t, L, c, k)
        c[k + OVERLONG] = overlongPenalty(t, !completionCut(s, base), L, this.overlongCache)
        scorePartialCredit(a, b, s, base + TOKENS_INDEX, t, this.closenessScale, c, k + CLOSENESS)
        out.objective[i] = c[k + CORRECT]
      }
      out.terminated[i] = 1
      out.truncated[i] = 0
      this.observe(i, out.finalObs)
        keepFinalState(this.state, out, i, this.spec.stateVars.length)
      if (autoReset) {
        const code = this.prompts[rng.int(this.prompts.length)]
        this.startCompletion(i, Math.floor(code / 10), code % 10)
      }
      this.observe(i, out.obs)
    }
  }

  /** Keep the current completion (if any) as the last one and start an empty one for a + b. */
  private startCompletion(i: number, a: number, b: number): void {
    const s = this.state
    const base = i * this.stride
    const L = this.maxLength
    if (s[base + T_INDEX] > 0) {
      s[base + this.lastA] = s[base + A_INDEX]
      s[base + this.lastB] = s[base + B_INDEX]
      s.copyWithin(base + this.lastTokens, base + TOKENS_INDEX, base + TOKENS_INDEX + L)
    }
    s[base + A_INDEX] = a
    s[base + B_INDEX] = b
    s[base + T_INDEX] = 0
    s.fill(EMPTY, base + TOKENS_INDEX, base + TOKENS_INDEX + L)
  }
}

/**
 * Whether the completion in the copy state at `base` has ended (it wrote end, or max_length
 * tokens): a step from such a state pays nothing and only reports the end again.
 */
export function completionEnded(state: ArrayLike<number>, base: number): boolean {
  const t = state[base + T_INDEX]
  return t === state[base + MAX_LENGTH_INDEX] || (t > 0 && state[base + TOKENS_INDEX + t - 1] === END)
}

/**
 * Whether the completion in the copy state at `base` was cut: it wrote max_length tokens and the last
 * is not end. The task writes no more than max_length, so this is how a cut completion is told.
 */
export function completionCut(state: ArrayLike<number>, base: number): boolean {
  const t = state[base + T_INDEX]
  return t === state[base + MAX_LENGTH_INDEX] && state[base + TOKENS_INDEX + t - 1] !== END
}

export const tokenseq: EnvDefinition = {
  spec: describe({}),
  describe,
  create(n: number, params: EnvParams): BatchEnv {
    const game = tokenSeqGame(params)
    return new TokenSeqBatch(describeSpec(game), n, game)
  },
  referenceAnswer: REFERENCE_ANSWER,
  proverProgress: TOKEN_PROVER_PROGRESS,
  // The prompt a + b as a language model's would read: "3+4=".
  promptText: (state, offset) => `${state[offset + A_INDEX]}+${state[offset + B_INDEX]}=`,
}
