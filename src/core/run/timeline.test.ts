import { describe, expect, it } from 'vitest'
import { episodeTimeline } from './timeline'
import type { StepRecord } from './stepRecord'

// Two copies interleaved; copy 0's rows: an episode ending at its 2nd step, then one ending at its 5th.
const record: StepRecord = {
  names: ['step', 'goal'],
  // rows: (copy, step, goal, end)
  components: Float64Array.of(-1, 0, -1, 0, -1, 0, -1, 0, -1, 1, -1, 0, -1, 1, -1, 0, -1, 0),
  copies: Int32Array.of(0, 1, 0, 1, 0, 1, 0, 1, 0),
  ends: Uint8Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1),
  cuts: new Uint8Array(9),
  rows: 9,
  visits: null,
  reached: null,
}

describe('episodeTimeline', () => {
  it('takes the last complete episode of the copy and scores it per step', () => {
    // copy 0 rows 0, 2, 4, 6, 8 → components (−1,0) (−1,0) (−1,1) (−1,1) (−1,0); its episodes end at rows 2 and 8
    // last episode: rows 4, 6, 8 → rewards with step 1, goal 10: 9, 9, −1
    const steps = episodeTimeline(record, { step: 1, goal: 10 }, 0.5)
    expect(steps.map((s) => s.reward)).toEqual([9, 9, -1])
    expect(steps[0].contributions).toEqual({ step: -1, goal: 10 })
    // G_2 = −1, G_1 = 9 + 0.5·(−1) = 8.5, G_0 = 9 + 0.5·8.5 = 13.25
    expect(steps.map((s) => s.returnToGo)).toEqual([13.25, 8.5, -1])
    expect(steps.map((s) => s.t)).toEqual([0, 1, 2])
    expect(steps.map((s) => s.row)).toEqual([4, 6, 8])
  })

  it('shows the steps so far when no episode of that copy has ended, and nothing for an unknown copy', () => {
    const steps = episodeTimeline({ ...record, ends: new Uint8Array(9) }, { step: 1 }, 1, 1)
    expect(steps.map((s) => s.reward)).toEqual([-1, -1, -1, -1])
    expect(episodeTimeline(record, { step: 1 }, 1, 7)).toEqual([])
  })
})
