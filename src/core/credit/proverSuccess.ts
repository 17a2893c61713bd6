import { answerDigits, EMPTY, END, isCorrect, MAX_MAX_LENGTH, MIN_MAX_LENGTH, NUM_TOKENS, THINK, TOKEN_OBS_SIZE, writeTokenObservation } from '../envs/tokenseqRules'

/*
 * A prover's chance of success on the token task, exactly: for the prompt a + b under max_length L
 * and a prover policy μ, Q_μ(o_1 … o_t) is the probability that μ, writing on from the prefix
 * o_1 … o_t, finishes with a correct answer (the correct component's rule, tokenseq.ts). It is the
 * value of the prefix under μ, V_μ(prefix), and equally the value of its last step taken from the
 * prefix before it, Q_μ(o_1 … o_{t−1}, o_t): a token appends to the prefix, so the step fixes the
 * next state. PAV's progress (progressRewards.ts) is the difference of two of these.
 *
 * Boundary values: a prefix that ends with end is finished, Q = 1 when it is correct and 0 when not;
 * a prefix of L tokens without end is cut, Q = 0. Before that, one token t + 1 is drawn from
 * μ(· | observation of the prefix):
 *   Q(prefix) = Σ_x μ(x | prefix) · Q(prefix + x)
 *
 * The state that decides both μ's observation (a, b, t/L, the last token, the digits written capped
 * at 3, the first digit) and whether the answer can still be right is (t, last token, digits
 * written, first digit, second digit). A prefix whose digits (think skipped) are not the start of
 * a + b's digits D_1 … D_n, a wrong digit or one too many, can never be right again: its Q is 0
 * whatever μ does. So only the prefixes still on the answer need the recursion, and they are few:
 * with m ≤ n digits written, all of them D_1 … D_m, the state is (t, m, whether the last token is
 * think or the digit D_m); the observation follows (last token think or D_m, m digits, first digit
 * D_1 when m ≥ 1). On such a state, with p = μ(· | its observation):
 *   Q(t, m, ·) = p_end · [m = n] + p_think · Q(t + 1, m, think) + [m < n] · p_{D_{m+1}} · Q(t + 1, m + 1, digit)
 *   Q(L, m, ·) = 0 (cut)
 * (end is right only after the whole answer; any other digit, or a digit after it, is wrong.) At
 * most 1 + 5·(L − 1) states, all observed in one call to the prover, then the recursion from t = L
 * down to 0.
 */

/**
 * A prover μ of the token task: given `rows` observations (rows × TOKEN_OBS_SIZE floats, row-major,
 * as the environment observes), each row's probabilities of the 12 tokens (rows × 12, row-major,
 * 0–9 digits, 10 think, 11 end). Each row must be ≥ 0 and sum to 1.
 */
export type Prover = (observations: Float32Array, rows: number) => ArrayLike<number>

export interface TokenPrompt {
  a: number
  b: number
}

/** Q_μ of any prefix (its first `length` tokens, all of them by default) of a completion to one prompt under one max_length. */
export interface ProverSuccess {
  (prefix: ArrayLike<number>, length?: number): number
  readonly a: number
  readonly b: number
  readonly maxLength: number
}

/** How far a row of probabilities may sum from 1. */
export const PROVER_SUM_TOLERANCE = 1e-6

/** Where the walk of a prefix ends up: still on the answer (m digits, last token think or not), finished, or off it for good. */
interface PrefixState {
  /** 'on': m digits D_1 … D_m written, not ended; 'ended': it wrote end; 'off': a wrong digit or one too many. */
  kind: 'on' | 'ended' | 'off'
  digits: number
  lastThink: boolean
}

function validPrompt(prompt: TokenPrompt, maxLength: number): void {
  const isDigit = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 9
  if (prompt === null || typeof prompt !== 'object' || !isDigit(prompt.a) || !isDigit(prompt.b)) {
    throw new Error(`proverSuccess: the prompt must be {a, b} with a and b digits from 0 to 9, got ${JSON.stringify(prompt)}`)
  }
  if (!Number.isInteger(maxLength) || maxLength < MIN_MAX_LENGTH || maxLength > MAX_MAX_LENGTH) {
    throw new Error(`proverSuccess: max_length must be an integer from ${MIN_MAX_LENGTH} to ${MAX_MAX_LENGTH} (the token task's bounds), got ${maxLength}`)
  }
}

/** Walk the first `length` tokens of `prefix` for the answer digits `answer`; refuses what the task cannot write. */
function walkPrefix(answer: readonly number[], prefix: ArrayLike<number>, length: number, maxLength: number): PrefixState {
  if (!Number.isInteger(length) || length < 0 || length > prefix.length) {
    throw new Error(`proverSuccess: the prefix length must be an integer from 0 to ${prefix.length} (the tokens given), got ${length}`)
  }
  if (length > maxLength) throw new Error(`proverSuccess: a prefix of ${length} tokens is longer than max_length ${maxLength}`)
  const state: PrefixState = { kind: 'on', digits: 0, lastThink: false }
  for (let j = 0; j < length; j++) {
    const token = prefix[j]
    if (!Number.isInteger(token) || token < 0 || token >= NUM_TOKENS) {
      throw new Error(`proverSuccess: token ${j + 1} of the prefix must be an integer from 0 to ${NUM_TOKENS - 1} (0–9 digits, ${THINK} think, ${END} end), got ${token}`)
    }
    if (token === END) {
      if (j !== length - 1) throw new Error(`proverSuccess: end at token ${j + 1} of ${length}; end is the last token written`)
      state.kind = 'ended'
      break
    }
    state.lastThink = token === THINK
    if (token === THINK || state.kind === 'off') continue
    if (state.digits < answer.length && answer[state.digits] === token) state.digits++
    else state.kind = 'off'
  }
  return state
}

