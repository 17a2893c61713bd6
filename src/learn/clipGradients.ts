import * as tf from '@tensorflow/tfjs'

/**
 * Scale all gradients together so that their global norm is at most `maxNorm` (PyTorch's
 * clip_grad_norm_). Returns new tensors and the norm before clipping; the caller disposes both.
 */
export function clipByGlobalNorm(grads: tf.NamedTensorMap, maxNorm: number): { grads: tf.NamedTensorMap; norm: tf.Scalar } {
  return tf.tidy(() => {
    const names = Object.keys(grads)
    // ‖g‖ = √(Σ_v Σ_i g_v,i²)
    const norm = tf.sqrt(tf.addN(names.map((name) => tf.sum(tf.square(grads[name]))))) as tf.Scalar
    // g ← g · min(1, maxNorm / (‖g‖ + 1e-6))
    const scale = tf.minimum(tf.scalar(1), tf.div(tf.scalar(maxNorm), tf.add(norm, 1e-6)))
    const clipped: tf.NamedTensorMap = {}
    for (const name of names) clipped[name] = tf.mul(grads[name], scale)
    return { grads: clipped, norm }
  })
}
