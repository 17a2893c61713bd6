import { describe, expect, it } from 'vitest'
import { findMonitor, MONITOR_NAMES, MONITORS, monitorOptions, runMonitor } from './registry'

describe('the monitor registry', () => {
  it('names each monitor once, the gold-reading reference last', () => {
    expect(new Set(MONITOR_NAMES).size).toBe(MONITORS.length)
    expect(MONITORS.map((monitor) => monitor.needsGold)).toEqual([false, false, false, false, false, false, true])
    expect(findMonitor('kl-growth')?.label).toBe('KL growth')
    expect(findMonitor('nope')).toBeNull()
  })
  it('gives every monitor defaults inside its own ranges', () => {
    for (const monitor of MONITORS) expect(monitorOptions(monitor)).toMatchObject({ ok: true })
  })
  it('lays given options over the defaults', () => {
    expect(monitorOptions(findMonitor('entropy-collapse')!, { fraction: 0.3 })).toEqual({ ok: true, options: { window: 5, fraction: 0.3 } })
  })
  it('names every bad option at once', () => {
    const checked = monitorOptions(findMonitor('entropy-collapse')!, { window: 2.5, fraction: NaN, speed: 1 })
    expect(checked).toEqual({
      ok: false,
      problems: [
        'entropy-collapse has no option "speed"; accepted: window, fraction',
        'entropy-collapse window (frames per window) must be a whole number from 1 to 1000, got 2.5',
        'entropy-collapse fraction (fraction of the starting entropy) must be a number from 0 to 1, got NaN',
      ],
    })
    expect(() => runMonitor(findMonitor('length-drift')!, { frames: [], higherIsBetter: true }, { rise: -1 })).toThrow('length-drift rise')
  })
})
