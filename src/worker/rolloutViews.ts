import { advantageHistogram } from '../core/credit/histogram'
import type { GroupEstimator } from '../core/credit/estimatorSchema'
import { rolloutAdvantages } from '../core/rollouts/rolloutAdvantages'
import { rolloutSummary } from '../core/rollouts/rolloutSummary'
import type { RolloutTable } from '../core/rollouts/rolloutTable'
import type { RolloutViews } from './rolloutsProtocol'

/*
 * What the page draws of a rollout table under one design: the summary's figures per step and over
 * the whole file (rolloutSummary), and each one's advantage histogram. Every histogram is binned
 * over the whole file's reach m = max |A_i|, so that a step's bars sit where the file's do and two
 * steps compare bar by bar. Completions that do not count have advantage NaN and are not binned.
 */

/** Bins of every histogram: odd, so that one bin is centred on 0. */
const HISTOGRAM_BINS = 21

export function rolloutViews(table: RolloutTable, weights: Float64Array, estimator: GroupEstimator): Omit<RolloutViews, 'millis'> {
  const summary = rolloutSummary(table, weights, estimator)
  const { advantages } = rolloutAdvantages(table, weights, estimator)
  const whole = advantageHistogram(advantages, HISTOGRAM_BINS)
  const reach = -whole.edges[0]
  const byStep = advantagesByStep(table, advantages)
  return {
    steps: summary.steps.map(({ step, figures }, s) => ({ step, figures, histogram: advantageHistogram(byStep[s], HISTOGRAM_BINS, reach) })),
    whole: { step: null, figures: summary.whole, histogram: whole },
  }
}

/** Each step's advantages, in input order. */
function advantagesByStep(table: RolloutTable, advantages: Float64Array): Float64Array[] {
  const sizes = new Int32Array(table.steps.length)
  for (let i = 0; i < table.count; i++) sizes[table.stepOf[i]]++
  const byStep = Array.from(sizes, (size) => new Float64Array(size))
  const filled = new Int32Array(table.steps.length)
  for (let i = 0; i < table.count; i++) {
    const s = table.stepOf[i]
    byStep[s][filled[s]++] = advantages[i]
  }
  return byStep
}
