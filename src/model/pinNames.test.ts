import { describe, expect, it } from 'vitest'
import { LearnerOptionsSchema } from '../core/run/config'
import { defaultDesign } from './design'
import { autoGroupName, differingSettings, learnerName } from './pinNames'

describe('what tells pinned designs apart', () => {
  it('names a learner field that is off as none, as GRPO’s dual clip', () => {
    const base = defaultDesign('tokenseq')
    const clipped = { ...base, learner: LearnerOptionsSchema.parse({ kind: 'grpo', dualClip: 3 }) }
    expect(differingSettings([base, clipped])).toEqual([['dualClip none'], ['dualClip 3']])
  })
})

describe('a pin’s learner name', () => {
  const base = defaultDesign('tokenseq')
  it('names the GRPO family’s estimator where it is not plain GRPO’s: Dr. GRPO is not "grpo"', () => {
    const drGrpo = LearnerOptionsSchema.parse({ kind: 'grpo', estimator: { center: 'mean', scale: 'none' } })
    expect(learnerName(drGrpo)).toBe('Dr. GRPO')
    expect(autoGroupName('Token sequences', { ...base, learner: drGrpo }, [])).toBe('Token sequences, Dr. GRPO')
    expect(learnerName(LearnerOptionsSchema.parse({ kind: 'grpo', estimator: { center: 'loo', scale: 'none' } }))).toBe('RLOO')
  })

  it('keeps the kind for plain GRPO and for every other learner', () => {
    expect(learnerName(LearnerOptionsSchema.parse({ kind: 'grpo' }))).toBe('grpo')
    expect(learnerName(LearnerOptionsSchema.parse({ kind: 'ppo' }))).toBe('ppo')
  })
})
