import { fingerprintText, stableJson } from '../../core/fingerprint'
import type { Sweep } from './definition'

/* A checked sweep as its definition file holds it, and what tells two sweeps apart. */

/** The definition file's JSON: the config as checked (defaults filled in), the axes as written, the seeds and the steps. */
export function definitionOf(sweep: Sweep): { config: Sweep['config']; axes: string[]; seeds: number; steps: number } {
  return { config: sweep.config, axes: sweep.axisTexts, seeds: sweep.seeds, steps: sweep.steps }
}

/** What tells two sweeps apart: the runs they train. */
const PARTS: [string, (sweep: Sweep) => unknown][] = [
  ['config', (sweep) => sweep.config],
  ['axes', (sweep) => sweep.axes],
  ['seeds', (sweep) => sweep.seeds],
  ['steps', (sweep) => sweep.steps],
]

/**
 * The fingerprint of the runs a sweep trains (16 hex digits): two sweeps have the same one exactly
 * when sweepDifference finds none. Each run record carries it, so that a folder's runs of another
 * definition are told apart even when its sweep.json is gone.
 */
export function sweepFingerprint(sweep: Sweep): string {
  return fingerprintText(stableJson(PARTS.map(([, part]) => part(sweep))))
}

/**
 * The first part in which two sweeps differ (config, axes, seeds, steps), or null when they train
 * the same runs: axes compare by their values, so 0:1:3 and 0,0.5,1 are one axis.
 */
export function sweepDifference(a: Sweep, b: Sweep): string | null {
  const differing = PARTS.find(([, part]) => JSON.stringify(part(a)) !== JSON.stringify(part(b)))
  return differing === undefined ? null : differing[0]
}
