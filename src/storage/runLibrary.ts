import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore } from 'idb'
import { QUOTED_LENGTH, truncate } from '../core/truncate'
import { yieldToPage } from './yieldToPage'
import { parseSavedPins, PINS_KEY, type ParsedPins, type SavedPinsRecord } from './savedPins'
import { parseSavedSweep, type ParsedSweep, type SavedSweepRecord, type SavedSweepRun } from './savedSweep'
import { numberedRunName, parseSavedRun, savedRunBytes, validateRunName, type SavedRun } from './savedRun'
import { LibraryError, libraryError, savingOff } from './storageErrors'
import { parseSavedLabel, type SavedLabel, type SavedLabelRecord } from './savedLabel'
import { notKeptBecause, parseSavedRolloutsColumns, parseSavedRolloutsHeader, rolloutsToRemove, type SavedRollouts, type SavedRolloutsColumns, type SavedRolloutsHeader } from './savedRollouts'

/*
 * The run library: saved runs in the browser's IndexedDB, one record per run. Every write is one
 * transaction, so a tab closed mid-write keeps the previous version of that record and every other
 * record whole. Records are validated when read back; a damaged one is skipped and named, and can be
 * deleted by its key. No two runs share a name: a new run whose name is taken is numbered "(2)", "(3)".
 */

export const LIBRARY_DB_NAME = 'reward-playground'
/** Raise with an upgrade step when the stores or indexes change. 2: the index on `name`; 3: the pins store; 4: the sweeps' stores; 5: the labels store; 6: the rollout files' stores. */
export const LIBRARY_DB_VERSION = 6
export const RUNS_STORE = 'runs'
export const PINS_STORE = 'pins'
/** A sweep's definition per record (savedSweep.ts), keyed by its id. */
export const SWEEPS_STORE = 'sweeps'
/** A sweep's finished runs, one record each, keyed by [sweep id, run index]. */
export const SWEEP_RUNS_STORE = 'sweepRuns'
/** The Label pairs panel's labelled pairs, one record each (savedLabel.ts), keyed by a number the store gives. */
export const LABELS_STORE = 'labels'
/** The rollout files kept (savedRollouts.ts): a header each, listed, keyed by its id… */
export const ROLLOUTS_STORE = 'rollouts'
/** …and its table's columns under the same id, read only to open it. */
export const ROLLOUT_COLUMNS_STORE = 'rolloutColumns'
/** A browser that neither opens nor refuses the database within this time counts as refusing it. */
const OPEN_TIMEOUT_MS = 10_000

/** Keys are whatever the records' `id` holds: a string for a run, anything IndexedDB takes for a damaged record. */
interface LibrarySchema extends DBSchema {
  runs: { key: IDBValidKey; value: SavedRun; indexes: { updatedAt: number; name: string } }
  pins: { key: string; value: SavedPinsRecord }
  sweeps: { key: IDBValidKey; value: SavedSweepRecord }
  sweepRuns: { key: [string, number]; value: SavedSweepRun }
  labels: { key: IDBValidKey; value: SavedLabelRecord | SavedLabel }
  rollouts: { key: IDBValidKey; value: SavedRolloutsHeader }
  rolloutColumns: { key: IDBValidKey; value: SavedRolloutsColumns }
}

/**
 * A record that could not be read back as a run: its key in the store (deletes it, whatever its
 * type), its id when that is a string (null otherwise), its name if any, what the list calls it, and why.
 */
export interface DamagedRecord {
  key: IDBValidKey
  id: string | null
  name: string | null
  label: string
  problem: string
}

/** Why the library closed under the page: deleted (the browser cleared the site's data, another tab deleted it) or not. */
export interface LibraryClosure {
  deleted: boolean
  error: LibraryError
}

export interface LibraryEvents {
  /** The connection closed under the page; every later call throws `error`. */
  closed?(closure: LibraryClosure): void
}

export interface LibraryListing {
  /** Newest first (by the time of their last checkpoint). */
  runs: SavedRun[]
  damaged: DamagedRecord[]
  /** Each run's size as JSON (UTF-8 bytes), by id. */
  bytes: Map<string, number>
}

/** What one checkpoint did: wrote the run (under the name it has in the library), or found it deleted. */
export type CheckpointResult = { saved: true; run: SavedRun } | { saved: false }

/** The browser's own figures for this site's storage (navigator.storage.estimate), when it gives them. */
export interface StorageEstimate {
  usage: number
  quota: number
}

