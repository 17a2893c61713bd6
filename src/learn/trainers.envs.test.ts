import { beforeAll, describe, expect, it } from 'vitest'
import type { QLearningTrainer } from '../core/learners/qlearning'
import { compileMix } from '../core/rewards/mix'
import { RunConfigSchema } from '../core/run/config'
import { initBackend } from './backend'
import { createTrainer } from './trainers'

/* The bandit, the team game and the token task trained by the learners the page offers them. */

describe('bandit with learners', () => {
  beforeAll(async () => {
    await initBackend('wasm')
  })

  it('is solved per context by tabular Q-learning (ε-greedy, γ irrelevant)', async () => {
    const config = RunConfigSchema.parse({
      env: { id: 'bandit', params: { k: 3, means: '0.1;0.9;0.5', contexts: 3 } },
      mix: {},
      learner: { kind: 'qlearning', numEnvs: 16, stepsPerIteration: 100, alpha: 0.1, epsilon: 0.1, initialValue: 1 },
      seed: 4,
    })
    const trainer = (await createTrainer(config)) as QLearningTrainer
    let last = await trainer.iterate()
    for (let k = 0; k < 5; k++) last = await trainer.iterate()
    // The best arm j has (j + c) mod 3 = 1: context 0 → arm 1, context 1 → arm 0, context 2 → arm 2.
    expect([0, 1, 2].map((c) => trainer.greedyAction(c))).toEqual([1, 0, 2])
    expect(last.episodes).toHaveLength(1600)
    const regret = last.episodes.reduce((total, episode) => total + episode.objective, 0) / last.episodes.length
    // ε = 0.1 explores uniformly: expected regret ≈ 0.1 · (0 + 0.4 + 0.8)/3 = 0.04
    expect(regret).toBeLessThan(0.1)
    expect(last.demo.copies).toBe(1)
    trainer.dispose()
  })

  it('runs PPO iterations without error', async () => {
    const config = RunConfigSchema.parse({
      env: { id: 'bandit', params: { contexts: 2 } },
      mix: { weights: { expected: 0.5 } },
      learner: { kind: 'ppo', numEnvs: 4, numSteps: 16 },
    })
    const trainer = await createTrainer(config)
    for (let k = 0; k < 2; k++) {
      const report = await trainer.iterate()
      expect(report.episodes).toHaveLength(64)
      for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
    }
    trainer.setMix(compileMix(trainer.spec, { weights: { lure: 1 } }))
    await trainer.iterate()
    trainer.dispose()
  })
})

describe('coop with PPO', () => {
  beforeAll(async () => {
    await initBackend('wasm')
  })

  it('runs iterations without error and records the whole team for the view', async () => {
    const config = RunConfigSchema.parse({
      env: { id: 'coop', params: { rounds: 4 } },
      mix: { weights: { local: 0.5 } },
      learner: { kind: 'ppo', numEnvs: 8, numSteps: 16 },
    })
    const trainer = await createTrainer(config)
    for (let k = 0; k < 2; k++) {
      const report = await trainer.iterate()
      expect(report.envSteps).toBe(128)
      // 8 seats × 16 rounds ÷ 4 rounds per episode
      expect(report.episodes).toHaveLength(32)
      for (const episode of report.episodes) expect(episode.truncated).toBe(true)
      for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
      expect(report.demo.copies).toBe(4)
      expect(report.demo.states.length).toBe(16 * 4 * 8)
    }
    trainer.dispose()
  })
})

describe('tokenseq with PPO', () => {
  beforeAll(async () => {
    await initBackend('wasm')
  })

  it('runs iterations without error and records the whole group for the view', async () => {
    const config = RunConfigSchema.parse({
      env: { id: 'tokenseq', params: { group_size: 4, max_length: 4 } },
      mix: { weights: { format: 0.5, proxy: 0.5 } },
      learner: { kind: 'ppo', numEnvs: 8, numSteps: 16 },
    })
    const trainer = await createTrainer(config)
    for (let k = 0; k < 2; k++) {
      const report = await trainer.iterate()
      expect(report.envSteps).toBe(128)
      expect(report.episodes.length).toBeGreaterThan(16)
      for (const episode of report.episodes) expect([0, 1]).toContain(episode.objective)
      for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
      expect(report.demo.copies).toBe(4)
      expect(report.demo.states.length).toBe(16 * 4 * (6 + 2 * 4))
    }
    trainer.dispose()
  })
})
