import { describe, expect, it } from 'vitest'
import { batchAdvantages } from '../core/credit/batchAdvantages'
import { advantageHistogram } from '../core/credit/histogram'
import { sampleAdvantages } from '../core/run/advantageSample'
import { GroupEstimatorSchema } from '../core/run/config'
import type { GroupBatch } from '../core/run/trainer'
import { ADVANTAGE_BINS, advantageHistograms } from './creditViews'
import { comparedAdvantages, comparedChoice, defaultComparedChoice, ESTIMATOR_CHOICES, estimatorChoiceOf, estimatorComparison } from './estimatorComparison'

const estimator = (fields: Record<string, unknown> = {}) => GroupEstimatorSchema.parse(fields)
const WEIGHTS = { correct: 1, format: 0.5 }

/** Two groups of four: one all right (all-equal rewards: no signal), one half right. */
function batch(): GroupBatch {
  return {
    names: ['correct', 'format'],
    components: Float64Array.of(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1),
    groupSizes: Int32Array.of(4, 4),
    lengths: Int32Array.of(2, 3, 2, 4, 1, 2, 3, 2),
  }
}

/** The advantages the learner reports for the batch (grpo.ts: batchAdvantages, then sampleAdvantages). */
function learnersOwn(groupBatch: GroupBatch, fields: Record<string, unknown>): Float32Array {
  const scores = { components: groupBatch.components, weights: Float64Array.of(1, 0.5), groupSizes: groupBatch.groupSizes, lengths: groupBatch.lengths }
  return sampleAdvantages(batchAdvantages(scores, estimator(fields)))
}

describe('the what-if under two estimators', () => {
  it('under unchanged settings is the run’s own histogram exactly: identical bins, on either side', () => {
    for (const fields of [{}, { center: 'loo', scale: 'none' }, { baseline: 'opo' }, { baseline: 'token_batch' }]) {
      const own = learnersOwn(batch(), fields)
      const compared = estimatorComparison(comparedAdvantages(batch(), WEIGHTS, estimator(fields), estimator(fields))!)
      const runHistogram = advantageHistograms(own, null)!.batch
      expect(compared.running.histogram).toEqual(runHistogram)
      expect(compared.other!.histogram).toEqual(runHistogram)
      // Against another estimator the range widens to both, and the running side is still the run's own values on it.
      const widened = estimatorComparison(comparedAdvantages(batch(), WEIGHTS, estimator(fields), estimator({ center: 'batch', scale: 'none' }))!)
      expect(widened.running.histogram).toEqual(advantageHistogram(own, ADVANTAGE_BINS, -widened.running.histogram.edges[0]))
    }
  })

  it('counts the zero advantages each estimator gives: an all-equal group is silent under GRPO, not under a batch baseline', () => {
    const compared = estimatorComparison(comparedAdvantages(batch(), WEIGHTS, estimator(), estimator({ center: 'batch', scale: 'batch' }))!)
    // GRPO: the all-right group's four advantages are 0, the other's ±: 4 of 8.
    expect(compared.running.zeroFraction).toBe(0.5)
    // The batch mean (1.5·6 + 0.5·2)/8 = 1.25 is no completion's reward: none is 0.
    expect(compared.other!.zeroFraction).toBe(0)
    expect(compared.running.histogram.edges).toEqual(compared.other!.histogram.edges)
  })

  it('says why the other estimator cannot score the batch, and still shows the running one', () => {
    const compared = estimatorComparison(comparedAdvantages(batch(), WEIGHTS, estimator(), estimator({ baseline: 'remax' }))!)
    expect(compared.other).toBeNull()
    expect(compared.why).toBe('the latest batch has no greedy completions, which only a run under the remax baseline writes')
    expect(compared.running.zeroFraction).toBe(0.5)
  })

  it('names the presets and baselines it offers, and offers first one that is not the running estimator', () => {
    expect(ESTIMATOR_CHOICES.map((choice) => choice.label)).toEqual(['GRPO', 'Dr. GRPO', 'RLOO', 'Median centre', 'REINFORCE++-baseline', 'rank-based', 'REINFORCE++ (OpenRLHF)', 'MC-GRPO', 'ReMax baseline', 'OPO baseline', 'pass@1 baseline', 'verl grpo_passk baseline'])
    expect(estimatorChoiceOf(estimator())?.label).toBe('GRPO')
    // passk_verl reads the scale: its std off is an estimator of its own.
    expect(estimatorChoiceOf(estimator({ baseline: 'passk_verl' }))?.label).toBe('verl grpo_passk baseline')
    expect(estimatorChoiceOf(estimator({ baseline: 'passk_verl', scale: 'none' }))).toBeNull()
    // Dr. GRPO's estimator differs from GRPO's by its scale only.
    expect(estimatorChoiceOf(estimator({ scale: 'none' }))?.label).toBe('Dr. GRPO')
    expect(estimatorChoiceOf(estimator({ center: 'median', scale: 'batch' }))).toBeNull()
    expect(defaultComparedChoice(estimator()).label).toBe('Dr. GRPO')
    expect(defaultComparedChoice(estimator({ scale: 'none' })).label).toBe('GRPO')
    // A pick by name wins; an unknown name (or none) falls back to the default.
    expect(comparedChoice('rloo', estimator()).label).toBe('RLOO')
    expect(comparedChoice('no-such', estimator()).label).toBe('Dr. GRPO')
    expect(comparedChoice(null, estimator({ scale: 'none' })).label).toBe('GRPO')
  })
})

describe('estimatorComparison against the process baseline', () => {
  it('says why a batch without rewards per token cannot be compared under it', () => {
    const batch = { names: ['correct'], components: Float64Array.of(1, 0), groupSizes: Int32Array.of(2), lengths: Int32Array.of(2, 1) }
    const compared = comparedAdvantages(batch, { correct: 1 }, GroupEstimatorSchema.parse({}), GroupEstimatorSchema.parse({ baseline: 'process' }))
    expect(compared?.why).toBe('the latest batch has no rewards per token, which only a run under the process baseline sends')
  })
})
