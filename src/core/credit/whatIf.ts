import type { StepRecord } from '../run/stepRecord'
import type { ValueBatch } from '../run/trainer'
import { gae } from './gae'

/**
 * The latest GAE batch's advantages under another mix: the batch is the last n·T rows of the step
 * record (laid out [t·n + i], as the rollout was), its rewards re-scored as r = Σ_k w_k·c_k, and
 * GAE recomputed with the critic's values from that batch (γ, λ, time-limit bootstrap as trained).
 * Null when the record does not hold the whole batch.
 */
export function whatIfAdvantages(record: StepRecord, batch: ValueBatch, weights: Record<string, number>): Float32Array | null {
  const size = batch.n * batch.steps
  if (record.rows < size || batch.values.length !== size) return null
  const first = record.rows - size
  // the rows must be whole steps of all copies, copy 0 first
  if (record.copies[first] !== 0) return null
  const K = record.names.length
  const w = record.names.map((name) => weights[name] ?? 0)
  const rewards = new Float32Array(size)
  const terminated = new Uint8Array(size)
  const truncated = new Uint8Array(size)
  for (let index = 0; index < size; index++) {
    const row = first + index
    let reward = 0
    // r = Σ_k w_k·c_k
    for (let k = 0; k < K; k++) reward += w[k] * record.components[row * K + k]
    rewards[index] = reward
    truncated[index] = record.cuts[row]
    terminated[index] = record.ends[row] && !record.cuts[row] ? 1 : 0
  }
  const { advantages } = gae(
    { n: batch.n, rewards, values: batch.values, terminated, truncated, bootstrapValues: batch.bootstrapValues, lastValues: batch.lastValues },
    { gamma: batch.gamma, lambda: batch.lambda },
  )
  return advantages as Float32Array
}
