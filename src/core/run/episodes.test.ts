import { describe, expect, it } from 'vitest'
import type { StepBuffers } from '../envs/types'
import { EpisodeTracker, type FinishedEpisode } from './episodes'

/** One step of one copy: its components, and whether it ends the episode. */
function step(components: number[], ends = false): StepBuffers {
  return {
    obs: new Float32Array(1),
    components: Float64Array.from(components),
    terminated: Uint8Array.of(ends ? 1 : 0),
    truncated: new Uint8Array(1),
    finalObs: new Float32Array(1),
    finalState: new Float64Array(1),
    objective: Float64Array.of(0),
  }
}

/** Track steps of one copy under the weights given per step; the mixed reward is Σ_k w_k·c_k. */
function track(steps: { components: number[]; weights: number[]; ends?: boolean }[]): FinishedEpisode[] {
  const tracker = new EpisodeTracker(1, steps[0].weights.length)
  const finished: FinishedEpisode[] = []
  for (const { components, weights, ends } of steps) {
    const reward = components.reduce((sum, c, k) => sum + weights[k] * c, 0)
    tracker.record(step(components, ends), [reward], Float64Array.from(weights), finished)
  }
  return finished
}

describe('EpisodeTracker keeps what re-scores an episode', () => {
  it('sums each component over the episode and names the weights that paid it', () => {
    const [episode] = track([
      { components: [1, 2], weights: [2, 0.5] },
      { components: [1, -4], weights: [2, 0.5], ends: true },
    ])
    // S = (1 + 1, 2 − 4) = (2, −2); C = w·S = (4, −1); G = 3
    expect(episode).toMatchObject({ shapedReturn: 3, contributions: [4, -1], componentSums: [2, -2], weights: [2, 0.5], length: 2 })
  })

  it('names no weights for an episode during which they changed, and names them again for the next', () => {
    const [changed, next] = track([
      { components: [1, 1], weights: [1, 1] },
      { components: [1, 1], weights: [1, 3], ends: true },
      { components: [1, 1], weights: [1, 3], ends: true },
    ])
    expect(changed).toMatchObject({ shapedReturn: 6, contributions: [2, 4], componentSums: [2, 2], weights: null })
    expect(next).toMatchObject({ componentSums: [1, 1], weights: [1, 3] })
  })

  it('keeps no sums for an episode during which the components changed (they cover only its later steps)', () => {
    const [spanning, next] = track([
      { components: [1], weights: [1] },
      { components: [1, 5], weights: [1, 1], ends: true },
      { components: [1, 5], weights: [1, 1], ends: true },
    ])
    expect(spanning).toMatchObject({ shapedReturn: 7, componentSums: null, weights: null })
    expect(next).toMatchObject({ shapedReturn: 6, componentSums: [1, 5], weights: [1, 1] })
  })
})
