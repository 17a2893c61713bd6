import { describe, expect, it } from 'vitest'
import { batchAdvantages } from './batchAdvantages'
import { GroupEstimatorSchema } from './estimatorSchema'
import { groupEstimatorOf } from './estimators'

/*
 * The passk_verl baseline (verl's grpo_passk) as the learner reaches it: over R_i = Σ_k w_k·C_ik
 * (plus P_i with the KL in the reward), verl's norm_adv_by_std_in_grpo as the scale (group: true,
 * none: false), and a group of at least 2 completions.
 * Two groups: (1, 0.5), (0, 1) and (1, 1) with weights (1, 2) give R = (2, 2, 3) and (0, 2);
 * the first's best is tied, the second's leads by 2 with std √2.
 */
const scores = { components: [1, 0.5, 0, 1, 1, 1, 0, 0, 0, 1], weights: [1, 2], groupSizes: [3, 2] }
const estimator = (fields: object) => GroupEstimatorSchema.parse({ baseline: 'passk_verl', eps: 0, ...fields })

describe('batchAdvantages with the passk_verl baseline', () => {
  it('credits each group’s best completion by its lead over the second best, over the group’s std with scale group', () => {
    const advantages = batchAdvantages(scores, estimator({}))
    // (2, 2, 3): lead 1, mean 7/3, std = √((1/9 + 1/9 + 4/9)/2) = 1/√3, so a = √3; (0, 2): lead 2, std √2
    const expected = [0, 0, Math.sqrt(3), 0, Math.SQRT2]
    expected.forEach((value, i) => expect(advantages[i]).toBeCloseTo(value, 14))
  })

  it('gives the bare lead with scale none, and ignores centre, rank, combine and batchNormalize', () => {
    expect(Array.from(batchAdvantages(scores, estimator({ scale: 'none' })))).toEqual([0, 0, 1, 0, 2])
    expect(Array.from(batchAdvantages(scores, estimator({ scale: 'none', center: 'median', rank: true, combine: 'decoupled', batchNormalize: true })))).toEqual([0, 0, 1, 0, 2])
  })

  it('takes the KL penalty in the reward into the score, as verl’s token-level rewards do', () => {
    // R = (1, 1): tied, 0 each; with P = (−0.1 over one token, 0 + 0 over two) the second leads by 0.1
    const tied = { components: [1, 1], weights: [1], groupSizes: [2], lengths: [1, 2] }
    expect(Array.from(batchAdvantages(tied, estimator({ scale: 'none' })))).toEqual([0, 0])
    const advantages = batchAdvantages({ ...tied, klPenalty: [-0.1, 0, 0] }, estimator({ scale: 'none' }))
    expect(advantages[0]).toBe(0)
    expect(advantages[1]).toBeCloseTo(0.1, 15)
  })

  it('is refused with the batch’s std as the scale, and says why', () => {
    const parsed = GroupEstimatorSchema.safeParse({ baseline: 'passk_verl', scale: 'batch' })
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['scale', 'the passk_verl baseline divides by its group’s std (scale group, verl’s norm_adv_by_std_in_grpo) or by nothing (scale none), never by the batch’s; set scale to group or none'],
    ])
    expect(GroupEstimatorSchema.safeParse({ scale: 'batch' }).success).toBe(true)
    expect(() => batchAdvantages(scores, { ...estimator({}), scale: 'batch' })).toThrow('the passk_verl baseline takes scale group or none, not batch')
  })

  it('says a batch with a lone completion in a group cannot be re-scored under it', () => {
    const record = groupEstimatorOf('passk_verl')
    const settings = estimator({})
    expect(record.lacks({ ...scores, names: ['a', 'b'] }, settings)).toBeNull()
    expect(record.lacks({ ...scores, groupSizes: [4, 1], names: ['a', 'b'] }, settings)).toBe('a group of the latest batch has 1 completion, and passk_verl credits a group’s best by its lead over the second best')
    expect(() => batchAdvantages({ ...scores, groupSizes: [4, 1] }, settings)).toThrow('group 1 has 1 completion')
  })
})
