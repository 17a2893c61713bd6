import { z } from 'zod'
import { quoted } from '../truncate'
import { CENTERS, COMBINES, SCALES } from './estimatorSettings'
import { GROUP_BASELINES, groupEstimatorOf, type GroupBaseline } from './estimators'

export { passkOf } from './estimatorSettings'
export { GROUP_BASELINES, type GroupBaseline } from './estimators'

/*
 * The GRPO family's estimator option (the learner's `estimator`), validated at the boundaries with
 * the learner's other options (src/core/run/learnerOptions.ts). Its baselines are the records of
 * estimators.ts.
 */

/** The largest pass@k k: the largest group (groupSize's maximum). */
export const MAX_PASSK_K = 256
const PASSK_K_MESSAGE = `pass@k's k must be a whole number from 1 to the group size (at most ${MAX_PASSK_K})`

/** Group-relative estimators: how the advantage of each completion is formed from its group. */
export const GroupEstimatorSchema = z.object({
  center: z.enum(CENTERS).default('mean'),
  scale: z.enum(SCALES).default('group'),
  rank: z.boolean().default(false),
  /** Several reward components: sum them first, or normalise each then sum (decoupled, as GDPO). */
  combine: z.enum(COMBINES).default('sum'),
  batchNormalize: z.boolean().default(false),
  eps: z.number().min(0).max(1).default(1e-4),
  /**
   * What each completion's reward is measured against (estimators.ts). Absent (or group): the
   * centre and scale above; the others ignore centre, rank and combine, and all but passk_verl
   * (its std on or off: scale group or none) the scale (estimatorBaseline).
   * Absent by default, so that designs written before it train, link and fingerprint as they did.
   */
  baseline: z.enum(GROUP_BASELINES, { error: (issue) => `unknown baseline ${quoted(issue.input)}; accepted: ${GROUP_BASELINES.join(', ')}` }).optional(),
  /** pass@k's k (baseline passk only), at most the group size; absent means 1 (pass@1, GRPO's advantage with the population std). */
  k: z.number({ error: PASSK_K_MESSAGE }).int(PASSK_K_MESSAGE).min(1, PASSK_K_MESSAGE).max(MAX_PASSK_K, PASSK_K_MESSAGE).optional(),
})
  // A baseline may read the scale but not take the batch's std (passk_verl); its record says why.
  .superRefine((estimator, context) => {
    const why = groupEstimatorOf(estimator.baseline ?? 'group').refusesBatchScale
    if (why !== undefined && estimator.scale === 'batch') context.addIssue({ code: 'custom', message: why, path: ['scale'] })
  })
export type GroupEstimator = z.infer<typeof GroupEstimatorSchema>

/** The baseline a group estimator uses: absent is group, as every design before the field. */
export function estimatorBaseline(estimator: GroupEstimator): GroupBaseline {
  return estimator.baseline ?? 'group'
}

/** Whether the baseline reads every token's own reward (process supervision, summed or min-form) rather than each completion's: it needs the components paid at each token. */
export function isProcessBaseline(baseline: GroupBaseline): boolean {
  return groupEstimatorOf(baseline).needs.includes('tokenComponents')
}

/**
 * The named presets of the group-relative family (docs/references.md): choices of centre and scale
 * for the group baseline; how each differs from the upstream it is named after is in
 * docs/references.md, "Names that mirror an upstream". reinforce_pp_baseline (once named
 * reinforce_pp) is REINFORCE++-baseline: the batch's mean and std, named after verl's
 * reinforce_plus_plus_baseline, which is not the same. REINFORCE++ itself, as OpenRLHF
 * defines it, is not a group baseline (GRPO_PRESETS_BEYOND_GROUP). median is the plain median
 * centre with the group's std (once named mc_grpo); MC-GRPO as its authors define it (G + 1
 * completions, the MAD, a pivot left out of the loss) is the mc_grpo baseline, a preset beyond the
 * group's. A preset's name was never kept in a link, a file or a saved design (each keeps the
 * fields), so the renames change none of them.
 */
export const GROUP_PRESETS: Record<string, Partial<GroupEstimator>> = {
  grpo: { center: 'mean', scale: 'group', rank: false },
  dr_grpo: { center: 'mean', scale: 'none', rank: false },
  rloo: { center: 'loo', scale: 'none', rank: false },
  median: { center: 'median', scale: 'group', rank: false },
  reinforce_pp_baseline: { center: 'batch', scale: 'batch', rank: false },
  rank: { center: 'mean', scale: 'group', rank: true },
}
