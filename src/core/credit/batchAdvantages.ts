import { estimatorBaseline, type GroupEstimator } from './estimatorSchema'
import { groupEstimatorOf } from './estimators'
import { completionPenalties, type GroupScores } from './groupScores'

export { mixedRewards, type GroupScores } from './groupScores'

/*
 * The advantages of a group-sampled batch under the estimator's baseline: the one step the GRPO
 * learner and the what-if view share, so that the two give the same numbers. One per completion,
 * or for token_batch, process and process_min one per token. R_i = Σ_k w_k·C_ik, C_ik component k
 * summed over completion i; with the KL in the reward, P_i = Σ_t p_t, p_t = −β·KL_t at each of its
 * tokens, joins R_i as one more component of weight 1 (as verl sums its token-level rewards into
 * the score). Each baseline's formula is in its record (estimators.ts); all but group read no
 * centre, rank, combine or batchNormalize, and all but group and passk_verl no scale.
 */
export function batchAdvantages(scores: GroupScores, estimator: GroupEstimator): Float64Array {
  const penalties = scores.klPenalty === undefined ? null : completionPenalties(scores)
  return groupEstimatorOf(estimatorBaseline(estimator)).advantages(scores, estimator, penalties)
}

/**
 * The completions the loss leaves out under the estimator's baseline, 1 each (MC-GRPO's pivots,
 * whose advantage is 0), from the same scores as batchAdvantages; null where it keeps every one.
 */
export function batchExcluded(scores: GroupScores, estimator: GroupEstimator): Uint8Array | null {
  const record = groupEstimatorOf(estimatorBaseline(estimator))
  if (record.excluded === undefined) return null
  const penalties = scores.klPenalty === undefined ? null : completionPenalties(scores)
  return record.excluded(scores, estimator, penalties)
}
