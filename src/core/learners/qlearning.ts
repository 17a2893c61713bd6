import { allocateStepBuffers, type BatchEnv } from '../envs/types'
import { mixOne, type CompiledMix } from '../rewards/mix'
import type { Rng } from '../rng'
import type { QLearningOptions } from '../run/config'
import { DemoRecorder } from '../run/demo'
import { EpisodeTracker, type FinishedEpisode } from '../run/episodes'
import type { IterationReport, Trainer } from '../run/trainer'

/** A Q-learning trainer, with its table and greedy policy open to the UI and tests. */
export interface QLearningTrainer extends Trainer {
  readonly numStates: number
  readonly numActions: number
  /** Q(s, a) at index s · numActions + a. A live view: read it, never write it. */
  readonly qTable: Float64Array
  /** argmax_a Q(s, a), the lowest action on ties (deterministic, for display and evaluation). */
  greedyAction(state: number): number
}

/**
 * Tabular Q-learning (Watkins) with ε-greedy exploration over N copies of a discrete environment,
 * updated online after every step. A time-limit cut bootstraps from the final observation's state;
 * only a termination stops the bootstrap.
 */
export function createQLearningTrainer(env: BatchEnv, mix: CompiledMix, options: QLearningOptions, rng: Rng): QLearningTrainer {
  const spec = env.spec
  const numStates = spec.discreteStates
  if (numStates === null || spec.obsSize !== 1) {
    throw new Error(`Q-learning needs an environment with discrete states; ${spec.id} has continuous observations`)
  }
  checkMix(mix, spec.components.length, spec.id)
  const numActions = spec.numActions
  const n = env.n
  const K = spec.components.length
  const stateSize = spec.stateVars.length
  const { alpha, gamma, epsilon, stepsPerIteration } = options

  const envRng = rng.split()
  const actRng = rng.split()
  const q = new Float64Array(numStates * numActions).fill(options.initialValue)
  const buffers = allocateStepBuffers(spec, n)
  const observations = new Float32Array(n)
  const actions = new Int32Array(n)
  const rewards = new Float64Array(n)
  const stateBefore = new Float64Array(n * stateSize)
  const tracker = new EpisodeTracker(n, K)
  const demo = new DemoRecorder(spec, n, stepsPerIteration)
  let current = mix
  let disposed = false

  env.reset(envRng, observations)

  function maxQ(s: number): number {
    let best = -Infinity
    for (let a = 0; a < numActions; a++) best = Math.max(best, q[s * numActions + a])
    return best
  }

  function greedyAction(s: number): number {
    let bestAction = 0
    for (let a = 1; a < numActions; a++) if (q[s * numActions + a] > q[s * numActions + bestAction]) bestAction = a
    return bestAction
  }

  /** argmax_a Q(s, a) with ties broken uniformly at random. */
  function greedyActionRandomTie(s: number): number {
    const best = maxQ(s)
    let ties = 0
    for (let a = 0; a < numActions; a++) if (q[s * numActions + a] === best) ties++
    let pick = ties > 1 ? actRng.int(ties) : 0
    for (let a = 0; a < numActions; a++) {
      if (q[s * numActions + a] === best && pick-- === 0) return a
    }
    return 0
  }

  function describeBadReward(i: number, reward: number): string {
    const components = current.names.map((name, k) => `${name}=${buffers.components[i * K + k]}`).join(', ')
    const weights = current.names.map((name, k) => `${name}=${current.weights[k]}`).join(', ')
    const state = Array.from(stateBefore.subarray(i * stateSize, (i + 1) * stateSize)).join(', ')
    return `reward is not finite (${reward}) on ${spec.id} copy ${i} from state [${state}] with action ${actions[i]}: components ${components}; weights ${weights}`
  }

  async function iterate(): Promise<IterationReport> {
    if (disposed) throw new Error('this Q-learning trainer was disposed')
    const episodes: FinishedEpisode[] = []
    let tdAbsSum = 0
    for (let t = 0; t < stepsPerIteration; t++) {
      for (let i = 0; i < n; i++) {
        const s = observations[i]
        actions[i] = epsilon > 0 && actRng.uniform() < epsilon ? actRng.int(numActions) : greedyActionRandomTie(s)
      }
      stateBefore.set(env.state)
      demo.record(t, env.state)
      env.step(actions, buffers, envRng)
      const weights = current.weights
      for (let i = 0; i < n; i++) {
        // r = Σ_k w_k · c_k
        const reward = mixOne(weights, buffers.components, i * K)
        if (!Number.isFinite(reward)) throw new Error(describeBadReward(i, reward))
        rewards[i] = reward
        const s = observations[i]
        const ended = buffers.terminated[i] === 1 || buffers.truncated[i] === 1
        const next = ended ? buffers.finalObs[i] : buffers.obs[i]
        const index = s * numActions + actions[i]
        // δ = r + γ·(1 − terminated)·max_a′ Q(s′, a′) − Q(s, a)
        const tdError = reward + (buffers.terminated[i] === 1 ? 0 : gamma * maxQ(next)) - q[index]
        // Q(s, a) ← Q(s, a) + α·δ
        q[index] += alpha * tdError
        tdAbsSum += Math.abs(tdError)
        observations[i] = buffers.obs[i]
      }
      tracker.record(buffers, rewards, weights, episodes)
    }
    let qMaxAbs = 0
    for (let j = 0; j < q.length; j++) qMaxAbs = Math.max(qMaxAbs, Math.abs(q[j]))
    return {
      envSteps: stepsPerIteration * n,
      episodes,
      diagnostics: { epsilon, td_error_abs_mean: tdAbsSum / (stepsPerIteration * n), q_max_abs: qMaxAbs },
      demo: demo.take(),
    }
  }

  return {
    spec,
    numStates,
    numActions,
    qTable: q,
    greedyAction,
    iterate,
    setMix(next: CompiledMix): void {
      checkMix(next, K, spec.id)
      current = next
    },
    dispose(): void {
      disposed = true
    },
  }
}

function checkMix(mix: CompiledMix, numComponents: number, envId: string): void {
  if (mix.weights.length !== numComponents) {
    throw new Error(`the reward mix has ${mix.weights.length} weights but ${envId} has ${numComponents} components`)
  }
}
