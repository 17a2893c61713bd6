import type { BatchEnv, EnvSpec, StepBuffers } from '../envs/types'
import type { Rng } from '../rng'
import { forwardExtensions } from '../envs/forward'

/** At most this many copy-steps are kept: enough for a PPO batch, bounded whatever the run length. */
export const MAX_RECORDED_STEPS = 4096

/**
 * The most recent steps of every copy: each component's value as the mix weighs it, and where
 * episodes ended. Row r = one step of one copy, in the order they happened (oldest first).
 */
export interface StepRecord {
  names: string[]
  /** rows × K, row-major. */
  components: Float64Array
  /** 1 where the row's step ended its episode (terminated or truncated). */
  ends: Uint8Array
  /** 1 where the row's step was cut by the time limit and did not terminate (GAE bootstraps there). */
  cuts: Uint8Array
  /** Which copy each row belongs to. */
  copies: Int32Array
  rows: number
  /** Visits of each discrete state over the whole run (states reached by a step), or null. */
  visits: Uint32Array | null
  /** The discrete state each row's step reached (its observation; the final one where it ended), or null. */
  reached: Int32Array | null
}

/**
 * An environment that keeps a bounded ring of the last MAX_RECORDED_STEPS copy-steps it took, so
 * the page can re-score the latest batch under another mix without stepping the environment again.
 * It changes nothing about the steps themselves.
 */
export class RecordingEnv implements BatchEnv {
  readonly n: number
  private readonly capacity: number
  private components: Float64Array
  private recordedComponents: number
  private readonly ends: Uint8Array
  private readonly cuts: Uint8Array
  private readonly copies: Int32Array
  private next = 0
  private filled = 0
  private readonly visits: Uint32Array | null
  private readonly reached: Int32Array | null

  constructor(readonly inner: BatchEnv) {
    this.n = inner.n
    // whole steps of all copies, at least one
    this.capacity = Math.max(1, Math.floor(MAX_RECORDED_STEPS / inner.n)) * inner.n
    this.recordedComponents = inner.spec.components.length
    this.components = new Float64Array(this.capacity * this.recordedComponents)
    this.ends = new Uint8Array(this.capacity)
    this.cuts = new Uint8Array(this.capacity)
    this.copies = new Int32Array(this.capacity)
    this.visits = inner.spec.discreteStates !== null ? new Uint32Array(inner.spec.discreteStates) : null
    this.reached = inner.spec.discreteStates !== null ? new Int32Array(this.capacity) : null
    forwardExtensions(this, inner)
  }

  /** The inner environment's spec as it is now (a live design change may add components). */
  get spec(): EnvSpec {
    return this.inner.spec
  }

  get state(): Float64Array {
    return this.inner.state
  }

  get redistributed(): readonly number[] | undefined {
    return this.inner.redistributed
  }

  reset(rng: Rng, obs: Float32Array): void {
    this.inner.reset(rng, obs)
  }

  setState(i: number, values: ArrayLike<number>): void {
    this.inner.setState(i, values)
  }

  observe(i: number, obs: Float32Array): void {
    this.inner.observe(i, obs)
  }

  step(actions: Int32Array, out: StepBuffers, rng: Rng, autoReset = true): void {
    this.inner.step(actions, out, rng, autoReset)
    const K = this.spec.components.length
    if (K !== this.recordedComponents) {
      // The design's components changed: older steps no longer line up with them; start a new record.
      this.recordedComponents = K
      this.components = new Float64Array(this.capacity * K)
      this.next = 0
      this.filled = 0
    }
    for (let i = 0; i < this.n; i++) {
      const row = this.next
      for (let k = 0; k < K; k++) this.components[row * K + k] = out.components[i * K + k]
      this.ends[row] = out.terminated[i] || out.truncated[i] ? 1 : 0
      this.cuts[row] = out.truncated[i] && !out.terminated[i] ? 1 : 0
      this.copies[row] = i
      this.next = (row + 1) % this.capacity
    }
    this.filled = Math.min(this.capacity, this.filled + this.n)
    if (this.visits && this.reached) {
      // A discrete environment's observation is its state index; where an episode ended, the state it reached.
      const firstRow = (this.next - this.n + this.capacity) % this.capacity
      for (let i = 0; i < this.n; i++) {
        const ended = out.terminated[i] || out.truncated[i]
        const state = ended ? out.finalObs[i] : out.obs[i]
        this.reached[(firstRow + i) % this.capacity] = state
        if (state >= 0 && state < this.visits.length) this.visits[state]++
      }
    }
  }

  /** A copy of the recorded steps, oldest first (transferable to the page). */
  snapshot(): StepRecord {
    const K = this.spec.components.length
    const rows = this.filled
    const start = this.filled < this.capacity ? 0 : this.next
    const components = new Float64Array(rows * K)
    const ends = new Uint8Array(rows)
    const cuts = new Uint8Array(rows)
    const copies = new Int32Array(rows)
    const reached = this.reached ? new Int32Array(rows) : null
    for (let r = 0; r < rows; r++) {
      const from = (start + r) % this.capacity
      components.set(this.components.subarray(from * K, from * K + K), r * K)
      ends[r] = this.ends[from]
      cuts[r] = this.cuts[from]
      if (reached && this.reached) reached[r] = this.reached[from]
      copies[r] = this.copies[from]
    }
    return { names: this.spec.components.map((c) => c.name), components, ends, cuts, copies, rows, visits: this.visits ? this.visits.slice() : null, reached }
  }
}
