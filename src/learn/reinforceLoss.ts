import * as tf from '@tensorflow/tfjs'
import type { Mlp } from './mlp'

/** Every step of the batch's complete episodes, on the backend. */
export interface ReinforceBatch {
  obs: tf.Tensor2D
  /** int32 */
  actions: tf.Tensor1D
  /** G_t − b(s_t), or G_t alone without a baseline. */
  advantages: tf.Tensor1D
}

/**
 * G_t = Σ_k γ^k r_{t+k} over one episode's rewards `rewards[from … to − 1]`, written to the same
 * places of `out`. Computed backwards: G_t = r_t + γ·G_{t+1}, from G_T = `bootstrap`: 0 where the
 * episode ended, V(s_T) of the state it was cut in where a time limit cut it and a value is known.
 */
export function discountedReturns(rewards: ArrayLike<number>, from: number, to: number, gamma: number, out: Float32Array | Float64Array, bootstrap = 0): void {
  let running = bootstrap
  for (let t = to - 1; t >= from; t--) {
    running = rewards[t] + gamma * running
    out[t] = running
  }
}

/**
 * REINFORCE's objective (Williams 1992), averaged over the batch's steps:
 *   L = −mean_t[log π(a_t|s_t)·A_t] − c_ent·mean_t H(π(·|s_t)),  A_t = G_t − b(s_t).
 */
export function reinforcePolicyLoss(actor: Mlp, batch: ReinforceBatch, numActions: number, entCoef: number): { loss: tf.Scalar; policyLoss: tf.Scalar; entropy: tf.Scalar } {
  return tf.tidy(() => {
    // log π(·|s) = log_softmax(logits)
    const logProbsAll = tf.logSoftmax(actor.apply(batch.obs))
    // log π(a_t|s_t)
    const logProbs = tf.sum(tf.mul(logProbsAll, tf.oneHot(batch.actions, numActions)), 1)
    // −mean_t log π(a_t|s_t)·A_t
    const policyLoss = tf.neg(tf.mean(tf.mul(logProbs, batch.advantages))) as tf.Scalar
    // H(π(·|s)) = −Σ_a π(a|s)·log π(a|s)
    const entropy = tf.mean(tf.neg(tf.sum(tf.mul(tf.exp(logProbsAll), logProbsAll), 1))) as tf.Scalar
    const loss = tf.sub(policyLoss, tf.mul(entCoef, entropy)) as tf.Scalar
    return { loss, policyLoss, entropy }
  })
}

/** The baseline's fit to the returns: L_V = ½·mean_t (V(s_t) − G_t)². */
export function baselineLoss(critic: Mlp, obs: tf.Tensor2D, returns: tf.Tensor1D): tf.Scalar {
  return tf.tidy(() => tf.mul(0.5, tf.mean(tf.square(tf.sub(tf.reshape(critic.apply(obs), [-1]), returns)))) as tf.Scalar)
}
