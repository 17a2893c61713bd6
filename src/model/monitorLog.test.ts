import { describe, expect, it } from 'vitest'
import { frameAt } from '../core/monitors/testFrames'
import type { MonitorFrame } from '../core/monitors/frames'
import { appendMonitorFrame, EMPTY_MONITOR_LOG, MONITOR_FRAMES, type MonitorLog } from './monitorLog'

/** A page frame at `envSteps` with `episodes` finished episodes of mean length `length`. */
function pageFrame(envSteps: number, episodes: number, length: number): MonitorFrame {
  return { ...frameAt(0, { episodes, length, shapedReturn: length }), envSteps }
}

describe('appendMonitorFrame', () => {
  it('starts at one step per frame: every page frame closes as a frame of its own', () => {
    const once = appendMonitorFrame(EMPTY_MONITOR_LOG, pageFrame(120, 2, 10))
    const twice = appendMonitorFrame(once, pageFrame(250, 1, 30))
    expect(twice.stepsPerFrame).toBe(1)
    expect(twice.open).toEqual([])
    expect(twice.closed.map((frame) => [frame.envSteps, frame.length])).toEqual([
      [120, 10],
      [250, 30],
    ])
  })

  it('keeps page frames open until one reaches the next multiple of S, then closes them as one, weighting means by episodes', () => {
    const log: MonitorLog = { stepsPerFrame: 1000, closed: [pageFrame(1000, 1, 5)], open: [] }
    const open = appendMonitorFrame(log, pageFrame(1500, 1, 10))
    // Nothing closed: the monitors' frames are the same array.
    expect(open.closed).toBe(log.closed)
    expect(open.open).toHaveLength(1)
    const closed = appendMonitorFrame(open, pageFrame(2100, 3, 20))
    expect(closed.open).toEqual([])
    expect(closed.closed).toHaveLength(2)
    // (1·10 + 3·20) / 4 = 17.5 over 4 episodes, closing at the later frame's steps.
    expect(closed.closed[1]).toMatchObject({ envSteps: 2100, episodes: 4, length: 17.5 })
  })

  it('at 2·MONITOR_FRAMES closed frames doubles S to the least power of two with steps / S ≤ MONITOR_FRAMES and merges them again', () => {
    let log = EMPTY_MONITOR_LOG
    for (let k = 0; k < 2 * MONITOR_FRAMES; k++) log = appendMonitorFrame(log, pageFrame(10 * (k + 1), 1, k))
    // 2000 steps: 2000 / 16 = 125 frames is too many, 2000 / 32 = 62.5 is not.
    expect(log.stepsPerFrame).toBe(32)
    // The first frame closes at the first page frame at or past 32 steps: those at 10, 20, 30, 40, lengths 0…3.
    expect(log.closed[0]).toMatchObject({ envSteps: 40, episodes: 4, length: 1.5 })
    expect(log.closed[log.closed.length - 1].envSteps).toBe(2000)
    expect(log.closed.length).toBeLessThanOrEqual(MONITOR_FRAMES)
    // No episode lost in the merging.
    expect(log.closed.reduce((sum, frame) => sum + frame.episodes, 0)).toBe(2 * MONITOR_FRAMES)
  })
})
