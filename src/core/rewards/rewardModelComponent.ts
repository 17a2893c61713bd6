import type { EnvSpec, StepBuffers } from '../envs/types'
import { rewardModelFeaturesFor, undeclaredFeaturesProblem, type RewardModelFeatures } from '../preferences/rewardModelFeatures'
import type { StepFeatures } from '../preferences/stepFeatures'
import { completionStepFeaturesFor, type CompletionStepFeatures } from '../preferences/completionStepFeatures'
import { aggregateEnsemble, type EnsembleAggregation } from '../preferences/ensemble'
import { logSigmoid } from '../preferences/logistic'
import { isProcessModel, memberScores } from '../preferences/rewardModel'
import type { RewardModelComponent } from './designSchema'
import type { EnsembleSpread } from './ensembleSpread'

/*
 * A fitted reward model as a component of the mix (RLHF's reward): at the step a completion ends
 * it pays the model's score of that completion's features, read from the environment's final
 * state, and 0 on every other step. So the completion's return from it is its score, once.
 *
 * On an environment that declares step features (CartPole, the grid worlds: stepFeatures.ts) it
 * pays r(f(s′)) on every step, s′ the state the step reached (the final state where the episode
 * ended): the per-step reward whose sum over a segment is the score a model fitted on segment
 * pairs gives that segment (Christiano et al. 2017).
 *
 * A process model (granularity process) pays on every token instead: c_t = log σ(r(x_t)), x_t the
 * features of the step that wrote token t (the prefix so far), r(x_t) the model's logit that the
 * step keeps a correct answer reachable. So the completion's return from it is
 * Σ_t log σ(r(x_t)) = log Π_t σ(r(x_t)), the log of the probability that every step is on track (a
 * solution's score as Lightman et al. 2023 take it, the product of its steps' probabilities): near 0
 * for an answer on track throughout, and no larger for writing more tokens.
 */

/** What a scorer scores: a finished completion or a segment's step (rewardModelFeatures.ts), or a process model's every token. */
type ScoredFeatures = RewardModelFeatures | { kind: 'process'; names: readonly string[]; process: CompletionStepFeatures }

/** The features `entry`'s model scores on `spec`'s environment; throws naming the environments that declare them. */
function scoredFeatures(entry: RewardModelComponent, spec: Pick<EnvSpec, 'id' | 'grid' | 'completions'>): ScoredFeatures {
  if (isProcessModel(entry.model)) {
    const process = completionStepFeaturesFor(spec)
    if (process === null) throw new Error(`a process reward model scores each token's step of a completion, which ${spec.id} does not declare; accepted environments: tokenseq`)
    return { kind: 'process', names: process.names, process }
  }
  const features = rewardModelFeaturesFor(spec)
  if (features === null) throw new Error(undeclaredFeaturesProblem(spec.id))
  return features
}

/** The ensemble aggregation a design entry names. */
export function ensembleAggregation(entry: Pick<RewardModelComponent, 'aggregate' | 'lambda'>): EnsembleAggregation {
  if (entry.aggregate === 'mean_minus_std') return { kind: 'meanMinusStd', lambda: entry.lambda ?? 0 }
  return { kind: entry.aggregate }
}

/** The component's description, for its slider. */
export function describeRewardModelComponent(entry: RewardModelComponent, spec?: Pick<EnvSpec, 'id' | 'grid' | 'completions'>): string {
  const members = entry.model.members.length
  const aggregate = members === 1 ? '' : `, ${entry.aggregate === 'mean_minus_std' ? `mean − ${entry.lambda}·std` : entry.aggregate} of ${members} members`
  if (isProcessModel(entry.model)) return `A learned process reward model (${entry.model.kind}${aggregate}): on every token, the log of its probability that the answer is still on track, log σ(r(step)); at most 0.`
  if (spec !== undefined && rewardModelFeaturesFor(spec)?.kind === 'step') return `A learned reward model (${entry.model.kind}${aggregate}): its score of the features of the state each step reaches, paid on every step.`
  return `A learned reward model (${entry.model.kind}${aggregate}): its score of the completion's features, paid when the completion ends.`
}

