import { advantageHistogram, type AdvantageHistogram } from '../core/credit/histogram'
import { GROUP_ESTIMATORS, groupEstimatorOf } from '../core/credit/estimators'
import { groupBatchFits, whatIfGroupAdvantages, whyGroupBatchDoesNotFit } from '../core/credit/whatIf'
import { sampleAdvantages } from '../core/run/advantageSample'
import { estimatorBaseline, GROUP_PRESETS, GroupEstimatorSchema, GRPO_PRESETS_BEYOND_GROUP, passkOf, type GroupEstimator } from '../core/run/config'
import type { GroupBatch } from '../core/run/trainer'
import { ADVANTAGE_BINS } from './creditViews'

/**
 * The what-if under two estimators: the latest batch's advantages under the estimator the run
 * trains with and under another one the researcher picks, on shared bins, so a switch can be seen
 * before it is made.
 */

/** The GRPO family's presets by name, as the Learner panel and the comparison name them. */
export const GRPO_PRESET_LABELS: Record<string, string> = {
  grpo: 'GRPO',
  dr_grpo: 'Dr. GRPO',
  rloo: 'RLOO',
  median: 'Median centre',
  reinforce_pp_baseline: 'REINFORCE++-baseline',
  rank: 'rank-based',
  reinforce_pp_openrlhf: 'REINFORCE++ (OpenRLHF)',
  mc_grpo: 'MC-GRPO',
}

/** An estimator the comparison offers: a preset's (its estimator fields only) or a baseline's. */
export interface EstimatorChoice {
  name: string
  label: string
  estimator: GroupEstimator
}

/** The presets' estimators, then the baselines that the registry offers on their own (comparisonLabel; pass@k at k = 1, its absent value). */
export const ESTIMATOR_CHOICES: readonly EstimatorChoice[] = [
  ...Object.entries(GROUP_PRESETS).map(([name, fields]) => ({ name, label: GRPO_PRESET_LABELS[name] ?? name, estimator: GroupEstimatorSchema.parse(fields) })),
  ...Object.entries(GRPO_PRESETS_BEYOND_GROUP).map(([name, preset]) => ({ name, label: GRPO_PRESET_LABELS[name] ?? name, estimator: GroupEstimatorSchema.parse(preset.estimator) })),
  ...GROUP_ESTIMATORS.flatMap(({ name, comparisonLabel }) => (comparisonLabel === null ? [] : [{ name, label: comparisonLabel, estimator: GroupEstimatorSchema.parse({ baseline: name }) }])),
]

/** Whether two estimators give the same advantages: the same baseline, and the fields that baseline reads (its record's `reads`). */
export function sameEstimator(a: GroupEstimator, b: GroupEstimator): boolean {
  const baseline = estimatorBaseline(a)
  if (baseline !== estimatorBaseline(b) || a.batchNormalize !== b.batchNormalize || a.eps !== b.eps) return false
  return groupEstimatorOf(baseline).reads.every((field) => (field === 'k' ? passkOf(a) === passkOf(b) : a[field] === b[field]))
}

/** The choice an estimator is, or null for one of its own (custom). */
export function estimatorChoiceOf(estimator: GroupEstimator): EstimatorChoice | null {
  return ESTIMATOR_CHOICES.find((choice) => sameEstimator(choice.estimator, estimator)) ?? null
}

/** The first choice that is not the running estimator: what the comparison shows until the researcher picks. */
export function defaultComparedChoice(running: GroupEstimator): EstimatorChoice {
  return ESTIMATOR_CHOICES.find((choice) => !sameEstimator(choice.estimator, running))!
}

/** One side of the comparison: its histogram and the share of exactly-zero advantages (no gradient). */
export interface EstimatorSide {
  histogram: AdvantageHistogram
  zeroFraction: number
}

/** Both sides on one axis; `other` null (with `why`) where the batch lacks what the other estimator reads. */
export interface EstimatorComparison {
  running: EstimatorSide
  other: EstimatorSide | null
  why: string | null
}

/**
 * The latest batch under the running estimator and under `other`, each re-scored with the sliders'
 * weights and sampled as the learner samples what it reports (sampleAdvantages, float32), binned
 * over one range. Under the weights and estimator the batch was trained with, the running side is
 * the learner's own advantages, value for value, so its bins are the run's own histogram's.
 */
export function estimatorComparison(batch: GroupBatch, weights: Record<string, number>, running: GroupEstimator, other: GroupEstimator): EstimatorComparison | null {
  if (!groupBatchFits(batch, running)) return null
  const runningValues = sampleAdvantages(whatIfGroupAdvantages(batch, weights, running))
  const why = whyGroupBatchDoesNotFit(batch, other)
  const otherValues = why === null ? sampleAdvantages(whatIfGroupAdvantages(batch, weights, other)) : null
  const reach = Math.max(largestFinite(runningValues), otherValues ? largestFinite(otherValues) : 0)
  return {
    running: side(runningValues, reach),
    other: otherValues ? side(otherValues, reach) : null,
    why,
  }
}

function side(values: Float32Array, reach: number): EstimatorSide {
  const histogram = advantageHistogram(values, ADVANTAGE_BINS, reach)
  return { histogram, zeroFraction: histogram.total === 0 ? 0 : histogram.zeros / histogram.total }
}

function largestFinite(values: ArrayLike<number>): number {
  let largest = 0
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) largest = Math.max(largest, Math.abs(values[i]))
  return largest
}
