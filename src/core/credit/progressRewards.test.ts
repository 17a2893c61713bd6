import { describe, expect, it } from 'vitest'
import { answerDigits, END, isCorrect, THINK } from '../envs/tokenseq'
import { Rng } from '../rng'
import { progressRewards } from './progressRewards'
import { proverSuccess } from './proverSuccess'
import { answersAtOnceProver, endsAtOnceProver, randomMlpProver, uniformProver } from './testProvers'

const T = THINK
const E = END

const progress = (a: number, b: number, tokens: number[], maxLength: number, q = proverSuccess({ a, b }, maxLength, uniformProver)) => Array.from(progressRewards({ a, b }, tokens, maxLength, q))

describe('progressRewards: hand-computed progress', () => {
  // Uniform prover, 3 + 4, L = 3 (proverSuccess.test.ts): Q(empty) = 7/864, Q(7) = 13/144,
  // Q(think) = 1/144, Q(think 7) = 1/12, Q(8) = 0; a finished right answer 1, a wrong one 0.
  it('"7 end" for 3 + 4 under a uniform prover with L = 3: 13/144 − 7/864 = 71/864, then 1 − 13/144 = 131/144', () => {
    const got = progress(3, 4, [7, E], 3)
    expect(got[0]).toBeCloseTo(71 / 864, 15)
    expect(got[1]).toBeCloseTo(131 / 144, 15)
  })

  it('"8 end": the wrong digit loses all Q(empty) = 7/864 at once and end changes nothing', () => {
    const got = progress(3, 4, [8, E], 3)
    expect(got[0]).toBeCloseTo(-7 / 864, 15)
    expect(got[1]).toBe(0)
  })

  it('"think 7 end": think costs 7/864 − 1/144 = 1/864, 7 gains 1/12 − 1/144 = 11/144, end 1 − 1/12 = 11/12', () => {
    const got = progress(3, 4, [T, 7, E], 3)
    expect(got[0]).toBeCloseTo(-1 / 864, 15)
    expect(got[1]).toBeCloseTo(11 / 144, 15)
    expect(got[2]).toBeCloseTo(11 / 12, 15)
  })

  it('5 + 7 with a prover that ends at once (L = 4): "1 2 end" credits 2 alone, the digit that completes the answer', () => {
    const q = proverSuccess({ a: 5, b: 7 }, 4, endsAtOnceProver)
    expect(progress(5, 7, [1, 2, E], 4, q)).toEqual([0, 1, 0])
    expect(progress(5, 7, [1, T, 2, E], 4, q)).toEqual([0, 0, 1, 0])
    expect(progress(5, 7, [1, 3, E], 4, q)).toEqual([0, 0, 0])
  })

  it('5 + 7 with a prover that answers at once (L = 3): "think 1 2", cut, loses everything on think', () => {
    const q = proverSuccess({ a: 5, b: 7 }, 3, answersAtOnceProver)
    expect(progress(5, 7, [T, 1, 2], 3, q)).toEqual([-1, 0, 0])
    expect(progress(5, 7, [1, 2, E], 3, q)).toEqual([0, 0, 0])
    expect(progress(5, 7, [1, 3, E], 3, q)).toEqual([0, -1, 0])
  })

  it('gives one reward per token of a prefix, and none for no tokens', () => {
    expect(progress(3, 4, [7], 3)[0]).toBeCloseTo(71 / 864, 15)
    expect(progress(3, 4, [], 3)).toEqual([])
  })
})

describe('progressRewards telescopes', () => {
  it('sums to correct − Q(empty) over finished completions and to Q(prefix) − Q(empty) over prefixes, to 1e-12', () => {
    const rng = new Rng(11)
    let right = 0
    for (let trial = 0; trial < 200; trial++) {
      const a = rng.int(10)
      const b = rng.int(10)
      const maxLength = 3 + rng.int(6)
      const q = proverSuccess({ a, b }, maxLength, randomMlpProver(trial))
      // Half near the answer (its digits with thinks between, then end), half random tokens.
      const answer = answerDigits(a, b)
      const tokens: number[] = []
      while (tokens.length < maxLength && tokens[tokens.length - 1] !== END) {
        const digits = tokens.filter((x) => x < THINK).length
        if (trial % 2 === 0) tokens.push(rng.uniform() < 0.3 ? T : digits < answer.length ? answer[digits] : END)
        else tokens.push(rng.int(12))
      }
      const correct = isCorrect(a, b, tokens, 0, tokens.length) ? 1 : 0
      right += correct
      const rewards = progressRewards({ a, b }, tokens, maxLength, q)
      expect(rewards).toHaveLength(tokens.length)
      const sum = rewards.reduce((s, r) => s + r, 0)
      expect(Math.abs(sum - (correct - q([])))).toBeLessThan(1e-12)
      const cut = rng.int(tokens.length + 1)
      const partial = progressRewards({ a, b }, tokens.slice(0, cut), maxLength, q).reduce((s, r) => s + r, 0)
      expect(Math.abs(partial - (q(tokens, cut) - q([])))).toBeLessThan(1e-12)
    }
    // Both outcomes were seen.
    expect(right).toBeGreaterThan(20)
    expect(right).toBeLessThan(180)
  })
})

describe('progressRewards refusals', () => {
  it('refuses a prover success computed for another prompt or max_length', () => {
    const q = proverSuccess({ a: 3, b: 4 }, 3, uniformProver)
    expect(() => progressRewards({ a: 5, b: 7 }, [1, 2, E], 3, q)).toThrow(
      'progressRewards: the prover success was computed for 3 + 4 under max_length 3, not for 5 + 7 under max_length 3; compute proverSuccess for this prompt and max_length',
    )
    expect(() => progressRewards({ a: 3, b: 4 }, [7, E], 4, q)).toThrow('not for 3 + 4 under max_length 4')
  })

  it('refuses a completion the task cannot write', () => {
    const q = proverSuccess({ a: 3, b: 4 }, 3, uniformProver)
    expect(() => progressRewards({ a: 3, b: 4 }, [E, 7], 3, q)).toThrow('proverSuccess: end at token 1 of 2; end is the last token written')
    expect(() => progressRewards({ a: 3, b: 4 }, [7, T, T, E], 3, q)).toThrow('longer than max_length 3')
  })
})
