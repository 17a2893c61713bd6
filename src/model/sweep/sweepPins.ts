import type { PinSource } from '../compare'
import type { Sweep } from './definition'
import type { RunRecord } from './runRecord'

/*
 * A sweep point's finished runs as the Compare view's pins, one per seed, grouped as one design.
 * A sweep's run keeps no curve (its worker reports its figures once, at the budget, as
 * `train --steps` does), so each pin is what the run has: one point at its last step, its final
 * figures (the mean of its last 20 episodes), and no episode length. A run without figures (none
 * of its episodes finished, or it stopped itself) has nothing to draw and is left out.
 */

/** Which sweep run a pin is: the same run is pinned once. */
export function sweepPinKey(sweepId: string, run: number): string {
  return `sweep:${sweepId}:run ${run}`
}

/** The pins of point `point`'s finished runs, in seed order, and how many runs it has without figures. */
export function pointPinSources(kept: { id: string; envLabel: string; sweep: Sweep; records: readonly RunRecord[] }, point: number): { sources: PinSource[]; withoutFigures: number } {
  const runs = kept.records.filter((record) => record.point === point).sort((a, b) => a.run - b.run)
  const design = kept.sweep.points[point].design
  const sources: PinSource[] = []
  for (const record of runs) {
    if (record.objective === null || record.shapedReturn === null) continue
    const { objective, shapedReturn } = record
    sources.push({
      envLabel: kept.envLabel,
      name: null,
      sourceKey: sweepPinKey(kept.id, record.run),
      design: { ...design, seed: record.seed },
      series: [{ envSteps: record.steps, wallSeconds: record.seconds, shapedReturn, objective, contributions: record.contributions ?? {} }],
      final: { shapedReturn, objective, length: NaN },
    })
  }
  return { sources, withoutFigures: runs.length - sources.length }
}
