import type { PpoMinibatch } from './ppoLoss'
import type { RolloutBuffer } from './rolloutBuffer'

/** Gather rows `indices` of a rollout into fresh arrays: the loss's rows and the observations for the networks. */
export function gatherMinibatch(rollout: RolloutBuffer, indices: Int32Array, normalizeAdvantages: boolean): { batch: PpoMinibatch; obs: Float32Array } {
  const rows = indices.length
  const width = rollout.obsSize
  // Fresh arrays each time: some backends upload lazily, so a reused staging buffer could change under a tensor.
  const obs = new Float32Array(rows * width)
  const batch: PpoMinibatch = {
    rows,
    actions: new Int32Array(rows),
    oldLogProbs: new Float32Array(rows),
    advantages: new Float32Array(rows),
    returns: new Float32Array(rows),
    oldValues: new Float32Array(rows),
  }
  for (let j = 0; j < rows; j++) {
    const row = indices[j]
    obs.set(rollout.obs.subarray(row * width, (row + 1) * width), j * width)
    batch.actions[j] = rollout.actions[row]
    batch.oldLogProbs[j] = rollout.logProbs[row]
    batch.advantages[j] = rollout.advantages[row]
    batch.returns[j] = rollout.returns[row]
    batch.oldValues[j] = rollout.values[row]
  }
  if (normalizeAdvantages) normalizeInPlace(batch.advantages)
  return { batch, obs }
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
