import { describe, expect, it } from 'vitest'
import { batchAdvantages, batchExcluded } from './batchAdvantages'
import { GroupEstimatorSchema } from './estimatorSchema'
import { groupEstimatorOf } from './estimators'
import { mcGrpoAdvantages, mcGrpoGroupSizeProblem } from './mcGrpo'

function expectClose(actual: ArrayLike<number>, expected: number[], digits = 12): void {
  expect(actual.length).toBe(expected.length)
  expected.forEach((value, i) => expect(actual[i], `entry ${i}`).toBeCloseTo(value, digits))
}

const MC_GRPO = GroupEstimatorSchema.parse({ baseline: 'mc_grpo' })

describe('mcGrpoAdvantages', () => {
  it('centres on the median, scales by MAD + 0.001 and multiplies the non-zero advantages by n over their count', () => {
    // (0.2, 1.0, 0.5): median 0.5, the third (pivot 2); |r − m| = (0.3, 0.5, 0), MAD 0.3, divisor 0.301;
    // â = (−0.3, 0.5, 0)/0.301, two non-zero → × 3/2: (−0.45, 0.75, 0)/0.301
    const { advantages, pivots, excluded } = mcGrpoAdvantages([0.2, 1.0, 0.5], [3])
    expectClose(advantages, [-0.45 / 0.301, 0.75 / 0.301, 0])
    expectClose(advantages, [-1.495016611295681, 2.4916943521594686, 0])
    expect(Array.from(pivots)).toEqual([2])
    expect(Array.from(excluded)).toEqual([0, 0, 1])
    expect(advantages[2]).toBe(0)
  })

  it('takes the first of the completions tied with the median as the pivot; the others keep advantage 0', () => {
    // (1, 0, 0): median 0, first at index 1; |r − m| = (1, 0, 0), MAD 0, divisor 0.001;
    // â = (1000, 0, 0), one non-zero → × 3/1: (3000, 0, 0). Index 2 is 0 too but stays in the loss.
    const { advantages, pivots, excluded } = mcGrpoAdvantages([1, 0, 0], [3])
    expectClose(advantages, [3000, 0, 0], 9)
    expect(Array.from(pivots)).toEqual([1])
    expect(Array.from(excluded)).toEqual([0, 1, 0])
    // (0, 0, 1, 1, 1): median 1, first at index 2; |r − m| = (1, 1, 0, 0, 0), MAD 0 → â = (−1000, −1000, 0, 0, 0), × 5/2
    const five = mcGrpoAdvantages([0, 0, 1, 1, 1], [5])
    expectClose(five.advantages, [-2500, -2500, 0, 0, 0], 9)
    expect(Array.from(five.pivots)).toEqual([2])
    expect(Array.from(five.excluded)).toEqual([0, 0, 1, 0, 0])
  })

  it('gives an all-equal group exactly zero advantage, its first completion the pivot', () => {
    const { advantages, pivots, excluded } = mcGrpoAdvantages([0.7, 0.7, 0.7], [3])
    // MAD 0, divisor 0.001, every r − m exactly 0: nothing is non-zero, nothing is scaled
    expect(Array.from(advantages)).toEqual([0, 0, 0])
    expect(Array.from(pivots)).toEqual([0])
    expect(Array.from(excluded)).toEqual([1, 0, 0])
  })

  it('takes G + 1 = 5: the middle of five values and the middle of their deviations', () => {
    // (3, 1, 4, 1, 5): sorted (1, 1, 3, 4, 5), median 3 (pivot 0); |r − m| = (0, 2, 1, 2, 2), sorted
    // (0, 1, 2, 2, 2), MAD 2, divisor 2.001; â = (0, −2, 1, −2, 2)/2.001, four non-zero → × 5/4
    const { advantages, pivots } = mcGrpoAdvantages([3, 1, 4, 1, 5], [5])
    expectClose(advantages, [0, -2.5 / 2.001, 1.25 / 2.001, -2.5 / 2.001, 2.5 / 2.001])
    expect(Array.from(pivots)).toEqual([0])
  })

  it('counts an advantage of at most 1e-6 as zero for the multiplier, and leaves it unscaled', () => {
    // (0, 1e-9, 1): median 1e-9 (pivot 1); |r − m| = (1e-9, 0, 1 − 1e-9), MAD 1e-9, divisor 0.001000001;
    // â_0 = −1e-9/0.001000001 ≈ −9.99999e-7, within 1e-6 of 0: not counted, not scaled;
    // â_2 = (1 − 1e-9)/0.001000001, the one non-zero → × 3
    const { advantages, pivots } = mcGrpoAdvantages([0, 1e-9, 1], [3])
    expectClose(advantages, [-1e-9 / 0.001000001, 0, (3 * (1 - 1e-9)) / 0.001000001], 15)
    expect(Math.abs(advantages[0])).toBeLessThan(1e-6)
    expect(Array.from(pivots)).toEqual([1])
  })

  it('works group by group: each its own median, MAD, multiplier and pivot', () => {
    const { advantages, pivots, excluded } = mcGrpoAdvantages([0.2, 1.0, 0.5, 1, 0, 0], [3, 3])
    expectClose(advantages, [-0.45 / 0.301, 0.75 / 0.301, 0, 3000, 0, 0], 9)
    expect(Array.from(pivots)).toEqual([2, 1])
    expect(Array.from(excluded)).toEqual([0, 0, 1, 0, 1, 0])
  })

  it('makes a group with a non-finite reward NaN throughout, not quiet numbers; a finite group beside it is unaffected', () => {
    // (1, NaN, 0): sorted (0, 1, NaN), middle 1, the first completion
    const withNaN = mcGrpoAdvantages([1, NaN, 0, 0.2, 1.0, 0.5], [3, 3])
    expect(Array.from(withNaN.advantages.subarray(0, 3)).every(Number.isNaN)).toBe(true)
    expectClose(withNaN.advantages.subarray(3), [-0.45 / 0.301, 0.75 / 0.301, 0])
    expect(Array.from(withNaN.pivots)).toEqual([0, 2])
    // (∞, 0, 1): middle 1, the third
    const infinite = mcGrpoAdvantages([Infinity, 0, 1], [3])
    expect(Array.from(infinite.advantages).every(Number.isNaN)).toBe(true)
    expect(Array.from(infinite.pivots)).toEqual([2])
    // (−1.7e308, 0, 1.7e308): median 0, MAD 1.7e308, whose + 0.001 is lost in rounding: (−1, 0, 1) × 3/2
    expect(Array.from(mcGrpoAdvantages([-1.7e308, 0, 1.7e308], [3]).advantages)).toEqual([-1.5, 0, 1.5])
    // (−1e308, 1e308, 1e308): median 1e308, r_0 − m overflows to −∞: the advantage says so, × 3 still −∞
    expect(Array.from(mcGrpoAdvantages([-1e308, 1e308, 1e308], [3]).advantages)).toEqual([-Infinity, 0, 0])
  })

  it('refuses a group that is not an odd number of at least 3, saying what to set', () => {
    expect(() => mcGrpoAdvantages([1, 2], [2])).toThrow(
      'mcGrpoAdvantages: group 0 has 2 completions; MC-GRPO draws G + 1 completions, an odd number of at least 3, so that one is the median; the group size is 2: set it to 3, 5, 7, … (G + 1)',
    )
    expect(() => mcGrpoAdvantages([1, 2, 3, 4, 5, 6, 7], [3, 4])).toThrow(/group 1 has 4 completions/)
    expect(() => mcGrpoAdvantages([1], [1])).toThrow(/group 0 has 1 completions/)
    expect(() => mcGrpoAdvantages([1, 2, 3], [0, 3])).toThrow(/group 0 has 0 completions/)
    expect(() => mcGrpoAdvantages([1, 2, 3], [5])).toThrow(/add up to 5, but there are 3/)
    expect(mcGrpoGroupSizeProblem(9)).toBeNull()
    expect(mcGrpoGroupSizeProblem(8)).toMatch(/the group size is 8/)
  })
})

