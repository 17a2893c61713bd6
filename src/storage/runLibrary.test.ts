import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultDesign } from '../model/design'
import { describeKey, LABELS_STORE, LIBRARY_DB_NAME, openRunLibrary, RunLibrary, RUNS_STORE } from './runLibrary'
import { tokenPairRecord } from '../core/preferences/tokenPairRecord'
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

  it('carries an exit checkpoint in over an older record only, under the stored name, and never back from deletion', async () => {
    const library = await openLibrary()
    await library.checkpoint(savedRun('a', 1000), true)
    await library.rename('a', 'kept name')
    expect(await library.restoreCheckpoint(savedRun('a', 2000, { envSteps: 700 }))).toBe(true)
    expect(await library.get('a')).toMatchObject({ name: 'kept name', envSteps: 700, updatedAt: 2000 })
    // A page that came back and saved again is newer than what it left as it closed.
    expect(await library.restoreCheckpoint(savedRun('a', 2000, { envSteps: 800 }))).toBe(false)
    expect(await library.restoreCheckpoint(savedRun('a', 1500, { envSteps: 800 }))).toBe(false)
    expect((await library.get('a'))?.envSteps).toBe(700)
    await library.delete('a')
    expect(await library.restoreCheckpoint(savedRun('a', 9000))).toBe(false)
    expect(await library.get('a')).toBeNull()
  })

  it('an exit checkpoint only extends its run: one with fewer steps than the saved run does not replace it, however late', async () => {
    const library = await openLibrary()
    await library.checkpoint(savedRun('a', 1000, { envSteps: 5000 }), true)
    expect(await library.restoreCheckpoint(savedRun('a', 9000, { envSteps: 10 }))).toBe(false)
    expect(await library.get('a')).toMatchObject({ envSteps: 5000, updatedAt: 1000 })
    expect(await library.restoreCheckpoint(savedRun('a', 9000, { envSteps: 5000 }))).toBe(true)
    expect(await library.get('a')).toMatchObject({ envSteps: 5000, updatedAt: 9000 })
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

describe('whole records, ranges included', () => {
  it('lists a record whose dates are past what a Date holds (or before 1970), or whose counts are not counts, as damaged, and keeps the rest', async () => {
    const library = await openLibrary()
    await library.put(savedRun('good', 1000))
    // 1e300 passes as a number but `new Date(1e300).toISOString()` throws: the list blanked the page.
    await writeRaw({ ...savedRun('far-future', 2000), name: 'far future', updatedAt: 1e300 })
    await writeRaw({ ...savedRun('past-the-range', 2000), createdAt: 8.64e15 + 1 })
    await writeRaw({ ...savedRun('before-1970', 2000), createdAt: -1 })
    await writeRaw({ ...savedRun('mark-time', 2000), marks: [{ envSteps: 150, at: 1e300, changes: { cliff: 2 }, changeId: 1 }] })
    await writeRaw({ ...savedRun('odd-steps', 2000), envSteps: 1e300 })
    await writeRaw({ ...savedRun('half-step', 2000), series: [{ envSteps: 100.5, wallSeconds: 1, shapedReturn: 0, objective: 0, contributions: {} }] })
    await writeRaw({ ...savedRun('endless-time', 2000), wallSeconds: Infinity })
    const listing = await library.list()
    expect(listing.runs.map((run) => run.id)).toEqual(['good'])
    const damaged = Object.fromEntries(listing.damaged.map((record) => [record.id, record.problem]))
    expect(Object.keys(damaged).sort()).toEqual(['before-1970', 'endless-time', 'far-future', 'half-step', 'mark-time', 'odd-steps', 'past-the-range'])
    expect(damaged['far-future']).toMatch(/^updatedAt: .*0 to 8\.64e15 ms/)
    expect(damaged['past-the-range']).toMatch(/^createdAt: /)
    expect(damaged['before-1970']).toMatch(/^createdAt: /)
    expect(damaged['mark-time']).toMatch(/^marks\.0\.at: /)
    expect(damaged['odd-steps']).toMatch(/^envSteps: .*whole number/)
    expect(damaged['half-step']).toMatch(/^series\.0\.envSteps: /)
    expect(damaged['endless-time']).toMatch(/^wallSeconds: /)
    // The edges of the range are fine.
    await library.put(savedRun('edges', 8.64e15, { createdAt: 0 }))
    expect((await library.list()).runs.map((run) => run.id)).toEqual(['edges', 'good'])
  })

  it('names a record whose id is not a string, and at most a few of its problems', async () => {
    const library = await openLibrary()
    await writeRaw({ ...savedRun('x', 1000), id: 42, series: Array.from({ length: 30 }, () => ({ envSteps: -1 })) })
    const [record] = (await library.list()).damaged
    expect(record).toMatchObject({ id: null, key: 42, label: 'run x' })
    expect(record.problem).toMatch(/^id: expected string/)
    expect(record.problem).toMatch(/; and \d+ more problems$/)
  })

  it('names hostile records briefly: a 10 KB key, name or series key, control bytes', async () => {
    const library = await openLibrary()
    const long = 'k'.repeat(10_240)
    await writeRaw({ ...savedRun(`id${long}`, 1000), name: `bad\nname ${long}`, series: [{ envSteps: 1, wallSeconds: 0, shapedReturn: 0, objective: 0, contributions: { [`c\u0000${long}`]: 'x' } }] })
    await writeRaw({ ...savedRun('y', 1000), id: [long, 1, long, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] })
    const { damaged } = await library.list()
    expect(damaged).toHaveLength(2)
    for (const record of damaged) {
      expect(record.label.length).toBeLessThan(120)
      expect(record.name === null || record.name.length <= 41).toBe(true)
      expect(record.problem.length).toBeLessThan(600)
      expect(`${record.label} ${record.name} ${record.problem}`).not.toMatch(/[\u0000-\u001f]/)
    }
  })
})

describe('deleting by key', () => {
  it('deletes a damaged record by its key whatever its type (a number, a date, an array)', async () => {
    const library = await openLibrary()
    await library.put(savedRun('good', 1000))
    await writeRaw({ ...savedRun('x', 2000), id: 42 })
    await writeRaw({ ...savedRun('y', 3000), id: new Date(5000), name: 7 })
    await writeRaw({ ...savedRun('z', 4000), id: [1, 'two'], name: undefined })
    const damaged = (await library.list()).damaged
    expect(damaged.map((record) => record.label).sort()).toEqual(['id 1970-01-01T00:00:05.000Z', 'id [1, "two"]', 'run x'])
    for (const record of damaged) await library.delete(record.key)
    const listing = await library.list()
    expect(listing.damaged).toEqual([])
    expect(listing.runs.map((run) => run.id)).toEqual(['good'])
  })
})

describe('names', () => {
  it('a new run whose name is taken gets the first free "(n)"; a rename to a taken name is refused', async () => {
    const library = await openLibrary()
    const named = (id: string, at: number) => savedRun(id, at, { name: 'CliffWalking · qlearning · seed 3' })
    expect(await library.checkpoint(named('a', 1000), true)).toMatchObject({ saved: true, run: { name: 'CliffWalking · qlearning · seed 3' } })
    expect(await library.checkpoint(named('b', 2000), true)).toMatchObject({ saved: true, run: { name: 'CliffWalking · qlearning · seed 3 (2)' } })
    expect(await library.checkpoint(named('c', 3000), true)).toMatchObject({ saved: true, run: { name: 'CliffWalking · qlearning · seed 3 (3)' } })
    // Later checkpoints keep the name each run has.
    expect(await library.checkpoint(named('b', 4000), false)).toMatchObject({ saved: true, run: { name: 'CliffWalking · qlearning · seed 3 (2)' } })
    await expect(library.rename('c', ' CliffWalking · qlearning · seed 3 ')).rejects.toThrow('another saved run is already named "CliffWalking · qlearning · seed 3"; accepted: a name no other saved run has')
    expect((await library.rename('c', 'CliffWalking · qlearning · seed 3 (3)')).name).toBe('CliffWalking · qlearning · seed 3 (3)')
    // A deleted run restored after its name was taken comes back numbered; the suffix fits in 80 characters.
    const deleted = (await library.get('a'))!
    await library.delete('a')
    await library.checkpoint(named('d', 5000), true)
    expect((await library.put(deleted)).name).toBe('CliffWalking · qlearning · seed 3 (4)')
    await library.put(savedRun('long', 6000, { name: 'x'.repeat(80) }))
    expect((await library.put(savedRun('long-2', 7000, { name: 'x'.repeat(80) }))).name).toBe(`${'x'.repeat(76)} (2)`)
    expect(new Set((await library.list()).runs.map((run) => run.name)).size).toBe(6)
  })

  it('opens a library written by the first version (no name index) and keeps its runs', async () => {
    const old = await openDB(LIBRARY_DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore(RUNS_STORE, { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt')
      },
    })
    await old.put(RUNS_STORE, savedRun('a', 1000, { name: 'same' }))
    await old.put(RUNS_STORE, savedRun('b', 2000, { name: 'same' }))
    old.close()
    const library = await openLibrary()
    expect((await library.list()).runs.map((run) => [run.id, run.name])).toEqual([
      ['b', 'same'],
      ['a', 'same'],
    ])
    expect(await library.checkpoint(savedRun('c', 3000, { name: 'same' }), true)).toMatchObject({ run: { name: 'same (2)' } })
  })
})

describe('storage taken away', () => {
  it('a database deleted from elsewhere (another tab, the browser clearing site data) closes the library saying so, not "updated"', async () => {
    const closures: unknown[] = []
    const opened = await openRunLibrary({ closed: (closure) => closures.push(closure) })
    if (!opened.ok) throw opened.error
    await opened.library.put(savedRun('a', 1000))
    // The deletion waits for this connection to close: the library steps aside at once.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(LIBRARY_DB_NAME)
      request.onsuccess = () => resolve()
      request.onerror = () => reject(request.error)
    })
    expect(closures).toEqual([{ deleted: true, error: expect.objectContaining({ kind: 'off', message: expect.stringMatching(/^saving is off: the saved runs were deleted/) }) }])
    await expect(opened.library.list()).rejects.toThrow(/^saving is off: the saved runs were deleted/)
    await expect(opened.library.checkpoint(savedRun('a', 2000), false)).rejects.toMatchObject({ kind: 'off' })
  })

  it('a newer version opened in another tab still says the app was updated, and the runs are kept', async () => {
    const closures: { deleted: boolean }[] = []
    const opened = await openRunLibrary({ closed: (closure) => closures.push(closure) })
    if (!opened.ok) throw opened.error
    await opened.library.put(savedRun('a', 1000))
    const newer = await openDB(LIBRARY_DB_NAME, 99)
    expect(closures).toMatchObject([{ deleted: false, error: { message: expect.stringMatching(/^saving is off: the app was updated in another tab/) } }])
    expect(await newer.count(RUNS_STORE)).toBe(1)
    newer.close()
  })

  it('a connection the browser closes without a word (Chromium clearing site data) closes the library, saying whether the runs are gone', async () => {
    const closures: { deleted: boolean; error: { message: string } }[] = []
    const opened = await openRunLibrary({ closed: (closure) => closures.push(closure) })
    if (!opened.ok) throw opened.error
    await opened.library.put(savedRun('a', 1000))
    // Chromium's "Clear site data": no close or versionchange event, the next transaction throws, the database is gone.
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(() => {
      throw new DOMException("Failed to execute 'transaction' on 'IDBDatabase': The database connection is closing.", 'InvalidStateError')
    })
    vi.spyOn(indexedDB, 'databases').mockResolvedValue([])
    await expect(opened.library.checkpoint(savedRun('a', 2000), false)).rejects.toThrow(/^saving is off: the saved runs were deleted/)
    expect(closures).toMatchObject([{ deleted: true }])
    await expect(opened.library.list()).rejects.toThrow(/^saving is off: the saved runs were deleted/)

    // Where the database is still there (or the browser cannot say), the runs are not called deleted.
    vi.restoreAllMocks()
    const again = await openRunLibrary({ closed: (closure) => closures.push(closure) })
    if (!again.ok) throw again.error
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(() => {
      throw new DOMException('The database connection is closing.', 'InvalidStateError')
    })
    await expect(again.library.list()).rejects.toThrow(/^saving is off: the browser closed the saved runs/)
    expect(closures[1]).toMatchObject({ deleted: false })
  })
})

