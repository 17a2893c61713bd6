import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { beforeEach, describe, expect, it } from 'vitest'
import { addPin, restorePins, type PinnedRun } from '../model/compare'
import { defaultDesign } from '../model/design'
import { LIBRARY_DB_NAME, openRunLibrary, PINS_STORE, type RunLibrary } from './runLibrary'
import { parseSavedPins, pinsRecord } from './savedPins'

const series = [
  { envSteps: 100, wallSeconds: 1, shapedReturn: -50, objective: 0.2, contributions: {} },
  { envSteps: 200, wallSeconds: 2, shapedReturn: -20, objective: 0.6, contributions: {} },
]

/** Two seeds of one design and a renamed run of another: the Compare view's groups and names. */
function somePins(): PinnedRun[] {
  let pins = addPin([], { envLabel: 'CliffWalking', name: null, sourceKey: 'live:run-1:seed 1', design: defaultDesign('cliffwalking', 1), series, final: { shapedReturn: -20, objective: 0.6, length: NaN } }, 12)
  pins = addPin(pins, { envLabel: 'CliffWalking', name: null, sourceKey: 'live:run-1:seed 2', design: defaultDesign('cliffwalking', 2), series, final: { shapedReturn: -30, objective: 0.5, length: 14 } }, 12)
  return addPin(pins, { envLabel: 'CliffWalking', name: 'sarsa baseline', sourceKey: 'saved:x', design: { ...defaultDesign('cliffwalking', 1), learner: { ...defaultDesign('cliffwalking', 1).learner, kind: 'sarsa' } as PinnedRun['design']['learner'] }, series, final: { shapedReturn: -10, objective: 0.7, length: 13 } }, 12)
}

async function openLibrary(): Promise<RunLibrary> {
  const opened = await openRunLibrary()
  if (!opened.ok) throw opened.error
  return opened.library
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
})

describe('saved pins', () => {
  it('come back from a record exactly as they were pinned: names, groups, figures (a NaN length too)', () => {
    const pins = somePins()
    const parsed = parseSavedPins(structuredClone(pinsRecord(pins)))
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(restorePins(parsed.pins)).toEqual(pins)
  })

  it('are kept by the library across connections; none kept reads as null', async () => {
    const first = await openLibrary()
    expect(await first.loadPins()).toBeNull()
    await first.savePins(pinsRecord(somePins()))
    first.close('done')
    const again = await (await openLibrary()).loadPins()
    expect(again?.ok && restorePins(again.pins).map((pin) => pin.label)).toEqual(somePins().map((pin) => pin.label))
  })

  it.each([
    ['a design that does not validate', (record: any) => (record.pins[0].design.learner.gamma = 7), /^pins\.0\.design: learner\.gamma/],
    ['a seed that is not its design’s', (record: any) => (record.pins[1].seed = 9), /^pins\.1\.seed: 9 is not its design's seed 2$/],
    ['an id used twice', (record: any) => (record.pins[2].id = 1), /^pins\.2\.id: 1 is used twice$/],
    ['a curve point that is not finite', (record: any) => (record.pins[0].points[1].objective = Infinity), /^pins\.0\.points\.1\.objective: /],
    ['another version', (record: any) => (record.version = 2), /^version: /],
    ['a name past 200 characters', (record: any) => (record.pins[2].name = 'x'.repeat(201)), /^pins\.2\.name: /],
  ])('are refused whole with one line naming the problem: %s', (_, damage, message) => {
    const record = structuredClone(pinsRecord(somePins())) as object
    damage(record)
    const parsed = parseSavedPins(record)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.problem).toMatch(message)
  })

  it('a damaged record written past the checks reads back as a problem, not a throw', async () => {
    ;(await openLibrary()).close('done')
    const db = await openDB(LIBRARY_DB_NAME)
    await db.put(PINS_STORE, { key: 'pins', version: 1, pins: 'not a list' })
    db.close()
    const read = await (await openLibrary()).loadPins()
    expect(read).toEqual({ ok: false, problem: expect.stringMatching(/^pins: /) })
  })
})
