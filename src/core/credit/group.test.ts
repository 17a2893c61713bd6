import { describe, expect, it } from 'vitest'
import { GROUP_PRESETS, GroupEstimatorSchema, type GroupEstimator } from './estimatorSchema'
import { groupAdvantages, groupAdvantagesMulti, groupRanks, zeroAdvantageFraction } from './group'

const EPS = 1e-4

/** The schema's defaults (GRPO: mean, group std, eps 1e-4) with some fields changed. */
function estimator(overrides: Partial<GroupEstimator> = {}): GroupEstimator {
  return GroupEstimatorSchema.parse(overrides)
}

function expectClose(actual: ArrayLike<number>, expected: number[], digits = 12): void {
  expect(actual.length).toBe(expected.length)
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, digits))
}

describe('groupAdvantages', () => {
  it('reproduces the worked GRPO example: {1, 1, 2}', () => {
    // mean 4/3, Bessel std √((1/9 + 1/9 + 4/9)/2) = 1/√3
    // a = (−1/3, −1/3, 2/3)/(1/√3 + eps) = (−1/√3, −1/√3, 2/√3)·(1/√3)/(1/√3 + eps)
    const s = 1 / Math.sqrt(3)
    const shrink = s / (s + EPS)
    const advantages = groupAdvantages([1, 1, 2], [3], estimator())
    expect(advantages).toBeInstanceOf(Float64Array)
    expectClose(advantages, [-s * shrink, -s * shrink, 2 * s * shrink], 14)
    expect(advantages[0]).toBeCloseTo(-0.577, 3)
    expect(advantages[2]).toBeCloseTo(1.155, 3)
    // Any reward scale gives the same advantages, up to the eps.
    expectClose(groupAdvantages([100, 100, 200], [3], estimator()), [-s, -s, 2 * s], 5)
  })

  it('gives exactly zero advantage to a group whose rewards are all equal, under every centre and scale', () => {
    // 0.1 + 0.1 + 0.1 ≠ 0.3 in floating point: a naive mean would leave rounding noise here.
    for (const center of ['mean', 'median', 'loo'] as const) {
      for (const scale of ['group', 'batch', 'none'] as const) {
        for (const rank of [false, true]) {
          const advantages = groupAdvantages([0.1, 0.1, 0.1, 0.7, 0.7], [3, 2], estimator({ center, scale, rank }))
          expect(Array.from(advantages)).toEqual([0, 0, 0, 0, 0])
        }
      }
    }
    // Even with eps = 0, where 0/0 would be NaN.
    expect(Array.from(groupAdvantages([3, 3], [2], estimator({ eps: 0 })))).toEqual([0, 0])
  })

  it('lets an outlier flip a sign under a mean baseline that the median baseline keeps', () => {
    // Rewards (0, 2, 3, 11): mean 4, median (2 + 3)/2 = 2.5,
    // Bessel std √((16 + 4 + 1 + 49)/3) = √(70/3).
    const rewards = [0, 2, 3, 11]
    const s = Math.sqrt(70 / 3)
    const withMean = groupAdvantages(rewards, [4], estimator({ center: 'mean' }))
    const withMedian = groupAdvantages(rewards, [4], estimator({ center: 'median' }))
    // mean: (−4, −2, −1, 7)/(s + eps); the above-typical 3 gets a negative advantage
    expectClose(withMean, [-4, -2, -1, 7].map((d) => d / (s + EPS)))
    // median: (−2.5, −0.5, 0.5, 8.5)/(s + eps); 3 stays positive
    expectClose(withMedian, [-2.5, -0.5, 0.5, 8.5].map((d) => d / (s + EPS)))
    expect(withMean[2]).toBeLessThan(0)
    expect(withMedian[2]).toBeGreaterThan(0)
  })

  it('takes the middle value as the median of an odd group', () => {
    // (5, 1, 2): median 2, Dr. GRPO-style scale none → (3, −1, 0)
    expectClose(groupAdvantages([5, 1, 2], [3], estimator({ center: 'median', scale: 'none' })), [3, -1, 0])
  })

  it('leaves one out (RLOO): b_i = (Σ_j r_j − r_i)/(n − 1)', () => {
    // (1, 2, 6): Σ = 9, b = (8/2, 7/2, 3/2) = (4, 3.5, 1.5), a = r − b = (−3, −1.5, 4.5)
    const advantages = groupAdvantages([1, 2, 6], [3], estimator({ center: 'loo', scale: 'none' }))
    expectClose(advantages, [-3, -1.5, 4.5])
    // which is n/(n − 1) times the mean-centred reward: mean 3, (−2, −1, 3)·3/2
    expectClose(advantages, [-2, -1, 3].map((d) => (d * 3) / 2))
    // with group scale: std √((4 + 1 + 9)/2) = √7
    expectClose(groupAdvantages([1, 2, 6], [3], estimator({ center: 'loo', scale: 'group' })), [-3, -1.5, 4.5].map((d) => d / (Math.sqrt(7) + EPS)))
  })

  it('ranks within each group, ties sharing their average rank', () => {
    // Group (3, 1, 3, 2): ranks (3.5, 1, 3.5, 2); group (7, 7): ranks (1.5, 1.5)
    expect(Array.from(groupRanks([3, 1, 3, 2, 7, 7], [4, 2]))).toEqual([3.5, 1, 3.5, 2, 1.5, 1.5])
    // Ranks (3.5, 1, 3.5, 2): mean 2.5, deviations (1, −1.5, 1, −0.5), Bessel std √(4.5/3) = √1.5
    const expected = [1, -1.5, 1, -0.5].map((d) => d / (Math.sqrt(1.5) + EPS))
    expectClose(groupAdvantages([3, 1, 3, 2], [4], estimator({ rank: true })), expected)
    // Ranks ignore the reward's scale and any increasing transformation of it.
    expectClose(groupAdvantages([300, -5, 300, 2], [4], estimator({ rank: true })), expected)
    // All tied: every rank is (1 + 2 + 3)/3 = 2.
    expect(Array.from(groupRanks([4, 4, 4], [3]))).toEqual([2, 2, 2])
  })

  it('centres and scales by the whole batch (REINFORCE++-baseline)', () => {
    // Groups (0, 1) and (2, 4): batch mean 7/4, deviations (−1.75, −0.75, 0.25, 2.25),
    // Bessel std √((3.0625 + 0.5625 + 0.0625 + 5.0625)/3) = √(35/12)
    const s = Math.sqrt(35 / 12)
    expectClose(groupAdvantages([0, 1, 2, 4], [2, 2], estimator({ center: 'batch', scale: 'batch' })), [-1.75, -0.75, 0.25, 2.25].map((d) => d / (s + EPS)))
    // Group mean, batch std: deviations (−0.5, 0.5, −1, 1)
    expectClose(groupAdvantages([0, 1, 2, 4], [2, 2], estimator({ center: 'mean', scale: 'batch' })), [-0.5, 0.5, -1, 1].map((d) => d / (s + EPS)))
    // Batch mean, no scale: the deviations themselves; an all-equal group is not zero here.
    expectClose(groupAdvantages([1, 1, 4, 6], [2, 2], estimator({ center: 'batch', scale: 'none' })), [-2, -2, 1, 3])
  })

  it('normalises the whole batch at the end', () => {
    // Dr. GRPO on (0, 2) and (0, 4): a = (−1, 1, −2, 2); batch mean 0, Bessel std √(10/3)
    const s = Math.sqrt(10 / 3)
    const advantages = groupAdvantages([0, 2, 0, 4], [2, 2], estimator({ scale: 'none', batchNormalize: true }))
    expectClose(advantages, [-1, 1, -2, 2].map((a) => a / (s + EPS)))
    // Batch mean, no scale, then normalise: (1, 1, 4, 6) → (−2, −2, 1, 3); std √((4 + 4 + 1 + 9)/3) = √6
    expectClose(groupAdvantages([1, 1, 4, 6], [2, 2], estimator({ center: 'batch', scale: 'none', batchNormalize: true })), [-2, -2, 1, 3].map((a) => a / (Math.sqrt(6) + EPS)))
  })

  it('gives a group of one zero advantage under group centres, and handles uneven groups', () => {
    // Groups (5), (1, 3): GRPO → 0; (−1, 1)/(√2 + eps)
    const grpo = groupAdvantages([5, 1, 3], [1, 2], estimator())
    expectClose(grpo, [0, -1 / (Math.sqrt(2) + EPS), 1 / (Math.sqrt(2) + EPS)])
    expect(grpo[0]).toBe(0)
    // RLOO with n = 1: the baseline is the reward itself.
    expect(Array.from(groupAdvantages([5], [1], estimator({ center: 'loo', scale: 'none' })))).toEqual([0])
    // Median of one value is that value; the std of one value is 0, so a = 0/(0 + eps) = 0.
    expect(Array.from(groupAdvantages([5], [1], estimator({ center: 'median' })))).toEqual([0])
    // Batch centre, group scale: a lone completion is divided by eps alone: (5 − 3)/(0 + 1e-4)
    expect(groupAdvantages([5, 1, 3], [1, 2], estimator({ center: 'batch' }))[0]).toBeCloseTo(2 / EPS, 6)
    // A batch of one has batch std 0.
    expect(Array.from(groupAdvantages([5], [1], estimator({ center: 'batch', scale: 'batch' })))).toEqual([0])
    // Empty groups are allowed and produce nothing.
    expectClose(groupAdvantages([1, 3], [0, 2, 0], estimator({ scale: 'none' })), [-1, 1])
  })

  it('implements every named preset', () => {
    // Groups (1, 1, 2) and (0, 3). Group stds 1/√3 and √4.5; batch (1, 1, 2, 0, 3) mean 1.4,
    // Bessel std √((0.16 + 0.16 + 0.36 + 1.96 + 2.56)/4) = √1.3.
    const rewards = [1, 1, 2, 0, 3]
    const sizes = [3, 2]
    const s1 = 1 / Math.sqrt(3)
    const s2 = Math.sqrt(4.5)
    const expected: Record<string, number[]> = {
      // mean, group std
      grpo: [-1 / 3 / (s1 + EPS), -1 / 3 / (s1 + EPS), 2 / 3 / (s1 + EPS), -1.5 / (s2 + EPS), 1.5 / (s2 + EPS)],
      // mean, no scale
      dr_grpo: [-1 / 3, -1 / 3, 2 / 3, -1.5, 1.5],
      // b = (3/2, 3/2, 2/2) and (3/1, 0/1)
      rloo: [-0.5, -0.5, 1, -3, 3],
      // medians 1 and 1.5
      median: [0, 0, 1 / (s1 + EPS), -1.5 / (s2 + EPS), 1.5 / (s2 + EPS)],
      // batch mean 1.4, batch std √1.3
      reinforce_pp_baseline: [-0.4, -0.4, 0.6, -1.4, 1.6].map((d) => d / (Math.sqrt(1.3) + EPS)),
      // ranks (1.5, 1.5, 3): mean 2, std √0.75; ranks (1, 2): mean 1.5, std √0.5
      rank: [-0.5 / (Math.sqrt(0.75) + EPS), -0.5 / (Math.sqrt(0.75) + EPS), 1 / (Math.sqrt(0.75) + EPS), -0.5 / (Math.sqrt(0.5) + EPS), 0.5 / (Math.sqrt(0.5) + EPS)],
    }
    expect(Object.keys(GROUP_PRESETS).sort()).toEqual(Object.keys(expected).sort())
    for (const [name, preset] of Object.entries(GROUP_PRESETS)) {
      expectClose(groupAdvantages(rewards, sizes, estimator(preset)), expected[name])
    }
  })

  it('writes into a given buffer and rejects a layout that does not add up', () => {
    const out = new Float64Array(2)
    expect(groupAdvantages([0, 2], [2], estimator({ scale: 'none' }), out)).toBe(out)
    expect(Array.from(out)).toEqual([-1, 1])
    expect(() => groupAdvantages([1, 2, 3], [2], estimator())).toThrow(/add up to 2, but there are 3/)
    expect(() => groupAdvantages([1, 2], [1.5, 0.5], estimator())).toThrow(/non-negative integer/)
    expect(() => groupAdvantages([1, 2], [2], estimator(), new Float64Array(3))).toThrow(/must hold 2/)
  })
})

