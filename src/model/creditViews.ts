import { advantageHistogram, type AdvantageHistogram } from '../core/credit/histogram'
import { gae } from '../core/credit/gae'
import { batchCredit, groupBatchFits, whatIfAdvantages, whatIfGroupAdvantages } from '../core/credit/whatIf'
import { whatIfRecentEpisodes } from '../core/credit/episodesWhatIf'
import { withLearnerWeights } from '../core/run/learnerComponents'
import type { RecentEpisodes } from '../core/run/metrics'
import type { LearnerOptions } from '../core/run/config'
import { rescore } from '../core/run/rescore'
import type { StepRecord } from '../core/run/stepRecord'
import { latestEpisodeTimeline, type TimelineStep } from '../core/run/timeline'
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
  // A batch trained under another baseline may not hold what this one reads (the greedy completions): no what-if then.
  if (groupBatch && learner.kind === 'grpo') return groupBatchFits(groupBatch, learner.estimator) ? whatIfGroupAdvantages(groupBatch, weights, learner.estimator) : null
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
 * The reach m of the advantage axis, [−m, m], that every advantage histogram on the screen bins
 * over (the batch's, its what-if's, the two estimators compared), worked out once from all the
 * values they draw: m = max |v| over every finite v of every set, so no histogram's bars fall off
 * another's axis and equal bars mean equal advantages. 0 when there is no finite value
 * (advantageHistogram then bins over [−1, 1]).
 */
export function sharedAdvantageReach(sets: readonly (ArrayLike<number> | null | undefined)[]): number {
  let reach = 0
  for (const values of sets) {
    if (!values) continue
    for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) reach = Math.max(reach, Math.abs(values[i]))
  }
  return reach
}

/**
 * The learner's advantages and the what-if's on one axis, [−reach, reach]: by default the reach of
 * both (sharedAdvantageReach), or the one every histogram on the screen shares; the what-if's
 * counts are scaled to the batch's total so the bars compare shapes. Null before the first update.
 */
export function advantageHistograms(advantages: Float32Array | null, whatIf: Float32Array | Float64Array | null, reach = sharedAdvantageReach([advantages, whatIf])): AdvantageHistograms | null {
  if (!advantages) return null
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
  return { rows: record.rows, meanReward: scored.meanReward, episodes: returns.length, meanReturn, shares: sharesOf(scored.contributions) }
}

/** Each component's share, |x_k| / Σ_j |x_j|, for the components whose part x_k is not 0. */
function sharesOf(contributions: Record<string, number>): { name: string; share: number }[] {
  const magnitude = Object.values(contributions).reduce((sum, value) => sum + Math.abs(value), 0)
  return Object.entries(contributions)
    .filter(([, value]) => value !== 0)
    .map(([name, value]) => ({ name, share: Math.abs(value) / magnitude }))
}

/** The run's recent finished episodes, whole, re-scored under the sliders now, as the what-if line says it. */
export interface WhatIfEpisodes {
  /** The episodes the run's "Return (last 20)" averages. */
  episodes: number
  /** Those re-scored (paid under the components now); the others began before the reward design changed. */
  rescored: number
  /** Their mean return under the sliders now; equal to the run's recent return when nothing changed. Null when none. */
  meanReturn: number | null
  /** Each component's share of that return, |Σ_j w_k·S_j,k| / Σ_i |Σ_j w_i·S_j,i|, for the components that pay anything. */
  shares: { name: string; share: number }[]
}

