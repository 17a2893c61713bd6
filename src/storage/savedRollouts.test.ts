import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { beforeEach, describe, expect, it } from 'vitest'
import { keptTableOf, tableFromKept } from '../core/rollouts/keptTable'
import { jsonl, tableOf } from '../core/rollouts/testTables'
import { LABELS_STORE, LIBRARY_DB_NAME, openRunLibrary, ROLLOUT_COLUMNS_STORE, ROLLOUTS_STORE, RUNS_STORE, type RunLibrary } from './runLibrary'
import { MAX_KEPT_ROLLOUT_BYTES, MAX_KEPT_ROLLOUT_FILES, rolloutsToRemove, savedRolloutsOf, type SavedRolloutsHeader } from './savedRollouts'

/* Rollout files kept in IndexedDB: the table whole across connections, bounded, listed without reading the tables, damaged records named. */

const TABLE = tableOf(
  jsonl([
    { group: 'a', text: 'first', rewards: { r: 1, s: 0.5 } },
    { group: 'a', text: 'second', rewards: { r: 0, s: null } },
    { group: 'b', text: 'third', rewards: { r: 2, s: 1 } },
    { group: 'b', text: 'fourth', rewards: { r: 3, s: 1 } },
  ]),
)

const record = (id: string, name: string, savedAt: number, fileBytes = 100) => savedRolloutsOf(id, name, savedAt, keptTableOf(TABLE), fileBytes)

async function openLibrary(): Promise<RunLibrary> {
  const opened = await openRunLibrary()
  if (!opened.ok) throw opened.error
  return opened.library
}

function header(id: string, savedAt: number, bytes: number, name = id): SavedRolloutsHeader {
  return { ...record(id, name, savedAt).header, bytes }
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
})

