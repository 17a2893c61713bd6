import type { Rng } from '../rng'
import { resolveParams } from './params'
import { checkStateValues } from './stateInput'
import { keepFinalState, type BatchEnv, type EnvDefinition, type EnvParams, type EnvSpec, type ParamSpec, type StepBuffers } from './types'

/*
 * The k-armed bandit (Sutton & Barto, chapter 2), optionally contextual. Every episode is one pull:
 * each step terminates, so an episode's return is that pull's reward and the episode objective is
 * that pull's regret. With `contexts` C > 1 a context c ∈ {0 … C − 1} is drawn for every pull and
 * rotates the arms: arm j pays like arm (j + c) mod k of context 0, so the best arm differs from
 * context to context and a learner must read the observation (the context index).
 *
 * State per copy: [k, context, last_context, last_arm, last_payout, mean_0 … mean_{k−1}].
 * `k` leads the layout so that a picture of recorded states can find its way without the spec;
 * the last_* values keep the previous pull (last_arm −1 before any) because every recorded state
 * is already the fresh episode that followed it. The means are the arms' expected payouts in
 * context 0; the step reads them from the state (trace may set others), a reset restores the
 * `means` parameter.
 */

export const K_INDEX = 0
export const CONTEXT_INDEX = 1
export const LAST_CONTEXT_INDEX = 2
export const LAST_ARM_INDEX = 3
export const LAST_PAYOUT_INDEX = 4
export const MEANS_INDEX = 5

// Component order in StepBuffers.components.
const PAYOUT = 0
const EXPECTED = 1
const LURE = 2
const NUM_COMPONENTS = 3

const ID = 'bandit'

const PARAMS: ParamSpec[] = [
  { kind: 'number', name: 'k', description: 'Number of arms.', default: 5, min: 2, max: 20, integer: true },
  {
    kind: 'choice',
    name: 'arms',
    description: 'What an arm pays: bernoulli pays 1 with probability equal to its mean and 0 otherwise; gaussian pays its mean plus normal noise of standard deviation `noise`.',
    default: 'bernoulli',
    options: ['bernoulli', 'gaussian'],
  },
  {
    kind: 'numbers',
    name: 'means',
    description:
      'Expected payout of each arm in context 0, one per arm (exactly k values; Bernoulli means are probabilities in [0, 1]). Empty: evenly spread from 0.1 (arm 0) to 0.9 (arm k − 1).',
    default: [],
    min: -10,
    max: 10,
    minLength: 0,
    maxLength: 20,
  },
  { kind: 'number', name: 'noise', description: 'Standard deviation of a Gaussian arm’s payout around its mean (Gaussian arms only).', default: 1, min: 0, max: 5 },
  {
    kind: 'number',
    name: 'contexts',
    description: '1: a plain bandit. C > 1: a contextual bandit; a context is drawn uniformly for every pull, observed, and rotates the arms by c places (at most k contexts).',
    default: 1,
    min: 1,
    max: 20,
    integer: true,
  },
]

/** The resolved game: what a copy's reset writes and what the step needs besides the state. */
export interface BanditGame {
  k: number
  gaussian: boolean
  noise: number
  /** Expected payout of arm j in context 0. */
  means: number[]
  contexts: number
}

/** Evenly spread means: 0.1 for arm 0 to 0.9 for arm k − 1, mean_j = 0.1 + 0.8·j/(k − 1). */
export function spreadMeans(k: number): number[] {
  return Array.from({ length: k }, (_, j) => 0.1 + (0.8 * j) / (k - 1))
}

export function banditGame(raw: EnvParams): BanditGame {
  const params = resolveParams({ id: ID, params: PARAMS }, raw)
  const k = params.k as number
  const gaussian = params.arms === 'gaussian'
  const given = params.means as number[]
  const contexts = params.contexts as number
  if (given.length !== 0 && given.length !== k) {
    throw new Error(`parameter "means" of ${ID} lists ${given.length} values but k is ${k}: give exactly ${k} means separated by ";", or leave it empty for evenly spread means`)
  }
  if (!gaussian) {
    const bad = given.find((mean) => mean < 0 || mean > 1)
    if (bad !== undefined) throw new Error(`parameter "means" of ${ID} must hold probabilities from 0 to 1 for Bernoulli arms; got ${bad}`)
  }
  if (contexts > k) {
    throw new Error(`parameter "contexts" of ${ID} must be at most k (${k}): context c rotates the ${k} arms by c places, so more contexts would repeat; got ${contexts}`)
  }
  return { k, gaussian, noise: params.noise as number, means: given.length === k ? given.slice() : spreadMeans(k), contexts }
}

