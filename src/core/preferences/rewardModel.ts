import { aggregateEnsemble, type EnsembleAggregation } from './ensemble'

/*
 * A fitted reward model of named features: K members, each scoring a feature vector x with one
 * number r(x), and the ensemble's score their aggregate (ensemble.ts: the mean, the minimum, or the
 * mean less λ standard deviations). Only differences of r matter to the Bradley–Terry model that
 * fitted them, so a member's scale is its own and its offset arbitrary.
 *
 *   linear  r(x) = w·x (no offset: Bradley–Terry cannot see one)
 *   mlp     x̂ = (x − mean)/scale per feature, then h_1 = tanh(x̂ W_1 + b_1), …, and r = h_{L−1} W_L + b_L
 *           (W_l inputs × outputs, the last layer one output and linear)
 *
 * Scored here in double precision, whatever precision fitted the weights; the fit's accuracies are
 * computed by these same functions, so a model read back scores the pairs exactly as reported.
 *
 * granularity: absent (or outcome), one score per completion of its features, fitted on pairs; process,
 * one score per step (token) of the step's features, the logit of the probability that the step is
 * still on track, fitted on step labels by per-token logistic regression (processFit.ts).
 */

/** One score per completion (outcome, the default) or one per token (process). */
export const REWARD_MODEL_GRANULARITIES = ['outcome', 'process'] as const
export type RewardModelGranularity = (typeof REWARD_MODEL_GRANULARITIES)[number]

export interface LinearRewardMember {
  weights: number[]
  /** A length-decorrelated member's length head c (lengthDecorrelatedFit.ts): what it absorbed of the labels' taste for length, per token; never part of its score. */
  lengthWeight?: number
}

export interface MlpLayer {
  /** inputs × outputs: weights[i][o]. */
  weights: number[][]
  bias: number[]
}

export interface MlpRewardMember {
  inputMean: number[]
  inputScale: number[]
  layers: MlpLayer[]
}

export type RewardModel =
  | { kind: 'linear'; featureNames: string[]; members: LinearRewardMember[]; granularity?: RewardModelGranularity }
  | { kind: 'mlp'; featureNames: string[]; activation: 'tanh'; members: MlpRewardMember[]; granularity?: RewardModelGranularity }

/** Whether the model scores each step (token) rather than the whole completion; absent granularity is outcome. */
export function isProcessModel(model: Pick<RewardModel, 'granularity'>): boolean {
  return model.granularity === 'process'
}

/** r(x) of one linear member at row `row` of `rows` (row-major, features wide). */
function linearScore(member: LinearRewardMember, rows: ArrayLike<number>, offset: number): number {
  let score = 0
  for (let k = 0; k < member.weights.length; k++) score += member.weights[k] * rows[offset + k]
  return score
}

/** r(x) of one MLP member: standardise, then the layers, tanh on all but the last. */
function mlpScore(member: MlpRewardMember, rows: ArrayLike<number>, offset: number): number {
  let activation = member.inputMean.map((mean, k) => (rows[offset + k] - mean) / member.inputScale[k])
  member.layers.forEach((layer, l) => {
    const last = l === member.layers.length - 1
    // z_o = Σ_i h_i W_io + b_o
    activation = layer.bias.map((bias, o) => {
      let z = bias
      for (let i = 0; i < activation.length; i++) z += activation[i] * layer.weights[i][o]
      return last ? z : Math.tanh(z)
    })
  })
  return activation[0]
}

/** Every member's score of each of `count` feature vectors (row-major): scores[k][i]. */
export function memberScores(model: RewardModel, rows: ArrayLike<number>, count: number): Float64Array[] {
  const features = model.featureNames.length
  if (rows.length !== count * features) throw new Error(`memberScores: ${count} rows of ${features} features need ${count * features} values, got ${rows.length}`)
  const scoresOf = (score: (offset: number) => number) => Float64Array.from({ length: count }, (_, i) => score(i * features))
  if (model.kind === 'linear') return model.members.map((member) => scoresOf((offset) => linearScore(member, rows, offset)))
  return model.members.map((member) => scoresOf((offset) => mlpScore(member, rows, offset)))
}

/** The ensemble's score of each feature vector, its members' scores aggregated. */
export function scoreRewardModel(model: RewardModel, rows: ArrayLike<number>, count: number, aggregation: EnsembleAggregation): Float64Array {
  return aggregateEnsemble(memberScores(model, rows, count), aggregation)
}
