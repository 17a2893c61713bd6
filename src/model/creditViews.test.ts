import { describe, expect, it } from 'vitest'
import type { StepRecord } from '../core/run/stepRecord'
import { GrpoOptionsSchema, PpoOptionsSchema } from '../core/run/config'
import { ADVANTAGE_BINS, advantageHistograms, binDecimals, wholePercentages, whatIfBatchAdvantages, whatIfReward } from './creditViews'

/** Two components, three rows of one copy; the episode ends on the second row. */
function record(): StepRecord {
  return {
    names: ['a', 'b'],
    components: Float64Array.of(1, 0, 2, -1, 0, 3),
    ends: Uint8Array.of(0, 1, 0),
    cuts: Uint8Array.of(0, 0, 0),
    copies: Int32Array.of(0, 0, 0),
    rows: 3,
    visits: null,
    reached: null,
  }
}

describe('the what-if reward of the latest recorded steps', () => {
  it('pays the sliders now per step, returns the finished episodes and splits the reward by component', () => {
    // weights a = 1, b = 2: rewards 1, 2 − 2 = 0, 6; one episode finished (rows 0–1) returning 1
    const scored = whatIfReward(record(), { a: 1, b: 2 })
    expect(scored.rows).toBe(3)
    expect(scored.meanReward).toBeCloseTo(7 / 3, 12)
    expect(scored.episodes).toBe(1)
    expect(scored.meanReturn).toBeCloseTo(1, 12)
    // Σ_t w·c: a 3, b 2·(−1 + 3) = 4; shares |3|/7 and |4|/7
    expect(scored.shares.map(({ name }) => name)).toEqual(['a', 'b'])
    expect(scored.shares[0].share).toBeCloseTo(3 / 7, 12)
    expect(scored.shares[1].share).toBeCloseTo(4 / 7, 12)
  })

  it('leaves out components that pay nothing and has no mean return before an episode ends', () => {
    const open = { ...record(), ends: Uint8Array.of(0, 0, 0) }
    const scored = whatIfReward(open, { a: 1, b: 0 })
    expect(scored.meanReturn).toBeNull()
    expect(scored.shares).toEqual([{ name: 'a', share: 1 }])
  })
})

describe('the advantage histograms', () => {
  it('is null before the first update', () => {
    expect(advantageHistograms(null, null)).toBeNull()
  })

  it('bins the batch and the what-if on one axis reaching both, the what-if scaled to the batch total', () => {
    const histograms = advantageHistograms(Float32Array.of(-1, 0, 1, 1), Float32Array.of(2, -2))!
    // reach 2 (the what-if's), 21 bins of width 4/21 over [−2, 2]
    expect(histograms.batch.edges[0]).toBeCloseTo(-2, 12)
    expect(histograms.batch.edges[ADVANTAGE_BINS]).toBeCloseTo(2, 12)
    expect(histograms.whatIf!.edges).toEqual(histograms.batch.edges)
    expect(histograms.batch).toMatchObject({ total: 4, positives: 2, negatives: 1, zeros: 1 })
    expect(histograms.bars).toHaveLength(ADVANTAGE_BINS)
    // The what-if's 2 values are scaled to the batch's 4: its two end bins read 2 each.
    expect(histograms.bars[0].whatIf).toBe(2)
    expect(histograms.bars[ADVANTAGE_BINS - 1].whatIf).toBe(2)
    expect(histograms.bars[10]).toMatchObject({ count: 1, whatIf: 0 })
    expect(histograms.bars[10].centre).toBeCloseTo(0, 12)
  })

  it('has no what-if bars without a what-if batch', () => {
    const histograms = advantageHistograms(Float32Array.of(0.5), null)!
    expect(histograms.whatIf).toBeNull()
    expect(histograms.bars.every((bar) => bar.whatIf === undefined)).toBe(true)
  })
})

describe('the what-if batch', () => {
  it('is null without a batch to re-score', () => {
    const ppo = PpoOptionsSchema.parse({ kind: 'ppo' })
    expect(whatIfBatchAdvantages(record(), null, null, { a: 1, b: 1 }, ppo)).toBeNull()
    expect(whatIfBatchAdvantages(null, null, null, { a: 1, b: 1 }, GrpoOptionsSchema.parse({ kind: 'grpo' }))).toBeNull()
  })

  it('re-scores a group batch by the GRPO estimator: rewards {1, 1, 2} give (−1, −1, 2)/√3 less a hair', () => {
    const grpo = GrpoOptionsSchema.parse({ kind: 'grpo' })
    const groupBatch = { names: ['a'], components: Float64Array.of(1, 1, 2), groupSizes: Int32Array.of(3) }
    const advantages = whatIfBatchAdvantages(null, null, groupBatch, { a: 1 }, grpo)!
    expect(advantages).toHaveLength(3)
    expect(advantages[0]).toBeCloseTo(-1 / Math.sqrt(3), 3)
    expect(advantages[2]).toBeCloseTo(2 / Math.sqrt(3), 3)
  })
})

describe('the histogram’s words and ticks', () => {
  it('gives whole percentages that add up to 100 (largest remainder)', () => {
    // 1/3 each: 33.3 % → 33, 33, 33 and the point left goes to the first
    expect(wholePercentages([1, 1, 1])).toEqual([34, 33, 33])
    // 40.5, 40.5, 19 → 40, 40, 19 + 1 point to the first of the tied largest fractions
    expect(wholePercentages([81, 81, 38])).toEqual([41, 40, 19])
    expect(wholePercentages([0, 5, 0])).toEqual([0, 100, 0])
    expect(wholePercentages([0, 0])).toEqual([0, 0])
    for (const counts of [[2, 3, 7], [1, 1, 1, 1, 1, 1, 1], [999, 1, 0]]) expect(wholePercentages(counts).reduce((a, b) => a + b, 0)).toBe(100)
  })

  it('labels bins with enough decimals to tell them apart', () => {
    expect(binDecimals([-1, -0.9, -0.8])).toBe(1)
    expect(binDecimals([-0.021, -0.019])).toBe(3)
    expect(binDecimals([-10, 0, 10])).toBe(1)
  })
})