/** Expected payout of `arm` in `context` given the context-0 means stored from `offset`. */
export function armMean(means: ArrayLike<number>, offset: number, k: number, arm: number, context: number): number {
  return means[offset + ((arm + context) % k)]
}

function describeSpec(game: BanditGame): EnvSpec {
  const { k, contexts } = game
  const arms = Array.from({ length: k }, (_, j) => `arm ${j}`)
  return {
    id: ID,
    label: 'Bandit',
    description:
      contexts > 1
        ? `A contextual ${k}-armed bandit with ${contexts} contexts: each step observes a context and pulls one arm; the context decides which arm pays best.`
        : `A ${k}-armed bandit: each step pulls one arm; learn which pays best while the pulls you spend exploring cost regret.`,
    stateVars: ['k', 'context', 'last_context', 'last_arm', 'last_payout', ...arms.map((_, j) => `mean_${j}`)],
    obsSize: 1,
    numActions: k,
    actionLabels: arms,
    components: [
      { name: 'payout', description: `What the pulled arm paid (${game.gaussian ? 'its mean plus Gaussian noise' : '1 or 0, a Bernoulli draw'}): the bandit’s reward.`, defaultWeight: 1, range: [0, 2] },
      {
        name: 'expected',
        description: 'The pulled arm’s expected payout in this context: the payout without the luck. Same best arm, far less variance than payout.',
        defaultWeight: 0,
        range: [0, 2],
      },
      {
        name: 'lure',
        description: '+1 whenever arm 0 is pulled, whatever it pays (a misspecified term: with the default means arm 0 is the worst, so weighted above the payout gap it raises reward and regret together).',
        defaultWeight: 0,
        range: [0, 2],
      },
    ],
    objective: {
      name: 'regret',
      description: 'Expected regret of the pull: the best arm’s mean minus the pulled arm’s mean in that context (0 for the best arm; lower is better).',
      higherIsBetter: false,
    },
    timeLimit: null,
    params: PARAMS,
    discreteStates: contexts,
    completions: 'single',
  }
}

function describe(raw: EnvParams): EnvSpec {
  return describeSpec(banditGame(raw))
}

class BanditBatch implements BatchEnv {
  readonly state: Float64Array
  private readonly stride: number
  private readonly k: number
  private readonly contexts: number
  private readonly gaussian: boolean
  private readonly noise: number
  private readonly means: Float64Array

  constructor(
    readonly spec: EnvSpec,
    readonly n: number,
    game: BanditGame,
  ) {
    this.k = game.k
    this.contexts = game.contexts
    this.gaussian = game.gaussian
    this.noise = game.noise
    this.means = Float64Array.from(game.means)
    this.stride = MEANS_INDEX + this.k
    this.state = new Float64Array(n * this.stride)
    for (let i = 0; i < n; i++) {
      const b = i * this.stride
      this.state[b + K_INDEX] = this.k
      this.state[b + LAST_ARM_INDEX] = -1
      this.state.set(this.means, b + MEANS_INDEX)
    }
  }

  reset(rng: Rng, obs: Float32Array): void {
    for (let i = 0; i < this.n; i++) {
      const b = i * this.stride
      this.state[b + LAST_CONTEXT_INDEX] = 0
      this.state[b + LAST_ARM_INDEX] = -1
      this.state[b + LAST_PAYOUT_INDEX] = 0
      this.resetCopy(i, rng)
      this.observe(i, obs)
    }
  }

