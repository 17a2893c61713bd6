import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { beforeEach, describe, expect, it } from 'vitest'
import { hazardSweep, record } from '../model/sweep/testSweeps'
import { LIBRARY_DB_NAME, openRunLibrary, PINS_STORE, RUNS_STORE, SWEEP_RUNS_STORE, type RunLibrary } from './runLibrary'
import { parseSavedSweep, sweepRecordOf } from './savedSweep'

/* Sweeps kept in IndexedDB: the definition once, each finished run as it finishes, read back as strictly as a definition file. */

async function openLibrary(): Promise<RunLibrary> {
  const opened = await openRunLibrary()
  if (!opened.ok) throw opened.error
  return opened.library
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
})

describe('saved sweeps', () => {
  const sweep = hazardSweep(2)

  it('keep a sweep and the runs finished so far across connections, newest sweep first', async () => {
    const library = await openLibrary()
    await library.saveSweep(sweepRecordOf('older', 1000, 'CliffWalking', sweep))
    await library.saveSweep(sweepRecordOf('newer', 2000, 'CliffWalking', sweep))
    await library.saveSweepRun({ sweepId: 'newer', run: 3, record: record(sweep, 3, 0.5, -5) })
    await library.saveSweepRun({ sweepId: 'newer', run: 0, record: record(sweep, 0, 1, -10) })
    await library.saveSweepRun({ sweepId: 'older', run: 5, record: record(sweep, 5, 2, -2) })
    library.close('test')
    const listing = await (await openLibrary()).listSweeps()
    expect(listing.damaged).toEqual([])
    expect(listing.sweeps.map((kept) => [kept.id, kept.records.map((each) => each.run)])).toEqual([
      ['newer', [0, 3]],
      ['older', [5]],
    ])
    const [newer] = listing.sweeps
    expect(newer.sweep.points.map((point) => point.axes)).toEqual(sweep.points.map((point) => point.axes))
    expect(newer.sweep.config).toEqual(sweep.config)
    expect(newer.records).toEqual([record(sweep, 0, 1, -10), record(sweep, 3, 0.5, -5)])
    expect(newer).toMatchObject({ createdAt: 2000, envLabel: 'CliffWalking', problems: [] })
  })

  it('delete a sweep with every run kept under it, and nothing of another sweep', async () => {
    const library = await openLibrary()
    await library.saveSweep(sweepRecordOf('a', 1000, 'CliffWalking', sweep))
    await library.saveSweep(sweepRecordOf('b', 2000, 'CliffWalking', sweep))
    for (const run of [0, 1, 2]) await library.saveSweepRun({ sweepId: 'a', run, record: record(sweep, run, 1, -1) })
    await library.saveSweepRun({ sweepId: 'b', run: 1, record: record(sweep, 1, 1, -1) })
    await library.deleteSweep('a')
    const listing = await library.listSweeps()
    expect(listing.sweeps.map((kept) => [kept.id, kept.records.length])).toEqual([['b', 1]])
    library.close('test')
    const db = await openDB(LIBRARY_DB_NAME)
    expect(await db.getAllKeys(SWEEP_RUNS_STORE)).toEqual([['b', 1]])
    db.close()
  })

  it('name a run record that is no run of its sweep and leave it out, keeping the rest (it trains again on Resume)', () => {
    const definition = sweepRecordOf('s', 1000, 'CliffWalking', sweep)
    const good = { sweepId: 's', run: 0, record: record(sweep, 0, 1, -10) }
    const parsed = parseSavedSweep(definition, [
      good,
      { sweepId: 's', run: 1, record: { ...record(sweep, 1, 1, -10), objective: 'high' } },
      { sweepId: 's', run: 2, record: record(sweep, 3, 1, -10) },
      { sweepId: 's', run: 9, record: { ...record(sweep, 1, 1, -1), run: 9 } },
      'junk',
    ])
    if (!parsed.ok) throw new Error(parsed.problem)
    expect(parsed.sweep.records).toEqual([good.record])
    expect(parsed.sweep.problems).toEqual([
      'run 1: objective: Invalid input: expected number, received string',
      'run 2: it is kept as run 2 but says run 3',
      'run 9: run 9 is past this sweep\'s last run, 5',
      'a run record: record: Invalid input: expected object, received string',
    ])
  })

  it('list a sweep record that is no sweep as damaged, with what is wrong', async () => {
    const library = await openLibrary()
    await library.saveSweep({ ...sweepRecordOf('bad', 1000, 'CliffWalking', sweep), definition: { ...sweepRecordOf('bad', 1000, 'CliffWalking', sweep).definition, seeds: 0 } })
    const listing = await library.listSweeps()
    expect(listing.sweeps).toEqual([])
    expect(listing.damaged).toEqual([{ key: 'bad', label: 'sweep "bad"', problem: 'its definition is no sweep: seeds: must be a whole number from 1 to 10000, got 0' }])
    await library.deleteSweep('bad')
    expect((await library.listSweeps()).damaged).toEqual([])
  })

  it('name a stored definition of 5000 problems in a short message: the first few, each quoting at most 40 characters, the rest counted', async () => {
    const good = sweepRecordOf('hostile', 1000, 'CliffWalking', sweep)
    const weights = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`nope${i}${'x'.repeat(100)}`, 1]))
    const definition = { ...good.definition, config: { ...good.definition.config, mix: { weights } } }
    const parsed = parseSavedSweep({ ...good, definition }, [])
    expect(parsed.ok).toBe(false)
    const problem = parsed.ok ? '' : parsed.problem
    expect(problem).toMatch(/^its definition is no sweep: config\.mix\.weights\.nope0x+…: .*; and 4992 more$/)
    expect(problem.length).toBeLessThan(2000)
    for (const quoted of problem.match(/"[^"]*"/g) ?? []) expect(quoted.length).toBeLessThanOrEqual(40 + 3)
  })

  it('refuse a stored definition past the page’s bound in points at once, before checking each point', () => {
    const good = sweepRecordOf('huge', 1000, 'CliffWalking', sweep)
    const values = Array.from({ length: 5000 }, (_, i) => `b${i}`).join(',')
    const started = Date.now()
    const parsed = parseSavedSweep({ ...good, definition: { ...good.definition, axes: [`w.hazard=${values}`] } }, [])
    expect(parsed).toMatchObject({ ok: false, problem: expect.stringMatching(/^its definition is no sweep: .*1000/) })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('name a hostile run record (a 10 KB key, control bytes) and a hostile sweep key briefly', async () => {
    const good = sweepRecordOf('s', 1000, 'CliffWalking', sweep)
    const long = `k\n${'y'.repeat(10_240)}`
    const parsed = parseSavedSweep(good, [{ sweepId: 's', run: 0, record: { ...record(sweep, 0, 1, -10), contributions: { [long]: 'x' } } }])
    if (!parsed.ok) throw new Error(parsed.problem)
    expect(parsed.sweep.problems).toHaveLength(1)
    expect(parsed.sweep.problems[0].length).toBeLessThan(200)
    expect(parsed.sweep.problems[0]).not.toContain('\n')
    const library = await openLibrary()
    await library.saveSweep({ ...good, id: `id${'z'.repeat(10_240)}`, envLabel: '' })
    const [damaged] = (await library.listSweeps()).damaged
    expect(damaged.label.length).toBeLessThan(60)
    expect(damaged.problem.length).toBeLessThan(400)
  })

  it('open a library of the version before sweeps and keep its runs and pins', async () => {
    const old = await openDB(LIBRARY_DB_NAME, 3, {
      upgrade(db) {
        db.createObjectStore(RUNS_STORE, { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt')
        db.createObjectStore(PINS_STORE, { keyPath: 'key' })
      },
    })
    await old.put(PINS_STORE, { key: 'pins', version: 1, pins: [] })
    old.close()
    const library = await openLibrary()
    expect(await library.loadPins()).toEqual({ ok: true, pins: [] })
    expect(await library.listSweeps()).toEqual({ sweeps: [], damaged: [] })
  })
})
