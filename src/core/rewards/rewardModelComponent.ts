import type { EnvSpec, StepBuffers } from '../envs/types'
import { completionFeaturesFor, FEATURED_ENVIRONMENTS, type CompletionFeatures } from '../preferences/completionFeatures'
import type { EnsembleAggregation } from '../preferences/ensemble'
import { scoreRewardModel } from '../preferences/rewardModel'
import type { RewardModelComponent } from './designSchema'

/*
 * A fitted reward model as a component of the mix (RLHF's reward): at the step a completion ends
 * it pays the model's score of that completion's features, read from the environment's final
 * state, and 0 on every other step. So the completion's return from it is its score, once.
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
  return `A learned reward model (${entry.model.kind}${aggregate}): its score of the completion's features, paid when the completion ends.`
}

/** Every copy's value of the component on one step. */
export class RewardModelScorer {
  private readonly features: CompletionFeatures
  private readonly aggregation: EnsembleAggregation
  /** The features of the completions that end on a step, one row each, and which copy each is. */
  private readonly rows: Float64Array
  private readonly endedCopies: Int32Array

  constructor(
    private readonly entry: RewardModelComponent,
    spec: Pick<EnvSpec, 'id'>,
    n: number,
  ) {
    const features = completionFeaturesFor(spec)
    if (features === null) throw new Error(`a reward model scores a finished completion's features, which ${spec.id} does not declare; accepted environments: ${FEATURED_ENVIRONMENTS.join(', ')}`)
    this.features = features
    this.aggregation = ensembleAggregation(entry)
    this.rows = new Float64Array(n * features.names.length)
    this.endedCopies = new Int32Array(n)
  }

  /**
   * out_i = r(x_i) where this step ended copy i's completion (x_i its features, from the final
   * state), else 0; `stateBefore` is the copies' state before the step.
   */
  apply(stateBefore: ArrayLike<number>, stateSize: number, step: Pick<StepBuffers, 'terminated' | 'truncated' | 'finalState'>, out: Float64Array): void {
    const width = this.features.names.length
    let ended = 0
    out.fill(0)
    for (let i = 0; i < out.length; i++) {
      if (!(step.terminated[i] || step.truncated[i]) || !this.features.canEnd(stateBefore, i * stateSize)) continue
      this.features.featuresOf(step.finalState, i * stateSize, this.rows, ended * width)
      this.endedCopies[ended++] = i
    }
    if (ended === 0) return
    const scores = scoreRewardModel(this.entry.model, this.rows.subarray(0, ended * width), ended, this.aggregation)
    for (let e = 0; e < ended; e++) {
      const score = scores[e]
      if (!Number.isFinite(score)) throw new Error(`reward model ${this.entry.name}: its score of a completion is ${score}, which no reward can be; refit the model (a larger --l2 keeps its weights small). The run is paused`)
      out[this.endedCopies[e]] = score
    }
  }
}
