import { allocateStepBuffers, type BatchEnv, type EnvDefinition, type EnvParams } from '../envs/types'
import { mixOne, type CompiledMix, checkMix } from '../rewards/mix'
import type { Rng } from '../rng'
import type { ValueIterationOptions } from '../run/learnerOptions'
import { DemoRecorder } from '../run/demo'
import { EpisodeTracker, type FinishedEpisode } from '../run/episodes'
import type { IterationReport } from '../run/trainer'
import { discreteStateCount, greedyAction, greedyActionRandomTie, maxAbs, mixStepRewards, type TabularTrainer } from './tabular'

/**
 * Value iteration on the environment's exact model (Sutton & Barto, section 4.4), in place:
 *   V(s) ← max_a Σ_{s′} p(s′|s, a)·(r + γ·(1 − terminated)·V(s′)),  r = Σ_k w_k·c_k under the current mix.
 * Each iteration runs up to sweepsPerIteration sweeps (none once the largest change in V fell to the
 * tolerance; a new mix re-plans from the current V), then plays the greedy policy in the
 * environment copies for stepsPerIteration steps, so its curves compare with the learners'.
 */
export function createValueIterationTrainer(
  definition: EnvDefinition,
  params: EnvParams,
  env: BatchEnv,
  mix: CompiledMix,
  options: ValueIterationOptions,
  rng: Rng,
): TabularTrainer {
  const spec = env.spec
  const numStates = discreteStateCount(spec, 'Value iteration')
  if (definition.model === undefined) {
    throw new Error(`Value iteration needs the environment's exact model; ${spec.id} has none, use Q-learning or SARSA`)
  }
  const model = definition.model(params)
  const numActions = spec.numActions
  if (model.numStates !== numStates || model.numActions !== numActions) {
    throw new Error(
      `the model of ${spec.id} has ${model.numStates} states and ${model.numActions} actions but its spec has ${numStates} and ${numActions}`,
    )
  }
  const K = spec.components.length
  checkMix(mix, K, spec.id)
  const n = env.n
  const { gamma, stepsPerIteration, sweepsPerIteration, tolerance } = options

  // The model flattened: the outcomes of (s, a) are first[s·A + a] … first[s·A + a + 1] − 1.
  const first = new Int32Array(numStates * numActions + 1)
  const probabilities: number[] = []
  const nextStates: number[] = []
  const continues: number[] = []
  const components: number[] = []
  for (let s = 0; s < numStates; s++) {
    for (let a = 0; a < numActions; a++) {
      first[s * numActions + a] = probabilities.length
      for (const outcome of model.transitions(s, a)) {
        probabilities.push(outcome.probability)
        nextStates.push(outcome.nextState)
        continues.push(outcome.terminated ? 0 : 1)
        for (let k = 0; k < K; k++) components.push(outcome.components[k])
      }
    }
  }
  first[numStates * numActions] = probabilities.length
  const probability = Float64Array.from(probabilities)
  const nextState = Int32Array.from(nextStates)
  const notTerminated = Float64Array.from(continues)
  const outcomeComponents = Float64Array.from(components)
  const outcomeReward = new Float64Array(probability.length)

  const envRng = rng.split()
  const actRng = rng.split()
  const v = new Float64Array(numStates)
  const q = new Float64Array(numStates * numActions)
  const buffers = allocateStepBuffers(spec, n)
  const observations = new Float32Array(n)
  const actions = new Int32Array(n)
  const rewards = new Float64Array(n)
  const stateBefore = new Float64Array(env.state.length)
  const tracker = new EpisodeTracker(n, K)
  const demo = new DemoRecorder(spec, n, stepsPerIteration)
  let current = mix
  let planned = false
  let converged = false
  let residual = 0
  let disposed = false

  env.reset(envRng, observations)

  /** r = Σ_k w_k·c_k for every outcome under the current mix; a non-finite one stops with a diagnosis. */
  function plan(): void {
    for (let s = 0; s < numStates; s++) {
      for (let a = 0; a < numActions; a++) {
        for (let j = first[s * numActions + a]; j < first[s * numActions + a + 1]; j++) {
          const reward = mixOne(current.weights, outcomeComponents, j * K)
          if (!Number.isFinite(reward)) {
            const values = current.names.map((name, k) => `${name}=${outcomeComponents[j * K + k]}`).join(', ')
            const weights = current.names.map((name, k) => `${name}=${current.weights[k]}`).join(', ')
            throw new Error(`reward is not finite (${reward}) on ${spec.id} from state ${s} with action ${a}: components ${values}; weights ${weights}`)
          }
          outcomeReward[j] = reward
        }
      }
    }
    planned = true
  }

  /** Σ_{s′} p(s′|s, a)·(r + γ·(1 − terminated)·V(s′)) */
  function backup(s: number, a: number): number {
    let value = 0
    for (let j = first[s * numActions + a]; j < first[s * numActions + a + 1]; j++) {
      value += probability[j] * (outcomeReward[j] + gamma * notTerminated[j] * v[nextState[j]])
    }
    return value
  }

  /** One in-place sweep over every state; returns max_s |ΔV(s)|. */
  function sweep(): number {
    let largest = 0
    for (let s = 0; s < numStates; s++) {
      let best = -Infinity
      for (let a = 0; a < numActions; a++) best = Math.max(best, backup(s, a))
      largest = Math.max(largest, Math.abs(best - v[s]))
      v[s] = best
    }
    return largest
  }

  async function iterate(): Promise<IterationReport> {
    if (disposed) throw new Error('this value iteration trainer was disposed')
    if (!planned) plan()
    let sweeps = 0
    while (!converged && sweeps < sweepsPerIteration) {
      residual = sweep()
      sweeps++
      if (!Number.isFinite(residual)) {
        throw new Error(`value iteration diverged on ${spec.id}: V is no longer finite (γ = ${gamma}); a discount below 1 keeps it bounded`)
      }
      if (residual <= tolerance) converged = true
    }
    // Q(s, a) = Σ p·(r + γ·(1 − terminated)·V(s′)), for the greedy policy and the table view
    for (let s = 0; s < numStates; s++) for (let a = 0; a < numActions; a++) q[s * numActions + a] = backup(s, a)

    const episodes: FinishedEpisode[] = []
    for (let t = 0; t < stepsPerIteration; t++) {
      for (let i = 0; i < n; i++) actions[i] = greedyActionRandomTie(q, observations[i], numActions, actRng)
      stateBefore.set(env.state)
      demo.record(t, env.state)
      env.step(actions, buffers, envRng)
      mixStepRewards(spec, current, buffers, stateBefore, actions, rewards)
      observations.set(buffers.obs)
      tracker.record(buffers, rewards, current.weights, episodes)
    }
    return {
      envSteps: stepsPerIteration * n,
      episodes,
      diagnostics: { bellman_residual: residual, sweeps, v_max_abs: maxAbs(v) },
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
      checkMix(next, K, spec.id)
      current = next
      planned = false
      converged = false
    },
    dispose(): void {
      disposed = true
    },
  }
}