describe('the labels store', () => {
  const labelRecord = (choice: 'a' | 'b' | 'tie') => {
    const { label: _label, ...pair } = tokenPairRecord({ prompt: [2, 2], tokens: [4, 11], maxLength: 8 }, { prompt: [2, 2], tokens: [5, 11], maxLength: 8 }, 'a')
    return { version: 1 as const, createdAt: 5, source: 'user' as const, choice, pair }
  }

  it('keeps labels across connections, in the order labelled, and clears them', async () => {
    const library = await openLibrary()
    const kept = await library.addLabels([labelRecord('a'), labelRecord('tie')])
    expect(kept.map((label) => label.id)).toEqual([1, 2])
    await library.addLabels([labelRecord('b')])
    library.close('test')
    const again = await openLibrary()
    const listing = await again.listLabels()
    expect(listing.damaged).toEqual([])
    expect(listing.labels.map((label) => [label.id, label.choice])).toEqual([[1, 'a'], [2, 'tie'], [3, 'b']])
    expect(listing.labels[0]).toEqual({ ...labelRecord('a'), id: 1 })
    await again.deleteLabels()
    expect((await again.listLabels()).labels).toEqual([])
  })

  it('lists a damaged record by its key with what is wrong, and deletes it by that key', async () => {
    const library = await openLibrary()
    await library.addLabels([labelRecord('a')])
    library.close('test')
    const db = await openDB(LIBRARY_DB_NAME)
    await db.put(LABELS_STORE, { ...labelRecord('b'), id: 9, pair: { ...labelRecord('b').pair, a: { features: {}, gold: 1 } } })
    db.close()
    const again = await openLibrary()
    const listing = await again.listLabels()
    expect(listing.labels.map((label) => label.id)).toEqual([1])
    expect(listing.damaged).toEqual([{ key: 9, label: 'label 9', problem: expect.stringMatching(/^pair: a\.features is empty/) }])
    await again.deleteLabels([9])
    expect((await again.listLabels()).damaged).toEqual([])
  })

  it('reads many labels back in pages, the same as one read, saying how far it got', async () => {
    const library = await openLibrary()
    await library.addLabels(Array.from({ length: 2500 }, (_, i) => labelRecord(i % 3 === 0 ? 'a' : i % 3 === 1 ? 'b' : 'tie')))
    const db = await openDB(LIBRARY_DB_NAME)
    await db.put(LABELS_STORE, { ...labelRecord('b'), id: 1200, pair: { ...labelRecord('b').pair, a: { features: {}, gold: 1 } } })
    db.close()
    const progress: number[] = []
    const listing = await library.listLabels({ pageSize: 1000, onProgress: (read) => progress.push(read) })
    expect(listing.labels.map((label) => label.id)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1).filter((id) => id !== 1200))
    expect(listing.damaged.map((record) => record.key)).toEqual([1200])
    expect(progress).toEqual([1000, 2000, 2500])
  })

  it('adds many labels in one transaction, in chunks, saying how far it got', async () => {
    const library = await openLibrary()
    const progress: number[] = []
    const kept = await library.addLabels(Array.from({ length: 2500 }, () => labelRecord('a')), { chunkSize: 1000, onProgress: (done) => progress.push(done) })
    expect(kept.map((label) => label.id)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1))
    expect(progress).toEqual([1000, 2000, 2500])
    expect((await library.listLabels()).labels).toHaveLength(2500)
  })

  it('an add that fails part way keeps none of it', async () => {
    const library = await openLibrary()
    const records = Array.from({ length: 2500 }, () => labelRecord('a'))
    // A value IndexedDB cannot clone, in the last chunk.
    ;(records[2400] as unknown as { pair: unknown }).pair = { f: () => 1 }
    await expect(library.addLabels(records, { chunkSize: 1000 })).rejects.toThrow()
    expect((await library.listLabels()).labels).toEqual([])
  })

  it('upgrades a version 4 library, keeping its runs, with an empty labels store', async () => {
    const old = await openDB(LIBRARY_DB_NAME, 4, {
      upgrade(db) {
        db.createObjectStore(RUNS_STORE, { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt')
        db.createObjectStore('pins', { keyPath: 'key' })
        db.createObjectStore('sweeps', { keyPath: 'id' })
        db.createObjectStore('sweepRuns', { keyPath: ['sweepId', 'run'] })
      },
    })
    await old.put(RUNS_STORE, savedRun('kept', 2000))
    old.close()
    const library = await openLibrary()
    expect((await library.list()).runs.map((run) => run.id)).toEqual(['kept'])
    expect(await library.listLabels()).toEqual({ labels: [], damaged: [] })
  })
})

describe('keys as a message names them', () => {
  it('quote at most 40 characters of a key and list at most 10 parts of an array key', () => {
    expect(describeKey(42)).toBe('42')
    expect(describeKey('x')).toBe('"x"')
    expect(describeKey(`a\n${'b'.repeat(10_240)}`)).toBe(`"a\\n${'b'.repeat(36)}…`)
    expect(describeKey(Array.from({ length: 5000 }, (_, i) => i))).toBe('[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, and 4990 more]')
  })
})
