import { estimatorBaseline, isProcessBaseline, passkOf, type GroupEstimator } from '../run/learnerOptions'
import { checkLayout, groupAdvantagesMulti } from './group'
import { opoAdvantages } from './opo'
import { passkAdvantages } from './passk'
import { minFormProcessAdvantages } from './processMinForm'
import { processSupervisionAdvantages } from './processSupervision'
import { reinforcePlusPlusAdvantages } from './reinforcePlusPlus'
import { remaxAdvantages } from './remax'

/*
 * The advantages of a group-sampled batch under the estimator's baseline: the one step the GRPO
 * learner and the what-if view share, so that the two give the same numbers. One per completion,
 * or for token_batch one per token. R_i = Σ_k w_k·C_ik, C_ik component k summed over completion i;
 * with the KL in the reward, P_i = Σ_t p_t, p_t = −β·KL_t at each of its tokens, joins R_i as one
 * more component of weight 1 (as verl sums its token-level rewards into the score). Then
 *   group:       groupAdvantagesMulti (centre, scale, rank, combine, batchNormalize) over C_i1 … C_iK, P_i
 *   remax:       a_i = R_i + P_i − R_greedy, R_greedy = Σ_k w_k·G_gk of the group's greedy completion, its
 *                task reward only, as verl's reward_baselines (remax.ts)
 *   opo:         a_i = (R_i + P_i) − Σ_j |o_j|·(R_j + P_j) / Σ_j |o_j| (opo.ts)
 *   passk:       pass@k advantages (passk.ts) of the verdicts R_i > 0 (right) and R_i ≤ 0 (wrong), eps as
 *                the estimator's; not with the KL in the reward (the options refuse it)
 *   token_batch: REINFORCE++'s returns-to-go of R_i and the p_t, normalised over the batch's tokens (reinforcePlusPlus.ts)
 *   process:     DeepSeekMath's process supervision over each token's reward r_t = Σ_k w_k·c_k,t (+ p_t),
 *                c_k,t component k paid at token t (tokenComponents), normalised by its group's tokens'
 *                mean and std (+ eps) and summed from t to the completion's end (processSupervision.ts)
 *   process_min: PURE's min-form credit: G_t = min_{s ≥ t} r_s + R_i, judged against the group's
 *                completion values G_1 by their mean and std (+ eps) (processMinForm.ts); where the
 *                process components are named (processComponents), r_t sums those alone (+ p_t) and
 *                R_i = Σ_k w_k·C_ik over the others (the outcome, after the minimum, as PURE adds its
 *                verifiable reward); else r_t as above and R_i = 0
 * remax, opo, passk, token_batch, process and process_min read no centre, scale, rank, combine or batchNormalize.
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
}

export function batchAdvantages(scores: GroupScores, estimator: GroupEstimator): Float64Array {
  const K = scores.weights.length
  const baseline = estimatorBaseline(estimator)
  const penalties = scores.klPenalty === undefined ? null : completionPenalties(scores)
  if (baseline === 'group') {
    if (penalties === null) return groupAdvantagesMulti(scores.components, K, scores.weights, scores.groupSizes, estimator)
    return groupAdvantagesMulti(withColumn(scores.components, K, penalties), K + 1, [...Array.from(scores.weights), 1], scores.groupSizes, estimator)
  }
  const taskRewards = mixedRewards(scores.components, scores.weights)
  checkLayout('batchAdvantages', taskRewards.length, scores.groupSizes)
  if (isProcessBaseline(baseline)) return processAdvantages(scores, estimator.eps, baseline === 'process_min')
  if (baseline === 'token_batch') {
    if (scores.lengths === undefined) throw new Error('batchAdvantages: the token_batch baseline needs each completion’s length (lengths)')
    return reinforcePlusPlusAdvantages(taskRewards, scores.lengths, scores.klPenalty ?? null)
  }
  if (baseline === 'passk' && penalties !== null) throw new Error('batchAdvantages: pass@k judges the task reward alone; it takes no KL penalty in the reward')
  // R_i + P_i: the task reward and the completion's KL penalty
  const rewards = penalties === null ? taskRewards : taskRewards.map((reward, i) => reward + penalties[i])
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

/**
 * Process supervision over r_t = Σ_k w_k·c_k,t + p_t at every token, its credit summed. Min-form
 * (PURE): where the process components are named, r_t = Σ_{k process} w_k·c_k,t + p_t and the
 * outcome R_i = Σ_{k not process} w_k·C_ik is added after the minimum; else every component is a
 * step reward, as in the summed form.
 */
function processAdvantages(scores: GroupScores, eps: number, minForm: boolean): Float64Array {
  if (scores.lengths === undefined || scores.tokenComponents === undefined) throw new Error('batchAdvantages: the process baseline needs each completion’s length (lengths) and the components paid at each token (tokenComponents)')
  const K = scores.weights.length
  const split = minForm && scores.processComponents !== undefined
  if (split && scores.processComponents!.length !== K) throw new Error(`batchAdvantages: ${scores.processComponents!.length} process flags for ${K} components; give one per component`)
  const isProcess = (k: number) => !split || scores.processComponents![k] === 1
  const stepWeights = Array.from(scores.weights, (weight, k) => (isProcess(k) ? weight : 0))
  const stepRewards = mixedRewards(scores.tokenComponents, stepWeights)
  if (scores.klPenalty !== undefined) {
    if (scores.klPenalty.length !== stepRewards.length) throw new Error(`batchAdvantages: ${scores.klPenalty.length} KL penalties for ${stepRewards.length} tokens; give one per token`)
    // r_t + p_t
    for (let t = 0; t < stepRewards.length; t++) stepRewards[t] += scores.klPenalty[t]
  }
  if (!minForm) return processSupervisionAdvantages(stepRewards, scores.lengths, scores.groupSizes, eps)
  // R_i = Σ_{k not process} w_k·C_ik, the outcome added after the minimum
  const outcomes = split ? mixedRewards(scores.components, Array.from(scores.weights, (weight, k) => (isProcess(k) ? 0 : weight))) : undefined
  return minFormProcessAdvantages(stepRewards, scores.lengths, scores.groupSizes, eps, outcomes)
}

/** P_i = Σ_t p_t over each completion's tokens. */
function completionPenalties(scores: GroupScores): Float64Array {
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
function withColumn(components: ArrayLike<number>, K: number, column: Float64Array): Float64Array {
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
