import type { StepBuffers } from '../envs/types'

/** One finished episode, as the charts see it. */
export interface FinishedEpisode {
  /** Σ_t r_t under the mix in force while it ran. */
  shapedReturn: number
  /** Σ_t w_k · c_k,t per component, in spec order (the contributions sum to shapedReturn). */
  contributions: number[]
  /** The environment's true objective for the episode (independent of the mix). */
  objective: number
  length: number
  truncated: boolean
}

/**
 * Accumulates per-copy episode statistics from step buffers and emits the episodes that finish.
 * Keeps no per-step history: O(n × K) memory whatever the run length.
 */
export class EpisodeTracker {
  private readonly returns: Float64Array
  private contributions: Float64Array
  private readonly lengths: Int32Array
  private components: number

  constructor(
    readonly n: number,
    numComponents: number,
  ) {
    this.returns = new Float64Array(n)
    this.components = numComponents
    this.contributions = new Float64Array(n * numComponents)
    this.lengths = new Int32Array(n)
  }

  get numComponents(): number {
    return this.components
  }

  /**
   * Record one step: `rewards[i]` is the mixed reward of copy i, `weights` the mix that produced it
   * (one weight per component: when a design change adds or removes components, the running
   * episodes' per-component sums start afresh; their returns and lengths go on).
   * Finished episodes are appended to `finished`.
   */
  record(step: StepBuffers, rewards: ArrayLike<number>, weights: Float64Array, finished: FinishedEpisode[]): void {
    if (weights.length !== this.components) {
      this.components = weights.length
      this.contributions = new Float64Array(this.n * this.components)
    }
    const K = this.components
    for (let i = 0; i < this.n; i++) {
      this.returns[i] += rewards[i]
      this.lengths[i] += 1
      const base = i * K
      for (let k = 0; k < K; k++) this.contributions[base + k] += weights[k] * step.components[base + k]
      if (step.terminated[i] || step.truncated[i]) {
        finished.push({
          shapedReturn: this.returns[i],
          contributions: Array.from(this.contributions.subarray(base, base + K)),
          objective: step.objective[i],
          length: this.lengths[i],
          truncated: step.truncated[i] === 1 && step.terminated[i] === 0,
        })
        this.returns[i] = 0
        this.lengths[i] = 0
        this.contributions.fill(0, base, base + K)
      }
    }
  }

  reset(): void {
    this.returns.fill(0)
    this.contributions.fill(0)
    this.lengths.fill(0)
  }
}
