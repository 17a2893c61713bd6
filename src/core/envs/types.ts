import type { StoredNetwork } from '../credit/storedNetwork'
import type { Rng } from '../rng'

/** One named term of the reward. Its raw value is recorded every step; the mix weighs it. */
export interface RewardComponentSpec {
  name: string
  description: string
  /** The weight that reproduces the reference (Gymnasium) reward. */
  defaultWeight: number
  /** The slider's range in the UI. */
  range: [number, number]
  /**
   * True for a component a learner adds to the environment's (src/core/run/learnerComponents.ts):
   * paid at defaultWeight, outside the mix and the objective, listed only in the trainer's spec.
   */
  learnerAdded?: true
  /**
   * True for a process reward, paid on every token as a judgement of that step (a process reward
   * model): PURE's min-form credit takes the minimum of these and adds the others, the outcome
   * (processMinForm.ts).
   */
  process?: true
  /**
   * True for a component paid only when a whole group of completions has ended (tokenseq's
   * majority, which needs every answer of the group): the environment's step pays it 0 and a group
   * learner adds it after the sampling (TokenSeqEnv.payGroupEnds), past the step's transforms.
   */
  groupEnd?: true
}

/** What the user actually wants, measured per episode independently of the reward mix. */
export interface ObjectiveSpec {
  name: string
  description: string
  higherIsBetter: boolean
}

export type ParamSpec =
  | { kind: 'number'; name: string; description: string; default: number; min: number; max: number; integer?: boolean }
  | { kind: 'choice'; name: string; description: string; default: string; options: string[] }
  | { kind: 'boolean'; name: string; description: string; default: boolean }
  /** A list of numbers (arm means, say); written "0.1;0.5;0.9" in a URL or on the command line. */
  | { kind: 'numbers'; name: string; description: string; default: number[]; min: number; max: number; minLength: number; maxLength: number }
  /** Free text that the environment itself validates (a drawn grid layout, say); "" means unset. */
  | { kind: 'text'; name: string; description: string; default: string; maxLength: number }

export type ParamValue = number | string | boolean | number[]
export type EnvParams = Record<string, ParamValue>

export interface EnvSpec {
  id: string
  label: string
  description: string
  /** Names of the internal state vector, in order (the `trace --state` layout). */
  stateVars: string[]
  obsSize: number
  numActions: number
  actionLabels: string[]
  components: RewardComponentSpec[]
  objective: ObjectiveSpec
  /** Steps before truncation with the default parameters; null when there is no limit. */
  timeLimit: number | null
  params: ParamSpec[]
  /** Whether observations are a single discrete state index (tabular learners need this). */
  discreteStates: number | null
  /**
   * How many consecutive copies one picture shows (a team's agents, a prompt's group of
   * completions); the trainers record the states of copies 0 … demoCopies − 1. Default 1.
   */
  demoCopies?: number
  /** The cell layout of a grid environment, for views (codes in envs/grid.ts); absent for others. */
  grid?: GridCells
  /** Whether the definition offers an exact tabular model (value iteration needs one). */
  hasModel?: boolean
  /**
   * A team game: every `agents` consecutive copies are one team whose output has coalition values
   * v(S) (envs/coop.ts teamValue), so credit can be split by difference rewards and Shapley values.
   */
  team?: { agents: number; synergy: number }
  /** Groups of completions per prompt (the GRPO family samples them); 'tokens' when a completion is a token sequence. */
  completions?: 'tokens' | 'single'
}

/** A grid's cells, row-major (index = row · cols + col). */
export interface GridCells {
  rows: number
  cols: number
  cells: Uint8Array
}

/** Buffers that one step of N copies writes into; allocated once per run. */
export interface StepBuffers {
  /** Observation after the step, n × obsSize; for a finished copy this is already the reset observation. */
  obs: Float32Array
  /** Raw component values, n × K (K = spec.components.length, row stride K; the array may be longer). */
  components: Float64Array
  terminated: Uint8Array
  truncated: Uint8Array
  /** The observation that ended the episode, n × obsSize; valid where terminated or truncated. */
  finalObs: Float32Array
  /** The internal state that ended the episode, n × stateVars.length; valid where terminated or truncated. */
  finalState: Float64Array
  /** The finished episode's true objective; valid where terminated or truncated. */
  objective: Float64Array
}