/** The labelled pairs in the order they were labelled, and the records that could not be read as one. */
export interface LabelListing {
  labels: SavedLabel[]
  damaged: { key: IDBValidKey; label: string; problem: string }[]
}

/** How many labels to store or read at a time, and what to tell as each chunk is done (the count so far). */
export interface LabelProgress {
  chunkSize?: number
  pageSize?: number
  onProgress?: (done: number) => void
}

/** Labels stored or read back at a time: a few tens of milliseconds of the page's work each. */
export const LABEL_CHUNK = 2000

/** The saved sweeps, newest first, and the records that could not be read as one. */
export interface SweepListing {
  sweeps: ParsedSweep[]
  damaged: { key: IDBValidKey; label: string; problem: string }[]
}

/** The rollout files kept, newest first, and the headers that could not be read as one. */
export interface RolloutsListing {
  files: SavedRolloutsHeader[]
  damaged: { key: IDBValidKey; label: string; problem: string }[]
}

/** What keeping a rollout file did: kept it (dropping the oldest beyond the bounds), or not, and why. */
export type KeepRolloutsResult = { kept: true; dropped: SavedRolloutsHeader[] } | { kept: false; reason: string }

export type OpenedLibrary = { ok: true; library: RunLibrary } | { ok: false; error: LibraryError }

/**
 * Open the library; never throws. Where IndexedDB is missing, refused (private windows), blocked by
 * an older tab, or silent, the result says "saving is off: <reason>".
 */
export async function openRunLibrary(events: LibraryEvents = {}): Promise<OpenedLibrary> {
  if (typeof indexedDB === 'undefined' || indexedDB === null) {
    return { ok: false, error: savingOff('this browser offers no IndexedDB here (a private window, or site data turned off). The app works as usual, but runs are not kept after the page closes') }
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  let library: RunLibrary | null = null
  let opening: Promise<IDBPDatabase<LibrarySchema>>
  try {
    opening = openDB<LibrarySchema>(LIBRARY_DB_NAME, LIBRARY_DB_VERSION, {
      upgrade(db, oldVersion, _newVersion, transaction) {
        if (oldVersion < 1) db.createObjectStore(RUNS_STORE, { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt')
        // Names are looked up to keep them apart; a record without a string name is not indexed.
        if (oldVersion < 2) transaction.objectStore(RUNS_STORE).createIndex('name', 'name')
        // The Compare view's pins, one record (savedPins.ts).
        if (oldVersion < 3) db.createObjectStore(PINS_STORE, { keyPath: 'key' })
        // Sweeps: a definition each, and each finished run on its own, written as it finishes.
        if (oldVersion < 4) {
          db.createObjectStore(SWEEPS_STORE, { keyPath: 'id' })
          db.createObjectStore(SWEEP_RUNS_STORE, { keyPath: ['sweepId', 'run'] })
        }
        // Labelled pairs, a record each, numbered in the order they were labelled.
        if (oldVersion < 5) db.createObjectStore(LABELS_STORE, { keyPath: 'id', autoIncrement: true })
        // Rollout files opened in the page: a small header to list, the columns apart.
        if (oldVersion < 6) {
          db.createObjectStore(ROLLOUTS_STORE, { keyPath: 'id' })
          db.createObjectStore(ROLLOUT_COLUMNS_STORE, { keyPath: 'id' })
        }
      },
      // Another tab deletes the database (newVersion null) or a newer app upgrades it: step aside rather than block it.
      blocking(_currentVersion, newVersion) {
        if (newVersion === null) library?.close(DELETED_REASON, true)
        else library?.close('the app was updated in another tab; reload this page to keep saving', false)
      },
      // The browser closed the connection itself (site data cleared, storage failing): say whether the database is gone.
      terminated() {
        void library?.connectionLost()
      },
    })
  } catch (error) {
    // Some browsers refuse at once (a private window's InvalidStateError).
    return { ok: false, error: libraryError(error, 'open the saved runs') }
  }
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(savingOff('the browser did not open its storage (another tab of an older version may hold it open; close it and reload)')), OPEN_TIMEOUT_MS)
  })
  try {
    const db = await Promise.race([opening, timeout])
    library = new RunLibrary(db, events)
    return { ok: true, library }
  } catch (error) {
    // A late success after the timeout must not leave a connection open.
    opening.then((db) => db.close()).catch(() => {})
    return { ok: false, error: libraryError(error, 'open the saved runs') }
  } finally {
    clearTimeout(timer)
  }
}

