import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema, type GroupEstimator } from './estimatorSchema'
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

  describe('with the KL in the reward (p_t = −β·KL_t per token)', () => {
    // Per-token penalties: completion lengths 1, 3, 2 | 2, 2 → P = (−0.1, −0.6, 0 | −0.2, −0.4)
    const klPenalty = [-0.1, -0.1, -0.2, -0.3, 0, 0, -0.1, -0.1, -0.2, -0.2]
    const penalised = { ...scores, klPenalty }

    it('group: the completion’s penalty is one more component of weight 1', () => {
      const wider = [1, 0, -0.1, 0, 2, -0.6, 0, 0, 0, 1, 2, -0.2, 0, -2, -0.4]
      for (const combine of ['sum', 'decoupled'] as const) {
        const advantages = Array.from(batchAdvantages(penalised, estimator({ combine })))
        // Close, not equal: −0.1 − 0.2 − 0.3 summed token by token is not −0.6 in binary.
        Array.from(groupAdvantagesMulti(wider, 3, [1, 0.5, 1], scores.groupSizes, estimator({ combine }))).forEach((value, i) => expect(advantages[i]).toBeCloseTo(value, 14))
      }
    })

    it('remax: R_i + P_i against the greedy completion’s task reward', () => {
      // (1 − 0.1 − 2, 1 − 0.6 − 2, 0 − 2 | 2 − 0.2, −1 − 0.4)
      const advantages = Array.from(batchAdvantages(penalised, estimator({ baseline: 'remax' })))
      ;[-1.1, -1.6, -2, 1.8, -1.4].forEach((value, i) => expect(advantages[i]).toBeCloseTo(value, 14))
    })

    it('token_batch: REINFORCE++’s returns-to-go of R_i and the p_t, normalised over all 10 tokens', () => {
      // G per token: (1 − 0.1 | 1 − 0.6, 1 − 0.5, 1 − 0.3 | 0, 0 | 2 − 0.2, 2 − 0.1 | −1 − 0.4, −1 − 0.2)
      const returns = [0.9, 0.4, 0.5, 0.7, 0, 0, 1.8, 1.9, -1.4, -1.2]
      const mean = returns.reduce((sum, value) => sum + value, 0) / 10
      const sigma = Math.sqrt(returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / 10)
      const advantages = Array.from(batchAdvantages(penalised, estimator({ baseline: 'token_batch' })))
      expect(advantages).toHaveLength(10)
      returns.forEach((value, t) => expect(advantages[t]).toBeCloseTo((value - mean) / sigma, 12))
    })

    it('passk takes no penalty; a penalty count that is not one per token is named', () => {
      expect(() => batchAdvantages(penalised, estimator({ baseline: 'passk' }))).toThrow('pass@k judges the task reward alone')
      expect(() => batchAdvantages({ ...scores, klPenalty: [0, 0] }, estimator())).toThrow('2 KL penalties for 10 tokens; give one per token')
    })
  })

  it('names what a baseline needs and the batch lacks', () => {
    expect(() => batchAdvantages({ ...scores, greedyComponents: undefined }, estimator({ baseline: 'remax' }))).toThrow('the remax baseline needs each group’s greedy completion')
    expect(() => batchAdvantages({ ...scores, lengths: undefined }, estimator({ baseline: 'opo' }))).toThrow('the opo baseline needs each completion’s length')
  })
})
