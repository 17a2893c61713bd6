import { advantageHistogram, type AdvantageHistogram } from '../core/credit/histogram'
import { whatIfAdvantages, whatIfGroupAdvantages } from '../core/credit/whatIf'
import type { LearnerOptions } from '../core/run/config'
import { rescore } from '../core/run/rescore'
import type { StepRecord } from '../core/run/stepRecord'
import type { GroupBatch, ValueBatch } from '../core/run/trainer'

/** Bins of the advantage histogram. */
export const ADVANTAGE_BINS = 21

/**
 * The latest batch's advantages as the learner would compute them under the sliders and estimator
 * now (the what-if): a group learner's completions re-scored by its estimator, or a GAE batch's
 * recorded steps re-scored with its values; null without a batch.
 */
export function whatIfBatchAdvantages(
  record: StepRecord | null,
  valueBatch: ValueBatch | null,
  groupBatch: GroupBatch | null,
  weights: Record<string, number>,
  learner: LearnerOptions,
): Float32Array | Float64Array | null {
  if (groupBatch && learner.kind === 'grpo') return whatIfGroupAdvantages(groupBatch, weights, learner.estimator)
  return record && valueBatch ? whatIfAdvantages(record, valueBatch, weights) : null
}

/** One bar of the histogram: its centre, the batch's count, and the what-if batch's count scaled to the same total. */
export interface AdvantageBar {
  centre: number
  count: number
  whatIf?: number
}

export interface AdvantageHistograms {
  batch: AdvantageHistogram
  whatIf: AdvantageHistogram | null
  bars: AdvantageBar[]
}

/**
 * The learner's advantages and the what-if's on one axis: the range reaches the largest finite
 * |what-if| too, so both histograms share their bins; the what-if's counts are scaled to the
 * batch's total so the bars compare shapes. Null before the first update.
 */
export function advantageHistograms(advantages: Float32Array | null, whatIf: Float32Array | Float64Array | null): AdvantageHistograms | null {
  if (!advantages) return null
  let reach = 0
  for (const value of whatIf ?? []) if (Number.isFinite(value)) reach = Math.max(reach, Math.abs(value))
  const batch = advantageHistogram(advantages, ADVANTAGE_BINS, reach)
  const other = whatIf ? advantageHistogram(whatIf, ADVANTAGE_BINS, batch.edges[batch.edges.length - 1]) : null
  const bars = batch.counts.map((count, i) => ({
    centre: (batch.edges[i] + batch.edges[i + 1]) / 2,
    count,
    whatIf: other ? (other.counts[i] * batch.total) / Math.max(other.total, 1) : undefined,
  }))
  return { batch, whatIf: other, bars }
}

/** The latest recorded steps re-scored under the sliders now, as the what-if line says it. */
export interface WhatIfReward {
  rows: number
  meanReward: number
  /** Finished episodes in the record and their mean return under the sliders (null when none finished). */
  episodes: number
  meanReturn: number | null
  /** Each component's share of the reward, |Σ_t w_k·c_k,t| / Σ_j |Σ_t w_j·c_j,t|, for the components that pay anything. */
  shares: { name: string; share: number }[]
}

export function whatIfReward(record: StepRecord, weights: Record<string, number>): WhatIfReward {
  const scored = rescore(record, weights)
  const returns = scored.episodeReturns
  const meanReturn = returns.length > 0 ? returns.reduce((sum, value) => sum + value, 0) / returns.length : null
  // each component's share of the reward: |Σ_t w_k·c_k,t| / Σ_j |Σ_t w_j·c_j,t|
  const magnitude = Object.values(scored.contributions).reduce((sum, value) => sum + Math.abs(value), 0)
  const shares = Object.entries(scored.contributions)
    .filter(([, value]) => value !== 0)
    .map(([name, value]) => ({ name, share: Math.abs(value) / magnitude }))
  return { rows: record.rows, meanReward: scored.meanReward, episodes: returns.length, meanReturn, shares }
}

/**
 * Whole percentages of `counts` that add up to exactly 100 (largest remainder: each share rounded
 * down, then the points left go to the largest fractions, ties to the first), so a caption never
 * reads 101 %. All zeros when the total is 0.
 */
export function wholePercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0)
  if (total <= 0) return counts.map(() => 0)
  const exact = counts.map((count) => (100 * count) / total)
  const floors = exact.map(Math.floor)
  let left = 100 - floors.reduce((sum, value) => sum + value, 0)
  const order = exact.map((value, i) => ({ i, fraction: value - floors[i] })).sort((a, b) => b.fraction - a.fraction || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    floors[i] += 1
    left -= 1
  }
  return floors
}

/** Decimals that tell the histogram's bin centres apart: enough for the bin width (one at least). */
export function binDecimals(edges: readonly number[]): number {
  const width = edges.length > 1 ? Math.abs(edges[1] - edges[0]) : 1
  return Math.min(6, Math.max(1, Math.ceil(-Math.log10(width))))
}
