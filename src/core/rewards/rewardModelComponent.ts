import type { EnvSpec, StepBuffers } from '../envs/types'
import { completionFeaturesFor, FEATURED_ENVIRONMENTS, type CompletionFeatures } from '../preferences/completionFeatures'
import { completionStepFeaturesFor, type CompletionStepFeatures } from '../preferences/completionStepFeatures'
import type { EnsembleAggregation } from '../preferences/ensemble'
import { logSigmoid } from '../preferences/logistic'
import { isProcessModel, scoreRewardModel } from '../preferences/rewardModel'
import type { RewardModelComponent } from './designSchema'

/*
 * A fitted reward model as a component of the mix (RLHF's reward): at the step a completion ends
 * it pays the model's score of that completion's features, read from the environment's final
 * state, and 0 on every other step. So the completion's return from it is its score, once.
 *
 * A process model (granularity process) pays on every token instead: c_t = log σ(r(x_t)), x_t the
 * features of the step that wrote token t (the prefix so far), r(x_t) the model's logit that the
 * step keeps a correct answer reachable. So the completion's return from it is
 * Σ_t log σ(r(x_t)) = log Π_t σ(r(x_t)), the log of the probability that every step is on track (a
 * solution's score as Lightman et al. 2023 take it, the product of its steps' probabilities): near 0
 * for an answer on track throughout, and no larger for writing more tokens.
 */

/** The ensemble aggregation a design entry names. */
export function ensembleAggregation(entry: Pick<RewardModelComponent, 'aggregate' | 'lambda'>): EnsembleAggregation {
  if (entry.aggregate === 'mean_minus_std') return { kind: 'meanMinusStd', lambda: entry.lambda ?? 0 }
  return { kind: entry.aggregate }
}

/** The component's description, for its slider. */
export function describeRewardModelComponent(entry: RewardModelComponent): string {
  const members = entry.model.members.length
  const aggregate = members === 1 ? '' : `, ${entry.aggregate === 'mean_minus_std' ? `mean − ${entry.lambda}·std` : entry.aggregate} of ${members} members`
  if (isProcessModel(entry.model)) return `A learned process reward model (${entry.model.kind}${aggregate}): on every token, the log of its probability that the answer is still on track, log σ(r(step)); at most 0.`
  return `A learned reward model (${entry.model.kind}${aggregate}): its score of the completion's features, paid when the completion ends.`
}

/** Every copy's value of the component on one step. */
export class RewardModelScorer {
  private readonly features: CompletionFeatures | null
  private readonly stepFeatures: CompletionStepFeatures | null
  private readonly aggregation: EnsembleAggregation
  /** The features scored on a step (of the completions that end on it, or for a process model of every token written), one row each, and which copy each is. */
  private readonly rows: Float64Array
  private readonly endedCopies: Int32Array

  constructor(
    private readonly entry: RewardModelComponent,
    spec: Pick<EnvSpec, 'id'>,
    n: number,
  ) {
    const process = isProcessModel(entry.model)
    this.features = process ? null : completionFeaturesFor(spec)
    this.stepFeatures = process ? completionStepFeaturesFor(spec) : null
    const names = (this.features ?? this.stepFeatures)?.names
    if (names === undefined) throw new Error(`a reward model scores ${process ? "each step's" : "a finished completion's"} features, which ${spec.id} does not declare; accepted environments: ${FEATURED_ENVIRONMENTS.join(', ')}`)
    this.aggregation = ensembleAggregation(entry)
    this.rows = new Float64Array(n * names.length)
    this.endedCopies = new Int32Array(n)
  }

  /**
   * out_i = r(x_i) where this step ended copy i's completion (x_i its features, from the final
   * state), else 0; `stateBefore` is the copies' state before the step. A process model pays
   * out_i = log σ(r(x_i)) on every step that writes a token of copy i, x_i the features of that
   * step, read from `stateAfter` (the copies' state after the step) or, where the step ended the
   * completion, from the final state.
   */
  apply(stateBefore: ArrayLike<number>, stateSize: number, step: Pick<StepBuffers, 'terminated' | 'truncated' | 'finalState'>, out: Float64Array, stateAfter?: Float64Array): void {
    out.fill(0)
    let scored = 0
    if (this.features !== null) {
      const width = this.features.names.length
      for (let i = 0; i < out.length; i++) {
        if (!(step.terminated[i] || step.truncated[i]) || !this.features.canEnd(stateBefore, i * stateSize)) continue
        this.features.featuresOf(step.finalState, i * stateSize, this.rows, scored * width)
        this.endedCopies[scored++] = i
      }
    } else if (this.stepFeatures !== null) {
      if (stateAfter === undefined) throw new Error(`reward model ${this.entry.name}: a process model scores every step, and needs the copies' state after it`)
      const width = this.stepFeatures.names.length
      for (let i = 0; i < out.length; i++) {
        if (!this.stepFeatures.canStep(stateBefore, i * stateSize)) continue
        this.stepFeatures.featuresOf(step.terminated[i] || step.truncated[i] ? step.finalState : stateAfter, i * stateSize, this.rows, scored * width)
        this.endedCopies[scored++] = i
      }
    }
    if (scored === 0) return
    const width = this.rows.length / out.length
    const scores = scoreRewardModel(this.entry.model, this.rows.subarray(0, scored * width), scored, this.aggregation)
    for (let e = 0; e < scored; e++) {
      // c_t = log σ(r(x_t)) for a process model; r(x) once, at the end, for an outcome model
      const score = this.stepFeatures === null ? scores[e] : logSigmoid(scores[e])
      if (!Number.isFinite(score)) throw new Error(`reward model ${this.entry.name}: its score of a ${this.stepFeatures === null ? 'completion' : 'step'} is ${score}, which no reward can be; refit the model (a larger --l2 keeps its weights small). The run is paused`)
      out[this.endedCopies[e]] = score
    }
  }
}
