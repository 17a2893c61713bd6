import { describe, expect, it } from 'vitest'
import { GOLD_TURN_DEFAULTS } from './goldTurned'
import { MONITORS } from './registry'
import { monitorSetupFingerprint } from './setupFingerprint'

describe('monitorSetupFingerprint', () => {
  const today = monitorSetupFingerprint()

  it('is 16 hex digits, the same for the same setup however its keys are ordered', () => {
    expect(today).toMatch(/^[0-9a-f]{16}$/)
    expect(monitorSetupFingerprint(MONITORS, { margin: GOLD_TURN_DEFAULTS.margin, window: GOLD_TURN_DEFAULTS.window }, 100)).toBe(today)
  })

  it('changes with an option’s default, the monitors’ list, the gold’s margin or the frames per run', () => {
    const [first, ...others] = MONITORS
    const [option] = Object.keys(first.options)
    const nudged = { ...first, options: { ...first.options, [option]: { ...first.options[option], default: first.options[option].default + 1 } } }
    const changed = [monitorSetupFingerprint([nudged, ...others]), monitorSetupFingerprint(others), monitorSetupFingerprint(MONITORS, { ...GOLD_TURN_DEFAULTS, margin: 0.3 }), monitorSetupFingerprint(MONITORS, GOLD_TURN_DEFAULTS, 50)]
    for (const fingerprint of changed) expect(fingerprint).not.toBe(today)
  })
})
