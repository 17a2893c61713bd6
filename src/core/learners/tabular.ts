import type { EnvSpec, StepBuffers } from '../envs/types'
import { mixOne, type CompiledMix } from '../rewards/mix'
import type { Rng } from '../rng'
import type { TabularPicture } from '../run/frame'
import { ADVANTAGE_SAMPLE, type Trainer } from '../run/trainer'

/*
 * What the tabular learners (Q-learning, SARSA, Expected SARSA, SARSA(λ), value iteration) share:
 * the Q table and its greedy and ε-greedy policies, the reward guard, and the TD-error statistics
 * they report. Q(s, a) lives at index s · numActions + a of a Float64Array.
 */

/** A tabular trainer, with its table and greedy policy open to the UI and tests. */
export interface TabularTrainer extends Trainer {
  readonly numStates: number
  readonly numActions: number
  /** Q(s, a) at index s · numActions + a. A live view: read it, never write it. */
  readonly qTable: Float64Array
  /** argmax_a Q(s, a), the lowest action on ties (deterministic, for display and evaluation). */
  greedyAction(state: number): number
}

/** The number of discrete states, or an error naming the learner when observations are continuous. */
export function discreteStateCount(spec: EnvSpec, learner: string): number {
  if (spec.discreteStates === null || spec.obsSize !== 1) {
    throw new Error(`${learner} needs an environment with discrete states; ${spec.id} has continuous observations`)
  }
  return spec.discreteStates
}


/** max_a Q(s, a) */
export function maxQ(q: Float64Array, s: number, numActions: number): number {
  let best = -Infinity
  for (let a = 0; a < numActions; a++) best = Math.max(best, q[s * numActions + a])
  return best
}

/** argmax_a Q(s, a), the lowest action on ties. */
export function greedyAction(q: Float64Array, s: number, numActions: number): number {
  let bestAction = 0
  for (let a = 1; a < numActions; a++) if (q[s * numActions + a] > q[s * numActions + bestAction]) bestAction = a
  return bestAction
}

/** argmax_a Q(s, a) with ties broken uniformly at random (one draw, only when there is a tie). */
export function greedyActionRandomTie(q: Float64Array, s: number, numActions: number, rng: Rng): number {
  const best = maxQ(q, s, numActions)
  let ties = 0
  for (let a = 0; a < numActions; a++) if (q[s * numActions + a] === best) ties++
  let pick = ties > 1 ? rng.int(ties) : 0
  for (let a = 0; a < numActions; a++) {
    if (q[s * numActions + a] === best && pick-- === 0) return a
  }
  return 0
}

/**
 * ε-greedy: with probability ε a uniformly random action, else a greedy one with random ties.
 * π(a|s) = ε/|A| + (1 − ε)/|argmax| for a in the argmax set, ε/|A| otherwise (epsilonGreedyExpectation).
 */
export function epsilonGreedyAction(q: Float64Array, s: number, numActions: number, epsilon: number, rng: Rng): number {
  return epsilon > 0 && rng.uniform() < epsilon ? rng.int(numActions) : greedyActionRandomTie(q, s, numActions, rng)
}

/** Σ_a π(a|s)·Q(s, a) under the ε-greedy π of epsilonGreedyAction (ties share the greedy mass equally). */
export function epsilonGreedyExpectation(q: Float64Array, s: number, numActions: number, epsilon: number): number {
  const best = maxQ(q, s, numActions)
  let sum = 0
  let ties = 0
  for (let a = 0; a < numActions; a++) {
    sum += q[s * numActions + a]
    if (q[s * numActions + a] === best) ties++
  }
  // Σ_a π(a|s)·Q(s,a) = (ε/|A|)·Σ_a Q(s,a) + (1 − ε)·max_a Q(s,a)   (every tied action holds the max)
  return (epsilon / numActions) * sum + (1 - epsilon) * best
}

