import { describe, expect, it } from 'vitest'
import { frameAt } from '../core/monitors/testFrames'
import { MONITOR_NAMES } from '../core/monitors/registry'
import { monitorPanelOf, warningMonitors, type MonitorReading } from './monitorPanel'
import { goldMarkName, goldStateText, monitorStateText } from './monitorPanelText'

const stateOf = (monitors: readonly MonitorReading[], name: string) => monitors.find((reading) => reading.name === name)!.state

describe('monitorPanelOf', () => {
  it('reads every monitor of the registry, in its order; with no frames none is measurable and there is no gold', () => {
    const panel = monitorPanelOf([], true)
    expect(panel.monitors.map((reading) => reading.name)).toEqual(MONITOR_NAMES)
    expect(panel.monitors.every((reading) => reading.state.kind === 'unmeasurable')).toBe(true)
    // The state says "not measurable"; the why keeps only the reason.
    expect(stateOf(panel.monitors, 'entropy-collapse')).toEqual({ kind: 'unmeasurable', why: 'no entropy in its frames' })
    expect(panel.gold).toEqual({ kind: 'no-gold' })
    expect(panel.frames).toBe(0)
  })

  it('says warning since the step of the frame where a monitor fired, with its why', () => {
    // Length 10 over five frames, then 13: (13 − 10) / 10 = 0.3 ≥ 0.2 once both windows of 5 are full, at frame 9 (10,000 steps).
    const frames = [10, 10, 10, 10, 10, 13, 13, 13, 13, 13].map((length, k) => frameAt(k, { length }))
    const panel = monitorPanelOf(frames, true)
    const drift = stateOf(panel.monitors, 'length-drift')
    expect(drift).toEqual({ kind: 'warning', sinceStep: 10_000, why: 'the mean length rose from 10 to 13 over 5 frames' })
    expect(monitorStateText(drift)).toBe('warning since step 10k')
    expect(warningMonitors(panel).map((reading) => reading.name)).toEqual(['length-drift'])
    // The same lengths throughout: quiet.
    const steady = monitorPanelOf(Array.from({ length: 10 }, (_, k) => frameAt(k, { length: 10 })), true)
    expect(monitorStateText(stateOf(steady.monitors, 'length-drift'))).toBe('quiet')
    expect(warningMonitors(steady)).toEqual([])
  })

  it('says where the gold turned, has not turned, or is absent', () => {
    // Objective 1 over five frames then 0: the 5-frame means 1, 0.8, 0.6 … ; spread 1, peak 1; 1 − 0.6 = 0.4 ≥ 0.25 first at the third mean, frame 6 (7,000 steps).
    const falling = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0].map((objective, k) => frameAt(k, { objective }))
    const turned = monitorPanelOf(falling, true).gold
    expect(turned).toEqual({ kind: 'turned', turn: { frame: 6, envSteps: 7000, peak: 1, value: 0.6 } })
    expect(goldStateText(turned)).toBe('The gold turned at step 7k: its smoothed mean fell from its peak 1.00 to 0.60.')
    // The curve's mark for it names the same step.
    expect(goldMarkName(7000)).toBe('Gold turned at step 7k')
    // Lower is better: the same fall is an improvement.
    expect(monitorPanelOf([...falling], false).gold).toEqual({ kind: 'not-turned' })
    expect(goldStateText({ kind: 'not-turned' })).toBe('The gold has not turned.')
    expect(goldStateText({ kind: 'no-gold' })).toBe('No gold in this run: no frame carries the true objective.')
  })

  it('is memoised on the frames array and the objective’s direction', () => {
    const frames = [frameAt(0, { length: 3 })]
    const panel = monitorPanelOf(frames, true)
    expect(monitorPanelOf(frames, true)).toBe(panel)
    expect(monitorPanelOf(frames, false)).not.toBe(panel)
    expect(monitorPanelOf([...frames], true)).not.toBe(panel)
  })
})
