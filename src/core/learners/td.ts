import { allocateStepBuffers, type BatchEnv, MAX_ADDED_COMPONENTS } from '../envs/types'
import { checkMix, type CompiledMix } from '../rewards/mix'
import type { Rng } from '../rng'
import type { ExpectedSarsaOptions, SarsaLambdaOptions, SarsaOptions } from '../run/learnerOptions'
import { DemoRecorder } from '../run/demo'
import { EpisodeTracker, type FinishedEpisode } from '../run/episodes'
import type { IterationReport } from '../run/trainer'
import { discreteStateCount, epsilonGreedyAction, epsilonGreedyExpectation, greedyAction, maxAbs, mixStepRewards, TdErrorStats, type TabularTrainer } from './tabular'

export type TdOptions = SarsaOptions | ExpectedSarsaOptions | SarsaLambdaOptions

const NAMES: Record<TdOptions['kind'], string> = { sarsa: 'SARSA', expected_sarsa: 'Expected SARSA', sarsa_lambda: 'SARSA(λ)' }

/**
 * A trace smaller than this is dropped: what it would still add to Q is below α·|δ|·1e-10/(1 − γλ).
 * Keeps each copy's trace list as short as the recent path instead of every state-action pair.
 */
const TRACE_CUTOFF = 1e-10

/**
 * On-policy TD control with ε-greedy exploration over N copies of a discrete environment, updated
 * online after every step (Sutton & Barto, sections 6.4, 6.6 and 12.7):
 *   SARSA            δ = r + γ·Q(s′, a′) − Q(s, a), a′ the ε-greedy action the copy takes next
 *   Expected SARSA   δ = r + γ·Σ_a′ π(a′|s′)·Q(s′, a′) − Q(s, a), π the ε-greedy policy
 *   SARSA(λ)         the SARSA δ, spread over the copy's eligibility traces: Q += α·δ·e, e ← γλ·e
 * A termination stops the bootstrap; a time-limit cut bootstraps from the final observation's state
 * (SARSA draws the action it would have taken there).
 */
export function createTdTrainer(env: BatchEnv, mix: CompiledMix, options: TdOptions, rng: Rng): TabularTrainer {
  const name = NAMES[options.kind]
  const spec = env.spec
  const numStates = discreteStateCount(spec, name)
  checkMix(mix, spec.components.length, spec.id)
  const numActions = spec.numActions
  const n = env.n
  const K = spec.components.length
  const { alpha, gamma, epsilon, stepsPerIteration } = options
  const expected = options.kind === 'expected_sarsa'
  const traces = options.kind === 'sarsa_lambda' ? new EligibilityTraces(n, numStates * numActions, options.traces === 'replacing') : null
  // e ← γλ·e after each update
  const traceDecay = options.kind === 'sarsa_lambda' ? gamma * options.lambda : 0

  const envRng = rng.split()
  const actRng = rng.split()
  const q = new Float64Array(numStates * numActions).fill(options.initialValue)
  const buffers = allocateStepBuffers(spec, n, MAX_ADDED_COMPONENTS)
  const observations = new Float32Array(n)
  /** The action each copy takes on its next step, chosen from its current state. */
  const actions = new Int32Array(n)
  const rewards = new Float64Array(n)
  const stateBefore = new Float64Array(env.state.length)
  const tracker = new EpisodeTracker(n, K)
  const demo = new DemoRecorder(spec, n, stepsPerIteration)
  let current = mix
  let disposed = false
  let started = false

  env.reset(envRng, observations)

  async function iterate(): Promise<IterationReport> {
    if (disposed) throw new Error(`this ${name} trainer was disposed`)
    if (!started) {
      // The first actions come from the table as it stands when training starts.
      for (let i = 0; i < n; i++) actions[i] = epsilonGreedyAction(q, observations[i], numActions, epsilon, actRng)
      started = true
    }
    const episodes: FinishedEpisode[] = []
    const tdErrors = new TdErrorStats(stepsPerIteration * n)
    for (let t = 0; t < stepsPerIteration; t++) {
      stateBefore.set(env.state)
      demo.record(t, env.state)
      env.step(actions, buffers, envRng)
      mixStepRewards(spec, current, buffers, stateBefore, actions, rewards)
      for (let i = 0; i < n; i++) {
        const index = observations[i] * numActions + actions[i]
        const terminated = buffers.terminated[i] === 1
        const ended = terminated || buffers.truncated[i] === 1
        // After an end, obs is already the next episode's first state; the cut episode's last one is finalObs.
        const nextState = ended ? buffers.finalObs[i] : buffers.obs[i]
        // SARSA chooses a′ before the update: its target is the action it will actually take.
        let nextAction = -1
        if (!ended && !expected) nextAction = epsilonGreedyAction(q, nextState, numActions, epsilon, actRng)
        let bootstrap = 0
        if (!terminated) {
          if (expected) bootstrap = epsilonGreedyExpectation(q, nextState, numActions, epsilon)
          // A cut: the action the copy would have taken in its final state.
          else bootstrap = q[nextState * numActions + (ended ? epsilonGreedyAction(q, nextState, numActions, epsilon, actRng) : nextAction)]
        }
        // δ = r + γ·(1 − terminated)·[Q(s′, a′) or Σ_a′ π(a′|s′)·Q(s′, a′)] − Q(s, a)
        const tdError = rewards[i] + gamma * bootstrap - q[index]
        if (traces === null) {
          // Q(s, a) ← Q(s, a) + α·δ
          q[index] += alpha * tdError
        } else {
          traces.visit(i, index)
          traces.update(i, q, alpha * tdError, traceDecay)
          if (ended) traces.clear(i)
        }
        tdErrors.add(tdError)
        observations[i] = buffers.obs[i]
        actions[i] = nextAction >= 0 ? nextAction : epsilonGreedyAction(q, buffers.obs[i], numActions, epsilon, actRng)
      }
      tracker.record(buffers, rewards, current.weights, episodes)
    }
    return {
      envSteps: stepsPerIteration * n,
      episodes,
      diagnostics: {
        epsilon,
        td_error_abs_mean: tdErrors.absMean,
        q_max_abs: maxAbs(q),
        zero_advantage_fraction: tdErrors.zeroFraction,
      },
      advantages: tdErrors.take(),
      demo: demo.take(),
    }
  }

  return {
    spec,
    numStates,
    numActions,
    qTable: q,
    greedyAction: (s: number) => greedyAction(q, s, numActions),
    iterate,
    setMix(next: CompiledMix): void {
      checkMix(next, env.spec.components.length, spec.id)
      current = next
    },
    dispose(): void {
      disposed = true
    },
  }
}

