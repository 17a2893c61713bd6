import * as tf from '@tensorflow/tfjs'
import { K3_CAP, K3_LOG_RATIO_LIMIT, type KlEstimator } from '../core/losses/kl'

/*
 * Per-token estimators of KL(π ‖ π_ref) on the backend, the formulas of src/core/losses/kl.ts
 * (verl's kl_penalty), with d = log π_ref − log π:
 *   k1 = log π − log π_ref,  k2 = ½d²,  k3 = min(e^d′ − d′ − 1, 10) with d′ = clamp(d, −20, 20)
 */

export function tokenKl(logProbs: tf.Tensor1D, refLogProbs: tf.Tensor1D, estimator: KlEstimator): tf.Tensor1D {
  return tf.tidy(() => {
    // k1 = log π − log π_ref
    if (estimator === 'k1') return tf.sub(logProbs, refLogProbs)
    const logRefRatio = tf.sub(refLogProbs, logProbs)
    // k2 = ½d²
    if (estimator === 'k2') return tf.mul(0.5, tf.square(logRefRatio))
    // k3 = min(e^d′ − d′ − 1, 10), d′ = clamp(d, −20, 20)
    const clamped = tf.clipByValue(logRefRatio, -K3_LOG_RATIO_LIMIT, K3_LOG_RATIO_LIMIT)
    return tf.minimum(tf.sub(tf.sub(tf.exp(clamped), clamped), 1), K3_CAP)
  }) as tf.Tensor1D
}
