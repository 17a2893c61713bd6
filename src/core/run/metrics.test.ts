import { describe, expect, it } from 'vitest'
import { MetricsAccumulator, PAID_BY_CHANGING_WEIGHTS, PAID_BY_ONE_MIX, PAID_BY_OTHER_COMPONENTS } from './metrics'
import type { FinishedEpisode } from './episodes'

const episode = (shapedReturn: number, objective: number, contributions: number[], length = 10): FinishedEpisode => ({
  shapedReturn,
  objective,
  contributions,
  componentSums: null,
  weights: null,
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

  it('averages the lengths of the same last `window` episodes, and has none before one finishes', () => {
    const metrics = new MetricsAccumulator(1, 3)
    expect(metrics.flush().recentLength).toBeNull()
    // Lengths 2, 4, 6, 8, 10: the last three 6, 8, 10 → 8, while this frame's mean is 6.
    const episodes = [1, 2, 3, 4, 5].map((r) => episode(r, r, [r], 2 * r))
    metrics.add({ envSteps: 30, episodes, diagnostics: {}, demo: { states: new Float64Array(0), steps: 0, copies: 1 } })
    const summary = metrics.flush()
    expect(summary.recentLength).toBe(8)
    expect(summary.meanLength).toBe(6)
  })
})

const report = (episodes: FinishedEpisode[], diagnostics: Record<string, number> = {}) => ({ envSteps: 10, episodes, diagnostics, demo: { states: new Float64Array(0), steps: 0, copies: 1 } })

describe('the recent contributions and zero-advantage fraction', () => {
  it('averages each component’s contribution over the same last `window` episodes as the recent return', () => {
    const metrics = new MetricsAccumulator(2, 3)
    expect(metrics.flush().recentContributions).toBeNull()
    metrics.add(report([episode(3, 0, [1, 2]), episode(7, 0, [4, 3])]))
    // Two episodes so far: ((1 + 4)/2, (2 + 3)/2).
    expect(metrics.flush().recentContributions).toEqual([2.5, 2.5])
    metrics.add(report([episode(0, 0, [10, -10]), episode(1, 0, [7, -6])]))
    // The first episode left the window of 3: ((4 + 10 + 7)/3, (3 − 10 − 6)/3) = (7, −13/3).
    const summary = metrics.flush()
    expect(summary.recentContributions).toEqual([7, -13 / 3])
    expect(summary.recentReturn).toBe((7 + 0 + 1) / 3)
  })

  it('keeps the shared components’ recent contributions when the design adds one, counting 0 for it before', () => {
    const metrics = new MetricsAccumulator(1, 2)
    metrics.add(report([episode(4, 0, [4])]))
    metrics.add(report([episode(6, 0, [5, 1])]))
    // Episodes [4] and [5, 1]: (4 + 5)/2 = 4.5 and (0 + 1)/2 = 0.5.
    expect(metrics.flush().recentContributions).toEqual([4.5, 0.5])
  })

  it('averages zero_advantage_fraction over the last `iterationWindow` iterations that report it', () => {
    const metrics = new MetricsAccumulator(1, 20, 3)
    expect(metrics.flush().recentZeroAdvantageFraction).toBeNull()
    metrics.add(report([], { zero_advantage_fraction: 0.5 }))
    metrics.add(report([], { zero_advantage_fraction: 0.25 }))
    expect(metrics.flush().recentZeroAdvantageFraction).toBe(0.375)
    // An iteration without the diagnostic (value iteration) changes nothing; then 1 and 0 push 0.5 out: (0.25 + 1 + 0)/3.
    metrics.add(report([], { bellman_residual: 0.1 }))
    metrics.add(report([], { zero_advantage_fraction: 1 }))
    metrics.add(report([], { zero_advantage_fraction: 0 }))
    expect(metrics.flush().recentZeroAdvantageFraction).toBeCloseTo(1.25 / 3, 15)
  })

  it('averages sign_flip_fraction over the last `iterationWindow` iterations that report it, apart from the zero-advantage fraction', () => {
    const metrics = new MetricsAccumulator(1, 20, 2)
    metrics.add(report([], { zero_advantage_fraction: 0.5 }))
    expect(metrics.flush().recentSignFlipFraction).toBeNull()
    metrics.add(report([], { zero_advantage_fraction: 0.5, sign_flip_fraction: 0.125 }))
    metrics.add(report([], { zero_advantage_fraction: 0, sign_flip_fraction: 0.375 }))
    // The zero fraction's window holds its last two (0.5, 0); the sign flips' its own two (0.125, 0.375).
    let summary = metrics.flush()
    expect(summary.recentSignFlipFraction).toBe(0.25)
    expect(summary.recentZeroAdvantageFraction).toBe(0.25)
    // An update without it (the figure was not measurable) keeps the window; the next pushes 0.125 out: (0.375 + 0)/2.
    metrics.add(report([], { zero_advantage_fraction: 1 }))
    metrics.add(report([], { sign_flip_fraction: 0 }))
    summary = metrics.flush()
    expect(summary.recentSignFlipFraction).toBe(0.1875)
    expect(summary.recentZeroAdvantageFraction).toBe(0.5)
  })

  it('has a 20-iteration window by default', () => {
    const metrics = new MetricsAccumulator(1, 20)
    // Iterations 1 … 25 report 0.01·m; the last 20 are m = 6 … 25, mean 0.01·15.5.
    for (let m = 1; m <= 25; m++) metrics.add(report([], { zero_advantage_fraction: m / 100 }))
    expect(metrics.flush().recentZeroAdvantageFraction).toBeCloseTo(0.155, 12)
  })
})