/**
 * Eligibility traces e(s, a), one sparse list per copy (each copy walks its own episode): the pairs
 * visited recently with their traces. Memory grows with the path, not with copies × states × actions.
 */
export class EligibilityTraces {
  private readonly pairs: Int32Array[] = []
  private readonly values: Float64Array[] = []
  private readonly lengths: Int32Array

  constructor(
    n: number,
    private readonly maxPairs: number,
    private readonly replacing: boolean,
  ) {
    this.lengths = new Int32Array(n)
    for (let i = 0; i < n; i++) {
      this.pairs.push(new Int32Array(8))
      this.values.push(new Float64Array(8))
    }
  }

  /** Replacing: e(s, a) ← 1; accumulating: e(s, a) ← e(s, a) + 1. `pair` = s · numActions + a. */
  visit(copy: number, pair: number): void {
    const pairs = this.pairs[copy]
    const values = this.values[copy]
    const length = this.lengths[copy]
    for (let j = 0; j < length; j++) {
      if (pairs[j] === pair) {
        values[j] = this.replacing ? 1 : values[j] + 1
        return
      }
    }
    if (length === pairs.length) this.grow(copy)
    this.pairs[copy][length] = pair
    this.values[copy][length] = 1
    this.lengths[copy] = length + 1
  }

  /** Q(s, a) ← Q(s, a) + α·δ·e(s, a) for every traced pair, then e ← γλ·e. */
  update(copy: number, q: Float64Array, alphaDelta: number, decay: number): void {
    const pairs = this.pairs[copy]
    const values = this.values[copy]
    let kept = 0
    for (let j = 0; j < this.lengths[copy]; j++) {
      q[pairs[j]] += alphaDelta * values[j]
      const next = values[j] * decay
      if (Math.abs(next) >= TRACE_CUTOFF) {
        pairs[kept] = pairs[j]
        values[kept] = next
        kept++
      }
    }
    this.lengths[copy] = kept
  }

  /** e ← 0 for one copy (its episode ended). */
  clear(copy: number): void {
    this.lengths[copy] = 0
  }

  /** The copy's trace of `pair`, 0 when it has none (for tests and views). */
  trace(copy: number, pair: number): number {
    for (let j = 0; j < this.lengths[copy]; j++) if (this.pairs[copy][j] === pair) return this.values[copy][j]
    return 0
  }

  private grow(copy: number): void {
    const size = Math.min(this.maxPairs, this.pairs[copy].length * 2)
    const pairs = new Int32Array(size)
    const values = new Float64Array(size)
    pairs.set(this.pairs[copy])
    values.set(this.values[copy])
    this.pairs[copy] = pairs
    this.values[copy] = values
  }
}