const DELETED_REASON =
  "the saved runs were deleted (the browser's site data was cleared, or another tab deleted them), and this page saves nothing more; reload it to save runs again"
const CLOSED_REASON = "the browser closed the saved runs (its site data may have been cleared, or its storage failed); reload the page to keep saving"

/** True or false where the browser lists its databases (indexedDB.databases), null where it cannot say. */
async function libraryExists(): Promise<boolean | null> {
  try {
    const databases = await indexedDB.databases()
    return databases.some((database) => database.name === LIBRARY_DB_NAME)
  } catch {
    return null
  }
}

/** The most parts of an array key a message lists; the rest are counted. */
const MAX_KEY_PARTS = 10

/** A key as the list names it: `42`, `"x"` (at most 40 characters), an ISO date, `[1, "two"]` (at most 10 parts), or what kind of key it is. */
export function describeKey(key: IDBValidKey): string {
  if (typeof key === 'number') return String(key)
  if (typeof key === 'string') return truncate(JSON.stringify(key.slice(0, QUOTED_LENGTH + 1)))
  if (key instanceof Date) return key.toISOString()
  if (Array.isArray(key)) {
    const rest = key.length - MAX_KEY_PARTS
    return `[${key.slice(0, MAX_KEY_PARTS).map(describeKey).join(', ')}${rest > 0 ? `, and ${rest} more` : ''}]`
  }
  return `a binary key of ${key.byteLength} bytes`
}

type RunsStore = IDBPObjectStore<LibrarySchema, ['runs'], 'runs', 'readwrite'>

/** Whether a record other than `id` has this name. */
async function nameTaken(store: RunsStore, name: string, id: string): Promise<boolean> {
  const holders = await store.index('name').getAllKeys(name)
  return holders.some((key) => key !== id)
}

/** The name itself where no other run has it, else the first free "name (n)". */
async function freeName(store: RunsStore, name: string, id: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = numberedRunName(name, n)
    if (!(await nameTaken(store, candidate, id))) return candidate
  }
}

/** The saved runs. Every method throws LibraryError only, with one clear message. */
export class RunLibrary {
  private closedBecause: string | null = null

  constructor(
    private readonly db: IDBPDatabase<LibrarySchema>,
    private readonly events: LibraryEvents = {},
  ) {}

  /** Write a whole run (a new one, or a deleted one restored) in one transaction, numbered where its name is taken; returns it as saved. */
  async put(run: SavedRun): Promise<SavedRun> {
    const db = this.open()
    try {
      const tx = db.transaction(RUNS_STORE, 'readwrite')
      const written = { ...run, name: await freeName(tx.store, run.name, run.id) }
      await Promise.all([tx.store.put(written), tx.done])
      return written
    } catch (error) {
      throw await this.failure(error, `save the run "${run.name}"`)
    }
  }

  /**
   * Write a checkpoint of a run being trained, in one transaction: the name it has in the library
   * wins (it may have been renamed meanwhile), and a run deleted meanwhile is not brought back
   * unless `first` (the run's first checkpoint creates it, numbered where its name is taken).
   */
  async checkpoint(run: SavedRun, first: boolean): Promise<CheckpointResult> {
    const db = this.open()
    try {
      const tx = db.transaction(RUNS_STORE, 'readwrite')
      const stored = await tx.store.get(run.id)
      if (!stored && !first) {
        await tx.done
        return { saved: false }
      }
      const kept = stored && typeof stored.name === 'string' && validateRunName(stored.name).ok ? stored.name : null
      const written = { ...run, name: kept ?? (await freeName(tx.store, run.name, run.id)) }
      await Promise.all([tx.store.put(written), tx.done])
      return { saved: true, run: written }
    } catch (error) {
      throw await this.failure(error, `save the run "${run.name}"`)
    }
  }

