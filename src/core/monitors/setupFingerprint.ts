import { fingerprintText, stableJson } from '../fingerprint'
import { FRAMES_PER_RUN } from './frames'
import { GOLD_TURN_DEFAULTS, type GoldTurnOptions } from './goldTurned'
import { MONITORS } from './registry'
import type { MonitorDefinition } from './types'

/*
 * What decides `monitor check`'s scores beside the runs themselves: which monitors there are (name,
 * label, whether they read the gold, each option's default and range), where the gold is said to
 * turn (window and margin) and how many frames a run is cut into. A measured table recorded with
 * one fingerprint no longer measures the monitors once any of these changes. A monitor's rule is
 * code and is not in it: change a rule and re-measure.
 */

/** The fingerprint of the monitors' setup: 16 hex digits (core/fingerprint.ts). */
export function monitorSetupFingerprint(monitors: readonly MonitorDefinition[] = MONITORS, gold: GoldTurnOptions = GOLD_TURN_DEFAULTS, framesPerRun: number = FRAMES_PER_RUN): string {
  const described = monitors.map(({ name, label, needsGold, options }) => ({ name, label, needsGold, options }))
  return fingerprintText(stableJson({ monitors: described, gold, framesPerRun }))
}
