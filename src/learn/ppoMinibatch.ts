import * as tf from '@tensorflow/tfjs'
import type { PpoMinibatch } from './ppoLoss'
import type { RolloutBuffer } from './rolloutBuffer'

/**
 * Gather rows `indices` of a rollout into fresh tensors (fresh arrays too: some backends upload
 * lazily, so a reused staging buffer could change under a tensor). The caller disposes them.
 */
export function gatherMinibatch(rollout: RolloutBuffer, indices: Int32Array, normalizeAdvantages: boolean): PpoMinibatch {
  const count = indices.length
  const width = rollout.obsSize
  const obs = new Float32Array(count * width)
  const actions = new Int32Array(count)
  const oldLogProbs = new Float32Array(count)
  const advantages = new Float32Array(count)
  const returns = new Float32Array(count)
  const oldValues = new Float32Array(count)
  for (let j = 0; j < count; j++) {
    const row = indices[j]
    obs.set(rollout.obs.subarray(row * width, (row + 1) * width), j * width)
    actions[j] = rollout.actions[row]
    oldLogProbs[j] = rollout.logProbs[row]
    advantages[j] = rollout.advantages[row]
    returns[j] = rollout.returns[row]
    oldValues[j] = rollout.values[row]
  }
  if (normalizeAdvantages) normalizeInPlace(advantages)
  return {
    obs: tf.tensor2d(obs, [count, width]),
    actions: tf.tensor1d(actions, 'int32'),
    oldLogProbs: tf.tensor1d(oldLogProbs),
    advantages: tf.tensor1d(advantages),
    returns: tf.tensor1d(returns),
    oldValues: tf.tensor1d(oldValues),
  }
}

export function disposeMinibatch(batch: PpoMinibatch): void {
  tf.dispose([batch.obs, batch.actions, batch.oldLogProbs, batch.advantages, batch.returns, batch.oldValues])
}

/** Â = (A − mean A) / (std A + 1e-8), std with Bessel's correction (torch's default, as CleanRL). */
export function normalizeInPlace(values: Float32Array): void {
  const count = values.length
  let mean = 0
  for (let j = 0; j < count; j++) mean += values[j]
  mean /= count
  let squares = 0
  for (let j = 0; j < count; j++) squares += (values[j] - mean) ** 2
  // s = √(Σ(A − mean)² / (m − 1)); a single sample has no spread
  const std = count > 1 ? Math.sqrt(squares / (count - 1)) : 0
  for (let j = 0; j < count; j++) values[j] = (values[j] - mean) / (std + 1e-8)
}
