import * as tf from '@tensorflow/tfjs'
import '@tensorflow/tfjs-backend-wasm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RunConfigSchema } from '../core/run/config'
import { createTrainer, createTrainerWithEnv } from './trainers'

// The test files share a worker (vitest.config.ts): the backend in force before goes back after.
let backendBefore = ''
beforeAll(async () => {
  // The default backend first: a file that runs first in its worker finds none chosen yet.
  await tf.ready()
  backendBefore = tf.getBackend()
  await tf.setBackend('wasm')
})
afterAll(async () => {
  await tf.setBackend(backendBefore)
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

  it('redistributes with PPO and refuses redistribution for a learner that updates step by step', async () => {
    const design = { weights: { failure: 10 }, transforms: { failure: [{ kind: 'redistribute' }] } }
    const trainer = await createTrainer(config('cartpole', {}, { kind: 'ppo', numSteps: 32 }, design))
    const report = await trainer.iterate()
    expect(report.envSteps).toBe(128)
    for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
    trainer.dispose()
    await expect(createTrainer(config('cliffwalking', {}, { kind: 'sarsa' }, { transforms: { step: [{ kind: 'redistribute' }] } }))).rejects.toThrow(
      /redistribute spreads each episode's reward over its steps after the rollout, which sarsa .* cannot wait for/,
    )
  })

  it('keeps the learned policy under potential-based shaping in a trained run (CliffWalking, Q-learning)', async () => {
    // Φ = −(shortest distance to the goal), weight 5, with the learner's own γ = 1: F = Φ(s′) − Φ(s).
    const shaped = { shaping: [{ potential: 'distance', weight: 5, gamma: 1 }] }
    const { trainer } = await createTrainerWithEnv(config('cliffwalking', {}, { kind: 'qlearning', stepsPerIteration: 1000 }, shaped))
    for (let i = 0; i < 10; i++) await trainer.iterate()
    const tabular = trainer as unknown as { greedyAction(s: number): number }
    // Walk the greedy policy from the start (3, 0): the 13-step cliff-edge path, as without shaping.
    let row = 3
    let col = 0
    let steps = 0
    while (!(row === 3 && col === 11) && steps < 50) {
      const action = tabular.greedyAction(row * 12 + col)
      if (action === 0) row = Math.max(0, row - 1)
      else if (action === 1) col = Math.min(11, col + 1)
      else if (action === 2) row = Math.min(3, row + 1)
      else col = Math.max(0, col - 1)
      if (row === 3 && col > 0 && col < 11) break
      steps++
    }
    expect([row, col, steps]).toEqual([3, 11, 13])
    trainer.dispose()
  })

  it('refuses value iteration with added terms, which its exact model cannot know', async () => {
    await expect(createTrainer(config('cliffwalking', {}, { kind: 'value_iteration' }, { terms: [{ name: 'z', expression: '-col' }] }))).rejects.toThrow(
      "value iteration plans on cliffwalking's exact model, which has only its own components; it cannot plan with the added z: remove them, or use Q-learning or SARSA",
    )
  })
})
