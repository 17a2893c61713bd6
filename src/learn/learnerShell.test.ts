import { describe, expect, it } from 'vitest'
import { getEnv } from '../core/envs/registry'
import type { EnvSpec } from '../core/envs/types'
import { compileMix, type CompiledMix } from '../core/rewards/mix'
import type { IterationReport } from '../core/run/trainer'
import { learnerShell } from './learnerShell'

/** A learner that records the mix of each iteration and returns an empty report. */
function recordingLearner() {
  const mixes: CompiledMix[] = []
  let released = 0
  const learner = {
    async iterate(mix: CompiledMix) {
      mixes.push(mix)
      return {} as IterationReport
    },
    release: () => void released++,
  }
  return { learner, mixes, released: () => released }
}

const cartpole = getEnv('cartpole').spec
const withTerm: EnvSpec = { ...cartpole, components: [...cartpole.components, { name: 'term1', description: '', defaultWeight: 1, range: [-2, 2] }] }

describe('the learners’ shell', () => {
  it('swaps a new mix in when the next iteration starts', async () => {
    const { learner, mixes } = recordingLearner()
    const first = compileMix(cartpole, { weights: {} })
    const second = compileMix(cartpole, { weights: { alive: 2 } })
    const trainer = learnerShell('PPO', { spec: cartpole }, first, learner)
    await trainer.iterate()
    trainer.setMix(second)
    expect(mixes).toEqual([first])
    await trainer.iterate()
    expect(mixes).toEqual([first, second])
  })

  it('checks a new mix against the components the environment has now (a live change may add one)', () => {
    const env = { spec: cartpole }
    const trainer = learnerShell('PPO', env, compileMix(cartpole, { weights: {} }), recordingLearner().learner)
    expect(() => trainer.setMix(compileMix(withTerm, { weights: {} }))).toThrow(`the reward mix has ${withTerm.components.length} weights but cartpole has ${cartpole.components.length} components`)
    env.spec = withTerm
    expect(() => trainer.setMix(compileMix(withTerm, { weights: { term1: 0.5 } }))).not.toThrow()
  })

  it('refuses an overlapping iteration and any after dispose, and frees once', async () => {
    const { learner, released } = recordingLearner()
    const trainer = learnerShell('GRPO', { spec: cartpole }, compileMix(cartpole, { weights: {} }), learner)
    const running = trainer.iterate()
    await expect(trainer.iterate()).rejects.toThrow('GRPO iterate() called again before the previous iteration finished')
    await running
    trainer.dispose()
    trainer.dispose()
    expect(released()).toBe(1)
    await expect(trainer.iterate()).rejects.toThrow('this GRPO trainer has been disposed')
  })
})