  /**
   * Carry a run's exit checkpoint (exitCheckpoint.ts) into the library: only over an older record
   * of the same run that it extends (a run deleted meanwhile stays deleted; a page that came back
   * and saved again wins; a checkpoint of fewer steps than the saved run, however late its date, is
   * no later moment of that run), under the name the library has. True when it was written.
   */
  async restoreCheckpoint(run: SavedRun): Promise<boolean> {
    const db = this.open()
    try {
      const tx = db.transaction(RUNS_STORE, 'readwrite')
      const stored = await tx.store.get(run.id)
      const extendsRun = stored !== undefined && typeof stored.updatedAt === 'number' && stored.updatedAt < run.updatedAt && !(typeof stored.envSteps === 'number' && stored.envSteps > run.envSteps)
      if (!extendsRun) {
        await tx.done
        return false
      }
      const name = typeof stored.name === 'string' && validateRunName(stored.name).ok ? stored.name : run.name
      await Promise.all([tx.store.put({ ...run, name }), tx.done])
      return true
    } catch (error) {
      throw await this.failure(error, `save the run "${run.name}"`)
    }
  }

  /** Every run, newest first; damaged records are skipped and listed with what is wrong. */
  async list(): Promise<LibraryListing> {
    const db = this.open()
    let keys: IDBValidKey[]
    let records: unknown[]
    try {
      // Both in key order, read in one transaction: the same records, side by side.
      const tx = db.transaction(RUNS_STORE, 'readonly')
      ;[keys, records] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll(), tx.done])
    } catch (error) {
      throw await this.failure(error, 'read the saved runs')
    }
    const listing: LibraryListing = { runs: [], damaged: [], bytes: new Map() }
    records.forEach((record, k) => {
      const parsed = parseSavedRun(record)
      if (parsed.ok) {
        listing.runs.push(parsed.run)
        listing.bytes.set(parsed.run.id, savedRunBytes(parsed.run))
      } else listing.damaged.push({ key: keys[k], id: parsed.id, name: parsed.name, label: parsed.name ?? `id ${describeKey(keys[k])}`, problem: parsed.problem })
    })
    // Newest first; runs saved in the same millisecond, by id (as the updatedAt index ordered them).
    listing.runs.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    return listing
  }

  /** One run, or null when there is none with this id; a damaged record throws with what is wrong. */
  async get(id: string): Promise<SavedRun | null> {
    const db = this.open()
    let record: unknown
    try {
      record = await db.get(RUNS_STORE, id)
    } catch (error) {
      throw await this.failure(error, 'read the saved run')
    }
    if (record === undefined) return null
    const parsed = parseSavedRun(record)
    if (!parsed.ok) throw new LibraryError('invalid', `the saved run "${parsed.name ?? id}" is damaged: ${parsed.problem}`)
    return parsed.run
  }

  /** Rename a run (trimmed, 1 to 80 characters, a name no other run has) in one transaction; returns the run as now saved. */
  async rename(id: string, text: string): Promise<SavedRun> {
    const valid = validateRunName(text)
    if (!valid.ok) throw new LibraryError('invalid', valid.message)
    const db = this.open()
    try {
      const tx = db.transaction(RUNS_STORE, 'readwrite')
      const stored = await tx.store.get(id)
      if (!stored) {
        await tx.done
        throw new LibraryError('missing', 'this run is no longer saved (deleted in another tab?)')
      }
      if (await nameTaken(tx.store, valid.name, id)) {
        await tx.done
        throw new LibraryError('invalid', `another saved run is already named "${valid.name}"; accepted: a name no other saved run has`)
      }
      const renamed = { ...stored, name: valid.name }
      await Promise.all([tx.store.put(renamed), tx.done])
      return renamed
    } catch (error) {
      throw await this.failure(error, 'rename the run')
    }
  }

  /** Delete a run, or a damaged record by its key (a number, a date…); deleting one that is not there does nothing. */
  async delete(key: IDBValidKey): Promise<void> {
    const db = this.open()
    try {
      const tx = db.transaction(RUNS_STORE, 'readwrite')
      await Promise.all([tx.store.delete(key), tx.done])
    } catch (error) {
      throw await this.failure(error, 'delete the run')
    }
  }

  /** Keep the Compare view's pins (all of them, one record, one transaction). */
  async savePins(record: SavedPinsRecord): Promise<void> {
    const db = this.open()
    try {
      await db.put(PINS_STORE, record)
    } catch (error) {
      throw await this.failure(error, 'save the pinned runs')
    }
  }

  /** The pins kept, validated (a damaged record is named, never thrown); null when none were kept. */
  async loadPins(): Promise<ParsedPins | null> {
    const db = this.open()
    let record: unknown
    try {
      record = await db.get(PINS_STORE, PINS_KEY)
    } catch (error) {
      throw await this.failure(error, 'read the pinned runs')
    }
    return record === undefined ? null : parseSavedPins(record)
  }

  /** Keep a sweep's definition (a new sweep, before its first run finishes). */
  async saveSweep(record: SavedSweepRecord): Promise<void> {
    const db = this.open()
    try {
      await db.put(SWEEPS_STORE, record)
    } catch (error) {
      throw await this.failure(error, 'save the sweep')
    }
  }

  /** Keep one finished run of a sweep, in a record of its own. */
  async saveSweepRun(run: SavedSweepRun): Promise<void> {
    const db = this.open()
    try {
      await db.put(SWEEP_RUNS_STORE, run)
    } catch (error) {
      throw await this.failure(error, 'save the sweep\'s run')
    }
  }

  /** Every sweep with its runs, newest first; a sweep whose record cannot be read is listed as damaged, by its key. */
  async listSweeps(): Promise<SweepListing> {
    const db = this.open()
    let keys: IDBValidKey[]
    let records: unknown[]
    let runs: unknown[]
    try {
      const tx = db.transaction([SWEEPS_STORE, SWEEP_RUNS_STORE], 'readonly')
      ;[keys, records, runs] = await Promise.all([tx.objectStore(SWEEPS_STORE).getAllKeys(), tx.objectStore(SWEEPS_STORE).getAll(), tx.objectStore(SWEEP_RUNS_STORE).getAll(), tx.done])
    } catch (error) {
      throw await this.failure(error, 'read the saved sweeps')
    }
    const runsBySweep = new Map<unknown, unknown[]>()
    for (const run of runs) {
      const sweepId = typeof run === 'object' && run !== null && 'sweepId' in run ? run.sweepId : undefined
      runsBySweep.set(sweepId, [...(runsBySweep.get(sweepId) ?? []), run])
    }
    const listing: SweepListing = { sweeps: [], damaged: [] }
    records.forEach((record, k) => {
      const parsed = parseSavedSweep(record, runsBySweep.get(keys[k]) ?? [])
      if (parsed.ok) listing.sweeps.push(parsed.sweep)
      else listing.damaged.push({ key: keys[k], label: `sweep ${describeKey(keys[k])}`, problem: parsed.problem })
    })
    listing.sweeps.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    return listing
  }

  /** Delete a sweep (or a damaged sweep record, by its key) and every run kept under it, in one transaction. */
  async deleteSweep(key: IDBValidKey): Promise<void> {
    const db = this.open()
    try {
      const tx = db.transaction([SWEEPS_STORE, SWEEP_RUNS_STORE], 'readwrite')
      const deletions: Promise<unknown>[] = [tx.objectStore(SWEEPS_STORE).delete(key)]
      if (typeof key === 'string') deletions.push(tx.objectStore(SWEEP_RUNS_STORE).delete(IDBKeyRange.bound([key, -Infinity], [key, Infinity])))
      await Promise.all([...deletions, tx.done])
    } catch (error) {
      throw await this.failure(error, 'delete the sweep')
    }
  }

  /**
   * Keep labelled pairs, all in one transaction (an import is kept whole or not at all); returns the
   * records with their keys. The adds go in chunks, each issued once the last one is stored: every
   * chunk's copying is a short task of its own, so 100,000 pairs never block the page at once, and
   * the transaction stays open between chunks (it always has a request in flight).
   */
  async addLabels(records: readonly SavedLabelRecord[], { chunkSize = LABEL_CHUNK, onProgress }: LabelProgress = {}): Promise<SavedLabel[]> {
    const db = this.open()
    const tx = db.transaction(LABELS_STORE, 'readwrite')
    let pending: Promise<IDBValidKey>[] = []
    try {
      const keys: IDBValidKey[] = []
      for (let start = 0; start < records.length; start += chunkSize) {
        pending = []
        for (const record of records.slice(start, start + chunkSize)) pending.push(tx.store.add(record))
        keys.push(...(await Promise.all(pending)))
        onProgress?.(keys.length)
      }
      await tx.done
      return records.map((record, k) => ({ ...record, id: keys[k] as number }))
    } catch (error) {
      // A record that cannot be stored (or a chunk that fails) undoes the whole import.
      for (const request of pending) request.catch(() => {})
      tx.done.catch(() => {})
      try {
        tx.abort()
      } catch {
        // Already finished or aborted.
      }
      throw await this.failure(error, 'save the labels')
    }
  }

  /**
   * Every labelled pair in key order (the order labelled); a record that cannot be read is listed as
   * damaged, by its key. Read in pages of `pageSize` records (each page its own short read), the
   * page yielding to the event loop between them, so 100,000 kept labels never block it at once.
   */
  async listLabels({ pageSize = LABEL_CHUNK, onProgress }: LabelProgress = {}): Promise<LabelListing> {
    const listing: LabelListing = { labels: [], damaged: [] }
    let after: IDBValidKey | null = null
    let read = 0
    for (;;) {
      const db = this.open()
      let keys: IDBValidKey[]
      let records: unknown[]
      try {
        const range = after === null ? undefined : IDBKeyRange.lowerBound(after, true)
        const tx = db.transaction(LABELS_STORE, 'readonly')
        ;[keys, records] = await Promise.all([tx.store.getAllKeys(range, pageSize), tx.store.getAll(range, pageSize), tx.done])
      } catch (error) {
        throw await this.failure(error, 'read the labels')
      }
      records.forEach((record, k) => {
        const parsed = parseSavedLabel(record)
        if (parsed.ok) listing.labels.push(parsed.label)
        else listing.damaged.push({ key: keys[k], label: `label ${describeKey(keys[k])}`, problem: parsed.problem })
      })
      read += records.length
      if (records.length > 0) onProgress?.(read)
      if (records.length < pageSize) return listing
      after = keys[keys.length - 1]
      await yieldToPage()
    }
  }

  /** Delete labelled pairs (or damaged records) by their keys, or every one of them when none are named, in one transaction. */
  async deleteLabels(keys?: readonly IDBValidKey[]): Promise<void> {
    const db = this.open()
    try {
      const tx = db.transaction(LABELS_STORE, 'readwrite')
      await Promise.all([...(keys === undefined ? [tx.store.clear()] : keys.map((key) => tx.store.delete(key))), tx.done])
    } catch (error) {
      throw await this.failure(error, 'delete the labels')
    }
  }

  /**
   * Keep a rollout file's table, in one transaction over both its stores: its earlier copy is
   * replaced, and the oldest files beyond the bounds are dropped (savedRollouts.ts); a table larger
   * than the bytes bound alone is not kept.
   */
  async keepRollouts(record: SavedRollouts): Promise<KeepRolloutsResult> {
    const reason = notKeptBecause(record.header)
    if (reason !== null) return { kept: false, reason }
    const db = this.open()
    try {
      const tx = db.transaction([ROLLOUTS_STORE, ROLLOUT_COLUMNS_STORE], 'readwrite')
      const headers = tx.objectStore(ROLLOUTS_STORE)
      const columns = tx.objectStore(ROLLOUT_COLUMNS_STORE)
      const kept = (await headers.getAll()).flatMap((raw) => {
        const parsed = parseSavedRolloutsHeader(raw)
        return parsed.ok ? [parsed.header] : []
      })
      const { replaced, dropped } = rolloutsToRemove(kept, record.header)
      const removals = [...replaced, ...dropped].flatMap((header) => [headers.delete(header.id), columns.delete(header.id)])
      await Promise.all([...removals, headers.put(record.header), columns.put(record.columns), tx.done])
      return { kept: true, dropped }
    } catch (error) {
      throw await this.failure(error, `keep the rollout file "${record.header.name}"`)
    }
  }

  /** The rollout files kept, newest first; a header that cannot be read is listed as damaged, by its key. */
  async listRollouts(): Promise<RolloutsListing> {
    const db = this.open()
    let keys: IDBValidKey[]
    let records: unknown[]
    try {
      const tx = db.transaction(ROLLOUTS_STORE, 'readonly')
      ;[keys, records] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll(), tx.done])
    } catch (error) {
      throw await this.failure(error, 'read the kept rollout files')
    }
    const listing: RolloutsListing = { files: [], damaged: [] }
    records.forEach((record, k) => {
      const parsed = parseSavedRolloutsHeader(record)
      if (parsed.ok) listing.files.push(parsed.header)
      else listing.damaged.push({ key: keys[k], label: parsed.name === null ? `rollout file ${describeKey(keys[k])}` : `rollout file "${truncate(parsed.name)}"`, problem: parsed.problem })
    })
    listing.files.sort((a, b) => b.savedAt - a.savedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    return listing
  }

  /** A kept rollout file, checked whole; a damaged or missing one throws with what is wrong. */
  async getRollouts(id: string): Promise<SavedRollouts> {
    const db = this.open()
    let header: unknown
    let columns: unknown
    try {
      const tx = db.transaction([ROLLOUTS_STORE, ROLLOUT_COLUMNS_STORE], 'readonly')
      ;[header, columns] = await Promise.all([tx.objectStore(ROLLOUTS_STORE).get(id), tx.objectStore(ROLLOUT_COLUMNS_STORE).get(id), tx.done])
    } catch (error) {
      throw await this.failure(error, 'read the kept rollout file')
    }
    if (header === undefined) throw new LibraryError('missing', 'this rollout file is no longer kept (deleted in another tab?)')
    const parsedHeader = parseSavedRolloutsHeader(header)
    if (!parsedHeader.ok) throw new LibraryError('invalid', `the kept rollout file is damaged: ${parsedHeader.problem}`)
    const parsed = parseSavedRolloutsColumns(columns, parsedHeader.header)
    if (!parsed.ok) throw new LibraryError('invalid', `the kept rollout file "${truncate(parsedHeader.header.name)}" is damaged: ${parsed.problem}`)
    return { header: parsedHeader.header, columns: { id, table: parsed.table } }
  }

  /**
   * Delete a kept rollout file (or a damaged header, by its key) with its columns, in one
   * transaction; returns the records as they were (for Undo: keepRollouts puts them back), or null
   * where there was none or it cannot be read back whole.
   */
  async deleteRollouts(key: IDBValidKey): Promise<SavedRollouts | null> {
    const db = this.open()
    try {
      const tx = db.transaction([ROLLOUTS_STORE, ROLLOUT_COLUMNS_STORE], 'readwrite')
      const headers = tx.objectStore(ROLLOUTS_STORE)
      const columns = tx.objectStore(ROLLOUT_COLUMNS_STORE)
      const [header, table] = await Promise.all([headers.get(key), columns.get(key)])
      await Promise.all([headers.delete(key), columns.delete(key), tx.done])
      const parsed = parseSavedRolloutsHeader(header)
      return parsed.ok && table !== undefined ? { header: parsed.header, columns: table } : null
    } catch (error) {
      throw await this.failure(error, 'delete the rollout file')
    }
  }

  /** Close the connection; every later call says saving is off, with `reason`. */
  close(reason: string, deleted = false): void {
    this.markClosed(reason, deleted)
    this.db.close()
  }

  /**
   * The browser closed the connection under us. Chromium clearing site data fires no event: the
   * next transaction throws InvalidStateError ("the database connection is closing"); some browsers
   * fire `close`. Either way the library closes, saying whether the database is gone.
   */
  async connectionLost(): Promise<void> {
    if (this.closedBecause !== null) return
    const exists = await libraryExists()
    this.close(exists === false ? DELETED_REASON : CLOSED_REASON, exists === false)
  }

  /** The connection was closed under us (by the browser): later calls say why, and the page is told once. */
  markClosed(reason: string, deleted = false): void {
    if (this.closedBecause !== null) return
    this.closedBecause = reason
    this.events.closed?.({ deleted, error: savingOff(reason) })
  }

  /** What an IndexedDB failure while `doing` something means: a connection lost under us closes the library. */
  private async failure(error: unknown, doing: string): Promise<LibraryError> {
    if (error !== null && typeof error === 'object' && 'name' in error && error.name === 'InvalidStateError') await this.connectionLost()
    return this.closedBecause !== null ? savingOff(this.closedBecause) : libraryError(error, doing)
  }

  private open(): IDBPDatabase<LibrarySchema> {
    if (this.closedBecause !== null) throw savingOff(this.closedBecause)
    return this.db
  }
}

/** The browser's usage and quota for this site, or null where it does not say (or refuses). */
export async function storageEstimate(): Promise<StorageEstimate | null> {
  try {
    const estimate = await globalThis.navigator?.storage?.estimate?.()
    if (!estimate || typeof estimate.usage !== 'number' || typeof estimate.quota !== 'number') return null
    return { usage: estimate.usage, quota: estimate.quota }
  } catch {
    return null
  }
}

/** Ask the browser to keep this site's storage under pressure (it may say no); true when it will. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await globalThis.navigator?.storage?.persist?.()) ?? false
  } catch {
    return false
  }
}
