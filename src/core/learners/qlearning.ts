import { allocateStepBuffers, type BatchEnv, MAX_ADDED_COMPONENTS } from '../envs/types'
import { checkMix, type CompiledMix } from '../rewards/mix'
import type { Rng } from '../rng'
import type { QLearningOptions } from '../run/config'
import { DemoRecorder } from '../run/demo'
import { EpisodeTracker, type FinishedEpisode } from '../run/episodes'
import type { IterationReport } from '../run/trainer'
import { discreteStateCount, epsilonGreedyAction, greedyAction, maxAbs, maxQ, mixStepRewards, TdErrorStats, type TabularTrainer } from './tabular'

/** A Q-learning trainer, with its table and greedy policy open to the UI and tests. */
export type QLearningTrainer = TabularTrainer

/**
 * Tabular Q-learning (Watkins) with ε-greedy exploration over N copies of a discrete environment,
 * updated online after every step. A time-limit cut bootstraps from the final observation's state;
 * only a termination stops the bootstrap.
 */
export function createQLearningTrainer(env: BatchEnv, mix: CompiledMix, options: QLearningOptions, rng: Rng): QLearningTrainer {
  const spec = env.spec
  const numStates = discreteStateCount(spec, 'Q-learning')
  checkMix(mix, spec.components.length, spec.id)
  const numActions = spec.numActions
  const n = env.n
  const K = spec.components.length
  const { alpha, gamma, epsilon, stepsPerIteration } = options

  const envRng = rng.split()
  const actRng = rng.split()
  const q = new Float64Array(numStates * numActions).fill(options.initialValue)
  const buffers = allocateStepBuffers(spec, n, MAX_ADDED_COMPONENTS)
  const observations = new Float32Array(n)
  const actions = new Int32Array(n)
  const rewards = new Float64Array(n)
  const stateBefore = new Float64Array(env.state.length)
  const tracker = new EpisodeTracker(n, K)
  const demo = new DemoRecorder(spec, n, stepsPerIteration)
  let current = mix
  let disposed = false

  env.reset(envRng, observations)

  async function iterate(): Promise<IterationReport> {
    if (disposed) throw new Error('this Q-learning trainer was disposed')
    const episodes: FinishedEpisode[] = []
    const tdErrors = new TdErrorStats(stepsPerIteration * n)
    for (let t = 0; t < stepsPerIteration; t++) {
      for (let i = 0; i < n; i++) actions[i] = epsilonGreedyAction(q, observations[i], numActions, epsilon, actRng)
      stateBefore.set(env.state)
      demo.record(t, env.state)
      env.step(actions, buffers, envRng)
      mixStepRewards(spec, current, buffers, stateBefore, actions, rewards)
      for (let i = 0; i < n; i++) {
        const s = observations[i]
        const ended = buffers.terminated[i] === 1 || buffers.truncated[i] === 1
        const next = ended ? buffers.finalObs[i] : buffers.obs[i]
        const index = s * numActions + actions[i]
        // δ = r + γ·(1 − terminated)·max_a′ Q(s′, a′) − Q(s, a)
        const tdError = rewards[i] + (buffers.terminated[i] === 1 ? 0 : gamma * maxQ(q, next, numActions)) - q[index]
        // Q(s, a) ← Q(s, a) + α·δ
        q[index] += alpha * tdError
        tdErrors.add(tdError)
        observations[i] = buffers.obs[i]
      }
      tracker.record(buffers, rewards, current.weights, episodes)
    }
    return {
      envSteps: stepsPerIteration * n,
      episodes,
      diagnostics: { epsilon, td_error_abs_mean: tdErrors.absMean, q_max_abs: maxAbs(q), zero_advantage_fraction: tdErrors.zeroFraction },
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
