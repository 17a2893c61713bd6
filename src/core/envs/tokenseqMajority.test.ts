import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { allocateStepBuffers } from './types'
import { END, THINK, tokenseq, type TokenSeqEnv } from './tokenseq'
import { completionAnswer, majorityAgreement } from './tokenseqMajority'

const E = END
const T = THINK

function agreement(answers: (string | null)[]): number[] {
  const out = new Float64Array(answers.length)
  majorityAgreement(answers, out)
  return Array.from(out)
}

describe('a completion’s answer for the majority vote', () => {
  it('is the digits written before end, think skipped, as a string', () => {
    expect(completionAnswer([7, E], 0, 2)).toBe('7')
    expect(completionAnswer([T, 1, T, 2, E], 0, 5)).toBe('12')
    // A leading zero is kept: "0 7" is not the answer "7".
    expect(completionAnswer([0, 7, E], 0, 3)).toBe('07')
    // Read from the offset, `count` tokens.
    expect(completionAnswer([9, 9, 4, E, 5], 2, 2)).toBe('4')
  })

  it('is none without end (cut at the limit) or without a digit', () => {
    expect(completionAnswer([1, 2, 3, 4], 0, 4)).toBeNull()
    expect(completionAnswer([E], 0, 1)).toBeNull()
    expect(completionAnswer([T, T, E], 0, 3)).toBeNull()
    // end lies past the tokens written: not ended.
    expect(completionAnswer([3, E], 0, 1)).toBeNull()
  })
})

describe('majority agreement within a group', () => {
  it('pays 1 to the answers equal to the most common one and 0 to the rest', () => {
    // votes: 7 ×2, 3 ×1 → majority 7
    expect(agreement(['7', '3', '7', '5'])).toEqual([1, 0, 1, 0])
    // "07" and "7" are two answers: 7 ×2, 07 ×1
    expect(agreement(['07', '7', '7'])).toEqual([0, 1, 1])
  })

  it('breaks a tie for the answer written first', () => {
    // 4 ×2 and 9 ×2: 4 is seen first (copy 0)
    expect(agreement(['4', '9', '9', '4'])).toEqual([1, 0, 0, 1])
    // 9 ×2 and 4 ×2: now 9 is seen first
    expect(agreement(['9', '4', '4', '9'])).toEqual([1, 0, 0, 1])
    // All different: the first answer is the majority with one vote
    expect(agreement(['2', '8', '5'])).toEqual([1, 0, 0])
  })

  it('never counts no answer: it is paid 0 and never the majority, however many there are', () => {
    // none ×3, 5 ×1 → majority 5
    expect(agreement([null, null, '5', null])).toEqual([0, 0, 1, 0])
    // none first: the tie between 6 and 1 goes to 6, the first answer written
    expect(agreement([null, '6', '1'])).toEqual([0, 1, 0])
    // no answer at all: no majority, all 0
    expect(agreement([null, null])).toEqual([0, 0])
  })
})

describe('tokenseq pays majority at the group’s end', () => {
  /** A copy's state with `tokens` written to a + b under max_length 4, no previous completion. */
  const state = (a: number, b: number, tokens: number[]) => [4, a, b, tokens.length, ...tokens, ...new Array(4 - tokens.length).fill(-1), -1, -1, -1, -1, -1, -1]

  it('pays 0 on every step, the end included', () => {
    const env = tokenseq.create(1, { max_length: 4, group_size: 1 }) as TokenSeqEnv
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, state(3, 4, [7]))
    env.step(Int32Array.of(E), out, new Rng(1), false)
    expect(out.terminated[0]).toBe(1)
    const majority = env.spec.components.map((c) => c.name).indexOf('majority')
    expect(majority).toBe(env.spec.components.length - 1)
    expect(out.components[majority]).toBe(0)
  })

  it('writes each group’s agreement into its column of rows of any stride, the other columns 0', () => {
    const env = tokenseq.create(6, { max_length: 4, group_size: 3 }) as TokenSeqEnv
    // Group 0 (3 + 4): 7, 7, 3 → majority 7. Group 1 (2 + 2): cut, "end", 4 → majority 4 (the only answer).
    const copies = [
      [3, 4, [7, E]],
      [3, 4, [T, 7, E]],
      [3, 4, [3, E]],
      [2, 2, [1, 2, 3, 4]],
      [2, 2, [E]],
      [2, 2, [4, E]],
    ] as const
    copies.forEach(([a, b, tokens], i) => env.setState(i, state(a, b, [...tokens])))
    // A stride of K + 1: the environment's K components (majority the last) and one a reward design added after them.
    const K = env.spec.components.length
    const stride = K + 1
    const out = new Float64Array(6 * stride).fill(9)
    env.payGroupEnds(out, stride)
    const column = (k: number) => Array.from({ length: 6 }, (_, i) => out[i * stride + k])
    expect(column(K - 1)).toEqual([1, 1, 0, 0, 0, 1])
    for (let k = 0; k < stride; k++) if (k !== K - 1) expect(column(k)).toEqual([0, 0, 0, 0, 0, 0])
  })
})
