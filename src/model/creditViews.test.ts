import { describe, expect, it } from 'vitest'
import type { StepRecord } from '../core/run/stepRecord'
import { GrpoOptionsSchema, PpoOptionsSchema } from '../core/run/config'
import { PAID_BY_ONE_MIX, PAID_BY_OTHER_COMPONENTS, type RecentEpisodes } from '../core/run/metrics'
import { ADVANTAGE_BINS, advantageHistograms, binDecimals, sharedAdvantageReach, creditTimeline, creditTimelineCaption, wholePercentages, whatIfBatchAdvantages, whatIfEpisodes, whatIfLine, whatIfAdvantagesLine, whatIfReward } from './creditViews'

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
    latestEpisode: null,
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

  it('bins over the reach it is given: the one every histogram on the screen shares', () => {
    // reach 3 (a set drawn beside): 21 bins of width 6/21 over [−3, 3]; 1 falls in bin ⌊(1 + 3)/(6/21)⌋ = 14, −1 in ⌊2·21/6⌋ = 7
    const histograms = advantageHistograms(Float32Array.of(-1, 0, 1, 1), Float32Array.of(2, -2), 3)!
    expect(histograms.batch.edges[0]).toBeCloseTo(-3, 12)
    expect(histograms.batch.edges[ADVANTAGE_BINS]).toBeCloseTo(3, 12)
    expect(histograms.whatIf!.edges).toEqual(histograms.batch.edges)
    expect(histograms.bars[14].count).toBe(2)
    expect(histograms.bars[10].count).toBe(1)
    expect(histograms.bars[7].count).toBe(1)
  })

  it('has no what-if bars without a what-if batch', () => {
    const histograms = advantageHistograms(Float32Array.of(0.5), null)!
    expect(histograms.whatIf).toBeNull()
    expect(histograms.bars.every((bar) => bar.whatIf === undefined)).toBe(true)
  })
})