describe('the mc_grpo estimator', () => {
  const scores = { components: [0.2, 0, 1.0, 0, 0.5, 0, 1, 1, 0, 0, 0, 0], weights: [1, 0.5], groupSizes: [3, 3], lengths: [2, 3, 1, 1, 1, 1] }

  it('computes the advantages of R_i = Σ_k w_k·C_ik, and names the pivots for the loss to leave out', () => {
    // R = (0.2, 1.0, 0.5) and (1.5, 0, 0)
    expectClose(batchAdvantages(scores, MC_GRPO), [-0.45 / 0.301, 0.75 / 0.301, 0, 4500, 0, 0], 9)
    expect(Array.from(batchExcluded(scores, MC_GRPO)!)).toEqual([0, 0, 1, 0, 1, 0])
    // The other baselines leave every completion in the loss.
    expect(batchExcluded(scores, GroupEstimatorSchema.parse({}))).toBeNull()
    expect(batchExcluded(scores, GroupEstimatorSchema.parse({ baseline: 'opo' }))).toBeNull()
  })

  it('takes the KL penalty into the reward, R_i + P_i, as the group baseline does', () => {
    // One penalty per token, 9 tokens: P = (0, −0.5, 0) and (0, 0, 0) per completion
    const klPenalty = [0, 0, -0.5, 0, 0, 0, 0, 0, 0]
    // R + P = (0.2, 0.5, 0.5) and (1.5, 0, 0): first group median 0.5, first at index 1, MAD 0 → â = (−300, 0, 0), × 3
    const withKl = { ...scores, klPenalty }
    expectClose(batchAdvantages(withKl, MC_GRPO), [-900, 0, 0, 4500, 0, 0], 9)
    expect(Array.from(batchExcluded(withKl, MC_GRPO)!)).toEqual([0, 1, 0, 0, 1, 0])
  })

  it('says when a batch’s groups are not G + 1 of an odd size', () => {
    const record = groupEstimatorOf('mc_grpo')
    expect(record.lacks({ ...scores, names: ['a', 'b'] }, MC_GRPO)).toBeNull()
    expect(record.lacks({ ...scores, groupSizes: [4, 2], names: ['a', 'b'] }, MC_GRPO)).toBe(
      "the latest batch's groups have 4 completions, and MC-GRPO takes an odd number of at least 3 (G + 1), so that one is the median",
    )
  })
})
