import { advantageHistogram, type AdvantageHistogram } from '../core/credit/histogram'
import { GROUP_ESTIMATORS, groupEstimatorOf } from '../core/credit/estimators'
import { groupBatchFits, whatIfGroupAdvantages, whyGroupBatchDoesNotFit } from '../core/credit/whatIf'
import { sampleAdvantages } from '../core/run/advantageSample'
import { estimatorBaseline, GROUP_PRESETS, GroupEstimatorSchema, GRPO_PRESETS_BEYOND_GROUP, passkOf, type GroupEstimator } from '../core/run/config'
import type { GroupBatch } from '../core/run/trainer'
import { ADVANTAGE_BINS, sharedAdvantageReach } from './creditViews'

/**
 * The what-if under two estimators: the latest batch's advantages under the estimator the run
 * trains with and under another one the researcher picks, on the bins every advantage histogram
 * on the screen shares, so a switch can be seen before it is made.
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

/** The choice the researcher picked by name, or the default one while none is picked (or the name is not a choice). */
export function comparedChoice(picked: string | null, running: GroupEstimator): EstimatorChoice {
  return ESTIMATOR_CHOICES.find((choice) => choice.name === picked) ?? defaultComparedChoice(running)
}

/** The latest batch's advantages under both estimators, before binning; `other` null (with `why`) where the batch lacks what it reads. */
export interface ComparedAdvantages {
  running: Float32Array
  other: Float32Array | null
  why: string | null
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
 * weights and sampled as the learner samples what it reports (sampleAdvantages, float32). Under the
 * weights and estimator the batch was trained with, the running side is the learner's own
 * advantages, value for value. Null where the batch does not fit the running estimator.
 */
export function comparedAdvantages(batch: GroupBatch, weights: Record<string, number>, running: GroupEstimator, other: GroupEstimator): ComparedAdvantages | null {
  if (!groupBatchFits(batch, running)) return null
  const why = whyGroupBatchDoesNotFit(batch, other)
  return {
    running: sampleAdvantages(whatIfGroupAdvantages(batch, weights, running)),
    other: why === null ? sampleAdvantages(whatIfGroupAdvantages(batch, weights, other)) : null,
    why,
  }
}

/**
 * Both sides binned over one range, [−reach, reach]: by default the reach of the two
 * (sharedAdvantageReach), or the one every advantage histogram on the screen shares. Binned alike,
 * under unchanged settings the running side's bins are the run's own histogram's.
 */
export function estimatorComparison(compared: ComparedAdvantages, reach = sharedAdvantageReach([compared.running, compared.other])): EstimatorComparison {
  return {
    running: side(compared.running, reach),
    other: compared.other ? side(compared.other, reach) : null,
    why: compared.why,
  }
}

function side(values: Float32Array, reach: number): EstimatorSide {
  const histogram = advantageHistogram(values, ADVANTAGE_BINS, reach)
  return { histogram, zeroFraction: histogram.total === 0 ? 0 : histogram.zeros / histogram.total }
}
