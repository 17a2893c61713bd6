import { batchAdvantages, mixedRewards } from '../core/credit/batchAdvantages'
import { estimatorBaseline, type GroupEstimator } from '../core/credit/estimatorSchema'
import { advantageHistogram } from '../core/credit/histogram'
import { componentCredit, componentOwnAdvantages } from '../core/rollouts/componentCredit'
import { rolloutFigures } from '../core/rollouts/rolloutSummary'
import type { RolloutTable } from '../core/rollouts/rolloutTable'
import { stepBatch, type StepBatch } from '../core/rollouts/stepBatch'
import type { RolloutViews } from './rolloutsProtocol'

/*
 * What the page draws of a rollout table under one design: rolloutSummary's figures per step and
 * over the whole file, and each one's advantage histogram. A slider moves many times a second over
 * up to a million completions, so what does not depend on the design is worked out once per table
 * (prepareViews: each step's batch, its rows' lengths, each component's sums) and a design costs
 * only its advantages (batchAdvantages), rewards and credit (componentCredit), step by step. Under
 * combine decoupled, each component's own advantages a_ik^(k) (the credit's stakes before their
 * weights) do not depend on the weights either: they are kept per estimator, so that a slider move
 * does not recompute them (K estimator passes per step). The
 * figures are rolloutSummary's, summed in its order so that they are the same numbers (a test
 * compares them):
 *   silent groups   groups whose rewards R_i are all equal
 *   zero share      completions whose advantage is exactly 0, over those counted
 *   mean c̄_k        Σ c_ik / (completions k applies to)
 *   credit share    Σ_i credit_ik / Σ_i Σ_j credit_ij
 *   correlation     Pearson's r of A_i with the characters of completion i
 *   with tokens     Pearson's r of A_i with the tokens of completion i, over the rows whose
 *                   record gives them (prepared once: their rows and tokens, step by step)
 * Every histogram is binned over the whole file's reach m = max |A_i|, so that a step's bars sit
 * where the file's do.
 */

/** Bins of every histogram: odd, so that one bin is centred on 0. */
const HISTOGRAM_BINS = 21

/** A step's design-free part: its batch, its rows' lengths (in characters; in tokens where given), and per component Σ c_ik and the count it applies to. */
interface PreparedStep {
  batch: StepBatch
  lengths: Float64Array
  /** The rows whose record gives a length in tokens, in order, and those lengths. */
  tokenRows: Int32Array
  tokens: Float64Array
  componentSums: Float64Array
  componentCounts: Float64Array
}

export interface PreparedViews {
  table: RolloutTable
  steps: PreparedStep[]
  /** Every step's rows' lengths one after another, in step order; the same of their lengths in tokens. */
  lengths: Float64Array
  tokens: Float64Array
  /** Per estimator (its JSON), each step's componentOwnAdvantages: filled as designs ask for them. */
  ownAdvantages: Map<string, Float64Array[]>
}

/** The estimators whose own advantages are kept at once: a few, as a person switches back and forth. */
const KEPT_ESTIMATORS = 4

/** What rolloutViews gives: the views, and every completion's advantage in input order (NaN where it does not count). */
export interface ComputedViews {
  views: Omit<RolloutViews, 'millis' | 'signChanges'>
  advantages: Float64Array
}

export function prepareViews(table: RolloutTable): PreparedViews {
  const K = table.names.length
  const steps = table.steps.map((_, s) => {
    const batch = stepBatch(table, s)
    const componentSums = new Float64Array(K)
    const componentCounts = new Float64Array(K)
    for (let row = 0; row < batch.order.length; row++) {
      for (let k = 0; k < K; k++) {
        if (batch.applies[row * K + k] === 0) continue
        componentSums[k] += batch.components[row * K + k]
        componentCounts[k]++
      }
    }
    const { tokenRows, tokens } = rowTokens(table, batch)
    return { batch, lengths: Float64Array.from(batch.order, (completion) => table.lengths[completion]), tokenRows, tokens, componentSums, componentCounts }
  })
  return { table, steps, lengths: concatenated(steps.map((step) => step.lengths)), tokens: concatenated(steps.map((step) => step.tokens)), ownAdvantages: new Map() }
}

/** The rows of a step whose record gives a length in tokens (−1 where none), and those lengths. */
function rowTokens(table: RolloutTable, batch: StepBatch): { tokenRows: Int32Array; tokens: Float64Array } {
  const lengths = table.tokenLengths
  if (lengths === null) return { tokenRows: new Int32Array(0), tokens: new Float64Array(0) }
  const rows: number[] = []
  batch.order.forEach((completion, row) => {
    if (lengths[completion] >= 0) rows.push(row)
  })
  return { tokenRows: Int32Array.from(rows), tokens: Float64Array.from(rows, (row) => lengths[batch.order[row]]) }
}

