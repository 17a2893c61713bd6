import { describe, expect, it } from 'vitest'
import { GrpoOptionsSchema } from '../core/run/config'
import { learnerChangeNote, learnerFieldChanges } from '../core/run/liveLearner'
import { learnerFieldLabel } from './learnerFields'

describe('learner field labels', () => {
  it("name a live change's options as the Learner panel does, not by their link keys", () => {
    const before = GrpoOptionsSchema.parse({ kind: 'grpo' })
    const after = { ...before, aggregation: 'seq-mean-token-sum-norm' as const }
    expect(learnerChangeNote(learnerFieldChanges(before, after), (path) => learnerFieldLabel('grpo', path))).toBe('loss aggregation: seq-mean-token-mean → seq-mean-token-sum-norm')
    expect(learnerFieldLabel('grpo', 'notAField')).toBe('notAField')
  })
})