/** N copies of one environment, struct of arrays, no allocation per step. */
export interface BatchEnv {
  readonly spec: EnvSpec
  readonly n: number
  /** Internal state of every copy, n × stateVars.length, float64 (the trace layout). */
  readonly state: Float64Array
  /** Reset all copies from `rng`, writing their observations into `obs`. */
  reset(rng: Rng, obs: Float32Array): void
  /** Put copy `i` in an explicit internal state (trace, tests); its episode clock restarts. */
  setState(i: number, values: ArrayLike<number>): void
  /** Write copy `i`'s observation for its current state into `obs` at offset i × obsSize. */
  observe(i: number, obs: Float32Array): void
  /**
   * Advance every copy by one action. Copies whose episode ends are reset from `rng` when
   * `autoReset` is true (the default), keeping the final observation in `out.finalObs`.
   */
  step(actions: Int32Array, out: StepBuffers, rng: Rng, autoReset?: boolean): void
  /**
   * Components whose reward design ends with `redistribute`: a learner that holds whole rollout
   * segments spreads each episode's weighted contribution of these evenly over its steps.
   */
  readonly redistributed?: readonly number[]
  /**
   * 1 at each column of a step's components that holds the environment's own component as its step
   * wrote it, 0 at a column a wrapper added (a reward design's terms, shaping, bonuses, reward
   * models) or transformed. Absent: every column is the environment's own, untouched.
   */
  readonly ownComponents?: Uint8Array
}

/**
 * An environment: its spec, its dynamics, and the facts about it that other parts of core/ ask for
 * (its natural shaping potentials, the bounds a count bonus bins its state by, the features of a
 * step a reward model scores, the learner it starts with, its components' expectations, its
 * reference answer). Each fact lives in the environment's own file; the readers (rewards/shaping.ts,
 * rewards/countBonus.ts, preferences/stepFeatures.ts, run/config.ts, learn/signFlipProbe.ts,
 * rewards/parReference.ts) look the definition up and
 * never test its id.
 */
export interface EnvDefinition {
  spec: EnvSpec
  /** The spec for these parameters (components and limits may depend on them). */
  describe(params: EnvParams): EnvSpec
  create(n: number, params: EnvParams): BatchEnv
  /** The exact model of a discrete environment, when it has one (spec.hasModel). */
  model?(params: EnvParams): TabularModel
  /** The potentials Φ(s) a shaping term may name (rewards/shaping.ts); none when absent (a user-written Φ still works). */
  potentials?: readonly NaturalPotential[]
  /**
   * [lo, hi] per state variable (spec.stateVars order) for a count bonus's uniform grid of bins
   * (rewards/countBonus.ts); values outside fall into the edge bins. A grid needs none: it counts
   * its own cells. Absent: a count bonus needs bounds passed in.
   */
  stateBounds?: readonly (readonly [number, number])[]
  /** The features of one step a reward model over states scores (preferences/stepFeatures.ts); absent: none. */
  stepFeatures?: StepFeatureDeclaration
  /** The learner a new design starts with (run/config.ts defaultLearnerFor); absent: the rule for all (PPO, or Q-learning on discrete states). */
  defaultLearner?: DefaultLearner
  /**
   * E[c_k | s, a] of an episode of one step: the exact expectation of every component of the spec
   * (spec order) when `action` is taken in the copy state s that starts at `offset` of `state`,
   * written to out[0 … K − 1]. Only where every component's expectation is known exactly (the
   * bandit); the GRPO learner's sign-flip fraction reads it (learn/signFlipProbe.ts). Absent: not known.
   */
  expectedComponents?(state: ArrayLike<number>, offset: number, action: number, out: Float64Array): void
  /**
   * The environment's own reference answer to the prompt a copy holds, scored as the environment
   * scores any answer: the r_ref of the `par` transform (rewards/parReference.ts). Absent: the
   * environment has no fixed reference answer, and `par` is refused on it.
   */
  referenceAnswer?: ReferenceAnswer
  /**
   * PAV's progress of each token of a completion under a prover policy, computed exactly
   * (core/credit/proverSuccess.ts, progressRewards.ts): where the environment can compute it, the
   * GRPO learner's `progress` option pays it. Absent: the option is refused on the environment.
   */
  proverProgress?: ProverProgress
  /**
   * The prompt held in the copy state at `offset` of `state`, as text (tokenseq: "3+4="), for a
   * completion task whose tokens the spec's actionLabels name: what a rollout dump writes as the
   * prompt (`train --dump-rollouts`). Absent: the environment's prompts are not text.
   */
  promptText?(state: ArrayLike<number>, offset: number): string
}

/**
 * A prover policy μ as a function: `rows` observations (rows × obsSize, row-major) to each row's
 * probabilities of every action (rows × numActions, row-major).
 */
export type ProverPolicy = (observations: Float32Array, rows: number) => ArrayLike<number>

