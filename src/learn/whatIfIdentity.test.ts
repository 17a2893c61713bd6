import { beforeAll, describe, expect, it } from 'vitest'
import { whatIfAdvantages, whatIfGroupAdvantages } from '../core/credit/whatIf'
import { GROUP_PRESETS, RunConfigSchema } from '../core/run/config'
import { designWeights } from '../core/rewards/extras'
import { initBackend } from './backend'
import { createTrainerWithEnv } from './trainers'

/*
 * A what-if under unchanged settings is the run itself: the latest batch re-scored with the weights
 * the learner used gives the learner's own advantages, element for element.
 */

beforeAll(async () => {
  await initBackend('wasm')
})

describe('the what-if under unchanged settings', () => {
  it('reproduces PPO’s own GAE advantages of the batch (a batch small enough to be reported whole)', async () => {
    const config = RunConfigSchema.parse({ env: { id: 'cartpole', params: {} }, mix: { weights: { upright: 0.5 } }, learner: { kind: 'ppo', numEnvs: 4, numSteps: 64 }, seed: 3 })
    const { trainer, env, record } = await createTrainerWithEnv(config)
    const weights = designWeights(config.mix, env.spec)
    for (let k = 0; k < 3; k++) {
      const report = await trainer.iterate()
      const whatIf = whatIfAdvantages(record.snapshot(), report.valueBatch!, weights)!
      expect(report.advantages!.length).toBe(4 * 64)
      expect(Array.from(whatIf)).toEqual(Array.from(report.advantages!))
    }
    trainer.dispose()
  })

  it.each(Object.keys(GROUP_PRESETS))('reproduces the GRPO family’s own group advantages (%s)', async (preset) => {
    const config = RunConfigSchema.parse({
      env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4, group_size: 8 } },
      mix: { weights: { format: 0.5 } },
      learner: { kind: 'grpo', groupsPerIteration: 4, estimator: GROUP_PRESETS[preset] },
      seed: 2,
    })
    const { trainer, env } = await createTrainerWithEnv(config)
    const weights = designWeights(config.mix, env.spec)
    const estimator = config.learner.kind === 'grpo' ? config.learner.estimator : null
    for (let k = 0; k < 2; k++) {
      const report = await trainer.iterate()
      // The learner reports its advantages as float32 (what the histogram draws); the what-if computes in float64.
      const whatIf = Float32Array.from(whatIfGroupAdvantages(report.groupBatch!, weights, estimator!))
      expect(Array.from(whatIf)).toEqual(Array.from(report.advantages!))
    }
    trainer.dispose()
  })
})
