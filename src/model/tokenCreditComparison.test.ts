import { describe, expect, it } from 'vitest'
import { END, THINK } from '../core/envs/tokenseq'
import { GroupEstimatorSchema } from '../core/run/learnerOptions'
import { tokenCreditComparison } from './tokenCreditComparison'

/*
 * One group of two completions, components correct (paid at the end) and rm (paid per token):
 *   "7 end":        correct 0, 1 → rm −1, 0      (weights correct 1, rm 1: r = −1, 1)
 *   "think 5 end":  correct 0, 0, 0 → rm 0, −2, 0 (r = 0, −2, 0)
 */
const batch = {
  names: ['correct', 'rm'],
  components: Float64Array.of(1, -1, 0, -2),
  groupSizes: Int32Array.of(2),
  lengths: Int32Array.of(2, 3),
  tokens: Int32Array.of(7, END, THINK, 5, END),
  tokenComponents: Float64Array.of(0, -1, 1, 0, 0, 0, 0, -2, 0, 0),
}

describe('tokenCreditComparison', () => {
  it('gives each token its completion’s group advantage under the outcome, and its return of normalised rewards under the process', () => {
    const rows = tokenCreditComparison(batch, { correct: 1, rm: 1 }, GroupEstimatorSchema.parse({ eps: 0 }))!
    expect(rows.map((row) => row.tokens)).toEqual([['7', 'end'], ['think', '5', 'end']])
    // Outcome: R = 0, −2; mean −1, std √2 → ±1/√2 on every token
    expect(rows[0].outcome).toEqual([1 / Math.SQRT2, 1 / Math.SQRT2])
    expect(rows[1].outcome).toEqual([-1 / Math.SQRT2, -1 / Math.SQRT2, -1 / Math.SQRT2])
    // Process: r = −1, 1, 0, −2, 0; mean −0.4, Σ(r − mean)² = 0.36 + 1.96 + 0.16 + 2.56 + 0.16 = 5.2, std √1.3
    const n = (r: number) => (r + 0.4) / Math.sqrt(1.3)
    const expected = [[n(-1) + n(1), n(1)], [n(0) + n(-2) + n(0), n(-2) + n(0), n(0)]]
    rows.forEach((row, i) => row.process.forEach((value, t) => expect(value).toBeCloseTo(expected[i][t], 14)))
  })

  it('is null for a batch without per-token components (any baseline but process)', () => {
    expect(tokenCreditComparison({ ...batch, tokenComponents: undefined }, { correct: 1, rm: 1 }, GroupEstimatorSchema.parse({}))).toBeNull()
  })
})
