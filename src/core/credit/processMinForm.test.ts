import { describe, expect, it } from 'vitest'
import { minFormProcessAdvantages } from './processMinForm'

describe('minFormProcessAdvantages (PURE’s min-form credit, each token a step)', () => {
  it('takes the minimum of the step rewards at or after each token and judges it against the group’s completion values', () => {
    // One group: o_1 = [−1, 0, −3], o_2 = [0, −2].
    // G_1 = [min(−1, 0, −3), min(0, −3), −3] = [−3, −3, −3]; G_2 = [min(0, −2), −2] = [−2, −2].
    // V = {−3, −2}: mean −2.5, std = √((0.25 + 0.25)/1) = √0.5. A = (G + 2.5)/√0.5.
    const s = Math.sqrt(0.5)
    const advantages = minFormProcessAdvantages([-1, 0, -3, 0, -2], [3, 2], [2], 0)
    const expected = [-0.5 / s, -0.5 / s, -0.5 / s, 0.5 / s, 0.5 / s]
    expected.forEach((value, t) => expect(advantages[t]).toBeCloseTo(value, 14))
  })

  it('gives a step after the worst one the minimum of what follows it, not the worst', () => {
    // o_1 = [−4, 1, 0.5]: G = [−4, 0.5, 0.5]; o_2 = [1]: G = [1]. V = {−4, 1}: mean −1.5, std √12.5.
    const s = Math.sqrt(12.5)
    const advantages = minFormProcessAdvantages([-4, 1, 0.5, 1], [3, 1], [2], 0)
    const expected = [-2.5 / s, 2 / s, 2 / s, 2.5 / s]
    expected.forEach((value, t) => expect(advantages[t]).toBeCloseTo(value, 14))
  })

  it('pays a run of harmless steps no more than one of them, where the sum pays each (the hacking min-form prevents)', () => {
    // Two completions with the same worst step −1: four steps of −0.1 after it or none. Same value, same advantage at the first token.
    const advantages = minFormProcessAdvantages([-1, -0.1, -0.1, -0.1, -0.1, -1], [5, 1], [2], 0)
    expect(advantages[0]).toBe(0)
    expect(advantages[5]).toBe(0)
  })

  it('normalises each group on its own and adds eps to the std', () => {
    // Group 1: values 2 and 4 → mean 3, std √2; group 2: one completion [5, 5] → no spread, exactly 0.
    const advantages = minFormProcessAdvantages([2, 4, 5, 5], [1, 1, 2], [2, 1], 0.5)
    expect(advantages[0]).toBeCloseTo(-1 / (Math.SQRT2 + 0.5), 14)
    expect(advantages[1]).toBeCloseTo(1 / (Math.SQRT2 + 0.5), 14)
    expect(Array.from(advantages.subarray(2))).toEqual([0, 0])
  })

  it('gives 0 where there is no spread to divide by (eps 0), never NaN', () => {
    expect(Array.from(minFormProcessAdvantages([3, 1], [2], [1], 0))).toEqual([0, 0])
  })

  it('refuses a layout that does not add up, naming it', () => {
    expect(() => minFormProcessAdvantages([1, 2], [1, 2], [2], 0)).toThrow('2 step rewards for 3 tokens; give one per token')
    expect(() => minFormProcessAdvantages([1], [1], [2], 0)).toThrow('group sizes add up to 2, but there are 1 completions')
    expect(() => minFormProcessAdvantages([], [0], [1], 0)).toThrow('length 0 must be a whole number of at least 1')
  })
})
