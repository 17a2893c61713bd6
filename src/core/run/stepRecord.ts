import type { BatchEnv, EnvSpec, StepBuffers } from '../envs/types'
import type { Rng } from '../rng'
import { forwardExtensions } from '../envs/forward'
import type { Segment } from '../preferences/segmentPairs'
import { stepFeaturesFor, type StepFeatures } from '../preferences/stepFeatures'
import type { ValueBatch } from './trainer'

/** At most this many copy-steps are kept: enough for a PPO batch, bounded whatever the run length. */
export const MAX_RECORDED_STEPS = 4096

/**
 * Steps of copy 0's episodes kept whole for the credit timeline: every step of an episode up to
 * this many, its last ones beyond. Every default time limit fits (CartPole's and Acrobot's are the
 * longest, 500), and the timeline's chart stays quick to draw (a bar per step and component).
 */
export const MAX_EPISODE_STEPS = 500

/** One episode of copy 0, step by step: each component's value as the mix weighs it. */
export interface EpisodeSteps {
  /** Steps the episode took (more than are kept when it ran past MAX_EPISODE_STEPS). */
  length: number
  /** Steps kept: its last min(length, MAX_EPISODE_STEPS), oldest first. */
  kept: number
  /** kept × K, row-major. */
  components: Float64Array
  /** Whether it ended; else it is the one still running (no episode of copy 0 has ended yet). */
  finished: boolean
  /** Per kept step, V(s_t) as the learner's critic gave it for that step's batch; NaN where no critic gave one (null: none at all). */
  values: Float64Array | null
  /** Whether the time limit cut it (it ended without terminating). */
  cut: boolean
  /** Where the time limit cut it: V of the state it was cut in, as the critic gave it; else NaN. */
  bootstrap: number
}

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
  /** Copy 0's latest finished episode, whole (see EpisodeSteps), or its running one before any ended; null before its first step. */
  latestEpisode: EpisodeSteps | null
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
  /** Where the environment declares step features (segments to label): each row's action and the state its step reached, rows × stateSize. */
  private readonly reachedStates: Float64Array | null
  private readonly actions: Int32Array | null
  private readonly stateSize: number
  /** Copy 0's running episode and its latest finished one: rings of MAX_EPISODE_STEPS × K, step s at s mod MAX_EPISODE_STEPS. */
  private runningEpisode: Float64Array
  private runningLength = 0
  private finishedEpisode: Float64Array
  private finishedLength = 0
  /** V(s_t) of those episodes' steps, where a learner with a critic reported them (keepValues), else NaN; the same rings' layout. */
  private runningValues = new Float64Array(MAX_EPISODE_STEPS).fill(NaN)
  private finishedValues = new Float64Array(MAX_EPISODE_STEPS).fill(NaN)
  private finishedCut = false
  private finishedBootstrap = NaN
  private valuesKept = false

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
    this.stateSize = inner.spec.stateVars.length
    const keepsStates = stepFeaturesFor(inner.spec) !== null
    this.reachedStates = keepsStates ? new Float64Array(this.capacity * this.stateSize) : null
    this.actions = keepsStates ? new Int32Array(this.capacity) : null
    this.runningEpisode = new Float64Array(MAX_EPISODE_STEPS * this.recordedComponents)
    this.finishedEpisode = new Float64Array(MAX_EPISODE_STEPS * this.recordedComponents)
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
      this.runningEpisode = new Float64Array(MAX_EPISODE_STEPS * K)
      this.finishedEpisode = new Float64Array(MAX_EPISODE_STEPS * K)
      this.runningLength = 0
      this.finishedLength = 0
      this.runningValues.fill(NaN)
      this.finishedValues.fill(NaN)
    }
    this.keepEpisodeStep(out, K)
    const size = this.stateSize
    for (let i = 0; i < this.n; i++) {
      const row = this.next
      const ended = out.terminated[i] || out.truncated[i]
      for (let k = 0; k < K; k++) this.components[row * K + k] = out.components[i * K + k]
      this.ends[row] = ended ? 1 : 0
      this.cuts[row] = out.truncated[i] && !out.terminated[i] ? 1 : 0
      this.copies[row] = i
      if (this.reachedStates && this.actions) {
        // The state the step reached: the final one where its episode ended (the copy has reset since).
        const from = ended ? out.finalState : this.inner.state
        for (let j = 0; j < size; j++) this.reachedStates[row * size + j] = from[i * size + j]
        this.actions[row] = actions[i]
      }
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

  /** Copy 0's step into its running episode; where the episode ended, it becomes the latest finished one (the rings swap: no copy). */
  private keepEpisodeStep(out: StepBuffers, K: number): void {
    const slot = this.runningLength % MAX_EPISODE_STEPS
    for (let k = 0; k < K; k++) this.runningEpisode[slot * K + k] = out.components[k]
    // Its value arrives with its batch's report (keepValues), after the rollout.
    this.runningValues[slot] = NaN
    this.runningLength += 1
    if (out.terminated[0] || out.truncated[0]) {
      const finished = this.runningEpisode
      this.runningEpisode = this.finishedEpisode
      this.finishedEpisode = finished
      const values = this.runningValues
      this.runningValues = this.finishedValues
      this.finishedValues = values
      this.finishedLength = this.runningLength
      this.finishedCut = out.truncated[0] === 1 && out.terminated[0] !== 1
      this.finishedBootstrap = NaN
      this.runningLength = 0
    }
  }

  /**
   * A learner's critic values of its latest batch (values[t·n + i], the batch's `steps` last steps
   * of every copy): copy 0's go to the steps of its running and latest finished episode they belong
   * to (the batch's last step is copy 0's latest), and where the time limit cut the finished one in
   * this batch, the value of the state it was cut in. So the credit timeline has V(s_t) for every
   * step of the episode, not only for the steps of the latest batch.
   */
  keepValues(batch: ValueBatch): void {
    if (batch.n !== this.n) return
    this.valuesKept = true
    for (let t = batch.steps - 1; t >= 0; t--) {
      const back = batch.steps - 1 - t
      const value = batch.values[t * batch.n]
      if (back < this.runningLength) {
        if (back < MAX_EPISODE_STEPS) this.runningValues[(this.runningLength - 1 - back) % MAX_EPISODE_STEPS] = value
        continue
      }
      const fromEnd = back - this.runningLength
      // Older than the finished episode's kept steps: an earlier episode's, which nobody shows.
      if (fromEnd >= Math.min(this.finishedLength, MAX_EPISODE_STEPS)) break
      this.finishedValues[(this.finishedLength - 1 - fromEnd) % MAX_EPISODE_STEPS] = value
      if (fromEnd === 0 && this.finishedCut) this.finishedBootstrap = batch.bootstrapValues[t * batch.n]
    }
  }

  /** Copy 0's latest finished episode (or its running one before any ended), oldest kept step first. */
  private latestEpisode(K: number): EpisodeSteps | null {
    const finished = this.finishedLength > 0
    const length = finished ? this.finishedLength : this.runningLength
    if (length === 0) return null
    const ring = finished ? this.finishedEpisode : this.runningEpisode
    const valueRing = finished ? this.finishedValues : this.runningValues
    const kept = Math.min(length, MAX_EPISODE_STEPS)
    const components = new Float64Array(kept * K)
    const values = this.valuesKept ? new Float64Array(kept) : null
    for (let j = 0; j < kept; j++) {
      const slot = (length - kept + j) % MAX_EPISODE_STEPS
      components.set(ring.subarray(slot * K, slot * K + K), j * K)
      if (values) values[j] = valueRing[slot]
    }
    return { length, kept, components, finished, values, cut: finished && this.finishedCut, bootstrap: finished ? this.finishedBootstrap : NaN }
  }

  /**
   * The recorded steps as segments of at most `steps` steps (Christiano et al. 2017's clips of the
   * current policy): each copy's rows oldest first, cut into consecutive segments that end early
   * where an episode ends, each starting after a step of its episode that is recorded (so the state
   * it starts from is known: a copy's first recorded row, and the row after an episode's end, start
   * none). A segment's features are Σ_t f(s′_t) and its gold Σ_t Σ_c w_c·r_c,t over `goldWeights`
   * (the environment's default weights, by component name); null where no states are kept.
   */
  segments(steps: number, features: StepFeatures, goldWeights: ReadonlyMap<string, number>): Segment[] | null {
    if (!this.reachedStates || !this.actions) return null
    const K = this.recordedComponents
    const names = this.spec.components.map((component) => component.name)
    const weights = names.map((name) => goldWeights.get(name) ?? 0)
    const size = this.stateSize
    const start = this.filled < this.capacity ? 0 : this.next
    const perStep = new Float64Array(features.names.length)
    /** Per copy: the segment being cut, and whether the copy's previous recorded row left its episode running. */
    const open: (Segment | null)[] = new Array(this.n).fill(null)
    const running: boolean[] = new Array(this.n).fill(false)
    const done: Segment[] = []
    for (let r = 0; r < this.filled; r++) {
      const row = (start + r) % this.capacity
      const copy = this.copies[row]
      const reached = this.reachedStates.subarray(row * size, row * size + size)
      let segment = open[copy]
      if (segment === null && running[copy]) {
        const previous = (row - this.n + this.capacity) % this.capacity
        segment = { states: [Array.from(this.reachedStates.subarray(previous * size, previous * size + size))], actions: [], features: new Float64Array(perStep.length), gold: 0 }
        open[copy] = segment
      }
      const ended = this.ends[row] === 1
      running[copy] = !ended
      if (segment === null) continue
      features.featuresOf(reached, 0, perStep, 0)
      for (let f = 0; f < perStep.length; f++) segment.features[f] += perStep[f]
      for (let k = 0; k < K; k++) segment.gold += weights[k] * this.components[row * K + k]
      segment.states.push(Array.from(reached))
      segment.actions.push(this.actions[row])
      if (ended || segment.actions.length === steps) {
        done.push(segment)
        open[copy] = null
      }
    }
    return done
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
    const latestEpisode = this.latestEpisode(K)
    return { names: this.spec.components.map((c) => c.name), components, ends, cuts, copies, rows, visits: this.visits ? this.visits.slice() : null, reached, latestEpisode }
  }
}
