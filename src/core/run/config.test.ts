import { describe, expect, it } from 'vitest'
import { describeIssues, LearnerOptionsSchema } from './config'

describe('learner options', () => {
  it('refuses batches too large for one report, whatever each number alone allows', () => {
    const ppo = LearnerOptionsSchema.safeParse({ kind: 'ppo', numEnvs: 4096, numSteps: 4096 })
    expect(ppo.success).toBe(false)
    expect(describeIssues(ppo.error!)).toBe('numSteps: copies × steps per rollout must be at most 65536 (a batch larger than that stalls the browser)')
    const sarsa = LearnerOptionsSchema.safeParse({ kind: 'sarsa', numEnvs: 4096, stepsPerIteration: 1000 })
    expect(describeIssues(sarsa.error!)).toBe('stepsPerIteration: copies × steps per report must be at most 1000000, so that pause and stop answer promptly')
    expect(LearnerOptionsSchema.safeParse({ kind: 'ppo', numEnvs: 16, numSteps: 4096 }).success).toBe(true)
  })
})
