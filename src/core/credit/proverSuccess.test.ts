import { describe, expect, it } from 'vitest'
import { answerDigits, END, isCorrect, NUM_TOKENS, THINK, TOKEN_OBS_SIZE, tokenseq, tokenSeqLayout } from '../envs/tokenseq'
import { tokenStepLabels } from '../preferences/tokenStepLabels'
import { Rng } from '../rng'
import { proverSuccess, type Prover } from './proverSuccess'
import { answersAtOnceProver as answersAtOnce, endsAtOnceProver as endsAtOnce, randomMlpProver, uniformProver } from './testProvers'

const T = THINK
const E = END

/** The environment's own observation of the prefix `tokens` of a completion to a + b under max_length L. */
function envObservation(a: number, b: number, tokens: readonly number[], maxLength: number): Float32Array {
  const env = tokenseq.create(1, { max_length: maxLength })
  // The prompt, t and the tokens; no previous completion (−1 everywhere else).
  const state = new Array<number>(tokenSeqLayout(maxLength).stride).fill(-1)
  state[0] = maxLength
  state[1] = a
  state[2] = b
  state[3] = tokens.length
  tokens.forEach((token, j) => (state[4 + j] = token))
  env.setState(0, state)
  const observation = new Float32Array(TOKEN_OBS_SIZE)
  env.observe(0, observation)
  return observation
}

/** μ(· | prefix), the prover asked about the environment's observation of the prefix. */
function proverRow(prover: Prover, a: number, b: number, tokens: readonly number[], maxLength: number): number[] {
  return Array.from(prover(envObservation(a, b, tokens, maxLength), 1))
}

describe('proverSuccess: hand-computed values', () => {
  it('a uniform prover on 3 + 4 with L = 3: Q(empty) = 14/1728, the three right answers that fit', () => {
    const q = proverSuccess({ a: 3, b: 4 }, 3, uniformProver)
    // The correct completions of at most 3 tokens: "7 end" (1/12)², "think 7 end" and
    // "7 think end" (1/12)³ each: 12/1728 + 1/1728 + 1/1728 = 14/1728 = 7/864.
    expect(q([])).toBeCloseTo(14 / 1728, 15)
    // After "7": "end" (1/12) or "think end" (1/144): 13/144.
    expect(q([7])).toBeCloseTo(13 / 144, 15)
    // A wrong digit stays written: nothing after "8" can be right.
    expect(q([8])).toBe(0)
    // After "think": "7 end" alone fits in the 2 tokens left, 1/144.
    expect(q([T])).toBeCloseTo(1 / 144, 15)
    // One token left: end after the answer (1/12), nothing without it.
    expect(q([7, T])).toBeCloseTo(1 / 12, 15)
    expect(q([T, 7])).toBeCloseTo(1 / 12, 15)
    expect(q([T, T])).toBe(0)
    // Finished: 1 when right, 0 when wrong, 0 when cut.
    expect(q([7, E])).toBe(1)
    expect(q([7, T, E])).toBe(1)
    expect(q([8, E])).toBe(0)
    expect(q([E])).toBe(0)
    expect(q([7, T, T])).toBe(0)
    // Only the first `length` tokens count.
    expect(q([7, E], 1)).toBeCloseTo(13 / 144, 15)
  })

  it('a deterministic prover that answers at once on 5 + 7 = 12: Q is 1 exactly where "1 2 end" still fits after the prefix', () => {
    const q3 = proverSuccess({ a: 5, b: 7 }, 3, answersAtOnce)
    expect([q3([]), q3([1]), q3([1, 2]), q3([T]), q3([1, T]), q3([2]), q3([1, 3])]).toEqual([1, 1, 1, 0, 0, 0, 0])
    const q4 = proverSuccess({ a: 5, b: 7 }, 4, answersAtOnce)
    // With a fourth token a think fits once, not twice.
    expect([q4([T]), q4([1, T]), q4([1, 2, T]), q4([T, T]), q4([T, 1, T])]).toEqual([1, 1, 1, 0, 0])
  })

  it('a deterministic prover that ends at once on 5 + 7: Q is 1 exactly when the digits written are 1 2', () => {
    const q = proverSuccess({ a: 5, b: 7 }, 4, endsAtOnce)
    expect([q([]), q([1]), q([1, 2]), q([1, T, 2]), q([1, 2, T]), q([T, 1, 2]), q([1, 2, 2]), q([2])]).toEqual([0, 0, 1, 1, 1, 1, 0, 0])
  })

  it('asks the prover once, about the 32 states on the answer of 5 + 7 under L = 8, and every row as the environment observes it', () => {
    const calls: number[] = []
    const seen: Float32Array[] = []
    const spy: Prover = (observations, rows) => {
      calls.push(rows)
      for (let r = 0; r < rows; r++) seen.push(observations.slice(r * TOKEN_OBS_SIZE, (r + 1) * TOKEN_OBS_SIZE))
      return uniformProver(observations, rows)
    }
    proverSuccess({ a: 5, b: 7 }, 8, spy)
    // t = 0: 1; t = 1: "think", "1"; t = 2: "think think", "1 think"/"think 1", "1 2" … (m, last) pairs:
    // t = 1: 2, t = 2: 4, t = 3 … 7: 5 each (m = 0 think; m = 1 think or 1; m = 2 think or 2) → 1 + 2 + 4 + 25.
    expect(calls).toEqual([32])
    const expected = [[], [T], [1], [T, T], [T, 1], [1, T], [1, 2], [T, T, T], [T, T, 1], [1, T, T], [T, 1, 2], [1, 2, T]].map((tokens) => Array.from(envObservation(5, 7, tokens, 8)).join())
    const got = new Set(seen.map((o) => Array.from(o).join()))
    for (const row of expected) expect(got.has(row)).toBe(true)
  })
})

