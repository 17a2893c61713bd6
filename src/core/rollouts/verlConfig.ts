import type { Aggregation } from '../losses/aggregation'
import { exportWeights, quotedName, transformNotes } from './exportNotes'
import type { RolloutDesign } from './rolloutDesign'
import { DEFAULT_WEIGHTED_COMPONENT } from './rolloutWeights'

/*
 * A design as verl's Hydra overrides (volcengine/verl at b178a3cd56f58b2d502255daba591e92833930a7:
 * verl/trainer/config/algorithm.py, AlgoConfig; verl/trainer/config/actor/actor.yaml;
 * verl/trainer/ppo/core_algos.py for what they compute). verl's reward is one score per
 * completion, the sum of its token-level scores, that the reward function returns
 * (custom_reward_function.path and .name); the dump's other keys are parts it reported. So:
 *   algorithm.adv_estimator=grpo, norm_adv_by_std_in_grpo=true:   A_i = (R_i − mean)/(std + 1e-6)
 *                                 norm_adv_by_std_in_grpo=false:  A_i = R_i − mean
 *     (compute_grpo_outcome_advantage: the group's mean and Bessel std; compute_advantage passes
 *     no epsilon, so 1e-6): our centre mean with scale group or none
 *   algorithm.adv_estimator=rloo:   A_i = n/(n − 1)·(R_i − mean) = R_i − (Σ_j R_j − R_i)/(n − 1):
 *     our centre loo, scale none
 *   actor_rollout_ref.actor.loss_agg_mode: agg_loss's four modes, ours by the same names
 * Weights other than the file's own (score 1), transforms and every other estimator setting go to
 * `unmapped`.
 */

/** The overrides by key, in the order they are written. */
export type VerlOverrides = Record<string, string | boolean>

/** verl's epsilon in compute_grpo_outcome_advantage. */
const VERL_GRPO_EPS = 1e-6

/** agg_loss's modes (core_algos.py), named as ours. */
const VERL_AGGREGATIONS: readonly Aggregation[] = ['token-mean', 'seq-mean-token-sum', 'seq-mean-token-mean', 'seq-mean-token-sum-norm']

export function verlOverrides(design: RolloutDesign, names: readonly string[]): { overrides: VerlOverrides; unmapped: string[] } | { problem: string } {
  const weights = exportWeights(design, names)
  if ('problem' in weights) return weights
  const { center, scale, rank, combine, batchNormalize, eps } = design.estimator
  const overrides: VerlOverrides = {}
  const unmapped: string[] = []

  const ownWeights = names.every((name, k) => weights.weights[k] === (name === DEFAULT_WEIGHTED_COMPONENT ? 1 : 0))
  if (!ownWeights) {
    const weighed = names.flatMap((name, k) => (weights.weights[k] === 0 ? [] : [`${quotedName(name)} ${weights.weights[k]}`]))
    unmapped.push(
      `weights (${weighed.join(', ') || 'all 0'}): verl's reward is the one score its reward function returns (custom_reward_function.path and .name), with no weight per component; return Σ_k w_k·c_k from it.`,
    )
  }
  unmapped.push(...transformNotes(design, names, 'verl', 'the reward function (compute_score)'))
  if (combine === 'decoupled') unmapped.push('combine decoupled: no verl estimator at this version normalises each component apart (no GDPO); its reward is one score.')

  if (center === 'mean' && scale !== 'batch') {
    overrides['algorithm.adv_estimator'] = 'grpo'
    overrides['algorithm.norm_adv_by_std_in_grpo'] = scale === 'group'
    if (scale === 'group' && eps !== VERL_GRPO_EPS) unmapped.push(`eps ${eps}: verl's grpo divides by std + 1e-6 (compute_grpo_outcome_advantage's epsilon, which no setting changes); eps 1e-6 matches it.`)
  } else if (center === 'loo' && scale === 'none') {
    overrides['algorithm.adv_estimator'] = 'rloo'
  } else {
    const nearest = center === 'batch' ? " (verl's reinforce_plus_plus_baseline subtracts each group's mean, then whitens over the batch's tokens: not the same)" : ''
    unmapped.push(`centre ${center} with scale ${scale}: no verl adv_estimator computes it; grpo takes centre mean with scale group or none, rloo centre loo with scale none${nearest}.`)
  }
  if (rank) unmapped.push("rank: verl's estimators judge the scores themselves; none replaces them by their ranks in the group.")
  if (batchNormalize) unmapped.push("batchNormalize: verl's grpo and rloo do not normalise the advantages over the batch again.")

  if (design.aggregation !== undefined) {
    if (VERL_AGGREGATIONS.includes(design.aggregation)) overrides['actor_rollout_ref.actor.loss_agg_mode'] = design.aggregation
    else unmapped.push(`aggregation ${design.aggregation}: verl's agg_loss takes ${VERL_AGGREGATIONS.join(', ')} only.`)
  }
  return { overrides, unmapped }
}

/** One `key=value` Hydra override a line (booleans as true/false). */
export function verlOverridesText(overrides: VerlOverrides): string {
  return Object.entries(overrides)
    .map(([key, value]) => `${key}=${value}\n`)
    .join('')
}
