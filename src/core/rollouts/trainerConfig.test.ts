import { describe, expect, it } from 'vitest'
import { parseRolloutDesign, type RolloutDesign } from './rolloutDesign'
import { trainerExport, type TrainerExport } from './trainerConfig'

function design(value: unknown): RolloutDesign {
  const parsed = parseRolloutDesign(value)
  if (!parsed.ok) throw new Error(parsed.problems.join('; '))
  return parsed.design
}

function exported(value: unknown, names: string[], trainer: 'trl' | 'verl'): TrainerExport {
  const result = trainerExport(design(value), names, trainer)
  if ('problem' in result) throw new Error(result.problem)
  return result
}

const NAMES = ['score', 'acc', 'length']

describe('the export for TRL', () => {
  it('writes the weights in the file’s order, the aggregation, the scale and the loss type', () => {
    const result = exported({ components: { acc: {}, length: { weight: -0.5 } }, estimator: { scale: 'none' }, aggregation: 'seq-mean-token-sum-norm' }, NAMES, 'trl')
    expect(result.config).toEqual({ reward_weights: [0, 1, -0.5], multi_objective_aggregation: 'sum_then_normalize', scale_rewards: 'none', loss_type: 'dr_grpo' })
    expect(result.text).toBe(
      'GRPOConfig(\n' +
        '    reward_weights=[0.0, 1.0, -0.5],  # "score", "acc", "length"\n' +
        '    multi_objective_aggregation="sum_then_normalize",\n' +
        '    scale_rewards="none",\n' +
        '    loss_type="dr_grpo",\n' +
        ')\n',
    )
    // eps is read by no std here: nothing is left out.
    expect(result.unmapped).toEqual([])
  })

  it('maps GRPO’s own design with nothing left out, and token-mean to dapo', () => {
    const result = exported({ components: { score: { weight: 2e-7 } }, aggregation: 'token-mean' }, NAMES, 'trl')
    expect(result.text).toBe('GRPOConfig(\n    reward_weights=[2e-7, 0.0, 0.0],  # "score", "acc", "length"\n    multi_objective_aggregation="sum_then_normalize",\n    scale_rewards="group",\n    loss_type="dapo",\n)\n')
    expect(result.unmapped).toEqual([])
  })

  it('maps decoupled to normalize_then_sum and lists where TRL’s differs', () => {
    const exact = exported({ components: { acc: {}, length: {} }, estimator: { combine: 'decoupled', batchNormalize: true } }, NAMES, 'trl')
    expect(exact.config).toEqual({ reward_weights: [0, 1, 1], multi_objective_aggregation: 'normalize_then_sum' })
    expect(exact.unmapped).toEqual([])
    const loose = exported({ components: { acc: {} }, estimator: { combine: 'decoupled', scale: 'none', eps: 0.01 } }, NAMES, 'trl')
    expect(loose.unmapped).toEqual([
      "scale none: under normalize_then_sum TRL divides each reward by its group's std + 1e-4, whatever scale_rewards says.",
      'batchNormalize off: under normalize_then_sum TRL always normalises the summed advantages over the batch (their mean and std + 1e-4).',
      'eps 0.01: TRL adds 1e-4 to every std it divides by, a constant no setting changes.',
    ])
  })

  it('lists every transform, centre, rank, batch normalisation and aggregation it has no setting for', () => {
    const result = exported(
      {
        components: { acc: { transforms: [{ kind: 'scale', factor: 2 }, { kind: 'clip', lo: 0, hi: 1 }] }, length: { transforms: [{ kind: 'bounded', reference: 0.5 }] } },
        estimator: { center: 'median', rank: true, batchNormalize: true },
        aggregation: 'token-sum',
      },
      NAMES,
      'trl',
    )
    expect(result.config).toEqual({ reward_weights: [0, 1, 1], multi_objective_aggregation: 'sum_then_normalize', scale_rewards: 'group' })
    expect(result.unmapped).toEqual([
      `"acc": scale 2, then clip to [0, 1]: TRL uses each reward's value as it is returned, with no transform; apply it in the reward function.`,
      `"length": bounded at 0.5 (σ(c − 0.5)): TRL uses each reward's value as it is returned, with no transform; apply it in the reward function.`,
      "centre median: TRL subtracts the group's mean reward; no setting takes its median.",
      'rank: TRL judges the rewards themselves; no setting replaces them by their ranks in the group.',
      'batchNormalize: under sum_then_normalize TRL does not normalise the advantages over the batch again.',
      'aggregation token-sum: no TRL loss_type divides this way (grpo is seq-mean-token-mean, dr_grpo seq-mean-token-sum-norm, dapo token-mean).',
    ])
    expect(exported({ estimator: { center: 'loo', scale: 'none' } }, NAMES, 'trl').unmapped).toEqual([
      "centre loo (leave-one-out): TRL subtracts the group's mean with the completion's own reward in it; GRPOConfig has no leave-one-out baseline.",
    ])
  })

  it('escapes a component name in the comment, and refuses one the file lacks', () => {
    expect(exported({}, ['score', 'a\nimport os'], 'trl').text.split('\n')[1]).toBe('    reward_weights=[1.0, 0.0],  # "score", "a\\nimport os"')
    expect(trainerExport(design({ components: { format: {} } }), NAMES, 'trl')).toEqual({ problem: 'the input has no component "format"; its components: "score", "acc", "length"' })
  })
})

