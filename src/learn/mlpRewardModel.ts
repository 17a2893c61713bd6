import * as tf from '@tensorflow/tfjs'
import type { PreferencePairs } from '../core/preferences/preferencePairs'
import type { MlpRewardMember } from '../core/preferences/rewardModel'
import type { Rng } from '../core/rng'
import { FlatAdam } from './flatAdam'
import { applyGradientStep, show } from './gradientStep'
import { createMlp } from './mlp'

/*
 * A small MLP reward model r(x) fitted to preference pairs by Adam on the Bradley–Terry loss,
 *
 *   L(θ) = (1/N) Σ_i −log σ(r(x_w,i) − r(x_l,i)) + (λ/2N) Σ_layers ‖W‖²,
 *
 * the linear fit's objective Σ −log σ(·) + (λ/2)‖w‖² divided by the N pairs (biases unpenalised),
 * so that --l2 means the same for both kinds of model. The features are standardised first by
 * their mean and standard deviation over both sides of every pair (a constant feature is only
 * centred), and the model keeps both, so that it scores raw features. The network is
 * [features, 32, 32, 1], tanh, orthogonal initial weights (gain √2, the last layer 1), trained
 * MLP_EPOCHS passes over the pairs in shuffled minibatches of MLP_BATCH_SIZE, Adam at
 * MLP_LEARNING_RATE: on 10,000 of the token task's pairs labelled with a length bias that ends as
 * low as 30 epochs of minibatches of 256 at 3e-3 do (a loss of 0.370 against 0.373) in under half
 * their time, and a fixed count keeps a fit's time and result the same for the same seed.
 * Each minibatch is one forward pass of its winners and losers together; the loss and its gradient
 * with respect to the scores are a few numbers per pair, computed in plain arrays
 * (bradleyTerryMinibatch), and go back through the network by hand (Mlp.trace), as PPO's do.
 */

export const MLP_HIDDEN = 32
export const MLP_EPOCHS = 20
export const MLP_BATCH_SIZE = 512
export const MLP_LEARNING_RATE = 1e-2

export interface MlpFitOptions {
  epochs: number
  batchSize: number
  learningRate: number
}

export const MLP_FIT_OPTIONS: MlpFitOptions = { epochs: MLP_EPOCHS, batchSize: MLP_BATCH_SIZE, learningRate: MLP_LEARNING_RATE }

export interface MlpFit {
  member: MlpRewardMember
  /** L(θ) averaged over each epoch's minibatches, epoch by epoch. */
  lossByEpoch: number[]
}

/** Rounding alone leaves a constant feature a deviation of about ε·|mean|: below this fraction of |mean| (or 1), it counts as constant. */
const CONSTANT_FEATURE = 1e-12

/** Per-feature mean and standard deviation over both sides of every pair; a constant feature's deviation becomes 1. */
function standardisation({ count, features, preferred, rejected }: PreferencePairs): { mean: Float64Array; scale: Float64Array } {
  const mean = new Float64Array(features)
  const scale = new Float64Array(features)
  const rows = 2 * count
  for (const side of [preferred, rejected]) for (let j = 0; j < side.length; j++) mean[j % features] += side[j]
  for (let k = 0; k < features; k++) mean[k] /= rows
  for (const side of [preferred, rejected]) for (let j = 0; j < side.length; j++) scale[j % features] += (side[j] - mean[j % features]) ** 2
  for (let k = 0; k < features; k++) {
    const deviation = Math.sqrt(scale[k] / rows)
    scale[k] = deviation > CONSTANT_FEATURE * Math.max(1, Math.abs(mean[k])) ? deviation : 1
  }
  return { mean, scale }
}

function standardised(values: Float64Array, features: number, mean: Float64Array, scale: Float64Array): Float32Array {
  return Float32Array.from(values, (value, j) => (value - mean[j % features]) / scale[j % features])
}

