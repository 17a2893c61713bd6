import { describe, expect, it } from 'vitest'
import { iterationFrameOf, mergeFrames } from './frames'
import { frameAt } from './testFrames'
import { MetricsAccumulator } from '../run/metrics'

describe('mergeFrames', () => {
  it('weighs episode means by episodes and averages each diagnostic over the frames that report it', () => {
    const frames = [
      frameAt(0, { envSteps: 100, episodes: 1, shapedReturn: 2, objective: 1, length: 10, contributions: { a: 2 }, diagnostics: { kl: 0.1 } }),
      frameAt(1, { envSteps: 200, episodes: 3, shapedReturn: 6, objective: 0, length: 20, contributions: { a: 6 }, diagnostics: { entropy: 1 } }),
      frameAt(2, { envSteps: 300, episodes: 0, diagnostics: { kl: 0.3 } }),
      frameAt(3, { envSteps: 400, episodes: 2, shapedReturn: 1, objective: 1, length: 4, contributions: { a: 1 }, diagnostics: { kl: 0.5, entropy: NaN } }),
    ]
    const merged = mergeFrames(frames, 200)
    expect(merged).toHaveLength(2)
    // (1·2 + 3·6)/4 = 5; (1·1 + 3·0)/4 = 0.25; (10 + 60)/4 = 17.5.
    expect(merged[0]).toEqual({ envSteps: 200, episodes: 4, shapedReturn: 5, objective: 0.25, length: 17.5, contributions: { a: 5 }, diagnostics: { kl: 0.1, entropy: 1 } })
    // The empty frame adds nothing to the means; kl (0.3 + 0.5)/2; the NaN entropy is dropped.
    expect(merged[1]).toEqual({ envSteps: 400, episodes: 2, shapedReturn: 1, objective: 1, length: 4, contributions: { a: 1 }, diagnostics: { kl: 0.4 } })
  })
  it('lets a frame longer than the stretch stand alone and then closes at the next multiple past it', () => {
    const merged = mergeFrames([frameAt(0, { envSteps: 500 }), frameAt(1, { envSteps: 550 }), frameAt(2, { envSteps: 650 })], 200)
    // After 500 the next bar is 600: 550 falls short, 650 reaches it.
    expect(merged.map((frame) => frame.envSteps)).toEqual([500, 650])
  })
  it('gives null means to a frame where no episode finished', () => {
    expect(mergeFrames([frameAt(0, { episodes: 0, envSteps: 10 })], 10)[0]).toMatchObject({ shapedReturn: null, objective: null, length: null, contributions: null })
  })
  it('refuses a stretch that is not a positive number', () => {
    expect(() => mergeFrames([], 0)).toThrow('above 0')
  })
})

describe('iterationFrameOf', () => {
  it('names the contributions and keeps only finite diagnostics', () => {
    const metrics = new MetricsAccumulator(2, 20)
    metrics.add({ envSteps: 8, episodes: [{ shapedReturn: 3, objective: 1, length: 4, contributions: [1, 2], componentSums: null, weights: null, truncated: false }], diagnostics: { kl: 0.2, entropy: Infinity }, demo: { states: new Float64Array(0), steps: 0, copies: 0 } })
    expect(iterationFrameOf(metrics.flush(), ['a', 'b'])).toEqual({ envSteps: 8, episodes: 1, shapedReturn: 3, objective: 1, length: 4, contributions: { a: 1, b: 2 }, diagnostics: { kl: 0.2 } })
  })
})