/** Every finished continuation of the empty completion (end written, or L tokens), depth first. */
function* continuations(maxLength: number, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === maxLength || prefix[prefix.length - 1] === END) {
    yield prefix
    return
  }
  for (let x = 0; x < NUM_TOKENS; x++) yield* continuations(maxLength, [...prefix, x])
}

describe('proverSuccess against brute force', () => {
  for (const [a, b] of [
    [3, 4],
    [5, 7],
    [0, 0],
    [9, 9],
  ]) {
    for (const maxLength of [3, 4]) {
      it(`agrees with every finished continuation (all ${NUM_TOKENS}^${maxLength} token strings, cut at end) under a random prover for ${a} + ${b}, L = ${maxLength}, at every prefix, to 1e-12`, () => {
        const prover = randomMlpProver(10 * a + b + maxLength)
        const q = proverSuccess({ a, b }, maxLength, prover)
        // P(prefix) = Π μ(o_j | o_1 … o_{j−1}); each finished continuation adds its probability to
        // every one of its prefixes, and its probability when correct; Q(prefix) = correct / P(prefix).
        const rows = new Map<string, number[]>()
        const row = (tokens: number[]) => {
          const key = tokens.join()
          let found = rows.get(key)
          if (found === undefined) rows.set(key, (found = proverRow(prover, a, b, tokens, maxLength)))
          return found
        }
        const mass = new Map<string, number>()
        const right = new Map<string, number>()
        const prefixes = new Map<string, number[]>()
        let total = 0
        let count = 0
        for (const completion of continuations(maxLength)) {
          count++
          let p = 1
          for (let j = 0; j < completion.length; j++) p *= row(completion.slice(0, j))[completion[j]]
          const correct = isCorrect(a, b, completion, 0, completion.length)
          total += p
          for (let j = 0; j <= completion.length; j++) {
            const key = completion.slice(0, j).join()
            prefixes.set(key, completion.slice(0, j))
            mass.set(key, (mass.get(key) ?? 0) + p)
            if (correct) right.set(key, (right.get(key) ?? 0) + p)
          }
        }
        // 11^L cut ones, and 11^(k−1) that end at token k for k = 1 … L.
        expect(count).toBe(11 ** maxLength + (11 ** maxLength - 1) / 10)
        expect(total).toBeCloseTo(1, 12)
        for (const [key, tokens] of prefixes) {
          const brute = (right.get(key) ?? 0) / mass.get(key)!
          expect(Math.abs(q(tokens) - brute)).toBeLessThan(1e-12)
          // With every token possible, Q > 0 exactly where the gold step label says a right answer can still follow.
          if (tokens.length > 0) expect(q(tokens) > 0).toBe(tokenStepLabels(a, b, tokens, maxLength)[tokens.length - 1] === 1)
        }
      })
    }
  }
})