/** Fit one member on the pairs; `rng` draws its initial weights and its minibatches. The TensorFlow.js backend must be ready. */
export async function fitMlpMember(pairs: PreferencePairs, l2: number, rng: Rng, options: MlpFitOptions = MLP_FIT_OPTIONS): Promise<MlpFit> {
  const { count, features } = pairs
  if (count === 0) throw new Error('fitMlpMember: no pairs')
  if (!(Number.isFinite(l2) && l2 >= 0)) throw new Error(`fitMlpMember: the L2 penalty must be a finite number ≥ 0, got ${l2}`)
  const { mean, scale } = standardisation(pairs)
  for (let k = 0; k < features; k++) {
    if (!Number.isFinite(mean[k]) || !Number.isFinite(scale[k])) throw new Error(`feature ${k}'s values are too large to standardise (their mean or spread overflows double precision); rescale the features`)
  }
  const network = createMlp([features, MLP_HIDDEN, MLP_HIDDEN, 1], 1, rng.split())
  const layers = network.variables.length / 2
  const weightMatrices = network.variables.slice(0, layers)
  const preferred = standardised(pairs.preferred, features, mean, scale)
  const rejected = standardised(pairs.rejected, features, mean, scale)
  const optimizer = new FlatAdam(network.variables, options.learningRate, 0.9, 0.999, 1e-8)
  const order = Int32Array.from({ length: count }, (_, i) => i)
  const input = new Float32Array(2 * Math.min(count, options.batchSize) * features)
  const lossByEpoch: number[] = []
  try {
    for (let epoch = 0; epoch < options.epochs; epoch++) {
      rng.shuffle(order)
      let lossSum = 0
      for (let start = 0; start < count; start += options.batchSize) {
        const batch = order.subarray(start, Math.min(count, start + options.batchSize))
        const rows = batch.length
        // the winners' features, then the losers', one row each
        for (let j = 0; j < rows; j++) {
          input.set(preferred.subarray(batch[j] * features, (batch[j] + 1) * features), j * features)
          input.set(rejected.subarray(batch[j] * features, (batch[j] + 1) * features), (rows + j) * features)
        }
        const inputs = tf.tensor2d(input.subarray(0, 2 * rows * features), [2 * rows, features])
        const trace = network.trace(inputs)
        try {
          const fit = bradleyTerryMinibatch((await trace.output.data()) as Float32Array, rows)
          if (!Number.isFinite(Math.fround(fit.loss))) throw new Error(`the MLP reward model's loss came out as ${show(fit.loss)} in epoch ${epoch + 1}; rescale the features`)
          // ∂/∂W of (λ/2N) Σ ‖W‖² is (λ/N)·W, added to each weight matrix's gradient
          const gradients = tf.tidy(() => trace.gradients(tf.tensor2d(fit.dScores, [2 * rows, 1])).map((gradient, j) => (j < layers ? tf.add(gradient, tf.mul(weightMatrices[j], l2 / count)) : gradient)))
          const penalty = tf.tidy(() => tf.reshape(tf.mul(l2 / (2 * count), tf.addN(weightMatrices.map((weights) => tf.sum(tf.square(weights))))), [1]) as tf.Tensor1D)
          try {
            const step = await applyGradientStep(optimizer, null, gradients, penalty)
            const loss = fit.loss + step.read[0]
            if (!step.applied) throw new Error(`the MLP reward model's loss came out as ${show(loss)} (gradient norm ${show(step.gradNorm)}) in epoch ${epoch + 1}; rescale the features`)
            lossSum += loss * rows
          } finally {
            tf.dispose([...gradients, penalty])
          }
        } finally {
          trace.dispose()
          inputs.dispose()
        }
      }
      lossByEpoch.push(lossSum / count)
    }
    const weights = (await Promise.all(weightMatrices.map((variable) => variable.array()))) as number[][][]
    const biases = (await Promise.all(network.variables.slice(layers).map((variable) => variable.array()))) as number[][]
    const member: MlpRewardMember = { inputMean: Array.from(mean), inputScale: Array.from(scale), layers: weights.map((matrix, l) => ({ weights: matrix, bias: biases[l] })) }
    return { member, lossByEpoch }
  } finally {
    optimizer.dispose()
    network.dispose()
  }
}

/**
 * The Bradley–Terry loss of one minibatch of B pairs from the model's scores (the winners' B,
 * then the losers' B), with m_i = r(x_w,i) − r(x_l,i):
 *   L = (1/B) Σ_i −log σ(m_i) = (1/B) Σ_i softplus(−m_i)
 *   ∂L/∂r(x_w,i) = −σ(−m_i)/B,  ∂L/∂r(x_l,i) = σ(−m_i)/B
 * softplus(x) = max(x, 0) + log(1 + e^−|x|), so that no margin overflows.
 */
export function bradleyTerryMinibatch(scores: ArrayLike<number>, rows: number): { loss: number; dScores: Float32Array } {
  const dScores = new Float32Array(2 * rows)
  let sum = 0
  for (let i = 0; i < rows; i++) {
    const x = -(scores[i] - scores[rows + i])
    sum += Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x)))
    // σ(−m) = σ(x) = 1/(1 + e^−x)
    const weight = 1 / (1 + Math.exp(-x)) / rows
    dScores[i] = -weight
    dScores[rows + i] = weight
  }
  return { loss: sum / rows, dScores }
}
