import * as tf from '@tensorflow/tfjs'
import '@tensorflow/tfjs-backend-wasm'
import { beforeAll, describe, expect, it } from 'vitest'
import { RunConfigSchema } from '../core/run/config'
import { createTrainer, createTrainerWithEnv } from './trainers'

beforeAll(async () => {
  await tf.setBackend('wasm')
})

const config = (env: string, params: Record<string, number | string>, learner: Record<string, unknown>, mix: Record<string, unknown> = {}) =>
  RunConfigSchema.parse({ env: { id: env, params }, mix, learner, seed: 1 })

describe('createTrainer', () => {
  it('rounds the copies up to whole teams so every agent has its teammates', async () => {
    const trainer = await createTrainer(config('coop', { agents: 3 }, { kind: 'ppo', numEnvs: 4, numSteps: 10 }))
    const report = await trainer.iterate()
    // 4 copies → 6 (two teams of 3) × 10 steps; the view shows one whole team.
    expect(report.envSteps).toBe(60)
    expect(report.demo.copies).toBe(3)
    trainer.dispose()
  })

  it('refuses a tabular learner on continuous observations with a clear message', async () => {
    await expect(createTrainer(config('cartpole', {}, { kind: 'qlearning' }))).rejects.toThrow(
      'Q-learning needs an environment with discrete states; cartpole has continuous observations, use PPO or REINFORCE',
    )
  })

  it('turns the design’s custom terms into components every learner sees, weighted by the design', async () => {
    const { trainer, env } = await createTrainerWithEnv(
      config('cliffwalking', {}, { kind: 'sarsa' }, { weights: { near: 0.5 }, terms: [{ name: 'near', expression: '-abs(col - 11)' }] }),
    )
    expect(env.spec.components.map((c) => c.name)).toEqual(['step', 'hazard', 'goal', 'progress', 'near'])
    const report = await trainer.iterate()
    expect(report.envSteps).toBe(200)
    for (const episode of report.episodes) expect(episode.contributions).toHaveLength(5)
    trainer.dispose()
  })

  it('refuses a design that names what the environment does not have, listing every problem', async () => {
    await expect(createTrainer(config('gridworld', {}, { kind: 'qlearning' }, { weights: { alive: 1 }, terms: [{ name: 'z', expression: 'thetaa' }] }))).rejects.toThrow(
      /the reward design does not fit gridworld: weights\.alive: .*; terms\[0\]\.expression: unknown variable "thetaa"/,
    )
  })
})