/**
 * Q_μ of every prefix of a completion to `prompt` under `maxLength`, for the prover `prover`: the
 * recursion above, with the prover asked once about every state still on the answer. Refuses a
 * prover whose rows are not probabilities.
 */
export function proverSuccess(prompt: TokenPrompt, maxLength: number, prover: Prover): ProverSuccess {
  validPrompt(prompt, maxLength)
  const { a, b } = prompt
  const answer = answerDigits(a, b)
  const n = answer.length
  const L = maxLength
  // Q(t, m, last think?) at ((t·(n + 1) + m)·2 + think); t = L stays 0 (cut).
  const table = new Float64Array((L + 1) * (n + 1) * 2)
  const at = (t: number, m: number, think: boolean) => (t * (n + 1) + m) * 2 + (think ? 1 : 0)

  // The states on the answer with t < L: t = 0 has none written; later, m digits with the last a
  // think (m ≤ t − 1) or the digit D_m (m ≥ 1).
  const states: { t: number; m: number; think: boolean }[] = [{ t: 0, m: 0, think: false }]
  for (let t = 1; t < L; t++) {
    for (let m = 0; m <= Math.min(n, t); m++) {
      if (m <= t - 1) states.push({ t, m, think: true })
      if (m >= 1) states.push({ t, m, think: false })
    }
  }
  const rows = states.length
  const observations = new Float32Array(rows * TOKEN_OBS_SIZE)
  states.forEach(({ t, m, think }, row) => {
    const last = t === 0 ? EMPTY : think ? THINK : answer[m - 1]
    writeTokenObservation(observations, row * TOKEN_OBS_SIZE, a, b, t, L, last, m, m >= 1 ? answer[0] : EMPTY)
  })
  const probabilities = prover(observations, rows)
  checkProbabilities(probabilities, rows, (row) => describeState(states[row], answer))

  // From the last level down: each state's successors are one token further on.
  for (let row = rows - 1; row >= 0; row--) {
    const { t, m, think } = states[row]
    const p = row * NUM_TOKENS
    // Q(t, m, ·) = p_end·[m = n] + p_think·Q(t + 1, m, think) + [m < n]·p_{D_{m+1}}·Q(t + 1, m + 1, digit)
    let q = (m === n ? probabilities[p + END] : 0) + probabilities[p + THINK] * table[at(t + 1, m, true)]
    if (m < n) q += probabilities[p + answer[m]] * table[at(t + 1, m + 1, false)]
    table[at(t, m, think)] = q
  }

  const lookup = (prefix: ArrayLike<number>, length: number = prefix.length): number => {
    const state = walkPrefix(answer, prefix, length, L)
    if (state.kind === 'ended') return isCorrect(a, b, prefix, 0, length) ? 1 : 0
    if (state.kind === 'off' || length === L) return 0
    return table[at(length, state.digits, length > 0 && state.lastThink)]
  }
  return Object.assign(lookup, { a, b, maxLength: L })
}

/** The prefix a state stands for, in words, for the prover's refusal: "t = 2, last think, digits 1". */
function describeState(state: { t: number; m: number; think: boolean }, answer: readonly number[]): string {
  const last = state.t === 0 ? 'nothing written' : `last token ${state.think ? 'think' : answer[state.m - 1]}`
  return `t = ${state.t}, ${last}, digits written ${state.m === 0 ? 'none' : answer.slice(0, state.m).join(' ')}`
}

/** Refuse a prover's answer that is not `rows` rows of 12 probabilities, each ≥ 0 and summing to 1. */
function checkProbabilities(probabilities: ArrayLike<number>, rows: number, describe: (row: number) => string): void {
  const accepted = `each row must be ${NUM_TOKENS} probabilities (0–9, think, end), each ≥ 0, summing to 1 within ${PROVER_SUM_TOLERANCE}`
  if (probabilities === null || typeof probabilities !== 'object' || probabilities.length !== rows * NUM_TOKENS) {
    throw new Error(`proverSuccess: the prover returned ${probabilities?.length ?? String(probabilities)} values for ${rows} observations; it must return ${rows} × ${NUM_TOKENS} = ${rows * NUM_TOKENS} (${accepted})`)
  }
  for (let row = 0; row < rows; row++) {
    let sum = 0
    for (let x = 0; x < NUM_TOKENS; x++) {
      const p = probabilities[row * NUM_TOKENS + x]
      if (!Number.isFinite(p) || p < 0) throw new Error(`proverSuccess: the prover's probability of token ${x} at row ${row} (${describe(row)}) is ${p}; ${accepted}`)
      sum += p
    }
    if (Math.abs(sum - 1) > PROVER_SUM_TOLERANCE) throw new Error(`proverSuccess: the prover's row ${row} (${describe(row)}) sums to ${sum}; ${accepted}`)
  }
}
