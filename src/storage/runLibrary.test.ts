import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultDesign } from '../model/design'
import { LIBRARY_DB_NAME, openRunLibrary, RunLibrary, RUNS_STORE } from './runLibrary'
import type { SavedRun } from './savedRun'
import { STORAGE_FULL_MESSAGE } from './storageErrors'

function savedRun(id: string, updatedAt: number, overrides: Partial<SavedRun> = {}): SavedRun {
  return {
    version: 1,
    id,
    name: `run ${id}`,
    createdAt: updatedAt - 1000,
    updatedAt,
    status: 'paused',
    design: defaultDesign('cliffwalking', 3),
    envLabel: 'CliffWalking',
    learner: 'qlearning',
    series: [
      { envSteps: 100, wallSeconds: 0.5, shapedReturn: -120, objective: -120, contributions: { step: -20, cliff: -100 } },
      { envSteps: 200, wallSeconds: 1, shapedReturn: -40, objective: -40, contributions: { step: -40, cliff: 0 } },
    ],
    marks: [{ envSteps: 150, at: updatedAt - 500, changes: { cliff: 2 }, changeId: 1 }],
    final: { shapedReturn: -80, objective: -80, length: 40 },
    envSteps: 200,
    wallSeconds: 1,
    diagnosis: null,
    ...overrides,
  }
}

async function openLibrary(): Promise<RunLibrary> {
  const opened = await openRunLibrary()
  if (!opened.ok) throw opened.error
  return opened.library
}

/** Write a record as it is, past the library's checks (what a damaged or foreign record looks like). */
async function writeRaw(record: object): Promise<void> {
  const db = await openDB(LIBRARY_DB_NAME)
  await db.put(RUNS_STORE, record)
  db.close()
}

