import type { StepBuffers } from '../envs/types'

/** One finished episode, as the charts see it. */
export interface FinishedEpisode {
  /** Σ_t r_t under the mix in force while it ran. */
  shapedReturn: number
  /** Σ_t w_k · c_k,t per component, in spec order (the contributions sum to shapedReturn). */
  contributions: number[]
  /**
   * Σ_t c_k,t per component, in spec order: the values the weights multiply, summed, so the episode
   * can be re-scored under other weights. Null when the design added or removed components while it
   * ran (its sums then cover only its later steps).
   */
  componentSums: number[] | null
  /** The weights that paid every step of it, in spec order; null when they changed while it ran (or the components did). */
  weights: number[] | null
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
  private sums: Float64Array
  private readonly lengths: Int32Array
  /** 1 for a copy whose running episode saw the weights change. */
  private readonly weightsChanged: Uint8Array
  /** 1 for a copy whose running episode saw the components change (its sums restarted). */
  private readonly componentsChanged: Uint8Array
  /** The weights of the previous step (null before the first). */
  private lastWeights: Float64Array | null = null
  private components: number

  constructor(
    readonly n: number,
    numComponents: number,
  ) {
    this.returns = new Float64Array(n)
    this.components = numComponents
    this.contributions = new Float64Array(n * numComponents)
    this.sums = new Float64Array(n * numComponents)
    this.lengths = new Int32Array(n)
    this.weightsChanged = new Uint8Array(n)
    this.componentsChanged = new Uint8Array(n)
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
      this.sums = new Float64Array(this.n * this.components)
      this.componentsChanged.fill(1)
      this.lastWeights = null
    }
    this.noteWeights(weights)
    const K = this.components
    for (let i = 0; i < this.n; i++) {
      this.returns[i] += rewards[i]
      this.lengths[i] += 1
      const base = i * K
      for (let k = 0; k < K; k++) {
        this.contributions[base + k] += weights[k] * step.components[base + k]
        this.sums[base + k] += step.components[base + k]
      }
      if (step.terminated[i] || step.truncated[i]) {
        const whole = this.componentsChanged[i] === 0
        finished.push({
          shapedReturn: this.returns[i],
          contributions: Array.from(this.contributions.subarray(base, base + K)),
          componentSums: whole ? Array.from(this.sums.subarray(base, base + K)) : null,
          weights: whole && this.weightsChanged[i] === 0 ? Array.from(weights) : null,
          objective: step.objective[i],
          length: this.lengths[i],
          truncated: step.truncated[i] === 1 && step.terminated[i] === 0,
        })
        this.returns[i] = 0
        this.lengths[i] = 0
        this.contributions.fill(0, base, base + K)
        this.sums.fill(0, base, base + K)
        this.weightsChanged[i] = 0
        this.componentsChanged[i] = 0
      }
    }
  }

  /** Mark the running episodes when this step's weights differ from the previous step's (K comparisons, no allocation but the first). */
  private noteWeights(weights: Float64Array): void {
    const last = this.lastWeights
    if (last === null) {
      this.lastWeights = Float64Array.from(weights)
      return
    }
    for (let k = 0; k < weights.length; k++) {
      if (last[k] !== weights[k]) {
        // An episode that began under other weights was paid by both; its running ones are marked.
        for (let i = 0; i < this.n; i++) if (this.lengths[i] > 0) this.weightsChanged[i] = 1
        last.set(weights)
        return
      }
    }
  }

  reset(): void {
    this.returns.fill(0)
    this.contributions.fill(0)
    this.sums.fill(0)
    this.lengths.fill(0)
    this.weightsChanged.fill(0)
    this.componentsChanged.fill(0)
  }
}
