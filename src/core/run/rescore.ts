import type { StepRecord } from './stepRecord'
import { ownValue } from '../reservedNames'

/** The recorded steps scored under a mix. */
export interface Rescored {
  /** r = Σ_k w_k·c_k for every recorded step. */
  rewards: Float64Array
  meanReward: number
  /** Σ_k w_k·c_k summed over the recorded steps, per component (each component's share). */
  contributions: Record<string, number>
  /** Returns of the episodes that end inside the record (their steps before the record began are not counted). */
  episodeReturns: number[]
}

/**
 * Re-score recorded steps under `weights` (missing names count as 0):
 *   r_t = Σ_k w_k·c_k,t, and an episode's return Σ_t r_t over its recorded steps.
 * Pure and allocation-light: a 4096-step batch takes well under a millisecond.
 */
export function rescore(record: StepRecord, weights: Record<string, number>): Rescored {
  const K = record.names.length
  const w = record.names.map((name) => ownValue(weights, name) ?? 0)
  const rewards = new Float64Array(record.rows)
  const shares = new Float64Array(K)
  const running = new Map<number, number>()
  const episodeReturns: number[] = []
  let total = 0
  for (let r = 0; r < record.rows; r++) {
    let reward = 0
    for (let k = 0; k < K; k++) {
      const part = w[k] * record.components[r * K + k]
      shares[k] += part
      reward += part
    }
    rewards[r] = reward
    total += reward
    const copy = record.copies[r]
    const sum = (running.get(copy) ?? 0) + reward
    if (record.ends[r]) {
      episodeReturns.push(sum)
      running.set(copy, 0)
    } else running.set(copy, sum)
  }
  const contributions: Record<string, number> = {}
  record.names.forEach((name, k) => (contributions[name] = shares[k]))
  return { rewards, meanReward: record.rows > 0 ? total / record.rows : 0, contributions, episodeReturns }
}