describe('proverSuccess: V_μ(prefix) = Σ_x μ(x | prefix)·Q_μ(prefix + x) is the Q of the previous step', () => {
  it('holds to 1e-12 on random prefixes, on and off the answer, for a random prover', () => {
    const rng = new Rng(7)
    for (let trial = 0; trial < 60; trial++) {
      const a = rng.int(10)
      const b = rng.int(10)
      const maxLength = 3 + rng.int(6)
      const prover = randomMlpProver(100 + trial)
      const q = proverSuccess({ a, b }, maxLength, prover)
      const answer = answerDigits(a, b)
      // Half the prefixes follow the answer with thinks between, half are random tokens other than end.
      const length = rng.int(maxLength)
      const tokens: number[] = []
      for (let j = 0; j < length; j++) {
        const onAnswer = trial % 2 === 0
        const digitsWritten = tokens.filter((x) => x < THINK).length
        tokens.push(onAnswer ? (digitsWritten < answer.length && rng.uniform() < 0.6 ? answer[digitsWritten] : T) : rng.int(11))
      }
      const p = proverRow(prover, a, b, tokens, maxLength)
      let v = 0
      for (let x = 0; x < NUM_TOKENS; x++) v += p[x] * q([...tokens, x])
      expect(Math.abs(v - q(tokens))).toBeLessThan(1e-12)
    }
  })
})

describe('proverSuccess refusals', () => {
  it('refuses a prover whose rows do not sum to 1, and says what a row must be', () => {
    const tenths: Prover = (_o, rows) => new Float64Array(rows * NUM_TOKENS).fill(0.1)
    expect(() => proverSuccess({ a: 3, b: 4 }, 3, tenths)).toThrow(
      "proverSuccess: the prover's row 0 (t = 0, nothing written, digits written none) sums to 1.2; each row must be 12 probabilities (0–9, think, end), each ≥ 0, summing to 1 within 0.000001",
    )
  })

  it('refuses negative, missing and not-a-number probabilities and the wrong number of them', () => {
    const withEntry =
      (value: number): Prover =>
      (o, rows) => {
        const out = uniformProver(o, rows) as Float64Array
        out[NUM_TOKENS + 3] = value
        return out
      }
    expect(() => proverSuccess({ a: 3, b: 4 }, 3, withEntry(-0.1))).toThrow("the prover's probability of token 3 at row 1 (t = 1, last token think, digits written none) is -0.1")
    expect(() => proverSuccess({ a: 3, b: 4 }, 3, withEntry(NaN))).toThrow("the prover's probability of token 3 at row 1 (t = 1, last token think, digits written none) is NaN")
    expect(() => proverSuccess({ a: 3, b: 4 }, 3, (_o, rows) => new Float64Array((rows - 1) * NUM_TOKENS))).toThrow(
      'proverSuccess: the prover returned 60 values for 6 observations; it must return 6 × 12 = 72 (each row must be 12 probabilities',
    )
  })

  it('accepts rows that sum to 1 within 1e-6 and uses them as they are', () => {
    const rounded: Prover = (o, rows) => Float32Array.from(uniformProver(o, rows) as Float64Array)
    expect(proverSuccess({ a: 3, b: 4 }, 3, rounded)([])).toBeCloseTo(14 / 1728, 8)
  })

  it('refuses prompts that are not two digits and max_length outside the task’s 3 to 32', () => {
    expect(() => proverSuccess({ a: 10, b: 4 }, 3, uniformProver)).toThrow('proverSuccess: the prompt must be {a, b} with a and b digits from 0 to 9, got {"a":10,"b":4}')
    expect(() => proverSuccess({ a: 3, b: 1.5 }, 3, uniformProver)).toThrow('a and b digits from 0 to 9')
    expect(() => proverSuccess({ a: 3, b: 4 }, 2, uniformProver)).toThrow("proverSuccess: max_length must be an integer from 3 to 32 (the token task's bounds), got 2")
    expect(() => proverSuccess({ a: 3, b: 4 }, 33, uniformProver)).toThrow('got 33')
    expect(() => proverSuccess({ a: 3, b: 4 }, 4.5, uniformProver)).toThrow('got 4.5')
  })

  it('refuses prefixes the task cannot write', () => {
    const q = proverSuccess({ a: 3, b: 4 }, 3, uniformProver)
    expect(() => q([7, 12])).toThrow('proverSuccess: token 2 of the prefix must be an integer from 0 to 11 (0–9 digits, 10 think, 11 end), got 12')
    expect(() => q([E, 7])).toThrow('proverSuccess: end at token 1 of 2; end is the last token written')
    expect(() => q([T, T, T, E])).toThrow('proverSuccess: a prefix of 4 tokens is longer than max_length 3')
    expect(() => q([7], 2)).toThrow('proverSuccess: the prefix length must be an integer from 0 to 1 (the tokens given), got 2')
  })
})