describe('groupAdvantagesMulti', () => {
  it('sum-first maps completions rewarded (1, 0) and (0, 1) to the same advantage; decoupled does not', () => {
    // Components per completion: (1, 0), (0, 1), (1, 0), (0, 0); weights (1, 1).
    const components = [1, 0, 0, 1, 1, 0, 0, 0]
    // sum: R = (1, 1, 1, 0), mean 3/4, std √((3·1/16 + 9/16)/3) = 1/2 → (1/4, 1/4, 1/4, −3/4)/(1/2 + eps)
    const summed = groupAdvantagesMulti(components, 2, [1, 1], [4], estimator({ combine: 'sum' }))
    expectClose(summed, [0.25, 0.25, 0.25, -0.75].map((d) => d / (0.5 + EPS)))
    expect(summed[0]).toBe(summed[1])
    // decoupled: component 1 (1, 0, 1, 0): mean 1/2, std √(1/3) → (½, −½, ½, −½)/(√(1/3) + eps)
    //            component 2 (0, 1, 0, 0): mean 1/4, std 1/2    → (−¼, ¾, −¼, −¼)/(1/2 + eps)
    // The rarer success, (0, 1), earns more.
    const s1 = Math.sqrt(1 / 3) + EPS
    const s2 = 0.5 + EPS
    const decoupled = groupAdvantagesMulti(components, 2, [1, 1], [4], estimator({ combine: 'decoupled' }))
    expectClose(decoupled, [0.5 / s1 - 0.25 / s2, -0.5 / s1 + 0.75 / s2, 0.5 / s1 - 0.25 / s2, -0.5 / s1 - 0.25 / s2])
    expect(decoupled[1]).toBeGreaterThan(decoupled[0])
  })

  it('sum-first gives one satisfied reward and two satisfied rewards the same advantage (the GDPO example)', () => {
    // Group 1: (0, 0) vs (0, 1), totals 0, 1; group 2: (0, 0) vs (1, 1), totals 0, 2. Both → (−1, 1)/√2.
    const components = [0, 0, 0, 1, 0, 0, 1, 1]
    const summed = groupAdvantagesMulti(components, 2, [1, 1], [2, 2], estimator({ combine: 'sum', eps: 0 }))
    expectClose(summed, [-Math.SQRT1_2, Math.SQRT1_2, -Math.SQRT1_2, Math.SQRT1_2])
    // decoupled: group 1 → (−1, 1)/√2 from component 2 alone (component 1 is all-equal → 0);
    //            group 2 → (−1, 1)/√2 from each component, summed: (−2, 2)/√2
    const decoupled = groupAdvantagesMulti(components, 2, [1, 1], [2, 2], estimator({ combine: 'decoupled', eps: 0 }))
    expectClose(decoupled, [-Math.SQRT1_2, Math.SQRT1_2, -Math.SQRT2, Math.SQRT2])
  })

  it('weights each component in both modes', () => {
    // One group of two: (2, 10) and (4, 0), weights (0.5, −1)
    // sum: R = (1 − 10, 2 − 0) = (−9, 2), mean −3.5, scale none → (−5.5, 5.5)
    expectClose(groupAdvantagesMulti([2, 10, 4, 0], 2, [0.5, -1], [2], estimator({ combine: 'sum', scale: 'none' })), [-5.5, 5.5])
    // decoupled, scale none: a^(1) = (−1, 1), a^(2) = (5, −5) → 0.5·a^(1) − a^(2) = (−5.5, 5.5)
    expectClose(groupAdvantagesMulti([2, 10, 4, 0], 2, [0.5, -1], [2], estimator({ combine: 'decoupled', scale: 'none' })), [-5.5, 5.5])
    // decoupled, group std: (2, 4) has std √2, (10, 0) has std 5√2
    // a^(1) = (−1, 1)/(√2 + eps), a^(2) = (5, −5)/(5√2 + eps) → 0.5·a^(1) − a^(2)
    const a1 = 1 / (Math.SQRT2 + EPS)
    const a2 = 5 / (5 * Math.SQRT2 + EPS)
    expectClose(groupAdvantagesMulti([2, 10, 4, 0], 2, [0.5, -1], [2], estimator({ combine: 'decoupled' })), [-0.5 * a1 - a2, 0.5 * a1 + a2])
  })

  it('normalises the decoupled sum over the batch (TRL normalize_then_sum)', () => {
    // Two groups of two, one component, scale none: a = (−1, 1, −3, 3); batch std √(20/3)
    const s = Math.sqrt(20 / 3)
    const advantages = groupAdvantagesMulti([0, 2, 0, 6], 1, [1], [2, 2], estimator({ combine: 'decoupled', scale: 'none', batchNormalize: true }))
    expectClose(advantages, [-1, 1, -3, 3].map((a) => a / (s + EPS)))
  })

  it('with one component and weight 1 agrees with groupAdvantages', () => {
    const rewards = [0.3, 0.9, 0.1, 5, 2]
    for (const combine of ['sum', 'decoupled'] as const) {
      const options = estimator({ combine, batchNormalize: true })
      expectClose(groupAdvantagesMulti(rewards, 1, [1], [3, 2], options), Array.from(groupAdvantages(rewards, [3, 2], options)), 14)
    }
  })

  it('keeps all-equal groups at exactly zero', () => {
    const advantages = groupAdvantagesMulti([0.1, 0.2, 0.1, 0.2, 0.1, 0.2], 2, [0.3, 0.7], [3], estimator({ combine: 'decoupled' }))
    expect(Array.from(advantages)).toEqual([0, 0, 0])
    expect(Array.from(groupAdvantagesMulti([0.1, 0.2, 0.1, 0.2], 2, [0.3, 0.7], [2], estimator({ combine: 'sum' })))).toEqual([0, 0])
  })

  it('gives NaN, not zeros, when the weighted sum or the spread overflows', () => {
    // R = (10·1e308, 0) = (∞, 0): the mean and the spread are NaN.
    expect(Array.from(groupAdvantagesMulti([1e308, 0], 1, [10], [2], estimator({ combine: 'sum' })))).toEqual([NaN, NaN])
    // (0, 1e308, −1e308): mean 0, but the squares overflow, s = ∞, and a/∞ would be a quiet 0.
    expect(Array.from(groupAdvantages([0, 1e308, -1e308], [3], estimator()))).toEqual([NaN, NaN, NaN])
    // The batch normalisation of advantages that overflowed (scale none: (∞, ∞)).
    expect(Array.from(groupAdvantages([1e308, -1e308], [2], estimator({ scale: 'none', batchNormalize: true })))).toEqual([NaN, NaN])
  })

  it('leaves a component that does not apply out of the sum (a null reward, TRL\'s None)', () => {
    // One group of three, weights (1, 2): (1, 1), (0, —), (1, 0); the missing value is NaN and never read.
    const components = [1, 1, 0, NaN, 1, 0]
    const applies = [1, 1, 1, 0, 1, 1]
    // R = (1 + 2, 0, 1 + 0) = (3, 0, 1), mean 4/3, scale none → (5/3, −4/3, −1/3)
    expectClose(groupAdvantagesMulti(components, 2, [1, 2], [3], estimator({ combine: 'sum', scale: 'none' }), undefined, applies), [5 / 3, -4 / 3, -1 / 3])
  })

  it('judges a decoupled component only among the completions it applies to', () => {
    const components = [1, 1, 0, NaN, 1, 0]
    const applies = [1, 1, 1, 0, 1, 1]
    // component 1 over all three: (1, 0, 1), mean 2/3 → (1/3, −2/3, 1/3)
    // component 2 over the first and third: (1, 0), mean 1/2 → (1/2, —, −1/2); nothing for the second
    // a = a^(1) + 2·a^(2) = (4/3, −2/3, −2/3)
    expectClose(groupAdvantagesMulti(components, 2, [1, 2], [3], estimator({ combine: 'decoupled', scale: 'none' }), undefined, applies), [4 / 3, -2 / 3, -2 / 3])
    // With the group std: component 1's (1, 0, 1) has std √(1/3), component 2's (1, 0) has std √(1/2).
    const s1 = Math.sqrt(1 / 3) + EPS
    const s2 = Math.SQRT1_2 + EPS
    expectClose(groupAdvantagesMulti(components, 2, [1, 2], [3], estimator({ combine: 'decoupled' }), undefined, applies), [1 / 3 / s1 + 1 / s2, -2 / 3 / s1, 1 / 3 / s1 - 1 / s2])
  })

  it('gives a component that applies to one completion of its group nothing to add', () => {
    // Group of two, component 2 applies only to the first: its a^(2) is 0 (its own baseline).
    const advantages = groupAdvantagesMulti([0, 5, 2, 0], 2, [1, 1], [2], estimator({ combine: 'decoupled', scale: 'none' }), undefined, [1, 1, 1, 0])
    expectClose(advantages, [-1, 1])
  })

  it('with every component applying gives the numbers of no applies at all, bit for bit', () => {
    const components = [0.3, 1, 0.9, 0, 0.1, 1, 5, 0, 2, 1]
    for (const combine of ['sum', 'decoupled'] as const) {
      for (const overrides of [{}, { center: 'loo' as const, scale: 'none' as const }, { center: 'batch' as const, scale: 'batch' as const, batchNormalize: true }]) {
        const options = estimator({ combine, ...overrides })
        expect(Array.from(groupAdvantagesMulti(components, 2, [0.5, 2], [3, 2], options, undefined, new Array(10).fill(1)))).toEqual(Array.from(groupAdvantagesMulti(components, 2, [0.5, 2], [3, 2], options)))
      }
    }
  })

  it('rejects mismatched shapes', () => {
    expect(() => groupAdvantagesMulti([1, 2], 2, [1, 1], [1], estimator(), undefined, [1])).toThrow(/1 applies flags for 2 component values/)
    expect(() => groupAdvantagesMulti([1, 2, 3], 2, [1, 1], [1], estimator())).toThrow(/do not split into rows of K = 2/)
    expect(() => groupAdvantagesMulti([1, 2], 2, [1], [1], estimator())).toThrow(/1 weights for K = 2/)
    expect(() => groupAdvantagesMulti([1, 2], 2, [1, 1], [2], estimator())).toThrow(/add up to 2, but there are 1/)
  })
})

describe('zeroAdvantageFraction', () => {
  it('counts the advantages that carry no signal', () => {
    // Groups (1, 1), (0, 1), (2, 2, 2): 5 of 7 completions sit in all-equal groups.
    const advantages = groupAdvantages([1, 1, 0, 1, 2, 2, 2], [2, 2, 3], estimator())
    expect(zeroAdvantageFraction(advantages)).toBeCloseTo(5 / 7, 15)
    expect(zeroAdvantageFraction([])).toBe(0)
    expect(zeroAdvantageFraction([1e-9, -1e-9, 0.5], 1e-6)).toBeCloseTo(2 / 3, 15)
  })
})
