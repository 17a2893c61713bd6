import { describe, expect, it } from 'vitest'
import { groupAdvantages } from './group'
import { passkAdvantages } from './passk'

const close = (actual: Float64Array, expected: number[]) => {
  expect(actual).toHaveLength(expected.length)
  expected.forEach((value, i) => expect(actual[i]).toBeCloseTo(value, 14))
}

describe('passkAdvantages', () => {
  it('gives the analytical pass@k advantages', () => {
    // N = 4, one right, k = 2: R̄ = 1 − C(3,2)/C(4,2) = 1/2, σ = 1/2;
    // A_pos = (1/2)/(1/2) = 1, A_neg = (1/2 − C(2,1)/C(3,1))/(1/2) = (1/2 − 2/3)·2 = −1/3
    close(passkAdvantages([0, 1, 0, 0], [4], 2), [-1 / 3, 1, -1 / 3, -1 / 3])
    // N = 5, two right, k = 3: R̄ = 1 − C(3,3)/C(5,3) = 9/10, σ = 3/10;
    // A_pos = (1/10)/(3/10) = 1/3, A_neg = (1/10 − C(2,2)/C(4,2))/(3/10) = (1/10 − 1/6)·10/3 = −2/9
    close(passkAdvantages([1, 0, 1, 0, 0], [5], 3), [1 / 3, -2 / 9, 1 / 3, -2 / 9, -2 / 9])
  })

  it('sums to zero over a group, the mean of the pass@k reward taken out', () => {
    const advantages = passkAdvantages([1, 0, 0, 0, 1, 0, 0, 0], [8], 3)
    expect(advantages.reduce((sum, a) => sum + a, 0)).toBeCloseTo(0, 14)
  })

  it('is GRPO with the population std at k = 1', () => {
    // (1, 0, 0, 0): mean 1/4, population std √(3/16); Bessel's std is √(1/4)
    const rewards = [1, 0, 0, 0]
    const population = Math.sqrt(3 / 16)
    close(passkAdvantages(rewards, [4], 1), rewards.map((r) => (r - 0.25) / population))
    const bessel = groupAdvantages(rewards, [4], { center: 'mean', scale: 'group', rank: false, batchNormalize: false, eps: 0, combine: 'sum' })
    close(bessel, rewards.map((r) => (r - 0.25) / 0.5))
  })

  it('gives 0 where the group has no spread: all right, all wrong, or fewer than k wrong', () => {
    expect(Array.from(passkAdvantages([1, 1, 1], [3], 2))).toEqual([0, 0, 0])
    expect(Array.from(passkAdvantages([0, 0, 0], [3], 2))).toEqual([0, 0, 0])
    // one wrong of 4, k = 2: every pair holds a right answer, R̄ = 1
    expect(Array.from(passkAdvantages([1, 0, 1, 1], [4], 2))).toEqual([0, 0, 0, 0])
    expect(Array.from(passkAdvantages([1, 0, 1, 1], [4], 2, 1e-6))).toEqual([0, 0, 0, 0])
  })

  it('divides by σ + eps as the authors’ code does, and handles groups apart', () => {
    // group 0 as the first case (σ = 1/2) with eps = 1e-6; group 1 empty; group 2 (1, 0), k = 2: R̄ = 1
    close(passkAdvantages([0, 1, 0, 0, 1, 0], [4, 0, 2], 2, 1e-6), [...[-1 / 6, 1 / 2, -1 / 6, -1 / 6].map((a) => a / (0.5 + 1e-6)), 0, 0])
  })

  it('refuses a k beyond a group, and rewards other than 0 and 1', () => {
    expect(() => passkAdvantages([1, 0, 1], [2, 1], 2)).toThrow("k = 2 is more than group 1's 1 completions")
    expect(() => passkAdvantages([1, 0.5], [2], 1)).toThrow('completion 1 must be 0 (wrong) or 1 (right), got 0.5')
    expect(() => passkAdvantages([1, 0], [2], 0)).toThrow('k must be a whole number of at least 1')
  })
})
