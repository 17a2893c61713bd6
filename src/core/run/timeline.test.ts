import { describe, expect, it } from 'vitest'
import { episodeTimeline, latestEpisodeTimeline } from './timeline'
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
  latestEpisode: null,
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

describe('latestEpisodeTimeline', () => {
  // The record holds only the last two steps of copy 0's latest episode (rows 0 and 2, ending at row 2); the episode itself took 5.
  const tail: StepRecord = {
    names: ['step', 'goal'],
    components: Float64Array.of(-1, 0, 9, 9, -1, 1, 9, 9),
    copies: Int32Array.of(0, 1, 0, 1),
    ends: Uint8Array.of(0, 0, 1, 0),
    cuts: new Uint8Array(4),
    rows: 4,
    visits: null,
    reached: null,
    latestEpisode: { length: 5, kept: 5, components: Float64Array.of(-1, 0, -1, 0, -1, 0, -1, 0, -1, 1), finished: true, values: null, cut: false, bootstrap: NaN },
  }

  it('scores every step of the latest finished episode, not only those the record still holds', () => {
    const { steps, length, finished } = latestEpisodeTimeline(tail, { step: 1, goal: 10 }, 1)
    expect({ length, finished }).toEqual({ length: 5, finished: true })
    expect(steps.map((s) => s.t)).toEqual([0, 1, 2, 3, 4])
    expect(steps.map((s) => s.reward)).toEqual([-1, -1, -1, -1, 9])
    // G_t with γ = 1: 9 − (4 − t)
    expect(steps.map((s) => s.returnToGo)).toEqual([5, 6, 7, 8, 9])
    // its last two steps are rows 0 and 2 of the record; the record no longer holds the first three
    expect(steps.map((s) => s.row)).toEqual([-1, -1, -1, 0, 2])
  })

  it('numbers a kept tail from the episode’s first step and leaves rows out once the record has moved past the episode', () => {
    // 7 steps, the last 3 kept; the record's copy 0 has ended no episode since (the latest ended before it began)
    const record = { ...tail, ends: new Uint8Array(4), latestEpisode: { length: 7, kept: 3, components: Float64Array.of(-1, 0, -1, 0, -1, 1), finished: true, values: null, cut: false, bootstrap: NaN } }
    const { steps, length } = latestEpisodeTimeline(record, { step: 1, goal: 10 }, 0.5)
    expect(length).toBe(7)
    expect(steps.map((s) => s.t)).toEqual([4, 5, 6])
    // G_6 = 9, G_5 = −1 + 4.5 = 3.5, G_4 = −1 + 1.75 = 0.75
    expect(steps.map((s) => s.returnToGo)).toEqual([0.75, 3.5, 9])
    expect(steps.map((s) => s.row)).toEqual([-1, -1, -1])
  })

  it('ends a running first episode at copy 0’s last recorded row, and is empty before any step', () => {
    const running = { ...tail, ends: new Uint8Array(4), latestEpisode: { length: 3, kept: 3, components: Float64Array.of(-1, 0, -1, 0, -1, 0), finished: false, values: null, cut: false, bootstrap: NaN } }
    const timeline = latestEpisodeTimeline(running, { step: 1 }, 1)
    expect(timeline.finished).toBe(false)
    expect(timeline.steps.map((s) => s.row)).toEqual([-1, 0, 2])
    expect(latestEpisodeTimeline({ ...tail, latestEpisode: null }, { step: 1 }, 1)).toEqual({ steps: [], length: 0, finished: false })
  })
})