/** Every copy's value of the component on one step. */
export class RewardModelScorer {
  private readonly features: ScoredFeatures
  private readonly aggregation: EnsembleAggregation
  /** The features scored on a step (of the completions that end on it, or for a process model of every token written), one row each, and which copy each is. */
  private readonly rows: Float64Array
  private readonly endedCopies: Int32Array

  constructor(
    private readonly entry: RewardModelComponent,
    spec: Pick<EnvSpec, 'id' | 'grid' | 'completions'>,
    n: number,
    /** Where the members' std of each item scored is counted (ensembleSpread.ts); none, not counted. */
    private readonly spread: EnsembleSpread | null = null,
  ) {
    const features = scoredFeatures(entry, spec)
    this.features = features
    this.aggregation = ensembleAggregation(entry)
    this.rows = new Float64Array(n * features.names.length)
    this.endedCopies = new Int32Array(n)
  }

  /**
   * out_i = r(x_i) where this step ended copy i's completion (x_i its features, from the final
   * state), else 0; `stateBefore` is the copies' state before the step, `stateAfter` after it
   * (reset already where an episode ended). A model of steps pays every copy r(f(s′)). A process
   * model pays out_i = log σ(r(x_i)) on every step that writes a token of copy i, x_i the features
   * of that step, read from `stateAfter` or, where the step ended the completion, the final state.
   */
  apply(stateBefore: ArrayLike<number>, stateSize: number, step: Pick<StepBuffers, 'terminated' | 'truncated' | 'finalState'>, out: Float64Array, stateAfter: Float64Array): void {
    const features = this.features
    if (features.kind === 'step') {
      this.applyPerStep(stateSize, step, out, stateAfter, features.step)
      return
    }
    const width = features.names.length
    let scored = 0
    out.fill(0)
    for (let i = 0; i < out.length; i++) {
      if (features.kind === 'completion') {
        if (!(step.terminated[i] || step.truncated[i]) || !features.completion.canEnd(stateBefore, i * stateSize)) continue
        features.completion.featuresOf(step.finalState, i * stateSize, this.rows, scored * width)
      } else {
        if (!features.process.canStep(stateBefore, i * stateSize)) continue
        features.process.featuresOf(step.terminated[i] || step.truncated[i] ? step.finalState : stateAfter, i * stateSize, this.rows, scored * width)
      }
      this.endedCopies[scored++] = i
    }
    if (scored === 0) return
    const scores = this.score(this.rows.subarray(0, scored * width), scored)
    const process = features.kind === 'process'
    for (let e = 0; e < scored; e++) {
      // c_t = log σ(r(x_t)) for a process model; r(x) once, at the end, for an outcome model
      const score = process ? logSigmoid(scores[e]) : scores[e]
      if (!Number.isFinite(score)) throw new Error(`reward model ${this.entry.name}: its score of a ${process ? 'step' : 'completion'} is ${score}, which no reward can be; refit the model (a larger --l2 keeps its weights small). The run is paused`)
      out[this.endedCopies[e]] = score
    }
  }

  /** out_i = r(f(s′_i)) for every copy, s′_i its final state where the step ended its episode. */
  private applyPerStep(stateSize: number, step: Pick<StepBuffers, 'terminated' | 'truncated' | 'finalState'>, out: Float64Array, stateAfter: ArrayLike<number>, features: StepFeatures): void {
    const width = features.names.length
    for (let i = 0; i < out.length; i++) {
      const reached = step.terminated[i] || step.truncated[i] ? step.finalState : stateAfter
      features.featuresOf(reached, i * stateSize, this.rows, i * width)
    }
    const scores = this.score(this.rows.subarray(0, out.length * width), out.length)
    for (let i = 0; i < out.length; i++) {
      if (!Number.isFinite(scores[i])) throw new Error(`reward model ${this.entry.name}: its score of a step is ${scores[i]}, which no reward can be; refit the model (a larger --l2 keeps its weights small). The run is paused`)
      out[i] = scores[i]
    }
  }

  /** The ensemble's score of each of `count` rows (scoreRewardModel's), its members' std counted in the spread from the same scores. */
  private score(rows: Float64Array, count: number): Float64Array {
    const members = memberScores(this.entry.model, rows, count)
    this.spread?.addMembers(members)
    return aggregateEnsemble(members, this.aggregation)
  }
}
