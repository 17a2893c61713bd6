import type { Sweep } from './definition'

/* A checked sweep as its definition file holds it, and what tells two sweeps apart. */

/** The definition file's JSON: the config as checked (defaults filled in), the axes as written, the seeds and the steps. */
export function definitionOf(sweep: Sweep): { config: Sweep['config']; axes: string[]; seeds: number; steps: number } {
  return { config: sweep.config, axes: sweep.axisTexts, seeds: sweep.seeds, steps: sweep.steps }
}

/**
 * The first part in which two sweeps differ (config, axes, seeds, steps), or null when they train
 * the same runs: axes compare by their values, so 0:1:3 and 0,0.5,1 are one axis.
 */
export function sweepDifference(a: Sweep, b: Sweep): string | null {
  const parts: [string, (sweep: Sweep) => unknown][] = [
    ['config', (sweep) => sweep.config],
    ['axes', (sweep) => sweep.axes],
    ['seeds', (sweep) => sweep.seeds],
    ['steps', (sweep) => sweep.steps],
  ]
  const differing = parts.find(([, part]) => JSON.stringify(part(a)) !== JSON.stringify(part(b)))
  return differing === undefined ? null : differing[0]
}
