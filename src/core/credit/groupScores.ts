import { checkLayout } from './group'

/*
 * What a group-sampled batch reports to its estimator (batchAdvantages), and the sums every
 * estimator of the group family starts from. R_i = Σ_k w_k·C_ik, C_ik component k summed over
 * completion i; with the KL in the reward, P_i = Σ_t p_t, p_t = −β·KL_t at each of its tokens, joins
 * R_i as one more component of weight 1 (as verl sums its token-level rewards into the score).
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
  /** −β·KL_t at each token, completion after completion, where the KL is in the reward. */
  klPenalty?: ArrayLike<number>
  /** Raw components paid at each token, tokens × K, completion after completion (process). */
  tokenComponents?: ArrayLike<number>
  /**
   * 1 for each component that is a process reward (RewardComponentSpec.process), else 0, K values
   * (process_min): the min-form credit takes the minimum of the process components' per-token
   * rewards and adds the others' completion totals after it. Absent: every component is a step reward.
   */
  processComponents?: ArrayLike<number>
  /**
   * 1 where component k scores completion i, 0 where it does not apply (a reward function that
   * returned nothing), completions × K; absent: every component applies. The group baseline reads
   * it (groupAdvantagesMulti); the others read the weighted sum, where a component that does not
   * apply must hold 0.
   */
  applies?: ArrayLike<number>
}

/** What a batch may carry beyond its components, weights and group sizes: what an estimator may need. */
export type BatchField = 'lengths' | 'greedyComponents' | 'tokenComponents'

/** R_i = Σ_k w_k·C_ik of each completion, its layout checked against the group sizes. */
export function taskRewards(scores: GroupScores): Float64Array {
  const rewards = mixedRewards(scores.components, scores.weights)
  checkLayout('batchAdvantages', rewards.length, scores.groupSizes)
  return rewards
}

/** R_i + P_i: the task reward and the completion's KL penalty. */
export function withPenalties(rewards: Float64Array, penalties: Float64Array | null): Float64Array {
  return penalties === null ? rewards : rewards.map((reward, i) => reward + penalties[i])
}

/** P_i = Σ_t p_t over each completion's tokens. */
export function completionPenalties(scores: GroupScores): Float64Array {
  if (scores.lengths === undefined) throw new Error('batchAdvantages: a KL penalty in the reward needs each completion’s length (lengths)')
  const penalties = new Float64Array(scores.lengths.length)
  let token = 0
  for (let i = 0; i < penalties.length; i++) {
    for (let t = 0; t < scores.lengths[i]; t++) penalties[i] += scores.klPenalty![token++]
  }
  if (token !== scores.klPenalty!.length) throw new Error(`batchAdvantages: ${scores.klPenalty!.length} KL penalties for ${token} tokens; give one per token`)
  return penalties
}

/** Rows of K values with one more value appended to each: rows × (K + 1). */
export function withColumn(components: ArrayLike<number>, K: number, column: Float64Array): Float64Array {
  const wider = new Float64Array(column.length * (K + 1))
  for (let i = 0; i < column.length; i++) {
    for (let k = 0; k < K; k++) wider[i * (K + 1) + k] = components[i * K + k]
    wider[i * (K + 1) + K] = column[i]
  }
  return wider
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