/** How an environment computes PAV's progress for completions to the prompt a copy holds. */
export interface ProverProgress {
  /** The prompt held in the copy state at `offset` of `state`, as a key: copies with equal keys share one computation. */
  promptKey(state: ArrayLike<number>, offset: number): string
  /**
   * For the prompt in the copy state at `offset` of `state`, under the completion limit
   * `maxLength`: asks `prover` once, and returns the function that gives each token's progress
   * A_t = Q_μ(o_1 … o_t) − Q_μ(o_1 … o_{t−1}) of a completion's tokens.
   */
  progressOf(state: ArrayLike<number>, offset: number, maxLength: number, prover: ProverPolicy): (tokens: ArrayLike<number>) => Float64Array
  /**
   * A prover policy trained once and stored with the environment (core/credit/storedProver.ts), the
   * network of progress.prover 'fixed': read when first asked for, and throws when its file is not
   * one. Absent: the environment stores none, and 'fixed' is refused on it.
   */
  fixedProver?(): StoredNetwork
}

/** The raw components an environment's reference answer earns, per copy state. */
export interface ReferenceAnswer {
  /** The components the reference answer's score fixes from the copy's state alone, in the order `score` writes them. */
  readonly components: readonly string[]
  /**
   * The raw values of `components` that the reference answer to the prompt held in the copy state
   * at `offset` of `state` earns, into out[0 …]; read from the state that ended an episode.
   */
  score(state: ArrayLike<number>, offset: number, out: Float64Array): void
}

/** What a natural potential may consult besides the state: the spec (the grid layout, for one). */
export interface PotentialContext {
  spec: EnvSpec
}

/** A potential Φ(s) an environment offers for shaping, read from the internal state at `offset`. */
export interface NaturalPotential {
  name: string
  description: string
  phi(state: ArrayLike<number>, offset: number, context: PotentialContext): number
}

/** The name of the first feature of every step declaration: 1 on every step (a segment's sum: how many steps it has). */
export const STEPS_FEATURE = 'steps'

/** f(s′) of the state a step reaches, for a reward model over states (after Christiano et al. 2017). */
export interface StepFeatures {
  /** The feature names, in the order featuresOf writes them: a reward model must be fitted on exactly these. */
  readonly names: readonly string[]
  /** f(s′) of the copy state at `base` of `state`, into out from `offset`. */
  featuresOf(state: ArrayLike<number>, base: number, out: Float64Array, offset: number): void
}

/** An environment's step features: those of one spec, and every list of names they may have. */
export interface StepFeatureDeclaration {
  /** The features for the spec these parameters describe (a grid's depend on its layout). */
  of(spec: Pick<EnvSpec, 'grid'>): StepFeatures
  /** Every list of names `of` may give, for checking a labelled pair's names without its parameters. */
  readonly nameChoices: readonly (readonly string[])[]
}

/**
 * The learner a new design of the environment starts with, as options for the run config's schema
 * (run/config.ts parses them and fills in the rest): its kind, optionally one of PPO's named presets
 * (PPO_PRESETS), and the options that differ from those.
 */
export interface DefaultLearner {
  kind: string
  preset?: string
  options?: Readonly<Record<string, number | boolean>>
}

/** One possible outcome of taking an action in a state. */
export interface Transition {
  probability: number
  nextState: number
  /** Raw component values of the step, in spec order (the mix weighs them). */
  components: Float64Array
  terminated: boolean
}

/** p(s', components, done | s, a) of a discrete environment, for dynamic programming. */
export interface TabularModel {
  numStates: number
  numActions: number
  /** Every outcome of action a in state s; probabilities sum to 1. */
  transitions(state: number, action: number): Transition[]
}

/**
 * Components a reward design may add during a run (terms, shaping, bonuses): a learner's step
 * buffers keep room for them (`spare`), so a term added while training runs needs no new buffers.
 */
export const MAX_ADDED_COMPONENTS = 28

export function allocateStepBuffers(spec: EnvSpec, n: number, spare = 0): StepBuffers {
  return {
    obs: new Float32Array(n * spec.obsSize),
    components: new Float64Array(n * (spec.components.length + spare)),
    terminated: new Uint8Array(n),
    truncated: new Uint8Array(n),
    finalObs: new Float32Array(n * spec.obsSize),
    finalState: new Float64Array(n * spec.stateVars.length),
    objective: new Float64Array(n),
  }
}

/** Copy copy i's internal state into out.finalState (called by an env when an episode ends, before any reset). */
export function keepFinalState(state: Float64Array, out: StepBuffers, i: number, size: number): void {
  const base = i * size
  for (let j = 0; j < size; j++) out.finalState[base + j] = state[base + j]
}
