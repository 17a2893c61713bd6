import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../envs/registry'
import { LearnerOptionsSchema } from './config'
import { learnerOptionsProblems } from './learnerFit'

describe('learnerOptionsProblems', () => {
  const tokenseq4 = resolveEnvironment('tokenseq', { group_size: 4 }).spec
  const bandit = resolveEnvironment('bandit', {}).spec

  it('holds pass@k’s k to the group: tokenseq’s group_size, the bandit’s learner groupSize', () => {
    const passk = (k: number, fields: object = {}) => LearnerOptionsSchema.parse({ kind: 'grpo', ...fields, estimator: { baseline: 'passk', k } })
    expect(learnerOptionsProblems(passk(4), tokenseq4)).toEqual([])
    expect(learnerOptionsProblems(passk(5), tokenseq4)).toEqual(["estimator.k: pass@k's k is 5, more than the 4 completions of a group; k must be from 1 to the group size"])
    expect(learnerOptionsProblems(passk(3, { groupSize: 2 }), bandit)).toEqual(["estimator.k: pass@k's k is 3, more than the 2 completions of a group; k must be from 1 to the group size"])
  })

  it('holds passk_verl (verl’s grpo_passk) to groups of at least 2 completions', () => {
    const passkVerl = (fields: object = {}) => LearnerOptionsSchema.parse({ kind: 'grpo', ...fields, estimator: { baseline: 'passk_verl' } })
    expect(learnerOptionsProblems(passkVerl({ groupSize: 2 }), bandit)).toEqual([])
    expect(learnerOptionsProblems(passkVerl({ groupSize: 1 }), bandit)).toEqual([
      'estimator.baseline: the passk_verl baseline needs groups of at least 2 completions, and a group here has 1; raise the group size or pick another baseline',
    ])
    // tokenseq's group is its own group_size, whatever the learner's groupSize says
    expect(learnerOptionsProblems(passkVerl({ groupSize: 1 }), tokenseq4)).toEqual([])
    expect(learnerOptionsProblems(passkVerl(), resolveEnvironment('tokenseq', { group_size: 1 }).spec)).toHaveLength(1)
  })

  it('holds MC-GRPO’s group, G + 1, to an odd number of at least 3: tokenseq’s group_size, the bandit’s learner groupSize', () => {
    const mcGrpo = (fields: object = {}) => LearnerOptionsSchema.parse({ kind: 'grpo', ...fields, estimator: { baseline: 'mc_grpo' } })
    const problem = (n: number) => `estimator.baseline: MC-GRPO draws G + 1 completions, an odd number of at least 3, so that one is the median; the group size is ${n}: set it to 3, 5, 7, … (G + 1)`
    expect(learnerOptionsProblems(mcGrpo(), tokenseq4)).toEqual([problem(4)])
    expect(learnerOptionsProblems(mcGrpo(), resolveEnvironment('tokenseq', { group_size: 5 }).spec)).toEqual([])
    // The bandit's group is the learner's groupSize, 8 by default.
    expect(learnerOptionsProblems(mcGrpo(), bandit)).toEqual([problem(8)])
    expect(learnerOptionsProblems(mcGrpo({ groupSize: 9 }), bandit)).toEqual([])
    expect(learnerOptionsProblems(mcGrpo({ groupSize: 1 }), bandit)).toEqual([problem(1)])
  })

  it('asks nothing of other baselines and learners', () => {
    expect(learnerOptionsProblems(LearnerOptionsSchema.parse({ kind: 'grpo', estimator: { k: 99 } }), tokenseq4)).toEqual([])
    expect(learnerOptionsProblems(LearnerOptionsSchema.parse({ kind: 'grpo', groupSize: 1 }), bandit)).toEqual([])
    expect(learnerOptionsProblems(LearnerOptionsSchema.parse({ kind: 'ppo' }), resolveEnvironment('cartpole', {}).spec)).toEqual([])
  })
})
