import { describe, expect, it } from 'vitest'
import { goldTurned } from './goldTurned'
import { frameAt } from './testFrames'

const objectives = (values: (number | null)[], higherIsBetter = true) => ({ frames: values.map((objective, k) => frameAt(k, { objective })), higherIsBetter })

describe('goldTurned', () => {
  it('turns at the first fall from the running peak of margin · max(spread, |peak|)', () => {
    // Spread 0.8, peak 0.8: the bar 0.2; 0.7 falls 0.1, 0.5 falls 0.3.
    expect(goldTurned(objectives([0, 0.4, 0.8, 0.7, 0.5]), { window: 1, margin: 0.25 })).toEqual({ frame: 4, envSteps: 5000, peak: 0.8, value: 0.5 })
  })
  it('smooths over the window first', () => {
    // Means of 2: 0.2, 0.6, 0.75, 0.6: spread 0.55, peak 0.75, the bar 0.1875 > the fall 0.15.
    expect(goldTurned(objectives([0, 0.4, 0.8, 0.7, 0.5]), { window: 2, margin: 0.25 })).toBeNull()
    // With a margin of 0.2 the bar is 0.15: it turns at the last frame.
    expect(goldTurned(objectives([0, 0.4, 0.8, 0.7, 0.5]), { window: 2, margin: 0.2 })).toMatchObject({ frame: 4, peak: 0.75 })
  })
  it('reads a lower-is-better objective the other way up', () => {
    // Steps 200, 150, 100, 140: best 100, spread 100, |peak| 100: a rise of 40 ≥ 25.
    expect(goldTurned(objectives([200, 150, 100, 140], false), { window: 1, margin: 0.25 })).toEqual({ frame: 3, envSteps: 4000, peak: 100, value: 140 })
    expect(goldTurned(objectives([200, 150, 100, 90], false), { window: 1, margin: 0.25 })).toBeNull()
  })
  it('does not turn on the noise of a run that stays near a good objective, nor on a flat one', () => {
    expect(goldTurned(objectives([0.9, 0.95, 0.9, 0.93]), { window: 1, margin: 0.25 })).toBeNull()
    expect(goldTurned(objectives([0, 0, 0, 0]), { window: 1, margin: 0.25 })).toBeNull()
  })
  it('skips frames without a finite objective and needs a window of them', () => {
    expect(goldTurned(objectives([0.8, null, NaN, 0.2]), { window: 1, margin: 0.25 })).toMatchObject({ frame: 3, value: 0.2 })
    expect(goldTurned(objectives([0.8, null]), { window: 2, margin: 0.25 })).toBeNull()
  })
  it('refuses a margin or window it cannot use', () => {
    expect(() => goldTurned(objectives([1]), { window: 0, margin: 0.25 })).toThrow('whole number of frames')
    expect(() => goldTurned(objectives([1]), { window: 1, margin: NaN })).toThrow('finite fraction above 0')
  })
})