/** Each step's components' own advantages under the estimator, computed on first use and kept. */
function ownAdvantagesOf(prepared: PreparedViews, estimator: GroupEstimator): Float64Array[] {
  const key = JSON.stringify(estimator)
  let own = prepared.ownAdvantages.get(key)
  if (own === undefined) {
    own = prepared.steps.map((step) => componentOwnAdvantages(step.batch, prepared.table.names.length, estimator))
    if (prepared.ownAdvantages.size >= KEPT_ESTIMATORS) prepared.ownAdvantages.delete(prepared.ownAdvantages.keys().next().value!)
    prepared.ownAdvantages.set(key, own)
  }
  return own
}

export function rolloutViews(prepared: PreparedViews, weights: Float64Array, estimator: GroupEstimator): ComputedViews {
  if (estimatorBaseline(estimator) !== 'group') throw new Error(`the ${estimatorBaseline(estimator)} baseline reads more than a rollout file holds; the group baseline reads only its rewards`)
  const { table } = prepared
  const K = table.names.length
  const whole = { groups: 0, silentGroups: 0, zeros: 0, componentSums: new Float64Array(K), componentCounts: new Float64Array(K), credit: new Float64Array(K) }
  const stepAdvantages: Float64Array[] = []
  const stepTokenAdvantages: Float64Array[] = []
  const own = estimator.combine === 'decoupled' ? ownAdvantagesOf(prepared, estimator) : null
  const stepFigures = prepared.steps.map((step, s) => {
    const { batch } = step
    const advantages = batchAdvantages({ components: batch.components, weights, groupSizes: batch.groupSizes, applies: batch.applies }, estimator)
    stepAdvantages.push(advantages)
    const tokenAdvantages = Float64Array.from(step.tokenRows, (row) => advantages[row])
    stepTokenAdvantages.push(tokenAdvantages)
    // R_i = Σ_k w_k·c_ik
    const rewards = mixedRewards(batch.components, weights)
    const credit = componentCredit(batch, weights, estimator, advantages, own?.[s])
    const silentGroups = silentGroupCount(rewards, batch.groupSizes)
    let zeros = 0
    for (let row = 0; row < advantages.length; row++) if (advantages[row] === 0) zeros++
    whole.groups += batch.groupSizes.length
    whole.silentGroups += silentGroups
    whole.zeros += zeros
    for (let k = 0; k < K; k++) {
      whole.componentSums[k] += step.componentSums[k]
      whole.componentCounts[k] += step.componentCounts[k]
      whole.credit[k] += credit[k]
    }
    return rolloutFigures({ groups: batch.groupSizes.length, silentGroups, zeros, componentSums: step.componentSums, componentCounts: step.componentCounts, credit, advantages, lengths: step.lengths, tokenAdvantages, tokens: step.tokens })
  })
  const allAdvantages = concatenated(stepAdvantages)
  const wholeHistogram = advantageHistogram(allAdvantages, HISTOGRAM_BINS)
  const reach = -wholeHistogram.edges[0]
  const advantages = new Float64Array(table.count).fill(NaN)
  prepared.steps.forEach((step, s) => step.batch.order.forEach((completion, row) => (advantages[completion] = stepAdvantages[s][row])))
  return {
    views: {
      steps: stepFigures.map((figures, s) => ({ step: table.steps[s], figures, histogram: advantageHistogram(stepAdvantages[s], HISTOGRAM_BINS, reach) })),
      whole: { step: null, figures: rolloutFigures({ groups: whole.groups, silentGroups: whole.silentGroups, zeros: whole.zeros, componentSums: whole.componentSums, componentCounts: whole.componentCounts, credit: whole.credit, advantages: allAdvantages, lengths: prepared.lengths, tokenAdvantages: concatenated(stepTokenAdvantages), tokens: prepared.tokens }), histogram: wholeHistogram },
    },
    advantages,
  }
}

/** The rows' advantages with their lengths in characters, and those of the rows with a length in tokens with those lengths. */
/** Groups (consecutive rows of groupSizes) whose rewards are all equal. */
function silentGroupCount(rewards: Float64Array, groupSizes: Int32Array): number {
  let silent = 0
  let start = 0
  for (const size of groupSizes) {
    let equal = true
    for (let i = start + 1; i < start + size; i++) if (rewards[i] !== rewards[start]) equal = false
    if (equal) silent++
    start += size
  }
  return silent
}

function concatenated(parts: readonly Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    all.set(part, at)
    at += part.length
  }
  return all
}
