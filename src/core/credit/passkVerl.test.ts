import { describe, expect, it } from 'vitest'
import { passkVerlAdvantages } from './passkVerl'

const close = (actual: Float64Array, expected: number[]) => {
  expect(actual).toHaveLength(expected.length)
  expected.forEach((value, i) => expect(actual[i]).toBeCloseTo(value, 14))
}

describe('passkVerlAdvantages (verl grpo_passk)', () => {
  it('credits only the best completion, by its lead over the second best divided by the whole group’s Bessel std', () => {
    // (1, 3, 2): r_max = 3 (completion 1), r_2nd = 2, lead 1; mean 2, std = √((1 + 1 + 0)/2) = 1.
    // The top two alone would give std √(1/2), the population std √(2/3): neither is taken.
    close(passkVerlAdvantages([1, 3, 2], [3], true, 0), [0, 1, 0])
    // (0, 1, 0, 0): lead 1; mean 1/4, std = √((3/16 + 9/16)/3) = 1/2, so a = 2
    close(passkVerlAdvantages([0, 1, 0, 0], [4], true, 0), [0, 2, 0, 0])
  })

  it('adds eps to the std, as verl’s std + epsilon', () => {
    close(passkVerlAdvantages([1, 3, 2], [3], true, 1e-6), [0, 1 / (1 + 1e-6), 0])
    close(passkVerlAdvantages([0, 1, 0, 0], [4], true, 1e-4), [0, 1 / (0.5 + 1e-4), 0, 0])
  })

  it('gives the bare lead without the std (scale none, verl’s norm_adv_by_std_in_grpo false), eps unused', () => {
    close(passkVerlAdvantages([1, 3, 2], [3], false, 0), [0, 1, 0])
    close(passkVerlAdvantages([0, 1, 0, 0], [4], false, 1e-4), [0, 1, 0, 0])
    close(passkVerlAdvantages([5, 1.5, -2], [3], false, 0), [3.5, 0, 0])
    close(passkVerlAdvantages([-3, -1, -2], [3], false, 0), [0, 1, 0])
  })

  it('gives every completion 0 where the best reward is tied, with or without the std', () => {
    expect(Array.from(passkVerlAdvantages([1, 1, 0], [3], true, 1e-6))).toEqual([0, 0, 0])
    expect(Array.from(passkVerlAdvantages([0, 2, 1, 2], [4], false, 0))).toEqual([0, 0, 0, 0])
    // all equal with eps = 0: std + eps = 0, and the advantage is 0, not NaN
    expect(Array.from(passkVerlAdvantages([2, 2], [2], true, 0))).toEqual([0, 0])
  })

  it('takes a tie below the best as one second best: (1, 0, 0) leads by 1 over a std of 1/√3', () => {
    // mean 1/3, std = √((4/9 + 1/9 + 1/9)/2) = 1/√3, so a = √3
    close(passkVerlAdvantages([1, 0, 0], [3], true, 0), [Math.sqrt(3), 0, 0])
  })

  it('handles groups apart and skips empty ones', () => {
    // (3, 1) and (0.5, 2.5): lead 2 each, std √((1 + 1)/1) = √2, so a = √2
    close(passkVerlAdvantages([3, 1, 0.5, 2.5], [2, 0, 2], true, 0), [Math.SQRT2, 0, 0, Math.SQRT2])
    close(passkVerlAdvantages([3, 1, 0.5, 2.5], [2, 0, 2], false, 0), [2, 0, 0, 2])
  })

  it('lets an overflow show: NaN for a group with a NaN reward or an infinite std, ∞ for an infinite lead unscaled', () => {
    const withNaN = passkVerlAdvantages([NaN, 1, 0, 2], [2, 2], true, 0)
    expect(Number.isNaN(withNaN[0]) && Number.isNaN(withNaN[1])).toBe(true)
    close(withNaN.subarray(2), [0, Math.SQRT2])
    expect(Number.isNaN(passkVerlAdvantages([Infinity, 0], [2], true, 1e-6)[0])).toBe(true)
    expect(passkVerlAdvantages([Infinity, 0], [2], false, 0)[0]).toBe(Infinity)
  })

  it('refuses a group of one completion (as verl), a bad eps and a layout that does not add up', () => {
    expect(() => passkVerlAdvantages([1, 0, 1], [2, 1], true, 0)).toThrow("group 1 has 1 completion; grpo_passk credits a group's best completion by its lead over the second best, so every group needs at least 2")
    expect(() => passkVerlAdvantages([1, 0], [2], true, -1)).toThrow('eps must be a finite number of at least 0, got -1')
    expect(() => passkVerlAdvantages([1, 0], [3], true, 0)).toThrow('group sizes add up to 3, but there are 2 completions')
  })
})
