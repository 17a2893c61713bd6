import type { Aggregation } from '../losses/aggregation'
import { exportWeights, quotedName, transformNotes } from './exportNotes'
import type { RolloutDesign } from './rolloutDesign'

/*
 * A design as TRL's GRPOConfig takes it (huggingface/trl at f2cd57710ae345ea6428ae95363267fcf38a3dc8:
 * trl/trainer/grpo_config.py for the fields, trl/trainer/grpo_trainer.py, _generate_and_score_completions,
 * for what they compute). TRL's advantage, per generation batch, from the reward functions' values
 * c_ik (NaN where one returned None) and reward_weights w_k:
 *   sum_then_normalize:  R_i = nansum_k w_k·c_ik;  A_i = R_i − nanmean_group(R), then ÷ (s + 1e-4)
 *                        with s the group's nanstd (scale_rewards "group"), the batch's ("batch"),
 *                        or nothing ("none")
 *   normalize_then_sum:  a_ik = (c_ik − nanmean_group(c_k)) / (nanstd_group(c_k) + 1e-4) whatever
 *                        scale_rewards says; R_i = nansum_k w_k·a_ik; A_i = (R_i − mean(R)) / (nanstd(R) + 1e-4)
 *                        over the batch, always
 * nanstd with Bessel's correction. So our centre mean with scale group, batch or none is TRL's
 * sum_then_normalize with that scale_rewards, and our decoupled with centre mean, scale group and
 * batchNormalize is normalize_then_sum; the 1e-4 is fixed. loss_type (in _compute_loss) fixes the
 * loss's divisor: "grpo" each sequence's token mean then the mean over sequences, "dr_grpo" the
 * sum over sequences × max_completion_length, "dapo" the sum over the batch's tokens (counted
 * over the global accumulated batch). Every other part of the design goes to `unmapped`.
 */

export interface TrlGrpoConfig {
  /** One per reward function, in the file's order of components (a TRL table's reward columns keep the reward functions' order). */
  reward_weights: number[]
  multi_objective_aggregation: 'sum_then_normalize' | 'normalize_then_sum'
  /** Absent under normalize_then_sum, which does not read it. */
  scale_rewards?: 'group' | 'batch' | 'none'
  /** Present where the design names an aggregation that one of TRL's loss types computes. */
  loss_type?: 'grpo' | 'dr_grpo' | 'dapo'
}

/** TRL's eps: the constant added to every std it divides by. */
const TRL_EPS = 1e-4

/** The loss_type whose divisor is each aggregation of ours, where one is. */
const TRL_LOSS_TYPES: Partial<Record<Aggregation, NonNullable<TrlGrpoConfig['loss_type']>>> = {
  'seq-mean-token-mean': 'grpo',
  'seq-mean-token-sum-norm': 'dr_grpo',
  'token-mean': 'dapo',
}

export function trlGrpoConfig(design: RolloutDesign, names: readonly string[]): { config: TrlGrpoConfig; unmapped: string[] } | { problem: string } {
  const weights = exportWeights(design, names)
  if ('problem' in weights) return weights
  const { center, scale, rank, combine, batchNormalize, eps } = design.estimator
  const decoupled = combine === 'decoupled'
  const unmapped = transformNotes(design, names, 'TRL', 'the reward function')
  const config: TrlGrpoConfig = { reward_weights: Array.from(weights.weights), multi_objective_aggregation: decoupled ? 'normalize_then_sum' : 'sum_then_normalize' }
  if (!decoupled) config.scale_rewards = scale

  if (center === 'median') unmapped.push("centre median: TRL subtracts the group's mean reward; no setting takes its median.")
  if (center === 'loo') unmapped.push("centre loo (leave-one-out): TRL subtracts the group's mean with the completion's own reward in it; GRPOConfig has no leave-one-out baseline.")
  if (center === 'batch') unmapped.push("centre batch: TRL subtracts each group's own mean; no setting subtracts the batch's.")
  if (rank) unmapped.push('rank: TRL judges the rewards themselves; no setting replaces them by their ranks in the group.')
  if (decoupled && scale !== 'group') unmapped.push(`scale ${scale}: under normalize_then_sum TRL divides each reward by its group's std + 1e-4, whatever scale_rewards says.`)
  if (decoupled && !batchNormalize) unmapped.push('batchNormalize off: under normalize_then_sum TRL always normalises the summed advantages over the batch (their mean and std + 1e-4).')
  if (!decoupled && batchNormalize) unmapped.push('batchNormalize: under sum_then_normalize TRL does not normalise the advantages over the batch again.')
  const dividesByStd = decoupled || scale !== 'none' || batchNormalize
  if (dividesByStd && eps !== TRL_EPS) unmapped.push(`eps ${eps}: TRL adds 1e-4 to every std it divides by, a constant no setting changes.`)

  if (design.aggregation !== undefined) {
    const lossType = TRL_LOSS_TYPES[design.aggregation]
    if (lossType !== undefined) config.loss_type = lossType
    else unmapped.push(`aggregation ${design.aggregation}: no TRL loss_type divides this way (grpo is seq-mean-token-mean, dr_grpo seq-mean-token-sum-norm, dapo token-mean).`)
  }
  return { config, unmapped }
}

/**
 * The config as Python: GRPOConfig(...) with one keyword a line, the weights' components named in
 * a comment. Numbers are written as Python floats (1.0, 0.5, 1e-07 as 1e-7).
 */
export function trlConfigText(config: TrlGrpoConfig, names: readonly string[]): string {
  const lines = [`    reward_weights=[${config.reward_weights.map(pythonFloat).join(', ')}],  # ${names.map(quotedName).join(', ')}`, `    multi_objective_aggregation="${config.multi_objective_aggregation}",`]
  if (config.scale_rewards !== undefined) lines.push(`    scale_rewards="${config.scale_rewards}",`)
  if (config.loss_type !== undefined) lines.push(`    loss_type="${config.loss_type}",`)
  return `GRPOConfig(\n${lines.join('\n')}\n)\n`
}

/** A finite number as a Python float literal: a whole number gets ".0"; JavaScript's other forms (0.5, 1e-7, 1.5e+21) are Python's too. */
function pythonFloat(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? `${value}.0` : String(value)
}
