import * as tf from '@tensorflow/tfjs'
import type { GrpoOptions } from '../core/run/config'
import type { Mlp } from './mlp'

export type Aggregation = GrpoOptions['aggregation']

/**
 * Every token of a batch of completions, completion after completion, on the backend. Each token
 * carries its completion's advantage and its weight in the aggregated loss.
 */
export interface GrpoTokenBatch {
  obs: tf.Tensor2D
  /** int32 */
  actions: tf.Tensor1D
  /** log π_old(o_t|·): the policy that sampled the completion. */
  oldLogProbs: tf.Tensor1D
  /** log π_ref(o_t|·): the frozen initial policy. */
  refLogProbs: tf.Tensor1D
  /** A_i of the token's completion. */
  advantages: tf.Tensor1D
  /** w_t from aggregationWeights: the loss is Σ_t w_t·ℓ_t. */
  weights: tf.Tensor1D
}

export interface GrpoLossOptions {
  numActions: number
  epsLow: number
  epsHigh: number
  beta: number
}

/** Scalars; `loss` is the one to differentiate, the rest are diagnostics. */
export interface GrpoLossTerms {
  loss: tf.Scalar
  /** The aggregated clipped surrogate alone (the KL term left out). */
  policyLoss: tf.Scalar
  /** Mean k3 estimate of KL(π‖π_ref) over the batch's tokens. */
  kl: tf.Scalar
  /** Tokens where the lower clip binds: ρ < 1 − ε_low with A < 0 (no gradient from them). */
  clipLow: tf.Scalar
  /** Tokens where the upper clip binds: ρ > 1 + ε_high with A > 0. */
  clipHigh: tf.Scalar
}

/**
 * The weight of each token in the aggregated loss, completion after completion, for completions of
 * `lengths` tokens (S of them) and the longest completion the task allows, L:
 *   sequence: w = 1/(S·|o_i|)   mean over each completion's tokens, then over completions (GRPO)
 *   token:    w = 1/Σ_i |o_i|   every token alike (DAPO)
 *   constant: w = 1/(S·L)       a constant divisor, whatever the lengths (Dr. GRPO)
 * The first favours short right answers and long wrong ones (a wrong answer's loss is spread
 * thinner over its tokens); the other two weigh every token the same.
 */
export function aggregationWeights(lengths: ArrayLike<number>, aggregation: Aggregation, maxLength: number): Float32Array {
  const sequences = lengths.length
  let tokens = 0
  for (let i = 0; i < sequences; i++) tokens += lengths[i]
  if (aggregation === 'constant' && maxLength <= 0) throw new Error(`constant aggregation needs a positive maximum length, got ${maxLength}`)
  const weights = new Float32Array(tokens)
  let offset = 0
  for (let i = 0; i < sequences; i++) {
    const length = lengths[i]
    const weight = aggregation === 'sequence' ? 1 / (sequences * length) : aggregation === 'token' ? 1 / tokens : 1 / (sequences * maxLength)
    weights.fill(weight, offset, offset + length)
    offset += length
  }
  return weights
}

/**
 * The GRPO-family objective from the current policy's log-probabilities of the batch's tokens, per
 * token (TRL's formulation):
 *   ρ_t = exp(log π(o_t) − log π_old(o_t))
 *   ℓ_t = −min(ρ_t·A, clip(ρ_t, 1 − ε_low, 1 + ε_high)·A) + β·KL_t
 *   KL_t = exp(log π_ref − log π) − (log π_ref − log π) − 1   (k3: unbiased, never negative)
 *   L = Σ_t w_t·ℓ_t
 */
export function grpoTerms(logProbs: tf.Tensor1D, batch: Omit<GrpoTokenBatch, 'obs' | 'actions'>, options: Omit<GrpoLossOptions, 'numActions'>): GrpoLossTerms {
  const { epsLow, epsHigh, beta } = options
  return tf.tidy(() => {
    const advantages = batch.advantages
    // ρ = exp(log π − log π_old)
    const ratio = tf.exp(tf.sub(logProbs, batch.oldLogProbs))
    // −min(ρ·A, clip(ρ, 1 − ε_low, 1 + ε_high)·A)
    const surrogate = tf.neg(tf.minimum(tf.mul(ratio, advantages), tf.mul(tf.clipByValue(ratio, 1 - epsLow, 1 + epsHigh), advantages)))
    // d = log π_ref − log π;  KL = e^d − d − 1
    const logRefRatio = tf.sub(batch.refLogProbs, logProbs)
    const kl = tf.sub(tf.sub(tf.exp(logRefRatio), logRefRatio), 1)
    const policyLoss = tf.sum(tf.mul(batch.weights, surrogate)) as tf.Scalar
    // Without a penalty the KL stays out of the graph: an overflowing e^d cannot turn 0·∞ into NaN.
    const loss = (beta > 0 ? tf.add(policyLoss, tf.mul(beta, tf.sum(tf.mul(batch.weights, kl)))) : tf.clone(policyLoss)) as tf.Scalar
    const zero = tf.zerosLike(advantages)
    const clipLow = tf.mean(tf.cast(tf.logicalAnd(tf.less(ratio, 1 - epsLow), tf.less(advantages, zero)), 'float32')) as tf.Scalar
    const clipHigh = tf.mean(tf.cast(tf.logicalAnd(tf.greater(ratio, 1 + epsHigh), tf.greater(advantages, zero)), 'float32')) as tf.Scalar
    return { loss, policyLoss, kl: tf.mean(kl) as tf.Scalar, clipLow, clipHigh }
  })
}

/** log π(o_t|s_t) of every token and the mean entropy of π(·|s_t) over the tokens. */
export function tokenLogProbs(actor: Mlp, obs: tf.Tensor2D, actions: tf.Tensor1D, numActions: number): { logProbs: tf.Tensor1D; entropy: tf.Scalar } {
  return tf.tidy(() => {
    // log π(·|s) = log_softmax(logits)
    const logProbsAll = tf.logSoftmax(actor.apply(obs))
    const logProbs = tf.sum(tf.mul(logProbsAll, tf.oneHot(actions, numActions)), 1) as tf.Tensor1D
    // H(π(·|s)) = −Σ_a π(a|s)·log π(a|s)
    const entropy = tf.mean(tf.neg(tf.sum(tf.mul(tf.exp(logProbsAll), logProbsAll), 1))) as tf.Scalar
    return { logProbs, entropy }
  })
}

/** The whole objective for `actor` on a token batch, with the entropy as a diagnostic. */
export function grpoLoss(actor: Mlp, batch: GrpoTokenBatch, options: GrpoLossOptions): GrpoLossTerms & { entropy: tf.Scalar } {
  return tf.tidy(() => {
    const { logProbs, entropy } = tokenLogProbs(actor, batch.obs, batch.actions, options.numActions)
    return { ...grpoTerms(logProbs, batch, options), entropy }
  })
}