describe('kept rollout files', () => {
  it('keep a table across connections, list it newest first, and give it back whole', async () => {
    const library = await openLibrary()
    expect(await library.keepRollouts(record('x', 'older.jsonl', 1000))).toEqual({ kept: true, dropped: [] })
    expect(await library.keepRollouts(record('y', 'newer.jsonl', 2000))).toEqual({ kept: true, dropped: [] })
    library.close('test')
    const reopened = await openLibrary()
    const listing = await reopened.listRollouts()
    expect(listing.damaged).toEqual([])
    expect(listing.files.map((file) => [file.name, file.count, file.steps, file.components, file.savedAt])).toEqual([
      ['newer.jsonl', 4, 1, 2, 2000],
      ['older.jsonl', 4, 1, 2, 1000],
    ])
    const kept = await reopened.getRollouts('x')
    const parsed = tableFromKept(kept.columns.table)
    if (!parsed.ok) throw new Error(parsed.problem)
    expect(parsed.table).toEqual(TABLE)
  })

  it('replace the same file opened again, and keep another of the same name', async () => {
    const library = await openLibrary()
    await library.keepRollouts(record('x', 'run.jsonl', 1000))
    await library.keepRollouts(record('y', 'run.jsonl', 2000))
    await library.keepRollouts(record('z', 'run.jsonl', 3000, 999))
    expect((await library.listRollouts()).files.map((file) => [file.id, file.savedAt])).toEqual([
      ['z', 3000],
      ['y', 2000],
    ])
    library.close('test')
    const db = await openDB(LIBRARY_DB_NAME)
    expect(await db.getAllKeys(ROLLOUT_COLUMNS_STORE)).toEqual(['y', 'z'])
    db.close()
  })

  it(`drop the oldest beyond ${MAX_KEPT_ROLLOUT_FILES} files or ${MAX_KEPT_ROLLOUT_BYTES / 2 ** 20} MB, and keep none larger than that alone`, async () => {
    const mb = 2 ** 20
    const twenty = Array.from({ length: MAX_KEPT_ROLLOUT_FILES }, (_, k) => header(`f${k}`, 1000 + k, mb))
    // A 21st file: the oldest goes.
    expect(rolloutsToRemove(twenty, header('new', 5000, mb)).dropped.map((each) => each.id)).toEqual(['f0'])
    // 100 + 100 + 50 MB kept; 120 MB more is 370 MB: the two oldest go (250 MB → 170 MB).
    const three = [header('a', 1, 100 * mb), header('b', 2, 100 * mb), header('c', 3, 50 * mb)]
    expect(rolloutsToRemove(three, header('d', 4, 120 * mb))).toEqual({ replaced: [], dropped: [three[0], three[1]] })
    expect(rolloutsToRemove(three, header('d', 4, 6 * mb)).dropped).toEqual([])

    const library = await openLibrary()
    await library.keepRollouts(record('small', 'small.jsonl', 1000))
    const huge = record('huge', 'huge.jsonl', 2000)
    huge.header.bytes = MAX_KEPT_ROLLOUT_BYTES + 1
    expect(await library.keepRollouts(huge)).toEqual({ kept: false, reason: 'it takes 257 MB, more than the 256 MB this browser keeps of rollout files; open it from its file again next time' })
    expect((await library.listRollouts()).files.map((file) => file.id)).toEqual(['small'])
  })

  it('delete a file with its table, give it back for Undo, and put it back as it was', async () => {
    const library = await openLibrary()
    const kept = record('x', 'run.jsonl', 1000)
    await library.keepRollouts(kept)
    const deleted = await library.deleteRollouts('x')
    expect(deleted?.header).toEqual(kept.header)
    expect((await library.listRollouts()).files).toEqual([])
    await expect(library.getRollouts('x')).rejects.toThrow('this rollout file is no longer kept')
    await library.keepRollouts(deleted!)
    expect((await library.getRollouts('x')).columns.table.values).toEqual(kept.columns.table.values)
    expect(await library.deleteRollouts('none')).toBeNull()
  })

  it('list a damaged header with its problem, name damaged columns when opened, and delete either', async () => {
    const library = await openLibrary()
    await library.keepRollouts(record('good', 'good.jsonl', 1000))
    await library.keepRollouts(record('torn', 'torn.jsonl', 2000))
    library.close('test')
    const db = await openDB(LIBRARY_DB_NAME)
    await db.put(ROLLOUTS_STORE, { ...record('bad', 'bad.jsonl', 3000).header, count: -1 })
    await db.put(ROLLOUTS_STORE, { id: 7 })
    const torn = record('torn', 'torn.jsonl', 2000).columns
    torn.table.values[0][1] = Infinity
    await db.put(ROLLOUT_COLUMNS_STORE, torn)
    db.close()

    const reopened = await openLibrary()
    const listing = await reopened.listRollouts()
    expect(listing.files.map((file) => file.id)).toEqual(['torn', 'good'])
    expect(listing.damaged).toEqual([
      { key: 7, label: 'rollout file 7', problem: expect.stringMatching(/^version: Invalid input: expected 1; id: Invalid input: expected string, received number; .*; and 3 more$/) },
      { key: 'bad', label: 'rollout file "bad.jsonl"', problem: 'count: Too small: expected number to be >=1' },
    ])
    await expect(reopened.getRollouts('torn')).rejects.toThrow(
      'the kept rollout file "torn.jsonl" is damaged: its table: values[0] holds Infinity at completion 1; accepted: a finite number, or NaN where it does not apply',
    )
    await reopened.deleteRollouts(7)
    await reopened.deleteRollouts('bad')
    await reopened.deleteRollouts('torn')
    expect(await reopened.listRollouts()).toEqual({ files: [expect.objectContaining({ id: 'good' })], damaged: [] })
  })

  it('keep the lengths in tokens, and open a table kept before they were', async () => {
    const withTokens = tableOf(jsonl([
      { group: 'a', tokens: 12, rewards: { r: 1 } },
      { group: 'a', rewards: { r: 0 } },
    ]))
    const library = await openLibrary()
    await library.keepRollouts(savedRolloutsOf('t', 'tokens.jsonl', 1000, keptTableOf(withTokens), 80))
    await library.keepRollouts(record('old', 'old.jsonl', 2000))
    library.close('test')
    // The older record, as it was written before the column: no tokenLengths key at all.
    const db = await openDB(LIBRARY_DB_NAME)
    const old = record('old', 'old.jsonl', 2000).columns
    delete old.table.tokenLengths
    await db.put(ROLLOUT_COLUMNS_STORE, old)
    db.close()

    const reopened = await openLibrary()
    const tokens = tableFromKept((await reopened.getRollouts('t')).columns.table)
    if (!tokens.ok) throw new Error(tokens.problem)
    expect(Array.from(tokens.table.tokenLengths!)).toEqual([12, -1])
    const older = tableFromKept((await reopened.getRollouts('old')).columns.table)
    if (!older.ok) throw new Error(older.problem)
    expect(older.table.tokenLengths).toBeNull()
    expect(older.table).toEqual(TABLE)
  })

  it('name columns that are not the table the list says', async () => {
    const library = await openLibrary()
    const kept = record('x', 'run.jsonl', 1000)
    await library.keepRollouts({ ...kept, header: { ...kept.header, count: 5 } })
    await expect(library.getRollouts('x')).rejects.toThrow('is damaged: its table holds 4 completions over 1 steps and 2 components, where the list says 5, 1 and 2')
  })

  it('open a library of the version before rollout files and keep its runs and labels', async () => {
    const old = await openDB(LIBRARY_DB_NAME, 5, {
      upgrade(db) {
        db.createObjectStore(RUNS_STORE, { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt')
        db.createObjectStore(LABELS_STORE, { keyPath: 'id', autoIncrement: true })
      },
    })
    await old.put(RUNS_STORE, { id: 'kept', name: 'a run' })
    await old.add(LABELS_STORE, { kind: 'label' })
    old.close()
    const library = await openLibrary()
    expect(await library.listRollouts()).toEqual({ files: [], damaged: [] })
    library.close('test')
    const db = await openDB(LIBRARY_DB_NAME)
    expect(await db.getAll(RUNS_STORE)).toEqual([{ id: 'kept', name: 'a run' }])
    expect(await db.count(LABELS_STORE)).toBe(1)
    db.close()
  })
})
