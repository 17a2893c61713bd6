import { describe, expect, it } from 'vitest'
import { processSupervisionAdvantages } from './processSupervision'

describe('processSupervisionAdvantages (DeepSeekMath §4.1.3, each token a step)', () => {
  it('normalises by the group’s step rewards and sums the steps at or after each token', () => {
    // One group: o_1 = [1, 0], o_2 = [0, 0, 1]. R = {1, 0, 0, 0, 1}: mean 0.4, Σ(r − 0.4)² = 2·0.36 + 3·0.16 = 1.2,
    // std = √(1.2/4) = √0.3. r̃ = 0.6/√0.3 for a 1, −0.4/√0.3 for a 0.
    const s = Math.sqrt(0.3)
    const hi = 0.6 / s
    const lo = -0.4 / s
    const advantages = processSupervisionAdvantages([1, 0, 0, 0, 1], [2, 3], [2], 0)
    const expected = [hi + lo, lo, lo + lo + hi, lo + hi, hi]
    expected.forEach((value, t) => expect(advantages[t]).toBeCloseTo(value, 14))
  })

  it('normalises each group on its own and adds eps to the std', () => {
    // Group 1: o = [2], [4] → mean 3, std √2; group 2: o = [5, 5] → all equal, exactly 0.
    const advantages = processSupervisionAdvantages([2, 4, 5, 5], [1, 1, 2], [2, 1], 0.5)
    expect(advantages[0]).toBeCloseTo(-1 / (Math.SQRT2 + 0.5), 14)
    expect(advantages[1]).toBeCloseTo(1 / (Math.SQRT2 + 0.5), 14)
    expect(Array.from(advantages.subarray(2))).toEqual([0, 0])
  })

  it('gives 0 where there is no spread to divide by (eps 0), never NaN', () => {
    expect(Array.from(processSupervisionAdvantages([3], [1], [1], 0))).toEqual([0])
  })

  it('refuses a layout that does not add up, naming it', () => {
    expect(() => processSupervisionAdvantages([1, 2], [1, 2], [2], 0)).toThrow('2 step rewards for 3 tokens; give one per token')
    expect(() => processSupervisionAdvantages([1], [1], [2], 0)).toThrow('group sizes add up to 2, but there are 1 completions')
    expect(() => processSupervisionAdvantages([], [0], [1], 0)).toThrow('length 0 must be a whole number of at least 1')
  })
})
