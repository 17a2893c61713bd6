import { describe, expect, it } from 'vitest'
import { RunConfigSchema } from '../core/run/config'
import { LiveChangeQueue, isLiveChange, type LiveChange } from './liveChanges'

const design = (expression: string) => RunConfigSchema.shape.mix.parse({ terms: [{ name: 'near', expression }] })
const weights = (changeId: number, values: Record<string, number>): LiveChange => ({ type: 'setWeights', runId: 'run-1', changeId, weights: values })
const reward = (changeId: number, expression: string): LiveChange => ({ type: 'setReward', runId: 'run-1', changeId, design: design(expression), note: expression })
const schedules = (changeId: number): LiveChange => ({ type: 'setSchedules', runId: 'run-1', changeId, schedules: {}, note: 'none' })

describe('the queue of live changes', () => {
  it('merges the weights of one iteration under the latest change id, the latest winning a slider moved twice', () => {
    const queue = new LiveChangeQueue()
    queue.add(weights(7, { goal: 10, step: 1 }))
    queue.add(weights(8, { progress: 0.5, step: 2 }))
    expect(queue.takeInApplyOrder()).toEqual([weights(8, { goal: 10, step: 2, progress: 0.5 })])
  })

  it('keeps only the latest reward design, which replaces the one before', () => {
    const queue = new LiveChangeQueue()
    queue.add(reward(4, '-row'))
    queue.add(reward(5, '-row - col'))
    expect(queue.takeInApplyOrder()).toEqual([reward(5, '-row - col')])
  })

  it('applies a reward change, then weights, then a learner change, then schedules, whatever order they came in; and is empty after', () => {
    const queue = new LiveChangeQueue()
    const learner: LiveChange = { type: 'updateLearner', runId: 'run-1', changeId: 3, learner: { kind: 'qlearning', numEnvs: 1, stepsPerIteration: 200, alpha: 0.1, gamma: 1, epsilon: 0.1, initialValue: 0 }, note: 'l.alpha' }
    queue.add(schedules(1))
    queue.add(learner)
    queue.add(weights(2, { goal: 1 }))
    queue.add(reward(4, '-row'))
    expect(queue.takeInApplyOrder().map((change) => change.type)).toEqual(['setReward', 'setWeights', 'updateLearner', 'setSchedules'])
    expect(queue.takeInApplyOrder()).toEqual([])
  })

  it('takes the four design messages and nothing else', () => {
    expect(isLiveChange(weights(1, {}))).toBe(true)
    expect(isLiveChange({ type: 'pause', runId: 'run-1' })).toBe(false)
    expect(isLiveChange({ type: 'stop', runId: 'run-1' })).toBe(false)
  })
})
