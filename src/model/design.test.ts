import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../core/envs/registry'
import { LearnerOptionsSchema } from '../core/run/config'
import { defaultDesign, designProblems } from './design'

describe('designProblems', () => {
  it('names a pass@k k above the group size, as train --config does', () => {
    const design = { ...defaultDesign('tokenseq'), params: { group_size: 4 }, learner: LearnerOptionsSchema.parse({ kind: 'grpo', estimator: { baseline: 'passk', k: 6 } }) }
    expect(designProblems(design, resolveEnvironment('tokenseq', { group_size: 4 }).spec)).toEqual(["learner.estimator.k: pass@k's k is 6, more than the 4 completions of a group; k must be from 1 to the group size"])
  })
})
