import { mixedRewards, type GroupScores } from './groupScores'
import { minFormProcessAdvantages } from './processMinForm'
import { processSupervisionAdvantages } from './processSupervision'

/**
 * Process supervision of a batch over r_t = Σ_k w_k·c_k,t + p_t at every token, c_k,t component k
 * paid at token t (tokenComponents), its credit summed (process). Min-form (PURE, process_min):
 * where the process components are named, r_t = Σ_{k process} w_k·c_k,t + p_t and the outcome
 * R_i = Σ_{k not process} w_k·C_ik is added after the minimum; else every component is a step
 * reward, as in the summed form.
 */
export function processBatchAdvantages(scores: GroupScores, eps: number, minForm: boolean): Float64Array {
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
