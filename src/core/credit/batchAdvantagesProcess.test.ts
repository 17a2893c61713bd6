import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema } from './estimatorSchema'
import { batchAdvantages } from './batchAdvantages'
import { processSupervisionAdvantages } from './processSupervision'
import { groupBatchFits, whatIfGroupAdvantages } from './whatIf'

/*
 * The process baseline over the components paid at each token: one group of two completions, two
 * components (a per-token score and an outcome at the end), weights 1 and 2:
 *   completion 0: tokens (−1, 0), (−1, 1)  → r = −1, 1
 *   completion 1: tokens (0, 0), (0, 0), (−2, 0) → r = 0, 0, −2
 */
const tokenComponents = [-1, 0, -1, 1, 0, 0, 0, 0, -2, 0]
const scores = { components: [-2, 1, -2, 0], weights: [1, 2], groupSizes: [2], lengths: [2, 3], tokenComponents }
const process = GroupEstimatorSchema.parse({ baseline: 'process', eps: 0 })

describe('batchAdvantages with the process baseline', () => {
  it('normalises r_t = Σ_k w_k·c_k,t over the group’s tokens and sums from each token on', () => {
    // R = {−1, 1, 0, 0, −2}: mean −0.4, Σ(r − mean)² = 0.36 + 1.96 + 0.16 + 0.16 + 2.56 = 5.2, std = √1.3
    const s = Math.sqrt(1.3)
    const n = (r: number) => (r + 0.4) / s
    const expected = [n(-1) + n(1), n(1), n(0) + n(0) + n(-2), n(0) + n(-2), n(-2)]
    const advantages = batchAdvantages(scores, process)
    expected.forEach((value, t) => expect(advantages[t]).toBeCloseTo(value, 14))
  })

  it('adds the KL penalty in the reward to each token’s reward', () => {
    const klPenalty = [-0.1, 0, -0.2, 0, 0.05]
    const stepRewards = [-1.1, 1, -0.2, 0, -1.95]
    expect(Array.from(batchAdvantages({ ...scores, klPenalty }, process))).toEqual(Array.from(processSupervisionAdvantages(stepRewards, [2, 3], [1 * 2], 0)))
  })

  it('names what it lacks without the per-token components', () => {
    expect(() => batchAdvantages({ ...scores, tokenComponents: undefined }, process)).toThrow('the process baseline needs each completion’s length (lengths) and the components paid at each token (tokenComponents)')
  })

  it('the what-if view re-weighs the per-token components, and says a batch without them does not fit', () => {
    const batch = { names: ['step', 'outcome'], components: Float64Array.from(scores.components), groupSizes: Int32Array.of(2), lengths: Int32Array.of(2, 3), tokenComponents: Float64Array.from(tokenComponents) }
    expect(groupBatchFits(batch, process)).toBe(true)
    expect(groupBatchFits({ ...batch, tokenComponents: undefined }, process)).toBe(false)
    expect(Array.from(whatIfGroupAdvantages(batch, { step: 1, outcome: 2 }, process))).toEqual(Array.from(batchAdvantages(scores, process)))
  })
})

describe('batchAdvantages with the process_min baseline', () => {
  const processMin = GroupEstimatorSchema.parse({ baseline: 'process_min', eps: 0 })

  it('takes PURE’s min-form returns of r_t = Σ_k w_k·c_k,t and judges them against the group’s completion values', () => {
    // r = (−1, 1) and (0, 0, −2): G = (−1, 1) and (−2, −2, −2); V = {−1, −2}, mean −1.5, std √0.5
    const s = Math.sqrt(0.5)
    const expected = [0.5 / s, 2.5 / s, -0.5 / s, -0.5 / s, -0.5 / s]
    const advantages = batchAdvantages(scores, processMin)
    expected.forEach((value, t) => expect(advantages[t]).toBeCloseTo(value, 14))
  })

  it('needs what the process baseline needs, and the what-if view gives the learner’s numbers', () => {
    expect(() => batchAdvantages({ ...scores, tokenComponents: undefined }, processMin)).toThrow('the process baseline needs each completion’s length (lengths) and the components paid at each token (tokenComponents)')
    const batch = { names: ['step', 'outcome'], components: Float64Array.from(scores.components), groupSizes: Int32Array.of(2), lengths: Int32Array.of(2, 3), tokenComponents: Float64Array.from(tokenComponents) }
    expect(groupBatchFits(batch, processMin)).toBe(true)
    expect(groupBatchFits({ ...batch, tokenComponents: undefined }, processMin)).toBe(false)
    expect(Array.from(whatIfGroupAdvantages(batch, { step: 1, outcome: 2 }, processMin))).toEqual(Array.from(batchAdvantages(scores, processMin)))
  })
})