describe('sharedAdvantageReach', () => {
  it('is the largest |v| over every finite value of every set drawn, nulls and non-finite values skipped', () => {
    expect(sharedAdvantageReach([Float32Array.of(-1, 0.5), null, Float64Array.of(NaN, 2.5, -Infinity), [-3, 1]])).toBe(3)
    expect(sharedAdvantageReach([Float32Array.of(0.25), Float32Array.of(-0.75)])).toBe(0.75)
  })

  it('is 0 with nothing finite to draw', () => {
    expect(sharedAdvantageReach([])).toBe(0)
    expect(sharedAdvantageReach([null, Float32Array.of(NaN)])).toBe(0)
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

/** Two episodes of components (a, b), both paid by a = 1, b = 0: they returned 500 and 20. */
function recent(paid = [PAID_BY_ONE_MIX, PAID_BY_ONE_MIX]): RecentEpisodes {
  return {
    count: 2,
    numComponents: 2,
    returns: Float64Array.of(500, 20),
    componentSums: Float64Array.of(500, -250, 20, -5),
    weights: Float64Array.of(1, 0, 1, 0),
    paid: Uint8Array.from(paid),
  }
}

describe('the what-if of the recent episodes, whole', () => {
  it('says what it re-scores: the recent finished episodes under the sliders now, the run’s own figure when nothing changed', () => {
    const unchanged = whatIfEpisodes(recent(), ['a', 'b'], { a: 1, b: 0 })
    expect(unchanged).toEqual({ episodes: 2, rescored: 2, meanReturn: 260, shares: [{ name: 'a', share: 1 }] })
    const steps = whatIfReward(record(), { a: 1, b: 0 })
    expect(whatIfLine(unchanged, steps)).toBe('What-if: the last 2 finished episodes, whole, under the sliders now return 260.0 on average; shares: a 100%; the last 3 recorded steps under the sliders now pay 1.000 per step.')
    // b = 0.5: (500 − 125 + 20 − 2.5)/2 = 196.25; shares |520| : |−127.5|
    const changed = whatIfEpisodes(recent(), ['a', 'b'], { a: 1, b: 0.5 })
    expect(changed.meanReturn).toBe(196.25)
    expect(whatIfLine(changed, null)).toBe('What-if: the last 2 finished episodes, whole, under the sliders now return 196.3 on average; shares: a 80%, b 20%.')
  })

  it('says plainly which episodes it cannot re-score, and what it shows before any episode finished', () => {
    const partly = whatIfEpisodes(recent([PAID_BY_OTHER_COMPONENTS, PAID_BY_ONE_MIX]), ['a', 'b'], { a: 1, b: 0 })
    expect(whatIfLine(partly, null)).toBe(
      'What-if: of the last 2 finished episodes, the 1 paid under the components now returns 20.0 under the sliders now (the other 1 began before the reward design changed); shares: a 100%.',
    )
    const none = whatIfEpisodes(recent(), ['a', 'b', 'c'], { a: 1, b: 0, c: 1 })
    const steps = whatIfReward(record(), { a: 1, b: 2 })
    // with no episode re-scored, the shares are the recorded steps' reward's (a 3 : b 4), after them
    expect(whatIfLine(none, steps)).toBe(
      'What-if: the last 2 finished episodes began before the reward design changed, so none is re-scored under the sliders now yet; the last 3 recorded steps under the sliders now pay 2.333 per step; shares: a 43%, b 57%.',
    )
    expect(whatIfLine(null, steps)).toBe('What-if: no episode has finished yet; the last 3 recorded steps under the sliders now pay 2.333 per step; shares: a 43%, b 57%.')
    expect(whatIfLine(null, null)).toBeNull()
  })
})

describe('the what-if of the recent episodes with a learner-added component', () => {
  it('keeps the KL penalty the learner paid at its weight 1, which no slider sets', () => {
    // One completion: a = 2 at weight 1, kl_penalty −0.25 at weight 1: the run counted 1.75.
    const episodes: RecentEpisodes = { count: 1, numComponents: 2, returns: Float64Array.of(1.75), componentSums: Float64Array.of(2, -0.25), weights: Float64Array.of(1, 1), paid: Uint8Array.of(PAID_BY_ONE_MIX) }
    expect(whatIfEpisodes(episodes, ['a', 'kl_penalty'], { a: 1 }).meanReturn).toBe(1.75)
    // a at 0.5: 1 − 0.25
    expect(whatIfEpisodes(episodes, ['a', 'kl_penalty'], { a: 0.5 }).meanReturn).toBe(0.75)
  })
})

describe('the credit timeline’s view', () => {
  // Copy 0's latest episode took 4 steps; the record holds its last 2 (rows 1 and 2), the latest batch is rows 1 … 2 of one copy.
  const timelineRecord: StepRecord = {
    names: ['a', 'b'],
    components: Float64Array.of(0, 0, 1, 0, 0, 1),
    ends: Uint8Array.of(0, 0, 1),
    cuts: new Uint8Array(3),
    copies: Int32Array.of(0, 0, 0),
    rows: 3,
    visits: null,
    reached: null,
    latestEpisode: { length: 4, kept: 4, components: Float64Array.of(1, 0, 1, 0, 1, 0, 0, 1), finished: true, values: null, cut: false, bootstrap: NaN },
  }
  const batch = { n: 1, steps: 2, values: Float32Array.of(0.5, 0.25), lastValues: Float32Array.of(7), bootstrapValues: new Float32Array(2), gamma: 1, lambda: 1 }

  it('shows every step of the latest episode, with the batch’s credit on the steps the batch holds', () => {
    const view = creditTimeline(timelineRecord, batch, { a: 2, b: 4 }, 1)
    expect(view.length).toBe(4)
    expect(view.steps.map((step) => step.reward)).toEqual([2, 2, 2, 4])
    expect(view.steps.map((step) => step.returnToGo)).toEqual([10, 8, 6, 4])
    // rows 1 and 2 are the batch: r = (2, 4); δ_1 = 4 − 0.25, A_1 = δ_1; δ_0 = 2 + 0.25 − 0.5, A_0 = δ_0 + A_1
    expect(view.credit).toEqual([null, null, { value: 0.5, delta: 1.75, advantage: 5.5 }, { value: 0.25, delta: 3.75, advantage: 3.75 }])
    expect(view.withCredit).toBe(true)
    expect(view.paying).toEqual([0, 1])
    // with b at 0 only a pays: one bar series
    expect(creditTimeline(timelineRecord, batch, { a: 2, b: 0 }, 1).paying).toEqual([0])
    expect(creditTimelineCaption(view, 1)).toBe(
      "Latest episode of copy 0: 4 steps, return 10.00 (γ = 1); bars: each component's share per step, line: return-to-go; lines: the critic's value V(s) of 2 of the 4 steps shown (the critic's values reach no further yet), its TD error δ and advantage A (GAE) under the sliders now.",
    )
  })

  it('gives every step of the episode its value, TD error and advantage where the values were kept with it', () => {
    const withValues = { ...timelineRecord, latestEpisode: { ...timelineRecord.latestEpisode!, values: Float64Array.of(1, 2, 3, 4) } }
    const view = creditTimeline(withValues, batch, { a: 2, b: 4 }, 1)
    // r = (2, 2, 2, 4), it terminated: δ_3 = 4 − 4 = 0, δ_t = r_t + V_{t+1} − V_t = 3 before; A_t = Σ δ (γ = λ = 1) = G_t − V_t
    expect(view.credit).toEqual([
      { value: 1, delta: 3, advantage: 9 },
      { value: 2, delta: 3, advantage: 6 },
      { value: 3, delta: 3, advantage: 3 },
      { value: 4, delta: 0, advantage: 0 },
    ])
    expect(view.creditSteps).toBe(4)
    expect(creditTimelineCaption(view, 1)).toMatch(/lines: the critic's value V\(s\) of every step shown, its TD error δ and advantage A \(GAE\) under the sliders now\.$/)
    // Cut by the time limit, the last step looks ahead to the value of where it was cut.
    const cut = { ...withValues, latestEpisode: { ...withValues.latestEpisode, cut: true, bootstrap: 10 } }
    expect(creditTimeline(cut, batch, { a: 2, b: 4 }, 1).credit[3]).toEqual({ value: 4, delta: 10, advantage: 10 })
  })

  it('says which steps it shows of how many when the episode ran past the steps kept, and says when it is still running', () => {
    const long = { ...timelineRecord, latestEpisode: { length: 1500, kept: 2, components: Float64Array.of(1, 0, 0, 1), finished: true, values: null, cut: false, bootstrap: NaN } }
    const view = creditTimeline(long, null, { a: 2, b: 4 }, 0.5)
    expect(view.steps.map((step) => step.t)).toEqual([1498, 1499])
    // G_1499 = 4, G_1498 = 2 + 0.5·4 = 4
    expect(creditTimelineCaption(view, 0.5)).toBe("Latest episode of copy 0: 1500 steps, its last 2 shown (steps 1498–1499), return-to-go from step 1498 4.00 (γ = 0.5); bars: each component's share per step, line: return-to-go.")
    const running = { ...timelineRecord, ends: new Uint8Array(3), latestEpisode: { length: 2, kept: 2, components: Float64Array.of(1, 0, 1, 0), finished: false, values: null, cut: false, bootstrap: NaN } }
    expect(creditTimelineCaption(creditTimeline(running, null, { a: 1 }, 1), 1)).toMatch(/^Latest episode of copy 0 \(the first, still running\): 2 steps so far, return 2\.00 /)
  })
})

describe('whatIfAdvantagesLine', () => {
  it('names the what-if bars as what-if, never gold (the true objective’s name), with shares that add up to 100', () => {
    const line = whatIfAdvantagesLine({ positives: 1, negatives: 1, zeros: 1 })
    expect(line).toBe('What-if bars (violet): the same batch under the sliders and estimator now — 34% positive, 33% negative, 33% exactly zero.')
    expect(line).not.toMatch(/gold/i)
  })
})
