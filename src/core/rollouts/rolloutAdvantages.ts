import { batchAdvantages, mixedRewards } from '../credit/batchAdvantages'
import { estimatorBaseline, type GroupEstimator } from '../credit/estimatorSchema'
import type { RolloutTable } from './rolloutTable'
import { stepBatch } from './stepBatch'

/*
 * Every completion's reward and advantage under a design (one weight per component, the group
 * estimator with its combine rule), through the one step the GRPO learner trains on
 * (batchAdvantages, the group record of estimators.ts): a step of the file is one batch, as the
 * run's update was, so the batch's mean and std (centre or scale batch, batchNormalize) are the
 * step's. For completion i of a counted group, over the components that apply to it:
 *   R_i = Σ_k w_k·c_ik
 *   sum:        A_i from R_i and its group (groupAdvantagesMulti)
 *   decoupled:  A_i = Σ_k w_k·a_ik^(k), each a^(k) judged among the completions k applies to
 * A completion that does not count (no component applies, or its group has one counted
 * completion) gets NaN for both.
 */

export interface RolloutAdvantages {
  rewards: Float64Array
  advantages: Float64Array
}

export function rolloutAdvantages(table: RolloutTable, weights: ArrayLike<number>, estimator: GroupEstimator): RolloutAdvantages {
  if (estimatorBaseline(estimator) !== 'group') throw new Error(`rolloutAdvantages: the ${estimatorBaseline(estimator)} baseline reads more than a rollout file holds; the group baseline reads only its rewards`)
  if (weights.length !== table.names.length) throw new Error(`rolloutAdvantages: ${weights.length} weights for ${table.names.length} components`)
  const rewards = new Float64Array(table.count).fill(NaN)
  const advantages = new Float64Array(table.count).fill(NaN)
  for (let step = 0; step < table.steps.length; step++) {
    const batch = stepBatch(table, step)
    if (batch.order.length === 0) continue
    const stepAdvantages = batchAdvantages({ components: batch.components, weights, groupSizes: batch.groupSizes, applies: batch.applies }, estimator)
    // Σ_k w_k·c_ik: a component that does not apply holds 0 in the batch
    const stepRewards = mixedRewards(batch.components, weights)
    batch.order.forEach((completion, row) => {
      rewards[completion] = stepRewards[row]
      advantages[completion] = stepAdvantages[row]
    })
  }
  return { rewards, advantages }
}