  setState(i: number, values: ArrayLike<number>): void {
    checkStateValues(this.spec, values)
    if (values[K_INDEX] !== this.k) throw new Error(`bandit state value k must be ${this.k} (the k parameter), got ${values[K_INDEX]}`)
    const isIndex = (value: number, count: number) => Number.isInteger(value) && value >= 0 && value < count
    if (!isIndex(values[CONTEXT_INDEX], this.contexts)) throw new Error(`bandit state value context must be an integer from 0 to ${this.contexts - 1}, got ${values[CONTEXT_INDEX]}`)
    if (!isIndex(values[LAST_CONTEXT_INDEX], this.contexts)) {
      throw new Error(`bandit state value last_context must be an integer from 0 to ${this.contexts - 1}, got ${values[LAST_CONTEXT_INDEX]}`)
    }
    if (values[LAST_ARM_INDEX] !== -1 && !isIndex(values[LAST_ARM_INDEX], this.k)) {
      throw new Error(`bandit state value last_arm must be −1 (no pull yet) or an arm from 0 to ${this.k - 1}, got ${values[LAST_ARM_INDEX]}`)
    }
    if (!this.gaussian) {
      for (let j = 0; j < this.k; j++) {
        const mean = values[MEANS_INDEX + j]
        if (mean < 0 || mean > 1) throw new Error(`bandit state value mean_${j} must be a probability from 0 to 1 for Bernoulli arms, got ${mean}`)
      }
    }
    for (let j = 0; j < this.stride; j++) this.state[i * this.stride + j] = values[j]
  }

  observe(i: number, obs: Float32Array): void {
    obs[i] = this.state[i * this.stride + CONTEXT_INDEX]
  }

  step(actions: Int32Array, out: StepBuffers, rng: Rng, autoReset = true): void {
    const s = this.state
    const c = out.components
    const k = this.k
    for (let i = 0; i < this.n; i++) {
      const b = i * this.stride
      const arm = actions[i]
      const context = s[b + CONTEXT_INDEX]
      const mean = armMean(s, b + MEANS_INDEX, k, arm, context)
      // Bernoulli: 1 with probability μ; Gaussian: μ + σ·N(0, 1)
      const payout = this.gaussian ? mean + this.noise * rng.normal() : rng.uniform() < mean ? 1 : 0
      // The rotation permutes the arms, so the best mean is the same in every context.
      let best = -Infinity
      for (let j = 0; j < k; j++) best = Math.max(best, s[b + MEANS_INDEX + j])

      const base = i * NUM_COMPONENTS
      c[base + PAYOUT] = payout
      c[base + EXPECTED] = mean
      c[base + LURE] = arm === 0 ? 1 : 0
      s[b + LAST_CONTEXT_INDEX] = context
      s[b + LAST_ARM_INDEX] = arm
      s[b + LAST_PAYOUT_INDEX] = payout

      out.terminated[i] = 1
      out.truncated[i] = 0
      // regret = max_j μ_c(j) − μ_c(arm)
      out.objective[i] = best - mean
      this.observe(i, out.finalObs)
        keepFinalState(this.state, out, i, this.spec.stateVars.length)
      if (autoReset) this.resetCopy(i, rng)
      this.observe(i, out.obs)
    }
  }

  /** A new pull: draw its context (no draw for a plain bandit) and restore the configured means. */
  private resetCopy(i: number, rng: Rng): void {
    const b = i * this.stride
    this.state[b + CONTEXT_INDEX] = this.contexts > 1 ? rng.int(this.contexts) : 0
    this.state.set(this.means, b + MEANS_INDEX)
  }
}

/**
 * E[c_k | s, a] of one pull of `arm` in the copy state at `offset`: payout and expected both have
 * the pulled arm's mean in the state's context, μ_c(arm) = mean_{(arm + c) mod k} (a Bernoulli arm
 * pays 1 with probability μ, a Gaussian one μ plus zero-mean noise); lure is 1 exactly when arm 0 is pulled.
 */
export function expectedComponents(state: ArrayLike<number>, offset: number, arm: number, out: Float64Array): void {
  const k = state[offset + K_INDEX]
  if (!Number.isInteger(arm) || arm < 0 || arm >= k) throw new Error(`a bandit pull needs an arm from 0 to ${k - 1}; got ${arm}`)
  if (out.length < NUM_COMPONENTS) throw new Error(`the bandit's expected components need room for ${NUM_COMPONENTS} values (payout, expected, lure); got ${out.length}`)
  const mean = armMean(state, offset + MEANS_INDEX, k, arm, state[offset + CONTEXT_INDEX])
  out[PAYOUT] = mean
  out[EXPECTED] = mean
  out[LURE] = arm === 0 ? 1 : 0
}

export const bandit: EnvDefinition = {
  spec: describe({}),
  describe,
  create(n: number, params: EnvParams): BatchEnv {
    const game = banditGame(params)
    return new BanditBatch(describeSpec(game), n, game)
  },
  expectedComponents,
}
