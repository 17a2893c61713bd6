import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { END, THINK, tokenseq, type TokenSeqEnv } from './tokenseq'
import { scorePartialCredit } from './tokenseqPartialCredit'
import { allocateStepBuffers } from './types'

const T = THINK
const E = END

/** [closeness, digits] of `tokens` answering a + b under K. */
function credit(a: number, b: number, tokens: number[], K = 10): number[] {
  const out = new Float64Array(2)
  scorePartialCredit(a, b, tokens, 0, tokens.length, K, out, 0)
  return Array.from(out)
}

describe('closeness = max(0, 1 − |v − (a + b)| / K)', () => {
  it('grades one- and two-digit answers by their distance to the sum', () => {
    // 3 + 4 = 7: "7" → 1 − 0/10 = 1; "5" → 1 − 2/10 = 0.8; "9" → 1 − 2/10 = 0.8
    expect(credit(3, 4, [7, E])[0]).toBe(1)
    expect(credit(3, 4, [5, E])[0]).toBeCloseTo(0.8, 15)
    expect(credit(3, 4, [9, E])[0]).toBeCloseTo(0.8, 15)
    // 5 + 7 = 12: "1 3" → 1 − 1/10 = 0.9; "9" → 1 − 3/10 = 0.7; "2" → 1 − 10/10 = 0; "2 1" → 1 − 9/10 = 0.1
    expect(credit(5, 7, [1, 3, E])[0]).toBeCloseTo(0.9, 15)
    expect(credit(5, 7, [9, E])[0]).toBeCloseTo(0.7, 15)
    expect(credit(5, 7, [2, E])[0]).toBe(0)
    expect(credit(5, 7, [2, 1, E])[0]).toBeCloseTo(0.1, 15)
  })

  it('clips at 0 and scales with K', () => {
    // 9 + 9 = 18: "1" → 1 − 17/10 = −0.7, clipped to 0; with K = 20: 1 − 17/20 = 0.15
    expect(credit(9, 9, [1, E])[0]).toBe(0)
    expect(credit(9, 9, [1, E], 20)[0]).toBeCloseTo(0.15, 15)
    // 3 + 4 = 7, "9 9" = 99: 1 − 92/100 = 0.08 at the largest K; a 4-digit answer (capped at 1000) is 0 at any K
    expect(credit(3, 4, [9, 9, E], 100)[0]).toBeCloseTo(0.08, 15)
    expect(credit(3, 4, [9, 9, 9, 9, E], 100)[0]).toBe(0)
    // K = 1: only the exact value earns anything, 1 − 1/1 = 0 one away
    expect(credit(3, 4, [8, E], 1)[0]).toBe(0)
    // A non-integer K: 1 − 1/2.5 = 0.6
    expect(credit(3, 4, [8, E], 2.5)[0]).toBeCloseTo(0.6, 15)
  })

  it('reads the value as correct does: think skipped, leading zeros ignored', () => {
    // "think 1 think 2 end" spells 12 for 5 + 7: 1; "0 7 end" spells 7 for 3 + 4: 1 (correct pays 0 for it)
    expect(credit(5, 7, [T, 1, T, 2, E])[0]).toBe(1)
    expect(credit(3, 4, [0, 7, E])[0]).toBe(1)
  })
})

