import * as tf from '@tensorflow/tfjs'
import type { Mlp } from './mlp'

/** One minibatch, already on the backend. */
export interface PpoMinibatch {
  obs: tf.Tensor2D
  /** int32 */
  actions: tf.Tensor1D
  oldLogProbs: tf.Tensor1D
  /** Normalised per minibatch when the options say so (done by the caller). */
  advantages: tf.Tensor1D
  returns: tf.Tensor1D
  oldValues: tf.Tensor1D
}

export interface PpoLossOptions {
  numActions: number
  clipCoef: number
  clipValueLoss: boolean
  entCoef: number
  vfCoef: number
}

/** Scalars; `loss` is the one to differentiate, the rest are diagnostics. */
export interface PpoLossTerms {
  loss: tf.Scalar
  policyLoss: tf.Scalar
  valueLoss: tf.Scalar
  entropy: tf.Scalar
  approxKl: tf.Scalar
  clipFraction: tf.Scalar
}

/** CleanRL's PPO objective for a discrete policy (clipped surrogate, clipped value loss, entropy bonus). */
export function ppoLoss(actor: Mlp, critic: Mlp, batch: PpoMinibatch, options: PpoLossOptions): PpoLossTerms {
  const { numActions, clipCoef, clipValueLoss, entCoef, vfCoef } = options
  return tf.tidy(() => {
    // log π(·|s) = log_softmax(logits)
    const logProbsAll = tf.logSoftmax(actor.apply(batch.obs))
    // log π(a_t|s_t)
    const newLogProbs = tf.sum(tf.mul(logProbsAll, tf.oneHot(batch.actions, numActions)), 1)
    // H(π(·|s)) = −Σ_a π(a|s)·log π(a|s)
    const entropies = tf.neg(tf.sum(tf.mul(tf.exp(logProbsAll), logProbsAll), 1))

    // log ρ = log π_new(a|s) − log π_old(a|s)
    const logRatio = tf.sub(newLogProbs, batch.oldLogProbs)
    const ratio = tf.exp(logRatio)
    // L_pg = mean(max(−A·ρ, −A·clip(ρ, 1 − ε, 1 + ε)))
    const unclipped = tf.mul(tf.neg(batch.advantages), ratio)
    const clipped = tf.mul(tf.neg(batch.advantages), tf.clipByValue(ratio, 1 - clipCoef, 1 + clipCoef))
    const policyLoss = tf.mean(tf.maximum(unclipped, clipped)) as tf.Scalar

    const newValues = tf.reshape(critic.apply(batch.obs), [-1])
    // (V − R)²
    const valueErrors = tf.square(tf.sub(newValues, batch.returns))
    let valueLoss: tf.Scalar
    if (clipValueLoss) {
      // V_clip = V_old + clip(V − V_old, −ε, ε)
      const clippedValues = tf.add(batch.oldValues, tf.clipByValue(tf.sub(newValues, batch.oldValues), -clipCoef, clipCoef))
      // L_v = ½·mean(max((V − R)², (V_clip − R)²))
      valueLoss = tf.mul(0.5, tf.mean(tf.maximum(valueErrors, tf.square(tf.sub(clippedValues, batch.returns)))))
    } else {
      // L_v = ½·mean((V − R)²)
      valueLoss = tf.mul(0.5, tf.mean(valueErrors))
    }

    const entropy = tf.mean(entropies) as tf.Scalar
    // L = L_pg − c_ent·H + c_v·L_v
    const loss = tf.add(tf.sub(policyLoss, tf.mul(entCoef, entropy)), tf.mul(vfCoef, valueLoss)) as tf.Scalar

    // KL(π_old‖π_new) ≈ mean((ρ − 1) − log ρ)   (Schulman's low-variance estimator, as CleanRL)
    const approxKl = tf.mean(tf.sub(tf.sub(ratio, 1), logRatio)) as tf.Scalar
    // fraction of samples where |ρ − 1| > ε
    const clipFraction = tf.mean(tf.cast(tf.greater(tf.abs(tf.sub(ratio, 1)), clipCoef), 'float32')) as tf.Scalar
    return { loss, policyLoss, valueLoss, entropy, approxKl, clipFraction }
  })
}
