import { describe, expect, it } from 'vitest'
import { garbleValue } from '../core/fuzzJson'
import { Rng } from '../core/rng'
import { defaultDesign } from '../model/design'
import { MAX_TIME_MS, parseSavedRun, type SavedRun } from './savedRun'

/*
 * Deterministic fuzzing of the saved-run reader (seeded): whatever a record read back from
 * IndexedDB holds, parsing never throws, and a record it accepts has every date a Date can show
 * and every figure a chart can draw.
 */

const GOOD: SavedRun = {
  version: 1,
  id: 'run-1',
  name: 'MountainCar, ppo, seed 2',
  createdAt: 1_764_000_000_000,
  updatedAt: 1_764_000_100_000,
  status: 'paused',
  design: defaultDesign('mountaincar', 2),
  envLabel: 'MountainCar',
  learner: 'ppo',
  series: [
    { envSteps: 512, wallSeconds: 0.4, shapedReturn: -200, objective: 200, contributions: { step: -200 } },
    { envSteps: 1024, wallSeconds: 0.8, shapedReturn: -190, objective: 190, contributions: { step: -190 } },
  ],
  marks: [{ envSteps: 600, at: 1_764_000_050_000, changes: { step: 0.5 }, changeId: 1, note: 'step = 0.5' }],
  final: { shapedReturn: -195, objective: 195, length: 195 },
  envSteps: 1024,
  wallSeconds: 0.8,
  diagnosis: null,
}

describe('the saved-run reader under fuzzing', () => {
  it('never throws; what it accepts can be shown (3000 garbled records)', () => {
    const rng = new Rng(8640)
    for (let k = 0; k < 3000; k++) {
      // Records come back from IndexedDB as structured clones: values, not JSON text.
      const record = garbleValue(structuredClone(GOOD), rng)
      let parsed: ReturnType<typeof parseSavedRun>
      try {
        parsed = parseSavedRun(record)
      } catch (error) {
        throw new Error(`parsing ${JSON.stringify(record).slice(0, 200)} threw: ${String(error)}`)
      }
      if (!parsed.ok) {
        expect(parsed.problem.length).toBeGreaterThan(0)
        continue
      }
      const run = parsed.run
      for (const time of [run.createdAt, run.updatedAt, ...run.marks.map((mark) => mark.at)]) {
        expect(time >= 0 && time <= MAX_TIME_MS).toBe(true)
        expect(() => new Date(time).toISOString()).not.toThrow()
      }
      for (const point of run.series) expect([point.envSteps, point.shapedReturn, point.objective, ...Object.values(point.contributions)].every(Number.isFinite)).toBe(true)
    }
  })
})
