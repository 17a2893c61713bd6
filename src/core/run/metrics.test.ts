import { describe, expect, it } from 'vitest'
import { MetricsAccumulator } from './metrics'
import type { FinishedEpisode } from './episodes'

const episode = (shapedReturn: number, objective: number, contributions: number[], length = 10): FinishedEpisode => ({
  shapedReturn,
  objective,
  contributions,
  length,
  truncated: false,
})

describe('MetricsAccumulator', () => {
  it('averages the episodes of a frame and resets at flush', () => {
    const metrics = new MetricsAccumulator(2, 3)
    metrics.add({ envSteps: 100, episodes: [episode(10, 1, [8, 2], 10), episode(20, 0, [15, 5], 30)], diagnostics: { loss: 0.5 }, demo: { states: new Float64Array(0), steps: 0, copies: 1 } })
    const first = metrics.flush()
    expect(first.envSteps).toBe(100)
    expect(first.episodesInFrame).toBe(2)
    expect(first.meanReturn).toBe(15)
    expect(first.meanObjective).toBe(0.5)
    expect(first.meanLength).toBe(20)
    expect(first.meanContributions).toEqual([11.5, 3.5])
    expect(first.diagnostics).toEqual({ loss: 0.5 })

    metrics.add({ envSteps: 50, episodes: [], diagnostics: {}, demo: { states: new Float64Array(0), steps: 0, copies: 1 } })
    const second = metrics.flush()
    expect(second.envSteps).toBe(150)
    expect(second.iteration).toBe(2)
    expect(second.meanReturn).toBeNull()
    expect(second.meanContributions).toBeNull()
    // The recent window still remembers the last episodes: (10 + 20) / 2.
    expect(second.recentReturn).toBe(15)
  })

  it('keeps only the last `window` episodes in the recent mean', () => {
    const metrics = new MetricsAccumulator(1, 3)
    const episodes = [1, 2, 3, 4, 5].map((r) => episode(r, r * 10, [r]))
    metrics.add({ envSteps: 5, episodes, diagnostics: {}, demo: { states: new Float64Array(0), steps: 0, copies: 1 } })
    const summary = metrics.flush()
    // Last three returns 3, 4, 5 → mean 4; objectives 30, 40, 50 → 40.
    expect(summary.recentReturn).toBe(4)
    expect(summary.recentObjective).toBe(40)
    expect(summary.episodesTotal).toBe(5)
  })
})
