import { describe, expect, it } from 'vitest'
import { END } from '../core/envs/tokenseq'
import { LearnerOptionsSchema } from '../core/run/config'
import { defaultDesign } from './design'
import { differingSettings } from './pinNames'

const labelled = (count: number) => LearnerOptionsSchema.parse({ kind: 'dpo', preferences: { source: 'labelled', pairs: Array.from({ length: count }, () => ({ prompt: [3, 4], chosen: [7, END], rejected: [8, END] })) } })

describe('what tells pinned designs of two learners apart', () => {
  it('compares a learner’s fields only among designs of its kind: a GRPO and a DPO design differ by the learner alone', () => {
    const grpo = defaultDesign('tokenseq')
    const dpo = { ...grpo, learner: labelled(200) }
    expect(differingSettings([grpo, dpo])).toEqual([[], []])
    // A second GRPO design still names its own difference, and the DPO design names none.
    const clipped = { ...grpo, learner: LearnerOptionsSchema.parse({ kind: 'grpo', dualClip: 3 }) }
    expect(differingSettings([grpo, dpo, clipped])).toEqual([['dualClip none'], [], ['dualClip 3']])
  })

  it('names a DPO set of labelled pairs by its size, not a setting per token', () => {
    const base = defaultDesign('tokenseq')
    expect(differingSettings([{ ...base, learner: labelled(200) }, { ...base, learner: labelled(1) }])).toEqual([['preferences.pairs 200 labelled pairs'], ['preferences.pairs 1 labelled pair']])
    const recipe = { ...base, learner: LearnerOptionsSchema.parse({ kind: 'dpo' }) }
    expect(differingSettings([recipe, { ...base, learner: labelled(3) }])[1].slice(0, 2)).toEqual(['preferences.source labelled', 'preferences.pairs 3 labelled pairs'])
  })
})