describe('digits = m / max(n_ref, n)', () => {
  it('counts the places, from the units, where the answer agrees with the sum', () => {
    // 5 + 7 = 12 (n_ref = 2): "1 2" → 2/2; "1 3" → tens right 1/2; "3 2" → units right 1/2; "2 1" → 0/2
    expect(credit(5, 7, [1, 2, E])[1]).toBe(1)
    expect(credit(5, 7, [1, 3, E])[1]).toBe(0.5)
    expect(credit(5, 7, [3, 2, E])[1]).toBe(0.5)
    expect(credit(5, 7, [2, 1, E])[1]).toBe(0)
    // "2": its units right, the tens missing → 1/max(2, 1) = 1/2; "1": units 1 ≠ 2 → 0/2
    expect(credit(5, 7, [2, E])[1]).toBe(0.5)
    expect(credit(5, 7, [1, E])[1]).toBe(0)
    // 3 + 4 = 7 (n_ref = 1): "7" → 1/1; "6" → 0/1
    expect(credit(3, 4, [7, E])[1]).toBe(1)
    expect(credit(3, 4, [6, E])[1]).toBe(0)
  })

  it('charges extra digits, a leading zero too, and skips think tokens', () => {
    // 3 + 4: "0 7" → units right, 1/max(1, 2) = 1/2; "1 1 7" → 1/3
    expect(credit(3, 4, [0, 7, E])[1]).toBe(0.5)
    expect(credit(3, 4, [1, 1, 7, E])[1]).toBe(1 / 3)
    // 5 + 7: "1 1 2" → units and tens right, 2/max(2, 3) = 2/3; "1 think 2 think" → 2/2
    expect(credit(5, 7, [1, 1, 2, E])[1]).toBe(2 / 3)
    expect(credit(5, 7, [1, T, 2, T, E])[1]).toBe(1)
    // 0 + 0 = 0: "0" → 1/1; "0 0" → 1/2
    expect(credit(0, 0, [0, E])[1]).toBe(1)
    expect(credit(0, 0, [0, 0, E])[1]).toBe(0.5)
  })
})

describe('an answer that is not a number', () => {
  it('earns 0 from both: no digit before end, no end, or nothing written', () => {
    expect(credit(3, 4, [E])).toEqual([0, 0])
    expect(credit(3, 4, [T, T, E])).toEqual([0, 0])
    // Cut without end, though its digits spell 7
    expect(credit(3, 4, [T, 7, T])).toEqual([0, 0])
    expect(credit(3, 4, [])).toEqual([0, 0])
    // Only what comes before end is read: "7 end 8" is 7
    expect(credit(3, 4, [7, E, 8])).toEqual([1, 1])
  })
})

describe('tokenseq pays closeness and digits', () => {
  it('on the last token, under closeness_scale, with default weight 0', () => {
    const env = tokenseq.create(1, { max_length: 4, closeness_scale: 4 }) as TokenSeqEnv
    const out = allocateStepBuffers(env.spec, 1)
    const rng = new Rng(1)
    env.setState(0, [4, 5, 7, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1])
    env.step(new Int32Array([1]), out, rng, false)
    expect(Array.from(out.components.subarray(5, 7))).toEqual([0, 0])
    env.step(new Int32Array([3]), out, rng, false)
    env.step(new Int32Array([E]), out, rng, false)
    // 5 + 7 = 12, "1 3": closeness 1 − 1/4 = 0.75, digits 1/2; correct 0
    expect(out.components[0]).toBe(0)
    expect(Array.from(out.components.subarray(5, 7))).toEqual([0.75, 0.5])
    const names = env.spec.components.map((c) => c.name)
    expect(names.slice(5)).toEqual(['closeness', 'digits'])
    expect(env.spec.components.slice(5).map((c) => c.defaultWeight)).toEqual([0, 0])
    expect(env.spec.components[5].description).toContain('K = 4 (closeness_scale)')
    expect(env.spec.objective.name).toBe('correct')
  })

  it('takes closeness_scale from 1 to 100, 10 by default, and names the range otherwise', () => {
    expect(tokenseq.spec.params.find((p) => p.name === 'closeness_scale')).toMatchObject({ kind: 'number', default: 10, min: 1, max: 100 })
    expect(() => tokenseq.describe({ closeness_scale: 0 })).toThrow('parameter "closeness_scale" of tokenseq must be a number from 1 to 100, got 0')
    expect(() => tokenseq.describe({ closeness_scale: 'far' })).toThrow('parameter "closeness_scale" of tokenseq must be a number from 1 to 100, got "far"')
  })
})
