import { describe, expect, it } from 'vitest'
import { LearnerOptionsSchema } from './config'
import { MetricsAccumulator } from './metrics'
import { readoutEpisodes } from './readoutWindow'
import type { FinishedEpisode } from './episodes'

const config = (learner: Record<string, unknown>, params: Record<string, number> = {}) => ({ learner: LearnerOptionsSchema.parse(learner), env: { id: 'tokenseq', params } })

describe('readoutEpisodes', () => {
  it('averages four updates’ completions on the token task, as a power of two: 16 groups of 8 → 512', () => {
    // 4 · 16 · 8 = 512
    expect(readoutEpisodes(config({ kind: 'grpo' }))).toBe(512)
    // 4 · 3 · 5 = 60 → 64
    expect(readoutEpisodes(config({ kind: 'grpo', groupsPerIteration: 3, groupSize: 5 }))).toBe(64)
    // 4 · 1024 · 16 is more than the most a readout takes
    expect(readoutEpisodes(config({ kind: 'grpo', groupsPerIteration: 1024, groupSize: 16 }))).toBe(1024)
    // never fewer than the 20 of a task of steps: 4 · 1 · 2 = 8
    expect(readoutEpisodes(config({ kind: 'grpo', groupsPerIteration: 1, groupSize: 2 }))).toBe(20)
    // the environment's own group size wins: 4 · 16 · 16 = 1024
    expect(readoutEpisodes(config({ kind: 'grpo' }, { group_size: 16 }))).toBe(1024)
    // DPO's sampled groups are the environment's group size: 4 · 16 · 8 = 512
    expect(readoutEpisodes(config({ kind: 'dpo' }, { group_size: 8 }))).toBe(512)
  })

  it('keeps the last 20 for a learner of steps', () => {
    expect(readoutEpisodes(config({ kind: 'ppo' }))).toBe(20)
    expect(readoutEpisodes(config({ kind: 'qlearning' }))).toBe(20)
  })
})

const episode = (objective: number): FinishedEpisode => ({ shapedReturn: 2 * objective, objective, length: 3, truncated: false, contributions: [objective], componentSums: null, weights: null })

describe('the readouts of the metrics', () => {
  it('average the readout window, while the recent figures stay the last 20', () => {
    const metrics = new MetricsAccumulator(1, 20, 20, 64)
    // 44 episodes of objective 0, then 20 of 1: the last 20 read 1, the last 64 read 20/64
    const episodes = [...Array.from({ length: 44 }, () => episode(0)), ...Array.from({ length: 20 }, () => episode(1))]
    metrics.add({ envSteps: 64, episodes, diagnostics: {}, demo: { states: new Float64Array(0), steps: 0, copies: 1 } })
    const summary = metrics.flush()
    expect(summary.recentObjective).toBe(1)
    expect(summary.readoutWindow).toBe(64)
    expect(summary.readoutObjective).toBe(20 / 64)
    expect(summary.readoutReturn).toBe(40 / 64)
  })

  it('read the same as the recent figures when the window is the same, and null before any episode', () => {
    const metrics = new MetricsAccumulator(1, 20)
    expect(metrics.flush().readoutObjective).toBeNull()
    metrics.add({ envSteps: 3, episodes: [episode(0.5), episode(1)], diagnostics: {}, demo: { states: new Float64Array(0), steps: 0, copies: 1 } })
    const summary = metrics.flush()
    expect(summary.readoutObjective).toBe(summary.recentObjective)
    expect(summary.readoutWindow).toBe(20)
  })
})
