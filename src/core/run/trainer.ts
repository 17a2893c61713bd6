import type { EnvSpec } from '../envs/types'
import type { CompiledMix } from '../rewards/mix'
import type { FinishedEpisode } from './episodes'
import type { LearnerOptions } from './config'

/** What one training iteration (a rollout and the update it feeds) reports. */
export interface IterationReport {
  /** Environment steps taken in this iteration, over all copies. */
  envSteps: number
  episodes: FinishedEpisode[]
  /**
   * Learner diagnostics by name, finite numbers only. Every learner reports what applies of:
   * policy_loss, value_loss, entropy, approx_kl, clip_fraction, explained_variance, grad_norm,
   * zero_advantage_fraction (and its own extras, e.g. epsilon, td_error_abs_mean).
   */
  diagnostics: Record<string, number>
  /** The advantages (or TD errors) the update used, sampled down to at most ADVANTAGE_SAMPLE values. */
  advantages?: Float32Array
  /**
   * A GAE learner's batch: V(s_t) of its steps [t·n + i], V of the observation after the last step
   * per copy, V(final observation) where a step was cut, and γ, λ. With the step record (whose last
   * steps are this batch) the page recomputes the advantages under another mix (what-if).
   */
  valueBatch?: ValueBatch
  /** A group learner's batch: each completion's raw components summed (completions × K), the group sizes, and what its baseline reads besides. */
  groupBatch?: GroupBatch
  /**
   * Internal states of copies 0 … copies − 1 during the rollout, for the canvas view:
   * states[(t · copies + i) · stateVars.length + j]. `copies` is the spec's demoCopies (default 1).
   */
  demo: { states: Float64Array; steps: number; copies: number }
}

/** A learner bound to its environment copies: the worker, CLI and bench drive it the same way. */
export interface Trainer {
  readonly spec: EnvSpec
  iterate(): Promise<IterationReport>
  /** The mix used from the next rollout on. */
  setMix(mix: CompiledMix): void
  /**
   * New learner options from the next update on, where the learner takes them live (the GRPO
   * family: liveLearner.ts); throws, changing nothing, when they need a new run. Absent: every
   * learner change is a new run.
   */
  setLearner?(options: LearnerOptions): void
  /**
   * From the next update on, each recorded group batch carries its completions' tokens, each
   * group's prompt and the weights that paid them (GroupBatch.tokens, prompts, weights), for a
   * rollout dump. Off by default; absent where the learner records no group batch of tokens.
   */
  keepCompletions?(): void
  dispose(): void
}

/** The most advantages an iteration reports for the histogram. */
export const ADVANTAGE_SAMPLE = 2048

export interface ValueBatch {
  n: number
  steps: number
  values: Float32Array
  lastValues: Float32Array
  bootstrapValues: Float32Array
  gamma: number
  lambda: number
}

export interface GroupBatch {
  names: string[]
  components: Float64Array
  groupSizes: Int32Array
  /** Tokens of each completion (OPO weighs by them). */
  lengths?: Int32Array
  /** The raw components of each group's greedy completion, groups × K (ReMax's baseline). */
  greedyComponents?: Float64Array
  /** −β·KL_t at each token, completion after completion, where the KL is in the reward. */
  klPenalty?: Float64Array
  /** Raw components paid at each token, tokens × K (sent under the process baseline only). */
  tokenComponents?: Float64Array
  /** 1 for each component that is a process reward, K values (sent under the process baseline only, with tokenComponents). */
  processComponents?: Uint8Array
  /** The tokens written, completion after completion (sent under the process baseline or with PAV's progress on, for the per-token credit view, and once keepCompletions is called). */
  tokens?: Int32Array
  /** PAV's progress p_t = weight·A_t that the loss added to each token's advantage, completion after completion (sent with progress on only). */
  progress?: Float64Array
  /** Each group's prompt: the state of its first copy before the first token, groups × stateVars (sent once keepCompletions is called). */
  prompts?: Float64Array
  /** The weights of `names` that paid the batch, the mix in force at its rollout (sent once keepCompletions is called). */
  weights?: Float64Array
}
