import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { bandit } from '../core/envs/bandit'
import { tokenseq } from '../core/envs/tokenseq'
import type { BatchEnv, EnvParams } from '../core/envs/types'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema, RunConfigSchema } from '../core/run/config'
import type { IterationReport } from '../core/run/trainer'
import { initBackend } from './backend'
import { createGrpoTrainer } from './grpo'
import { createTrainer } from './trainers'

/*
 * sign_flip_fraction: the share of an update's completions whose advantage has the opposite sign
 * to r_i − V(prompt), V the prompt's exact expected reward under the sampling policy. Measured on
 * the bandit, whose definition knows E[c_k | s, a]; absent where V is not known exactly.
 */

const GROUPS = 8
const GROUP_SIZE = 4

async function banditReports(weights: Record<string, number>, fields: Record<string, unknown> = {}, count = 3, params: EnvParams = { k: 4, contexts: 4 }): Promise<IterationReport[]> {
  const env = bandit.create(GROUPS * GROUP_SIZE, params)
  const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, groupSize: GROUP_SIZE, ...fields })
  const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights }), options, new Rng(5))
  const reports: IterationReport[] = []
  for (let k = 0; k < count; k++) reports.push(await trainer.iterate())
  trainer.dispose()
  return reports
}

beforeAll(async () => {
  await initBackend('wasm')
})