describe('the export for verl', () => {
  it('writes grpo with or without the std and the loss aggregation as Hydra overrides', () => {
    const result = exported({ estimator: { scale: 'none' }, aggregation: 'seq-mean-token-mean' }, NAMES, 'verl')
    expect(result.text).toBe('algorithm.adv_estimator=grpo\nalgorithm.norm_adv_by_std_in_grpo=false\nactor_rollout_ref.actor.loss_agg_mode=seq-mean-token-mean\n')
    expect(result.config).toEqual({ 'algorithm.adv_estimator': 'grpo', 'algorithm.norm_adv_by_std_in_grpo': false, 'actor_rollout_ref.actor.loss_agg_mode': 'seq-mean-token-mean' })
    expect(result.unmapped).toEqual([])
    const withStd = exported({ estimator: { eps: 1e-6 } }, NAMES, 'verl')
    expect(withStd.text).toBe('algorithm.adv_estimator=grpo\nalgorithm.norm_adv_by_std_in_grpo=true\n')
    expect(withStd.unmapped).toEqual([])
    expect(exported({}, NAMES, 'verl').unmapped).toEqual(["eps 0.0001: verl's grpo divides by std + 1e-6 (compute_grpo_outcome_advantage's epsilon, which no setting changes); eps 1e-6 matches it."])
  })

  it('writes rloo for the leave-one-out centre without a scale', () => {
    const result = exported({ estimator: { center: 'loo', scale: 'none' } }, NAMES, 'verl')
    expect(result.text).toBe('algorithm.adv_estimator=rloo\n')
    expect(result.unmapped).toEqual([])
  })

  it('lists weights, transforms, decoupled, an estimator with no counterpart, rank, batch normalisation and token-sum', () => {
    const result = exported(
      { components: { score: {}, acc: { weight: 0.5, transforms: [{ kind: 'clip', lo: -1, hi: 1 }] } }, estimator: { center: 'batch', scale: 'batch', combine: 'decoupled', rank: true, batchNormalize: true }, aggregation: 'token-sum' },
      NAMES,
      'verl',
    )
    expect(result.text).toBe('')
    expect(result.unmapped).toEqual([
      `weights ("score" 1, "acc" 0.5): verl's reward is the one score its reward function returns (custom_reward_function.path and .name), with no weight per component; return Σ_k w_k·c_k from it.`,
      `"acc": clip to [-1, 1]: verl uses each reward's value as it is returned, with no transform; apply it in the reward function (compute_score).`,
      'combine decoupled: no verl estimator at this version normalises each component apart (no GDPO); its reward is one score.',
      "centre batch with scale batch: no verl adv_estimator computes it; grpo takes centre mean with scale group or none, rloo centre loo with scale none (verl's reinforce_plus_plus_baseline subtracts each group's mean, then whitens over the batch's tokens: not the same).",
      "rank: verl's estimators judge the scores themselves; none replaces them by their ranks in the group.",
      "batchNormalize: verl's grpo and rloo do not normalise the advantages over the batch again.",
      "aggregation token-sum: verl's agg_loss takes token-mean, seq-mean-token-sum, seq-mean-token-mean, seq-mean-token-sum-norm only.",
    ])
  })
})
