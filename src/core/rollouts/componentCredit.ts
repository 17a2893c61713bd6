import { batchAdvantages } from '../credit/batchAdvantages'
import { mean } from '../credit/group'
import type { GroupEstimator } from '../credit/estimatorSchema'
import type { StepBatch } from './stepBatch'

/*
 * Each component's part of the credit |A_i| of one batch (a step's counted completions). Component
 * k's stake in completion i's advantage is
 *   combine sum:        d_ik = w_k·(c_ik − c̄_k), c̄_k the mean of component k over i's group (over
 *                       the batch under the batch centre), a component that does not apply
 *                       counting 0 as it does in the sum; Σ_k d_ik = R_i − R̄, the centred reward
 *                       the estimator scales
 *   combine decoupled:  d_ik = w_k·a_ik^(k), the component's own term of A_i
 * and the credit |A_i| is shared among the components in proportion to their stakes:
 *   credit_ik = |A_i|·|d_ik| / Σ_j |d_ij|   (nothing where every d_ij is 0)
 * so that Σ_k credit_ik = |A_i|. A component's share of the credit over a set of completions is
 * Σ_i credit_ik / Σ_i Σ_j credit_ij. The stakes are the centred rewards, not the estimator's
 * exact inverse: under a median or leave-one-out centre, a rank or batchNormalize they still say
 * which component moved the completion away from its group.
 */

/**
 * Σ_i credit_ik per component over the batch's rows; `advantages` holds A_i row by row. Under
 * combine decoupled, `ownAdvantages` (componentOwnAdvantages of the same batch and estimator) may be
 * given: they do not depend on the weights, so a caller that varies only the weights computes them once.
 */
export function componentCredit(batch: StepBatch, weights: ArrayLike<number>, estimator: GroupEstimator, advantages: ArrayLike<number>, ownAdvantages?: Float64Array): Float64Array {
  const K = weights.length
  const rows = batch.order.length
  const stakes = estimator.combine === 'decoupled' ? decoupledStakes(weights, ownAdvantages ?? componentOwnAdvantages(batch, K, estimator)) : summedStakes(batch, weights, estimator)
  const credit = new Float64Array(K)
  for (let i = 0; i < rows; i++) {
    let total = 0
    for (let k = 0; k < K; k++) total += Math.abs(stakes[i * K + k])
    if (total === 0) continue
    // credit_ik = |A_i|·|d_ik| / Σ_j |d_ij|
    for (let k = 0; k < K; k++) credit[k] += (Math.abs(advantages[i]) * Math.abs(stakes[i * K + k])) / total
  }
  return credit
}

/** d_ik = w_k·(c_ik − c̄_k), c̄_k over the group (the batch under the batch centre). */
function summedStakes(batch: StepBatch, weights: ArrayLike<number>, estimator: GroupEstimator): Float64Array {
  const K = weights.length
  const rows = batch.order.length
  const stakes = new Float64Array(rows * K)
  const column = new Float64Array(rows)
  for (let k = 0; k < K; k++) {
    for (let i = 0; i < rows; i++) column[i] = batch.components[i * K + k]
    const batchMean = mean(column, 0, rows)
    let start = 0
    for (const size of batch.groupSizes) {
      const center = estimator.center === 'batch' ? batchMean : mean(column, start, size)
      for (let i = start; i < start + size; i++) stakes[i * K + k] = weights[k] * (column[i] - center)
      start += size
    }
  }
  return stakes
}

/** d_ik = w_k·a_ik^(k), from each component's own advantages (rows × K). */
function decoupledStakes(weights: ArrayLike<number>, ownAdvantages: Float64Array): Float64Array {
  const K = weights.length
  const stakes = new Float64Array(ownAdvantages.length)
  for (let at = 0; at < ownAdvantages.length; at++) stakes[at] = weights[at % K] * ownAdvantages[at]
  return stakes
}

/**
 * a_ik^(k), each component's advantage alone (rows × K): from the same estimator with that
 * component weighing 1 and the rest 0, before any batch normalisation. They depend on the batch
 * and the estimator, never on the weights.
 */
export function componentOwnAdvantages(batch: StepBatch, K: number, estimator: GroupEstimator): Float64Array {
  const rows = batch.order.length
  const own = new Float64Array(rows * K)
  const alone = new Float64Array(K)
  const perComponent = { ...estimator, batchNormalize: false }
  for (let k = 0; k < K; k++) {
    alone.fill(0)
    alone[k] = 1
    const column = batchAdvantages({ components: batch.components, weights: alone, groupSizes: batch.groupSizes, applies: batch.applies }, perComponent)
    for (let i = 0; i < rows; i++) own[i * K + k] = column[i]
  }
  return own
}