describe('GRPO’s sign-flip fraction', () => {
  it('counts, on the first update, the completions whose advantage disagrees with r − V; V = 0.5 for a near-uniform fresh policy', async () => {
    // Rewards are the pulled arm's mean (expected, no luck); k = 4 spread means 0.1, 0.3667, 0.6333, 0.9 in every context
    // (the rotation permutes them), so a uniform policy's V is their mean 0.5, and no reward lies within 0.13 of it.
    const [first] = await banditReports({ payout: 0, expected: 1 })
    const rewards = first.episodes.map((episode) => episode.shapedReturn)
    const advantages = first.advantages!
    expect(advantages).toHaveLength(GROUPS * GROUP_SIZE)
    let flips = 0
    rewards.forEach((reward, i) => {
      expect(Math.abs(reward - 0.5)).toBeGreaterThan(0.13)
      if (advantages[i] * (reward - 0.5) < 0) flips++
    })
    expect(first.diagnostics.sign_flip_fraction).toBe(flips / (GROUPS * GROUP_SIZE))
    expect(flips).toBeGreaterThan(0)
  })

  it('leaves MC-GRPO’s pivots out of the count, as out of the loss: G of every G + 1 completions are counted', async () => {
    const env = bandit.create(GROUPS * 3, { k: 4, contexts: 4 })
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, groupSize: 3, estimator: { baseline: 'mc_grpo' } })
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: { payout: 0, expected: 1 } }), options, new Rng(5))
    const first = await trainer.iterate()
    trainer.dispose()
    const rewards = first.episodes.map((episode) => episode.shapedReturn)
    let flips = 0
    let counted = 0
    for (let g = 0; g < GROUPS; g++) {
      const group = rewards.slice(3 * g, 3 * g + 3)
      // The pivot: the first completion whose reward is the group's median.
      const median = [...group].sort((x, y) => x - y)[1]
      const pivot = group.indexOf(median)
      group.forEach((reward, j) => {
        if (j === pivot) return
        counted++
        if (first.advantages![3 * g + j] * (reward - 0.5) < 0) flips++
      })
    }
    expect(counted).toBe(GROUPS * 2)
    expect(first.diagnostics.sign_flip_fraction).toBe(flips / counted)
  })

  it('is never a flip for 0/1 payouts centred on the group mean: 1 is above both the mean and V, 0 below both', async () => {
    for (const report of await banditReports({ payout: 1 }, {}, 4)) expect(report.diagnostics.sign_flip_fraction).toBe(0)
  })

  it('stays within [0, 1] on a contextual bandit with the lure, and under ReMax’s greedy baseline', async () => {
    for (const fields of [{}, { estimator: { baseline: 'remax' } }]) {
      for (const report of await banditReports({ payout: 1, lure: 0.3 }, fields, 4, { k: 5, contexts: 3 })) {
        const fraction = report.diagnostics.sign_flip_fraction
        expect(fraction).toBeGreaterThanOrEqual(0)
        expect(fraction).toBeLessThanOrEqual(1)
      }
    }
  })

  it('is absent with the KL in the reward, whose expectation is not computed', async () => {
    const [report] = await banditReports({ payout: 1 }, { klPlacement: 'reward', kl: 'k1' }, 1)
    expect(report.diagnostics).toHaveProperty('zero_advantage_fraction')
    expect(report.diagnostics).not.toHaveProperty('sign_flip_fraction')
  })

  it('counts under dynamic sampling the kept groups against the prompts of the rounds they were drawn in', async () => {
    // Rewards expected + lure: groups whose pulls all pay alike are dropped, and the kept ones come from several rounds.
    const reports = await banditReports({ payout: 0, expected: 1, lure: 0.5 }, { dynamicSampling: { enabled: true, maxRounds: 4 } }, 3, { k: 2, contexts: 2 })
    for (const report of reports) {
      const fraction = report.diagnostics.sign_flip_fraction
      expect(fraction).toBeGreaterThanOrEqual(0)
      expect(fraction).toBeLessThanOrEqual(1)
    }
    expect(reports.some((report) => report.diagnostics.groups_drawn > GROUPS)).toBe(true)
  })

  it('is measured through the run’s wrappers, and absent once a weighted custom term joins the reward', async () => {
    const config = (mix: unknown) => RunConfigSchema.parse({ env: { id: 'bandit', params: { contexts: 2 } }, mix, learner: { kind: 'grpo', groupsPerIteration: 4, groupSize: 4 } })
    const first = async (mix: unknown) => {
      const trainer = await createTrainer(config(mix))
      const report = await trainer.iterate()
      trainer.dispose()
      return report.diagnostics
    }
    expect((await first({ weights: {} })).sign_flip_fraction).toBe(0)
    // A term weighted 0 adds nothing to the reward: the figure stays.
    expect(await first({ weights: { arm2: 0 }, terms: [{ name: 'arm2', expression: 'last_arm == 2' }] })).toHaveProperty('sign_flip_fraction')
    expect(await first({ weights: {}, terms: [{ name: 'arm2', expression: 'last_arm == 2', weight: 0.5 }] })).not.toHaveProperty('sign_flip_fraction')
    // A transform changes the column from what the environment's expectation describes.
    expect(await first({ weights: {}, transforms: { payout: [{ kind: 'scale', factor: 2 }] } })).not.toHaveProperty('sign_flip_fraction')
  })

  it('keeps no tensor from its forward pass', async () => {
    const env = bandit.create(GROUPS * GROUP_SIZE, { k: 4, contexts: 4 })
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: { payout: 0, expected: 1 } }), GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, groupSize: GROUP_SIZE }), new Rng(2))
    await trainer.iterate()
    const afterFirst = tf.memory().numTensors
    for (let k = 0; k < 3; k++) expect((await trainer.iterate()).diagnostics).toHaveProperty('sign_flip_fraction')
    expect(tf.memory().numTensors).toBe(afterFirst)
    trainer.dispose()
  })

  it('is absent on the token task, whose definition has no expectations', async () => {
    const env: BatchEnv = tokenseq.create(2 * 4, { group_size: 4, max_length: 3, difficulty: 'easy' })
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: {} }), GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: 2 }), new Rng(1))
    const report = await trainer.iterate()
    trainer.dispose()
    expect(report.diagnostics).toHaveProperty('zero_advantage_fraction')
    expect(report.diagnostics).not.toHaveProperty('sign_flip_fraction')
    expect(tokenseq.expectedComponents).toBeUndefined()
  })
})
