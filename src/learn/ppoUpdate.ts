import * as tf from '@tensorflow/tfjs'
import { clipByGlobalNorm } from './clipGradients'
import type { Mlp } from './mlp'
import { ppoLoss, type PpoLossOptions, type PpoMinibatch } from './ppoLoss'

/** Numbers read back from one minibatch step, before the parameters change. */
export interface MinibatchStats {
  loss: number
  policyLoss: number
  valueLoss: number
  entropy: number
  approxKl: number
  clipFraction: number
  /** Global gradient norm before clipping. */
  gradNorm: number
}

/**
 * One gradient step on one minibatch: loss, gradients, global-norm clipping, Adam. The numbers are
 * read back first and the step is skipped (returned with `applied: false`) when any is not finite.
 */
export async function minibatchStep(
  actor: Mlp,
  critic: Mlp,
  optimizer: tf.Optimizer,
  batch: PpoMinibatch,
  lossOptions: PpoLossOptions,
  maxGradNorm: number,
): Promise<{ stats: MinibatchStats; applied: boolean }> {
  const kept: { terms?: tf.Tensor1D } = {}
  const { value: loss, grads } = tf.variableGrads(() => {
    const terms = ppoLoss(actor, critic, batch, lossOptions)
    kept.terms = tf.keep(tf.stack([terms.policyLoss, terms.valueLoss, terms.entropy, terms.approxKl, terms.clipFraction]) as tf.Tensor1D)
    return terms.loss
  }, [...actor.variables, ...critic.variables])
  let clipped: tf.NamedTensorMap | null = null
  try {
    const clipping = clipByGlobalNorm(grads, maxGradNorm)
    clipped = clipping.grads
    const summary = tf.tidy(() => tf.concat([tf.reshape(loss, [1]), kept.terms as tf.Tensor1D, tf.reshape(clipping.norm, [1])]))
    clipping.norm.dispose()
    // Read back with data(), never dataSync(): WebGPU cannot read synchronously.
    const numbers = await summary.data()
    summary.dispose()
    const [lossValue, policyLoss, valueLoss, entropy, approxKl, clipFraction, gradNorm] = Array.from(numbers)
    const stats = { loss: lossValue, policyLoss, valueLoss, entropy, approxKl, clipFraction, gradNorm }
    const applied = Array.from(numbers).every(Number.isFinite)
    if (applied) optimizer.applyGradients(clipped)
    return { stats, applied }
  } finally {
    tf.dispose([loss, ...Object.values(grads)])
    if (kept.terms) kept.terms.dispose()
    if (clipped) tf.dispose(Object.values(clipped))
  }
}
