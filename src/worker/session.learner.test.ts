import { beforeAll, describe, expect, it } from 'vitest'
import { GrpoOptionsSchema, RunConfigSchema, type LearnerOptions } from '../core/run/config'
import { initBackend } from '../learn/backend'
import type { FromWorker } from './protocol'
import { TrainingSession } from './session'

/** A real session on the token task (or gridworld under Q-learning) and what it posts. */
function startSession(learner: Record<string, unknown>, envId: string) {
  const messages: FromWorker[] = []
  const config = RunConfigSchema.parse({ env: { id: envId, params: {} }, learner, seed: 2 })
  const session = new TrainingSession({ runId: 'run-1', config, post: (message) => messages.push(message) })
  const done = session.start()
  const next = async <T extends FromWorker['type']>(type: T, after = 0): Promise<Extract<FromWorker, { type: T }>> => {
    for (;;) {
      const found = messages.slice(after).find((m) => m.type === type)
      if (found) return found as Extract<FromWorker, { type: T }>
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  return { session, messages, next, done }
}

const grpo = (overrides: Record<string, unknown> = {}): LearnerOptions => GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: 2, ...overrides })

beforeAll(async () => {
  await initBackend('wasm')
})

describe('TrainingSession taking learner changes', () => {
  it('applies a live GRPO change before the next update, marked with its note, and refuses one that needs a new run with the options still in force', async () => {
    const { session, messages, next, done } = startSession(grpo(), 'tokenseq')
    await next('metrics')
    session.handle({ type: 'updateLearner', runId: 'run-1', changeId: 4, learner: grpo({ policyLoss: 'cispo' }), note: 'l.policyLoss: ppo → cispo' })
    const applied = await next('designApplied')
    expect(applied).toMatchObject({ changeId: 4, changed: {}, note: 'l.policyLoss: ppo → cispo' })
    const seen = messages.length
    session.handle({ type: 'updateLearner', runId: 'run-1', changeId: 5, learner: grpo({ policyLoss: 'cispo', hiddenSize: 16 }), note: 'l.hiddenSize: 64 → 16' })
    const refused = await next('refused', seen)
    expect(refused.message).toBe('hiddenSize changes the network or the batch, so the change starts a new run')
    expect(refused.learner).toEqual(grpo({ policyLoss: 'cispo' }))
    // The run goes on.
    const steps = (await next('metrics', seen)).frame.envSteps
    await new Promise((resolve) => setTimeout(resolve, 50))
    const later = messages.filter((m) => m.type === 'metrics').at(-1)
    expect(later?.type === 'metrics' && later.frame.envSteps).toBeGreaterThanOrEqual(steps)
    session.stop()
    await done
  })

  it('refuses a learner change under a learner that takes none live', async () => {
    const { session, next, done } = startSession({ kind: 'qlearning' }, 'gridworld')
    await next('metrics')
    session.handle({ type: 'updateLearner', runId: 'run-1', changeId: 1, learner: { kind: 'qlearning', numEnvs: 1, stepsPerIteration: 200, alpha: 0.1, gamma: 1, epsilon: 0.1, initialValue: 0 }, note: 'l.alpha: 0.5 → 0.1' })
    expect((await next('refused')).message).toBe("only the GRPO family's options change while a run trains; a change to qlearning starts a new run")
    session.stop()
    await done
  })
})
