import type { EnvSpec, StepBuffers } from '../envs/types'
import { rewardModelFeaturesFor, undeclaredFeaturesProblem, type RewardModelFeatures } from '../preferences/rewardModelFeatures'
import type { StepFeatures } from '../preferences/stepFeatures'
import type { EnsembleAggregation } from '../preferences/ensemble'
import { scoreRewardModel } from '../preferences/rewardModel'
import type { RewardModelComponent } from './designSchema'

/*
 * A fitted reward model as a component of the mix (RLHF's reward): at the step a completion ends
 * it pays the model's score of that completion's features, read from the environment's final
 * state, and 0 on every other step. So the completion's return from it is its score, once.
 *
 * On an environment that declares step features (CartPole, the grid worlds: stepFeatures.ts) it
 * pays r(f(s′)) on every step, s′ the state the step reached (the final state where the episode
 * ended): the per-step reward whose sum over a segment is the score a model fitted on segment
 * pairs gives that segment (Christiano et al. 2017).
 */

/** The ensemble aggregation a design entry names. */
export function ensembleAggregation(entry: Pick<RewardModelComponent, 'aggregate' | 'lambda'>): EnsembleAggregation {
  if (entry.aggregate === 'mean_minus_std') return { kind: 'meanMinusStd', lambda: entry.lambda ?? 0 }
  return { kind: entry.aggregate }
}

/** The component's description, for its slider. */
export function describeRewardModelComponent(entry: RewardModelComponent, spec?: Pick<EnvSpec, 'id' | 'grid'>): string {
  const members = entry.model.members.length
  const aggregate = members === 1 ? '' : `, ${entry.aggregate === 'mean_minus_std' ? `mean − ${entry.lambda}·std` : entry.aggregate} of ${members} members`
  if (spec !== undefined && rewardModelFeaturesFor(spec)?.kind === 'step') return `A learned reward model (${entry.model.kind}${aggregate}): its score of the features of the state each step reaches, paid on every step.`
  return `A learned reward model (${entry.model.kind}${aggregate}): its score of the completion's features, paid when the completion ends.`
}

/** Every copy's value of the component on one step. */
export class RewardModelScorer {
  private readonly features: RewardModelFeatures
  private readonly aggregation: EnsembleAggregation
  /** The features of the completions that end on a step, one row each, and which copy each is. */
  private readonly rows: Float64Array
  private readonly endedCopies: Int32Array

  constructor(
    private readonly entry: RewardModelComponent,
    spec: Pick<EnvSpec, 'id' | 'grid'>,
    n: number,
  ) {
    const features = rewardModelFeaturesFor(spec)
    if (features === null) throw new Error(undeclaredFeaturesProblem(spec.id))
    this.features = features
    this.aggregation = ensembleAggregation(entry)
    this.rows = new Float64Array(n * features.names.length)
    this.endedCopies = new Int32Array(n)
  }

  /**
   * out_i = r(x_i) where this step ended copy i's completion (x_i its features, from the final
   * state), else 0; `stateBefore` is the copies' state before the step, `stateAfter` after it
   * (reset already where an episode ended). A model of steps pays every copy r(f(s′)).
   */
  apply(stateBefore: ArrayLike<number>, stateSize: number, step: Pick<StepBuffers, 'terminated' | 'truncated' | 'finalState'>, out: Float64Array, stateAfter: ArrayLike<number>): void {
    const width = this.features.names.length
    if (this.features.kind === 'step') {
      this.applyPerStep(stateSize, step, out, stateAfter, this.features.step)
      return
    }
    const completion = this.features.completion
    let ended = 0
    out.fill(0)
    for (let i = 0; i < out.length; i++) {
      if (!(step.terminated[i] || step.truncated[i]) || !completion.canEnd(stateBefore, i * stateSize)) continue
      completion.featuresOf(step.finalState, i * stateSize, this.rows, ended * width)
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

  /** out_i = r(f(s′_i)) for every copy, s′_i its final state where the step ended its episode. */
  private applyPerStep(stateSize: number, step: Pick<StepBuffers, 'terminated' | 'truncated' | 'finalState'>, out: Float64Array, stateAfter: ArrayLike<number>, features: StepFeatures): void {
    const width = features.names.length
    for (let i = 0; i < out.length; i++) {
      const reached = step.terminated[i] || step.truncated[i] ? step.finalState : stateAfter
      features.featuresOf(reached, i * stateSize, this.rows, i * width)
    }
    const scores = scoreRewardModel(this.entry.model, this.rows.subarray(0, out.length * width), out.length, this.aggregation)
    for (let i = 0; i < out.length; i++) {
      if (!Number.isFinite(scores[i])) throw new Error(`reward model ${this.entry.name}: its score of a step is ${scores[i]}, which no reward can be; refit the model (a larger --l2 keeps its weights small). The run is paused`)
      out[i] = scores[i]
    }
  }
}
