import { describe, expect, it } from 'vitest'
import { garbleValue, hostileText } from '../core/fuzzJson'
import { Rng } from '../core/rng'
import { defaultDesign } from '../model/design'
import { MAX_TIME_MS, parseSavedRun, type SavedRun } from './savedRun'
import { EXIT_CHECKPOINT_PREFIX, exitCheckpointNotice, takeExitCheckpoints, type KeyValueStorage } from './exitCheckpoint'

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

  it('names hostile records briefly and on one line: long names, control bytes, thousands of problems (20 records)', () => {
    const rng = new Rng(4042)
    for (let k = 0; k < 20; k++) {
      const record: Record<string, unknown> = { ...structuredClone(GOOD) }
      const roll = k % 4
      if (roll === 0) Object.assign(record, { id: hostileText(rng), name: hostileText(rng), envLabel: hostileText(rng), learner: hostileText(rng) })
      else if (roll === 1) record.series = Array.from({ length: 1200 }, () => ({ envSteps: -1, wallSeconds: 'x', shapedReturn: null, objective: {}, contributions: { [hostileText(rng)]: 'x' } }))
      else if (roll === 2) record.marks = Array.from({ length: 500 }, () => ({ envSteps: 1, at: 1, changes: {}, changeId: 1, note: hostileText(rng).repeat(2) }))
      else record.design = { ...GOOD.design, weights: Object.fromEntries(Array.from({ length: 2000 }, () => [hostileText(rng), 1])) }
      const parsed = parseSavedRun(record)
      // A short plain name can be a valid one.
      if (parsed.ok) continue
      expect(parsed.problem.length, parsed.problem.slice(0, 200)).toBeLessThan(2000)
      expect(`${parsed.name ?? ''} ${parsed.problem}`).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
      expect((parsed.name ?? '').length).toBeLessThanOrEqual(41)
      for (const quoted of parsed.problem.match(/"[^"]*"/g) ?? []) expect(quoted.length).toBeLessThanOrEqual(43)
    }
  })

  it('never carries a checkpoint kept under another run\'s key, and names forged keys briefly (100 storages)', () => {
    const rng = new Rng(300)
    for (let k = 0; k < 100; k++) {
      const map = new Map<string, string>()
      const storage: KeyValueStorage = { get length() { return map.size }, key: (i) => [...map.keys()][i] ?? null, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) }
      const count = 1 + rng.int(300)
      for (let i = 0; i < count; i++) {
        const keyId = rng.uniform() < 0.3 ? `run-${i}` : hostileText(rng)
        const heldId = rng.uniform() < 0.5 ? keyId : `run-${rng.int(5)}`
        const text = rng.uniform() < 0.3 ? hostileText(rng) : JSON.stringify({ ...GOOD, id: heldId.slice(0, 100) || 'x', final: { ...GOOD.final } })
        storage.setItem(`${EXIT_CHECKPOINT_PREFIX}${keyId}`, text)
      }
      const keys = new Set([...map.keys()].map((key) => key.slice(EXIT_CHECKPOINT_PREFIX.length)))
      const taken = takeExitCheckpoints(storage)
      for (const run of taken.runs) expect(keys.has(run.id)).toBe(true)
      expect(taken.runs.length + taken.problems.length).toBe(keys.size)
      const notice = exitCheckpointNotice(taken.problems) ?? ''
      expect(notice.length).toBeLessThan(2000)
      expect(notice).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
    }
  })
})
