import { describe, expect, it } from 'vitest'
import type { StepRecord } from '../run/stepRecord'
import { batchCredit, whatIfAdvantages } from './whatIf'

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
    const record: StepRecord = { names: ['a'], components: Float64Array.of(1), ends: Uint8Array.of(1), cuts: Uint8Array.of(1), copies: Int32Array.of(0), rows: 1, visits: null }
    const batch = { n: 1, steps: 1, values: Float32Array.of(0), lastValues: Float32Array.of(0), bootstrapValues: Float32Array.of(10), gamma: 0.5, lambda: 0.9 }
    // δ = 1 + 0.5·10 − 0 = 6
    expect(Array.from(whatIfAdvantages(record, batch, { a: 1 })!)).toEqual([6])
    expect(whatIfAdvantages({ ...record, rows: 0 }, batch, { a: 1 })).toBeNull()
  })
})