/** max_{s,a} |Q(s, a)| */
export function maxAbs(values: Float64Array): number {
  let largest = 0
  for (let j = 0; j < values.length; j++) largest = Math.max(largest, Math.abs(values[j]))
  return largest
}

/**
 * r_i = Σ_k w_k · c_i,k for every copy of a step, into `rewards`. A non-finite reward stops the run
 * with a diagnosis naming the copy, its state before the step, the action, components and weights.
 */
export function mixStepRewards(
  spec: EnvSpec,
  mix: CompiledMix,
  buffers: StepBuffers,
  stateBefore: Float64Array,
  actions: Int32Array,
  rewards: Float64Array,
): void {
  const K = mix.weights.length
  const stateSize = spec.stateVars.length
  for (let i = 0; i < rewards.length; i++) {
    // r = Σ_k w_k · c_k
    const reward = mixOne(mix.weights, buffers.components, i * K)
    if (!Number.isFinite(reward)) {
      const components = mix.names.map((name, k) => `${name}=${buffers.components[i * K + k]}`).join(', ')
      const weights = mix.names.map((name, k) => `${name}=${mix.weights[k]}`).join(', ')
      const state = Array.from(stateBefore.subarray(i * stateSize, (i + 1) * stateSize)).join(', ')
      throw new Error(
        `reward is not finite (${reward}) on ${spec.id} copy ${i} from state [${state}] with action ${actions[i]}: components ${components}; weights ${weights}`,
      )
    }
    rewards[i] = reward
  }
}

/**
 * The TD errors of one iteration: their mean absolute value, the fraction exactly 0, and an evenly
 * spaced sample of min(expected, ADVANTAGE_SAMPLE) of them for the histogram (no randomness drawn).
 */
export class TdErrorStats {
  private readonly expected: number
  private readonly sample: Float32Array
  private sampled = 0
  private count = 0
  private absSum = 0
  private zeros = 0

  /** `expected`: how many TD errors the iteration will add (steps × copies). */
  constructor(expected: number) {
    this.expected = Math.max(1, expected)
    this.sample = new Float32Array(Math.min(ADVANTAGE_SAMPLE, this.expected))
  }

  add(tdError: number): void {
    // Keep error j when ⌊j·m / expected⌋ reaches the next sample slot: m evenly spaced errors.
    if (this.sampled < this.sample.length && Math.floor((this.count * this.sample.length) / this.expected) >= this.sampled) {
      this.sample[this.sampled++] = tdError
    }
    this.count++
    this.absSum += Math.abs(tdError)
    if (tdError === 0) this.zeros++
  }

  get absMean(): number {
    return this.count > 0 ? this.absSum / this.count : 0
  }

  get zeroFraction(): number {
    return this.count > 0 ? this.zeros / this.count : 0
  }

  /** The sampled TD errors, a fresh array the caller may transfer. */
  take(): Float32Array {
    return this.sample.slice(0, this.sampled)
  }
}

// A frame carries the picture, so run/ declares its shape and the learners draw it.
export type { TabularPicture } from '../run/frame'

/** V(s) = max_a Q(s, a) and argmax_a Q(s, a) (lowest on ties) for every state. */
export function tabularPicture(trainer: Pick<TabularTrainer, 'numStates' | 'numActions' | 'qTable' | 'greedyAction'>): TabularPicture {
  const values = new Float32Array(trainer.numStates)
  const policy = new Int8Array(trainer.numStates)
  for (let s = 0; s < trainer.numStates; s++) {
    values[s] = maxQ(trainer.qTable, s, trainer.numActions)
    policy[s] = trainer.greedyAction(s)
  }
  return { values, policy }
}

/** Whether a trainer keeps a Q table (tabular TD learners and value iteration do). */
export function isTabularTrainer(trainer: object): trainer is TabularTrainer {
  return 'qTable' in trainer && 'greedyAction' in trainer
}