export function whatIfEpisodes(recent: RecentEpisodes, componentNames: readonly string[], weights: Record<string, number>): WhatIfEpisodes {
  // The sliders' weights, and the learner's own for what it added to the reward (the KL in the reward).
  const scored = whatIfRecentEpisodes(recent, componentNames, withLearnerWeights(componentNames, weights))
  return { episodes: recent.count, rescored: scored.rescored, meanReturn: scored.meanReturn, shares: sharesOf(scored.contributions) }
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

/** "40% positive, 40% negative, 20% exactly zero": whole percentages that add up to 100. */
export function advantageSharesText({ positives, negatives, zeros }: { positives: number; negatives: number; zeros: number }): string {
  const [positive, negative, zero] = wholePercentages([positives, negatives, zeros])
  return `${positive}% positive, ${negative}% negative, ${zero}% exactly zero`
}

/**
 * The line under the advantage histogram about its second set of bars: the same batch re-scored
 * under the sliders and estimator now. Named for what they are (what-if), never "gold", which is
 * the true objective's name on every other chart.
 */
export function whatIfAdvantagesLine(whatIf: { positives: number; negatives: number; zeros: number }): string {
  return `What-if bars (violet): the same batch under the sliders and estimator now — ${advantageSharesText(whatIf)}.`
}

/** Decimals that tell the histogram's bin centres apart: enough for the bin width (one at least). */
export function binDecimals(edges: readonly number[]): number {
  const width = edges.length > 1 ? Math.abs(edges[1] - edges[0]) : 1
  return Math.min(6, Math.max(1, Math.ceil(-Math.log10(width))))
}

/** "alive 96%, upright 4%": whole percentages that add up to 100. */
function sharesText(shares: readonly { name: string; share: number }[]): string {
  const percents = wholePercentages(shares.map(({ share }) => share))
  return shares.map(({ name }, k) => `${name} ${percents[k]}%`).join(', ')
}

/** What the what-if says of the recent episodes: how many it re-scores, and why any are left out. */
function episodesText(scored: WhatIfEpisodes | null): string {
  if (scored === null || scored.episodes === 0) return 'no episode has finished yet'
  const { episodes, rescored, meanReturn } = scored
  const last = episodes === 1 ? 'the last finished episode' : `the last ${episodes} finished episodes`
  if (rescored === 0 || meanReturn === null) return `${last} began before the reward design changed, so none is re-scored under the sliders now yet`
  const returns = rescored === 1 ? `returns ${meanReturn.toFixed(1)}` : `return ${meanReturn.toFixed(1)} on average`
  if (rescored === episodes) return `${last}, whole, under the sliders now ${returns}`
  return `of ${last}, the ${rescored} paid under the components now ${returns} under the sliders now (the other ${episodes - rescored} began before the reward design changed)`
}

/**
 * The what-if line: the run's recent finished episodes, whole, under the sliders now (the same
 * episodes and the same figure, with one decimal, as "Return (last 20)" when nothing changed) and
 * the components' shares of that return, then what the recorded steps pay per step (with the
 * shares of their reward instead while no episode is re-scored). Null with neither.
 */
export function whatIfLine(scored: WhatIfEpisodes | null, steps: WhatIfReward | null): string | null {
  if (scored === null && steps === null) return null
  const parts = [episodesText(scored)]
  const episodeShares = scored !== null && scored.rescored > 0
  if (episodeShares && scored.shares.length > 0) parts.push(`shares: ${sharesText(scored.shares)}`)
  if (steps !== null && steps.rows > 0) {
    parts.push(`the last ${steps.rows} recorded steps under the sliders now pay ${steps.meanReward.toFixed(3)} per step`)
    if (!episodeShares && steps.shares.length > 0) parts.push(`shares: ${sharesText(steps.shares)}`)
  }
  return `What-if: ${parts.join('; ')}.`
}

/** The credit timeline's data: copy 0's latest episode under the sliders now, with the critic's credit for its steps. */
export interface CreditTimelineView {
  steps: TimelineStep[]
  /** Per step: V(s_t), δ_t and A_t under the sliders now, where the critic's values reach it; else null. */
  credit: ({ value: number; delta: number; advantage: number } | null)[]
  /** Whether any step has them. */
  withCredit: boolean
  /** How many of the steps shown have them (all, once the critic's values cover the episode). */
  creditSteps: number
  /** The components (their places in record.names) that pay anything in the steps shown: the only ones worth a bar. */
  paying: number[]
  /** Steps the episode took (the steps shown are its last ones when it ran past MAX_EPISODE_STEPS). */
  length: number
  finished: boolean
}

/**
 * Copy 0's latest episode under the sliders now, each step with the value V(s_t) the critic gave it
 * (recorded with the episode), δ_t = r_t + γ·V(s_{t+1}) − V(s_t) and A_t, GAE(γ, λ) over the episode
 * (`valueBatch` gives γ and λ). A step without a recorded value (none yet) takes the latest batch's
 * figures where that batch holds it.
 */
export function creditTimeline(record: StepRecord, valueBatch: ValueBatch | null, weights: Record<string, number>, gamma: number): CreditTimelineView {
  const { steps, length, finished } = latestEpisodeTimeline(record, weights, gamma)
  const episode = valueBatch ? episodeCredit(steps, record.latestEpisode, valueBatch) : null
  const batch = valueBatch ? batchCredit(record, valueBatch, weights) : null
  const credit = steps.map((step, j) => {
    if (episode?.[j]) return episode[j]
    if (batch === null || step.row < batch.first) return null
    const index = step.row - batch.first
    return { value: batch.values[index], delta: batch.deltas[index], advantage: batch.advantages[index] }
  })
  const paying = record.names.flatMap((name, k) => (steps.some((step) => step.contributions[name] !== 0) ? [k] : []))
  const creditSteps = credit.filter((entry) => entry !== null).length
  return { steps, credit, withCredit: creditSteps > 0, creditSteps, paying, length, finished }
}

/** V, δ and A of each step shown, from the values kept with the episode: one GAE pass over it; null where a value is missing. */
function episodeCredit(steps: readonly TimelineStep[], episode: StepRecord['latestEpisode'], batch: ValueBatch): ({ value: number; delta: number; advantage: number } | null)[] | null {
  if (!episode?.values || episode.values.length !== steps.length || steps.length === 0) return null
  const size = steps.length
  const terminated = new Uint8Array(size)
  const truncated = new Uint8Array(size)
  const bootstrapValues = new Float64Array(size)
  // The last step: terminated (nothing after it), cut by the time limit (the value of where it was cut), or still running (unknown).
  if (episode.finished && !episode.cut) terminated[size - 1] = 1
  if (episode.cut) {
    truncated[size - 1] = 1
    bootstrapValues[size - 1] = episode.bootstrap
  }
  const inputs = { n: 1, rewards: steps.map((step) => step.reward), values: episode.values, terminated, truncated, bootstrapValues, lastValues: [episode.finished ? 0 : NaN] }
  const { advantages } = gae(inputs, { gamma: batch.gamma, lambda: batch.lambda }, { advantages: new Float64Array(size), returns: new Float64Array(size) })
  const { advantages: deltas } = gae(inputs, { gamma: batch.gamma, lambda: 0 }, { advantages: new Float64Array(size), returns: new Float64Array(size) })
  return steps.map((_, j) => (Number.isFinite(advantages[j]) && Number.isFinite(deltas[j]) ? { value: episode.values![j], delta: deltas[j], advantage: advantages[j] } : null))
}

/**
 * What the timeline shows, in words: the episode's length and return G_0 — or, for an episode
 * longer than the steps kept, which steps are shown and the return-to-go from the first of them.
 */
export function creditTimelineCaption(view: CreditTimelineView, gamma: number): string {
  const { steps, length, finished } = view
  if (steps.length === 0) return 'Shown once the first steps are recorded.'
  const whole = steps.length === length
  const episode = finished ? `Latest episode of copy 0: ${length} steps` : `Latest episode of copy 0 (the first, still running): ${length} steps so far`
  const shown = whole ? `return ${steps[0].returnToGo.toFixed(2)}` : `its last ${steps.length} shown (steps ${steps[0].t}–${length - 1}), return-to-go from step ${steps[0].t} ${steps[0].returnToGo.toFixed(2)}`
  const covered = view.creditSteps === steps.length ? 'of every step shown' : `of ${view.creditSteps} of the ${steps.length} steps shown (the critic's values reach no further yet)`
  const credit = view.withCredit ? `; lines: the critic's value V(s) ${covered}, its TD error δ and advantage A (GAE) under the sliders now` : ''
  return `${episode}, ${shown} (γ = ${gamma}); bars: each component's share per step, line: return-to-go${credit}.`
}