beforeEach(() => {
  // A fresh, empty IndexedDB for every test.
  globalThis.indexedDB = new IDBFactory()
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('run library', () => {
  it('keeps runs across connections and lists them newest first', async () => {
    const library = await openLibrary()
    await library.put(savedRun('a', 1000))
    await library.put(savedRun('b', 3000))
    await library.put(savedRun('c', 2000))
    library.close('test')
    const reopened = await openLibrary()
    const listing = await reopened.list()
    expect(listing.runs.map((run) => run.id)).toEqual(['b', 'c', 'a'])
    expect(listing.damaged).toEqual([])
    expect(listing.bytes.get('a')).toBeGreaterThan(500)
    const got = await reopened.get('c')
    expect(got?.series).toEqual(savedRun('c', 2000).series)
    expect(got?.design).toEqual(defaultDesign('cliffwalking', 3))
    expect(got?.marks[0].changes).toEqual({ cliff: 2 })
    expect(await reopened.get('missing')).toBeNull()
  })

  it('keeps a NaN episode length (none known yet) through a write and a read', async () => {
    const library = await openLibrary()
    await library.put(savedRun('a', 1000, { final: { shapedReturn: -3, objective: -3, length: NaN } }))
    expect((await library.get('a'))?.final.length).toBeNaN()
  })

  it('renames a run trimmed, and refuses empty, too long or multi-line names, keeping the old one', async () => {
    const library = await openLibrary()
    await library.put(savedRun('a', 1000))
    expect((await library.rename('a', '  cliff, low weight  ')).name).toBe('cliff, low weight')
    await expect(library.rename('a', '   ')).rejects.toThrow("a run's name cannot be empty; accepted: 1 to 80 characters")
    await expect(library.rename('a', 'x'.repeat(81))).rejects.toThrow("a run's name is at most 80 characters; this one has 81")
    await expect(library.rename('a', 'two\nlines')).rejects.toThrow('control characters')
    expect((await library.get('a'))?.name).toBe('cliff, low weight')
    expect((await library.rename('a', 'y'.repeat(80))).name).toHaveLength(80)
    await expect(library.rename('gone', 'name')).rejects.toThrow('this run is no longer saved')
  })

  it('deletes a run; deleting one that is not there does nothing', async () => {
    const library = await openLibrary()
    await library.put(savedRun('a', 1000))
    await library.put(savedRun('b', 2000))
    await library.delete('a')
    await library.delete('a')
    expect((await library.list()).runs.map((run) => run.id)).toEqual(['b'])
  })

  it('a checkpoint keeps the name the run was given meanwhile and does not bring back a deleted run', async () => {
    const library = await openLibrary()
    expect(await library.checkpoint(savedRun('a', 1000), true)).toMatchObject({ saved: true })
    await library.rename('a', 'my run')
    const second = await library.checkpoint(savedRun('a', 2000, { envSteps: 400 }), false)
    expect(second).toMatchObject({ saved: true, run: { name: 'my run', envSteps: 400 } })
    expect((await library.get('a'))?.name).toBe('my run')
    await library.delete('a')
    expect(await library.checkpoint(savedRun('a', 3000), false)).toEqual({ saved: false })
    expect(await library.get('a')).toBeNull()
  })

  it('skips damaged records and names each, listing the good ones', async () => {
    const library = await openLibrary()
    await library.put(savedRun('good', 1000))
    await writeRaw({ ...savedRun('bad-env', 2000), name: 'odd env', design: { ...defaultDesign('cliffwalking'), envId: 'nowhere' } })
    await writeRaw({ ...savedRun('bad-series', 3000), series: [{ envSteps: 'lots' }] })
    const { updatedAt: _dropped, ...noTime } = savedRun('no-time', 4000)
    await writeRaw(noTime)
    await writeRaw({ ...savedRun('bad-weight', 5000), design: { ...defaultDesign('cliffwalking'), weights: { cliff: 1e9, step: 1 } } })
    const listing = await library.list()
    expect(listing.runs.map((run) => run.id)).toEqual(['good'])
    const damaged = Object.fromEntries(listing.damaged.map((record) => [record.id, record]))
    expect(Object.keys(damaged).sort()).toEqual(['bad-env', 'bad-series', 'bad-weight', 'no-time'])
    expect(damaged['bad-env'].name).toBe('odd env')
    expect(damaged['bad-env'].problem).toContain('unknown environment "nowhere"')
    expect(damaged['bad-series'].problem).toContain('series.0.envSteps')
    expect(damaged['no-time'].problem).toContain('updatedAt')
    expect(damaged['bad-weight'].problem).toContain('weights.cliff')
    await expect(library.get('bad-env')).rejects.toThrow('the saved run "odd env" is damaged: design: unknown environment')
  })

  it('a full quota gives the storage-full message, and the library stays as it was', async () => {
    const library = await openLibrary()
    await library.put(savedRun('a', 1000))
    // The browser refuses the write as Chromium does when the site's quota is used up.
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    await expect(library.put(savedRun('b', 2000))).rejects.toMatchObject({ kind: 'full', message: STORAGE_FULL_MESSAGE })
    await expect(library.checkpoint(savedRun('a', 3000, { envSteps: 999 }), false)).rejects.toThrow(/^storage is full: delete saved runs/)
    vi.restoreAllMocks()
    const listing = await library.list()
    expect(listing.runs.map((run) => [run.id, run.envSteps])).toEqual([['a', 200]])
  })

  it('without IndexedDB, or where the browser refuses it, saving is off and nothing throws', async () => {
    // @ts-expect-error: a browser (or a private window) without IndexedDB
    globalThis.indexedDB = undefined
    const missing = await openRunLibrary()
    expect(missing).toMatchObject({ ok: false, error: { kind: 'off' } })
    expect(!missing.ok && missing.error.message).toMatch(/^saving is off: this browser offers no IndexedDB/)

    globalThis.indexedDB = new IDBFactory()
    vi.spyOn(globalThis.indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError')
    })
    const refused = await openRunLibrary()
    expect(refused).toMatchObject({ ok: false, error: { kind: 'off' } })
    expect(!refused.ok && refused.error.message).toMatch(/^saving is off: the browser refuses this site storage \(InvalidStateError/)
  })

  it('a closed library says saving is off instead of failing oddly', async () => {
    const library = await openLibrary()
    library.close('the app was updated in another tab; reload this page to keep saving')
    await expect(library.list()).rejects.toThrow('saving is off: the app was updated in another tab')
    await expect(library.put(savedRun('a', 1))).rejects.toMatchObject({ kind: 'off' })
  })
})
