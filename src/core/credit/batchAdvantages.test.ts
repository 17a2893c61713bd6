import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema, type GroupEstimator } from '../run/learnerOptions'
import { batchAdvantages, mixedRewards } from './batchAdvantages'
import { groupAdvantagesMulti } from './group'

const estimator = (fields: Partial<GroupEstimator> = {}): GroupEstimator => GroupEstimatorSchema.parse(fields)

/*
 * Two groups of completions with two components each (weights 1 and 0.5):
 *   group 0: components (1, 0), (0, 2), (0, 0) → R = 1, 1, 0;  lengths 1, 3, 2;  greedy (1, 2) → 2
 *   group 1: components (1, 2), (0, −2)       → R = 2, −1;    lengths 2, 2;     greedy (0, 0) → 0
 */
const scores = {
  components: [1, 0, 0, 2, 0, 0, 1, 2, 0, -2],
  weights: [1, 0.5],
  groupSizes: [3, 2],
  lengths: [1, 3, 2, 2, 2],
  greedyComponents: [1, 2, 0, 0],
}

describe('batchAdvantages', () => {
  it('mixes each completion’s components: R_i = Σ_k w_k·C_ik', () => {
    expect(Array.from(mixedRewards(scores.components, scores.weights))).toEqual([1, 1, 0, 2, -1])
  })

  it('is the group-relative estimator where no baseline is named, or group is', () => {
    const expected = Array.from(groupAdvantagesMulti(scores.components, 2, scores.weights, scores.groupSizes, estimator()))
    expect(Array.from(batchAdvantages(scores, estimator()))).toEqual(expected)
    expect(Array.from(batchAdvantages(scores, estimator({ baseline: 'group' })))).toEqual(expected)
  })

  it('remax: a_i = R_i − R_greedy of its group, whatever the centre and scale say', () => {
    // group 0 against 1·1 + 0.5·2 = 2: (−1, −1, −2); group 1 against 0: (2, −1)
    expect(Array.from(batchAdvantages(scores, estimator({ baseline: 'remax', center: 'median', scale: 'batch' })))).toEqual([-1, -1, -2, 2, -1])
  })

  it('opo: a_i = R_i − Σ_j l_j R_j / Σ_j l_j', () => {
    // group 0: b = (1·1 + 3·1 + 2·0)/6 = 2/3 → (1/3, 1/3, −2/3); group 1: b = (2·2 − 2·1)/4 = 1/2 → (3/2, −3/2)
    const advantages = Array.from(batchAdvantages(scores, estimator({ baseline: 'opo' })))
    ;[1 / 3, 1 / 3, -2 / 3, 1.5, -1.5].forEach((value, i) => expect(advantages[i]).toBeCloseTo(value, 15))
  })

  it('passk: the pass@k advantages of the verdicts R > 0, with the estimator’s eps', () => {
    // group 0: right, right, wrong (N = 3, N_neg = 1), k = 2: 1 − R̄ = C(1,2)/C(3,2) = 0, σ = 0 → all 0.
    // group 1: right, wrong (N = 2, N_neg = 1), k = 2: 1 − R̄ = 0 → 0 too.
    expect(Array.from(batchAdvantages(scores, estimator({ baseline: 'passk', k: 2, eps: 0 })))).toEqual([0, 0, 0, 0, 0])
    // Absent k is 1. group 0: 1 − R̄ = C(1,1)/C(3,1) = 1/3, σ = √(2/3 · 1/3) = √2/3, A_pos = (1/3)/σ = 1/√2,
    // A_neg = (1/3 − C(0,0)/C(2,0))/σ = −√2; group 1: 1 − R̄ = 1/2, σ = 1/2, A_pos = 1, A_neg = (1/2 − 1)/(1/2) = −1.
    const passAt1 = Array.from(batchAdvantages(scores, estimator({ baseline: 'passk', eps: 0 })))
    ;[1 / Math.SQRT2, 1 / Math.SQRT2, -Math.SQRT2, 1, -1].forEach((value, i) => expect(passAt1[i]).toBeCloseTo(value, 14))
  })

  it('names what a baseline needs and the batch lacks', () => {
    expect(() => batchAdvantages({ ...scores, greedyComponents: undefined }, estimator({ baseline: 'remax' }))).toThrow('the remax baseline needs each group’s greedy completion')
    expect(() => batchAdvantages({ ...scores, lengths: undefined }, estimator({ baseline: 'opo' }))).toThrow('the opo baseline needs each completion’s length')
  })
})
