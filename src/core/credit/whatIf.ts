import type { StepRecord } from '../run/stepRecord'
import type { GroupBatch, ValueBatch } from '../run/trainer'
import { estimatorBaseline, type GroupEstimator } from './estimatorSchema'
import { groupEstimatorOf } from './estimators'
import { batchAdvantages } from './batchAdvantages'
import { gae } from './gae'
import { ownValue } from '../reservedNames'

/** Per step of the latest GAE batch (rows first … first + n·T − 1 of the record): V, δ and A under a mix. */
export interface BatchCredit {
  first: number
  values: Float32Array
  /** δ_t = r_t + γ(1 − terminated)·next_t − V(s_t): GAE with λ = 0. */
  deltas: Float32Array
  advantages: Float32Array
}

/**
 * The latest GAE batch under another mix: the batch is the last n·T rows of the step record (laid
 * out [t·n + i], as the rollout was), its rewards re-scored as r = Σ_k w_k·c_k, and GAE recomputed
 * with the critic's values from that batch (γ, λ and the time-limit bootstrap as trained).
 * Null when the record does not hold the whole batch.
 */
export function batchCredit(record: StepRecord, batch: ValueBatch, weights: Record<string, number>): BatchCredit | null {
  const size = batch.n * batch.steps
  if (record.rows < size || batch.values.length !== size) return null
  const first = record.rows - size
  // the rows must be whole steps of all copies, copy 0 first
  if (record.copies[first] !== 0) return null
  const K = record.names.length
  const w = record.names.map((name) => ownValue(weights, name) ?? 0)
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
  const inputs = { n: batch.n, rewards, values: batch.values, terminated, truncated, bootstrapValues: batch.bootstrapValues, lastValues: batch.lastValues }
  const { advantages } = gae(inputs, { gamma: batch.gamma, lambda: batch.lambda })
  const { advantages: deltas } = gae(inputs, { gamma: batch.gamma, lambda: 0 })
  return { first, values: batch.values, deltas: deltas as Float32Array, advantages: advantages as Float32Array }
}

/** The latest GAE batch's advantages under another mix (see batchCredit), or null. */
export function whatIfAdvantages(record: StepRecord, batch: ValueBatch, weights: Record<string, number>): Float32Array | null {
  return batchCredit(record, batch, weights)?.advantages ?? null
}

/**
 * A group learner's latest completions under another mix and estimator: each completion's
 * component totals (and its group's greedy completion's) weighted anew, then the advantages the
 * learner computes from them (batchAdvantages: the group-relative ones, sum-first or
 * decoupled, or ReMax's, OPO's, pass@k's or REINFORCE++'s, one per token), the KL penalty in the
 * reward as the run computed it.
 */
export function whatIfGroupAdvantages(batch: GroupBatch, weights: Record<string, number>, estimator: GroupEstimator): Float64Array {
  const w = batch.names.map((name) => ownValue(weights, name) ?? 0)
  return batchAdvantages({ components: batch.components, weights: w, groupSizes: batch.groupSizes, lengths: batch.lengths, greedyComponents: batch.greedyComponents, klPenalty: batch.klPenalty, tokenComponents: batch.tokenComponents, processComponents: batch.processComponents }, estimator)
}

/**
 * Whether the batch holds what the estimator reads: a batch trained under another baseline may
 * lack the greedy completions (remax), and pass@k's k must fit every group (the record's `lacks`).
 */
export function groupBatchFits(batch: GroupBatch, estimator: GroupEstimator): boolean {
  return whyGroupBatchDoesNotFit(batch, estimator) === null
}

/** What the batch lacks that the estimator reads, as a sentence; null when it fits. */
export function whyGroupBatchDoesNotFit(batch: GroupBatch, estimator: GroupEstimator): string | null {
  return groupEstimatorOf(estimatorBaseline(estimator)).lacks(batch, estimator)
}
