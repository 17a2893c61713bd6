import { describe, expect, it } from 'vitest'
import { END, THINK } from '../core/envs/tokenseq'
import { GroupEstimatorSchema } from '../core/run/learnerOptions'
import { tokenCreditComparison, tokenCreditKinds } from './tokenCreditComparison'

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
    rows.forEach((row, i) => row.process!.forEach((value, t) => expect(value).toBeCloseTo(expected[i][t], 14)))
  })

  it('is null for a batch without per-token components (any baseline but process)', () => {
    expect(tokenCreditComparison({ ...batch, tokenComponents: undefined }, { correct: 1, rm: 1 }, GroupEstimatorSchema.parse({}))).toBeNull()
  })

  it('under the process baseline with progress on, adds each token’s progress and the total the loss uses, process + progress', () => {
    const progress = Float64Array.of(0.25, -0.5, 0, 0.125, 1)
    const rows = tokenCreditComparison({ ...batch, progress }, { correct: 1, rm: 1 }, GroupEstimatorSchema.parse({ eps: 0, baseline: 'process' }))!
    expect(tokenCreditKinds(rows)).toEqual(['outcome', 'process', 'progress', 'total'])
    expect(rows.map((row) => row.progress)).toEqual([[0.25, -0.5], [0, 0.125, 1]])
    rows.forEach((row) => row.total!.forEach((total, t) => expect(total).toBe(row.process![t] + row.progress![t])))
    expect(rows[0].outcome).toEqual([1 / Math.SQRT2, 1 / Math.SQRT2])
  })
})

/*
 * PAV's progress on, no per-token components: two groups of two completions, only `correct` paid.
 *   group 1: "7 end" right (R = 1), "think 5 end" wrong (R = 0); group 2: "end", "3" (not shown).
 *   p_t as the run recorded it: 0.25, 0.5 | −0.125, 0, −0.25 | 0.5 | 0.5
 */
const progressBatch = {
  names: ['correct'],
  components: Float64Array.of(1, 0, 1, 1),
  groupSizes: Int32Array.of(2, 2),
  lengths: Int32Array.of(2, 3, 1, 1),
  tokens: Int32Array.of(7, END, THINK, 5, END, END, 3),
  progress: Float64Array.of(0.25, 0.5, -0.125, 0, -0.25, 0.5, 0.5),
}

describe('tokenCreditComparison with PAV’s progress', () => {
  it('shows the first group’s answers with the outcome’s A_i, each token’s p_t and their sum, A_i + p_t', () => {
    // Group mean 0.5, no scale: A = +0.5, −0.5.
    const rows = tokenCreditComparison(progressBatch, { correct: 1 }, GroupEstimatorSchema.parse({ scale: 'none' }))!
    expect(tokenCreditKinds(rows)).toEqual(['outcome', 'progress', 'total'])
    expect(rows).toEqual([
      { tokens: ['7', 'end'], outcome: [0.5, 0.5], progress: [0.25, 0.5], total: [0.75, 1] },
      { tokens: ['think', '5', 'end'], outcome: [-0.5, -0.5, -0.5], progress: [-0.125, 0, -0.25], total: [-0.625, -0.5, -0.75] },
    ])
  })

  it('takes the outcome’s credit from the learner’s own estimator, as the loss does: leave-one-out gives ±1', () => {
    // RLOO: answer 1 against the other's 0, answer 2 against 1; no scale.
    const rows = tokenCreditComparison(progressBatch, { correct: 1 }, GroupEstimatorSchema.parse({ center: 'loo', scale: 'none' }))!
    expect(rows.map((row) => row.outcome)).toEqual([[1, 1], [-1, -1, -1]])
    expect(rows.map((row) => row.total)).toEqual([[1.25, 1.5], [-1.125, -1, -1.25]])
  })

  it('is null where the batch lacks what the estimator reads: a switch to the process baseline after a batch without per-token rewards', () => {
    expect(tokenCreditComparison(progressBatch, { correct: 1 }, GroupEstimatorSchema.parse({ baseline: 'process' }))).toBeNull()
    expect(tokenCreditComparison({ ...progressBatch, tokens: undefined }, { correct: 1 }, GroupEstimatorSchema.parse({}))).toBeNull()
  })
})