/** An episode that keeps what re-scores it: component sums S and the weights that paid it (null: they changed). */
const scored = (shapedReturn: number, componentSums: number[] | null, weights: number[] | null): FinishedEpisode => ({
  shapedReturn,
  objective: 0,
  contributions: componentSums && weights ? componentSums.map((sum, k) => sum * weights[k]) : (componentSums ?? []).map(() => 0),
  componentSums,
  weights,
  length: 10,
  truncated: false,
})

describe('the recent episodes kept for re-scoring', () => {
  it('keeps the same episodes, in the same slots, as the recent return, with their sums, weights and how each was paid', () => {
    const metrics = new MetricsAccumulator(2, 3)
    expect(metrics.recentEpisodes()).toBeNull()
    metrics.add(report([scored(1, [1, 0], [1, 1]), scored(2, [2, 0], null), scored(3, [3, 1], [1, 0])]))
    // A fourth pushes the first out of the window of 3: it takes slot 0, as in the recent return's ring.
    metrics.add(report([scored(4, [4, 0], [1, 1])]))
    const recent = metrics.recentEpisodes()!
    expect(recent.count).toBe(3)
    expect(recent.numComponents).toBe(2)
    expect(Array.from(recent.returns)).toEqual([4, 2, 3])
    expect(Array.from(recent.componentSums)).toEqual([4, 0, 2, 0, 3, 1])
    expect(Array.from(recent.weights)).toEqual([1, 1, 0, 0, 1, 0])
    expect(Array.from(recent.paid)).toEqual([PAID_BY_ONE_MIX, PAID_BY_CHANGING_WEIGHTS, PAID_BY_ONE_MIX])
    // (4 + 2 + 3)/3: the recent return sums the same slots
    expect(metrics.flush().recentReturn).toBe(3)
  })

  it('marks the episodes paid under other components as such, the earlier ones too when the design adds one', () => {
    const metrics = new MetricsAccumulator(1, 3)
    metrics.add(report([scored(1, [1], [1])]))
    // the design adds a component: an episode that spanned the change has no sums; one after has both
    metrics.add(report([scored(2, null, null), scored(3, [1, 2], [1, 1])]))
    const recent = metrics.recentEpisodes()!
    expect(recent.numComponents).toBe(2)
    expect(Array.from(recent.paid)).toEqual([PAID_BY_OTHER_COMPONENTS, PAID_BY_OTHER_COMPONENTS, PAID_BY_ONE_MIX])
    expect(Array.from(recent.componentSums.subarray(4, 6))).toEqual([1, 2])
  })

  it('keeps the highest recent objective seen after any iteration, taken once per iteration', () => {
    const metrics = new MetricsAccumulator(1, 2)
    const iteration = (objectives: number[]) => metrics.add({ envSteps: 1, episodes: objectives.map((o) => episode(o, o, [o])), diagnostics: {}, demo: { states: new Float64Array(0), steps: 0, copies: 1 } })
    expect(metrics.flush().peakObjective).toBeNull()
    iteration([])
    expect(metrics.flush().peakObjective).toBeNull()
    // Window 2. After iteration 1: mean(0.2, 0.4) = 0.3. Within iteration 2 the window passes (0.4, 1) = 0.7, but
    // the peak is read at its end: mean(1, 0) = 0.5. Iteration 3 ends at (0, 0.1) = 0.05: the recent figure falls, the peak stays.
    iteration([0.2, 0.4])
    expect(metrics.flush().peakObjective).toBeCloseTo(0.3, 12)
    iteration([1, 0])
    expect(metrics.flush().peakObjective).toBeCloseTo(0.5, 12)
    iteration([0, 0.1])
    const summary = metrics.flush()
    expect(summary.recentObjective).toBeCloseTo(0.05, 12)
    expect(summary.peakObjective).toBeCloseTo(0.5, 12)
    // A negative objective (a return) peaks at its highest, not at 0.
    const negative = new MetricsAccumulator(1, 1)
    for (const o of [-5, -3, -4]) negative.add({ envSteps: 1, episodes: [episode(o, o, [o])], diagnostics: {}, demo: { states: new Float64Array(0), steps: 0, copies: 1 } })
    expect(negative.flush().peakObjective).toBe(-3)
  })
})
