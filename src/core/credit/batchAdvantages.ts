import { estimatorBaseline, passkOf, type GroupEstimator } from '../run/learnerOptions'
import { checkLayout, groupAdvantagesMulti } from './group'
import { opoAdvantages } from './opo'
import { passkAdvantages } from './passk'
import { remaxAdvantages } from './remax'

/*
 * One advantage per completion of a group-sampled batch, under the estimator's baseline: the one
 * step the GRPO learner and the what-if view share, so that the two give the same numbers.
 * R_i = Σ_k w_k·C_ik, C_ik component k summed over completion i; then
 *   group: groupAdvantagesMulti (centre, scale, rank, combine, batchNormalize)
 *   remax: a_i = R_i − R_greedy, R_greedy = Σ_k w_k·G_gk of the group's greedy completion (remax.ts)
 *   opo:   a_i = R_i − Σ_j |o_j|·R_j / Σ_j |o_j| (opo.ts)
 *   passk: pass@k advantages (passk.ts) of the verdicts R_i > 0 (right) and R_i ≤ 0 (wrong), eps as the estimator's
 * remax, opo and passk read no centre, scale, rank, combine or batchNormalize.
 */

export interface GroupScores {
  /** Raw components summed over each completion, completions × K, group after group. */
  components: ArrayLike<number>
  weights: ArrayLike<number>
  groupSizes: ArrayLike<number>
  /** Tokens of each completion (opo). */
  lengths?: ArrayLike<number>
  /** Raw components of each group's greedy completion, groups × K (remax). */
  greedyComponents?: ArrayLike<number>
}

export function batchAdvantages(scores: GroupScores, estimator: GroupEstimator): Float64Array {
  const K = scores.weights.length
  const baseline = estimatorBaseline(estimator)
  if (baseline === 'group') return groupAdvantagesMulti(scores.components, K, scores.weights, scores.groupSizes, estimator)
  const rewards = mixedRewards(scores.components, scores.weights)
  checkLayout('batchAdvantages', rewards.length, scores.groupSizes)
  if (baseline === 'remax') {
    if (scores.greedyComponents === undefined) throw new Error('batchAdvantages: the remax baseline needs each group’s greedy completion (greedyComponents)')
    return remaxAdvantages(rewards, scores.groupSizes, mixedRewards(scores.greedyComponents, scores.weights))
  }
  if (baseline === 'opo') {
    if (scores.lengths === undefined) throw new Error('batchAdvantages: the opo baseline needs each completion’s length (lengths)')
    return opoAdvantages(rewards, scores.groupSizes, scores.lengths)
  }
  // A completion passes when its reward is above 0: with a verifier's 0/1 reward, exactly when it is right.
  const correct = rewards.map((reward) => (reward > 0 ? 1 : 0))
  return passkAdvantages(correct, scores.groupSizes, passkOf(estimator), estimator.eps)
}

/** R_i = Σ_k w_k·c_ik for each row of `components` (rows × K, K the number of weights). */
export function mixedRewards(components: ArrayLike<number>, weights: ArrayLike<number>): Float64Array {
  const K = weights.length
  if (components.length % K !== 0) throw new Error(`mixedRewards: ${components.length} component values do not split into rows of K = ${K}`)
  const rewards = new Float64Array(components.length / K)
  for (let i = 0; i < rewards.length; i++) {
    let total = 0
    for (let k = 0; k < K; k++) total += weights[k] * components[i * K + k]
    rewards[i] = total
  }
  return rewards
}
