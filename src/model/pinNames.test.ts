import { describe, expect, it } from 'vitest'
import { LearnerOptionsSchema } from '../core/run/config'
import { defaultDesign } from './design'
import { differingSettings } from './pinNames'

describe('what tells pinned designs apart', () => {
  it('names a learner field that is off as none, as GRPO’s dual clip', () => {
    const base = defaultDesign('tokenseq')
    const clipped = { ...base, learner: LearnerOptionsSchema.parse({ kind: 'grpo', dualClip: 3 }) }
    expect(differingSettings([base, clipped])).toEqual([['dualClip none'], ['dualClip 3']])
  })
})
