import { beforeAll, describe, expect, it } from 'vitest'
import { batchAdvantages } from '../core/credit/batchAdvantages'
import { tokenseq } from '../core/envs/tokenseq'
import type { RewardModel } from '../core/preferences/rewardModel'
import { TOKEN_STEP_FEATURE_NAMES } from '../core/preferences/tokenStepFeatures'
import { RewardDesignSchema } from '../core/rewards/designSchema'
import { compileMix } from '../core/rewards/mix'
import { RewardedEnv } from '../core/rewards/rewardedEnv'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema } from '../core/run/config'
import { initBackend } from './backend'
import { createGrpoTrainer } from './grpo'

/* GRPO with a process reward model paid per token and DeepSeekMath's process supervision as its baseline. */

const process: RewardModel = { kind: 'linear', featureNames: [...TOKEN_STEP_FEATURE_NAMES], members: [{ weights: [3, 0, -8, -6, -4] }], granularity: 'process' }

beforeAll(async () => {
  await initBackend('wasm')
})

describe('GRPO with the process baseline', () => {
  it('trains on one advantage per token, those batchAdvantages gives from the per-token components the report carries', async () => {
    const params = { max_length: 6, group_size: 4 }
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: 4, estimator: { baseline: 'process' } })
    const env = new RewardedEnv(tokenseq.create(16, params), RewardDesignSchema.parse({ rewardModels: [{ model: process }] }))
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: { correct: 1, rm: 1 } }), options, new Rng(7))
    try {
      const report = await trainer.iterate()
      const batch = report.groupBatch!
      const tokens = Array.from(batch.lengths!).reduce((sum, length) => sum + length, 0)
      const K = batch.names.length
      expect(batch.tokenComponents).toHaveLength(tokens * K)
      expect(batch.tokens).toHaveLength(tokens)
      // Each completion's per-token components add up to its totals.
      let token = 0
      batch.lengths!.forEach((length, i) => {
        for (let k = 0; k < K; k++) {
          let sum = 0
          for (let t = token; t < token + length; t++) sum += batch.tokenComponents![t * K + k]
          expect(sum).toBeCloseTo(batch.components[i * K + k], 12)
        }
        token += length
      })
      // The rm column pays on tokens that do not end a completion too.
      const rm = batch.names.indexOf('rm')
      const paidMidway = Array.from({ length: tokens }, (_, t) => batch.tokenComponents![t * K + rm]).filter((value) => value !== 0).length
      expect(paidMidway).toBe(tokens)
      const weights = batch.names.map((name) => (name === 'correct' || name === 'rm' ? 1 : 0))
      const expected = batchAdvantages({ components: batch.components, weights, groupSizes: batch.groupSizes, lengths: batch.lengths, tokenComponents: batch.tokenComponents }, options.estimator)
      expect(expected).toHaveLength(tokens)
      expect(Number.isFinite(report.diagnostics.loss)).toBe(true)
    } finally {
      trainer.dispose()
    }
  })

  it('under process_min the report names the process model’s component, so that its minimum is taken and correct added after it', async () => {
    const params = { max_length: 6, group_size: 4 }
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: 4, estimator: { baseline: 'process_min' } })
    const env = new RewardedEnv(tokenseq.create(16, params), RewardDesignSchema.parse({ rewardModels: [{ model: process }] }))
    expect(env.spec.components.filter((component) => component.process).map((component) => component.name)).toEqual(['rm'])
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: { correct: 1, rm: 1 } }), options, new Rng(3))
    try {
      const batch = (await trainer.iterate()).groupBatch!
      expect(Array.from(batch.processComponents!)).toEqual(batch.names.map((name) => (name === 'rm' ? 1 : 0)))
    } finally {
      trainer.dispose()
    }
  })

  it('leaves the per-token components out of the report under every other baseline', async () => {
    const env = tokenseq.create(8, { max_length: 4, group_size: 4 })
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: {} }), GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: 2 }), new Rng(1))
    try {
      expect((await trainer.iterate()).groupBatch?.tokenComponents).toBeUndefined()
    } finally {
      trainer.dispose()
    }
  })
})
