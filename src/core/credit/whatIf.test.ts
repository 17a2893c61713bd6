import { describe, expect, it } from 'vitest'
import type { StepRecord } from '../run/stepRecord'
import { batchCredit, whatIfAdvantages, whatIfGroupAdvantages } from './whatIf'

describe('whatIfAdvantages', () => {
  it('re-scores the batch under new weights and recomputes GAE with the batch’s values', () => {
    // One copy, 2 steps, components (a, b): step 0 (1, 0), step 1 (0, 1) which terminates.
    const record: StepRecord = {
      names: ['a', 'b'],
      components: Float64Array.of(9, 9, 1, 0, 0, 1),
      ends: Uint8Array.of(0, 0, 1),
      cuts: new Uint8Array(3),
      copies: Int32Array.of(0, 0, 0),
      rows: 3,
      visits: null,
      reached: null,
      latestEpisode: null,
    }
    const batch = { n: 1, steps: 2, values: Float32Array.of(0.5, 0.25), lastValues: Float32Array.of(7), bootstrapValues: new Float32Array(2), gamma: 0.5, lambda: 1 }
    // weights a 2, b 4: r = (2, 4). δ_1 = 4 − 0.25 = 3.75 (terminated: no bootstrap); A_1 = 3.75
    // δ_0 = 2 + 0.5·0.25 − 0.5 = 1.625; A_0 = 1.625 + 0.5·1·3.75 = 3.5
    const advantages = whatIfAdvantages(record, batch, { a: 2, b: 4 })!
    expect(Array.from(advantages)).toEqual([3.5, 3.75])
    // the TD errors themselves, and where the batch starts in the record
    const credit = batchCredit(record, batch, { a: 2, b: 4 })!
    expect(credit.first).toBe(1)
    expect(Array.from(credit.deltas)).toEqual([1.625, 3.75])
  })

  it('bootstraps a time-limit cut from the batch’s V(final observation), and needs the whole batch', () => {
    const record: StepRecord = { names: ['a'], components: Float64Array.of(1), ends: Uint8Array.of(1), cuts: Uint8Array.of(1), copies: Int32Array.of(0), rows: 1, visits: null, reached: null, latestEpisode: null }
    const batch = { n: 1, steps: 1, values: Float32Array.of(0), lastValues: Float32Array.of(0), bootstrapValues: Float32Array.of(10), gamma: 0.5, lambda: 0.9 }
    // δ = 1 + 0.5·10 − 0 = 6
    expect(Array.from(whatIfAdvantages(record, batch, { a: 1 })!)).toEqual([6])
    expect(whatIfAdvantages({ ...record, rows: 0 }, batch, { a: 1 })).toBeNull()
  })
})

describe('whatIfGroupAdvantages', () => {
  it('weights each completion’s totals anew and applies the chosen estimator', () => {
    // one group of three completions, components (correct, length): (1, 0.2) (0, 0.9) (0, 0.5)
    const batch = { names: ['correct', 'length'], components: Float64Array.of(1, 0.2, 0, 0.9, 0, 0.5), groupSizes: Int32Array.of(3) }
    const estimator = { center: 'mean' as const, scale: 'none' as const, rank: false, combine: 'sum' as const, batchNormalize: false, eps: 1e-4 }
    // correctness only: rewards (1, 0, 0), mean 1/3 → (2/3, −1/3, −1/3)
    const correct = whatIfGroupAdvantages(batch, { correct: 1 }, estimator)
    expect(Array.from(correct).map((a) => Math.round(a * 1e9) / 1e9)).toEqual([0.666666667, -0.333333333, -0.333333333])
    // a heavy length weight: rewards (1.4, 1.8, 1.0), mean 1.4 → (0, 0.4, −0.4): the long wrong answer wins
    const hacked = whatIfGroupAdvantages(batch, { correct: 1, length: 2 }, estimator)
    expect(Array.from(hacked).map((a) => Math.round(a * 1e9) / 1e9)).toEqual([0, 0.4, -0.4])
  })
})
