import { fitBradleyTerry } from './bradleyTerryFit'
import { sigmoid, softplus } from './logistic'
import { holdOutPairs } from './pairSplit'
import { scoreRewardModel, type RewardModel } from './rewardModel'
import { Rng } from '../rng'
import type { TokenCompletion } from './tokenFeatures'
import { TOKEN_STEP_FEATURE_NAMES, tokenStepFeatures } from './tokenStepFeatures'
import { tokenStepLabels } from './tokenStepLabels'

/*
 * A process reward model of the token task: r(x_t) = w·x_t for every step t, x_t its step features
 * (tokenStepFeatures.ts), fitted on the gold step labels y_t (tokenStepLabels.ts) by per-token
 * logistic regression, P(y_t = 1) = σ(w·x_t), minimising
 *   L(w) = Σ_t −[y_t log σ(w·x_t) + (1 − y_t) log σ(−w·x_t)] + (λ/2)‖w‖².
 * That is the Bradley–Terry loss of the differences d_t = (2y_t − 1)·x_t (a label-1 step preferred
 * to the zero vector, a label-0 step the zero vector preferred to it), so the exact Newton fit of
 * bradleyTerryFit.ts fits it, with the same stopping rule. Whole completions are held out (a
 * completion's steps share its prefix), ⌊holdout·N⌋ of them chosen by the first stream of Rng(seed).
 */

/** Every step of a set of completions: its features (steps × features, row-major) and its gold label. */
export interface StepData {
  readonly count: number
  readonly features: number
  readonly values: Float64Array
  readonly labels: Uint8Array
}

/** How a process model does on steps: its mean per-step loss, and the share of steps on the side of 0 their label says (σ(r) > ½ for 1, r ≤ 0 for 0). */
export interface StepAccuracy {
  steps: number
  /** The share of steps labelled 1. */
  positiveRate: number
  /** Mean −[y log σ(r) + (1 − y) log σ(−r)] over the steps, penalty excluded. */
  loss: number
  accuracy: number
}

export interface ProcessFit {
  model: RewardModel
  completions: { total: number; train: number; heldOut: number }
  train: StepAccuracy
  /** null when no completion is held out. */
  heldOut: StepAccuracy | null
}

/** The steps of `completions`, each with its features and gold label. */
export function tokenStepData(completions: readonly TokenCompletion[]): StepData {
  const features = TOKEN_STEP_FEATURE_NAMES.length
  let count = 0
  for (const completion of completions) count += completion.tokens.length
  const values = new Float64Array(count * features)
  const labels = new Uint8Array(count)
  let step = 0
  for (const { prompt, tokens, maxLength } of completions) {
    labels.set(tokenStepLabels(prompt[0], prompt[1], tokens, maxLength), step)
    for (let j = 0; j < tokens.length; j++) tokenStepFeatures(prompt[0], prompt[1], tokens, j, maxLength, values, (step + j) * features)
    step += tokens.length
  }
  return { count, features, values, labels }
}

/** w* of the per-token logistic loss with penalty λ = l2 (a BradleyTerryFitError says why there is none). */
export function fitStepLogistic(data: StepData, l2: number): Float64Array {
  const { count, features, values, labels } = data
  const signed = new Float64Array(values.length)
  // d_t = (2y_t − 1)·x_t
  for (let t = 0; t < count; t++) {
    const sign = labels[t] === 1 ? 1 : -1
    for (let k = 0; k < features; k++) signed[t * features + k] = sign * values[t * features + k]
  }
  return fitBradleyTerry({ count, features, values: signed }, l2).weights
}

/** The process model's loss and accuracy on `data`. */
export function stepAccuracy(model: RewardModel, data: StepData): StepAccuracy {
  if (data.count === 0) throw new Error('stepAccuracy: no steps')
  const scores = scoreRewardModel(model, data.values, data.count, { kind: 'mean' })
  let loss = 0
  let right = 0
  let positives = 0
  for (let t = 0; t < data.count; t++) {
    const label = data.labels[t]
    positives += label
    // −log σ(r) for a 1, −log σ(−r) = softplus(r) for a 0
    loss += label === 1 ? softplus(-scores[t]) : softplus(scores[t])
    if ((sigmoid(scores[t]) > 0.5) === (label === 1)) right++
  }
  return { steps: data.count, positiveRate: positives / data.count, loss: loss / data.count, accuracy: right / data.count }
}

/** The linear process model of `completions`' gold step labels, judged on the held-out completions. */
export function fitProcessModel(completions: readonly TokenCompletion[], options: { holdout: number; l2: number; seed: number }): ProcessFit {
  if (completions.length === 0) throw new Error('fitProcessModel: needs at least one completion')
  const split = holdOutPairs(completions.length, options.holdout, new Rng(options.seed).split())
  const pick = (indices: Int32Array) => Array.from(indices, (i) => completions[i])
  const training = tokenStepData(pick(split.train))
  const weights = fitStepLogistic(training, options.l2)
  const model: RewardModel = { kind: 'linear', featureNames: [...TOKEN_STEP_FEATURE_NAMES], members: [{ weights: Array.from(weights) }], granularity: 'process' }
  const heldOut = split.heldOut.length === 0 ? null : stepAccuracy(model, tokenStepData(pick(split.heldOut)))
  return { model, completions: { total: completions.length, train: split.train.length, heldOut: split.heldOut.length }, train: stepAccuracy(model, training), heldOut }
}
