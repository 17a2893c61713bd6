import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import { parseSavedRun, savedRunBytes, validateRunName, type SavedRun } from './savedRun'
import { LibraryError, libraryError, savingOff } from './storageErrors'

/*
 * The run library: saved runs in the browser's IndexedDB, one record per run. Every write is one
 * transaction, so a tab closed mid-write keeps the previous version of that record and every other
 * record whole. Records are validated when read back; a damaged one is skipped and named.
 */

export const LIBRARY_DB_NAME = 'reward-playground'
/** Raise with an upgrade step when the stores or indexes change. */
export const LIBRARY_DB_VERSION = 1
export const RUNS_STORE = 'runs'
/** A browser that neither opens nor refuses the database within this time counts as refusing it. */
const OPEN_TIMEOUT_MS = 10_000

interface LibrarySchema extends DBSchema {
  runs: { key: string; value: SavedRun; indexes: { updatedAt: number } }
}

/** A record that could not be read back as a run: its id (null when it has none), its name if any, and why. */
export interface DamagedRecord {
  id: string | null
  name: string | null
  problem: string
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

export type OpenedLibrary = { ok: true; library: RunLibrary } | { ok: false; error: LibraryError }

/**
 * Open the library; never throws. Where IndexedDB is missing, refused (private windows), blocked by
 * an older tab, or silent, the result says "saving is off: <reason>".
 */
export async function openRunLibrary(): Promise<OpenedLibrary> {
  if (typeof indexedDB === 'undefined' || indexedDB === null) {
    return { ok: false, error: savingOff('this browser offers no IndexedDB here (a private window, or site data turned off). The app works as usual, but runs are not kept after the page closes') }
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  let library: RunLibrary | null = null
  let opening: Promise<IDBPDatabase<LibrarySchema>>
  try {
    opening = openDB<LibrarySchema>(LIBRARY_DB_NAME, LIBRARY_DB_VERSION, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) {
          const runs = db.createObjectStore(RUNS_STORE, { keyPath: 'id' })
          runs.createIndex('updatedAt', 'updatedAt')
        }
      },
      // A newer app in another tab wants to upgrade: step aside rather than block it.
      blocking() {
        library?.close('the app was updated in another tab; reload this page to keep saving')
      },
      terminated() {
        library?.markClosed('the browser closed the library (site data cleared?); reload the page to keep saving')
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
    library = new RunLibrary(db)
    return { ok: true, library }
  } catch (error) {
    // A late success after the timeout must not leave a connection open.
    opening.then((db) => db.close()).catch(() => {})
    return { ok: false, error: libraryError(error, 'open the saved runs') }
  } finally {
    clearTimeout(timer)
  }
}

/** The saved runs. Every method throws LibraryError only, with one clear message. */
export class RunLibrary {
  private closedBecause: string | null = null

  constructor(private readonly db: IDBPDatabase<LibrarySchema>) {}

  /** Write a whole run (a new one, or a deleted one restored): one transaction. */
  async put(run: SavedRun): Promise<void> {
    const db = this.open()
    try {
      const tx = db.transaction(RUNS_STORE, 'readwrite')
      await Promise.all([tx.store.put(run), tx.done])
    } catch (error) {
      throw libraryError(error, `save the run "${run.name}"`)
    }
  }

  /**
   * Write a checkpoint of a run being trained, in one transaction: the name it has in the library
   * wins (it may have been renamed meanwhile), and a run deleted meanwhile is not brought back
   * unless `first` (the run's first checkpoint creates it).
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
      const written = stored && typeof stored.name === 'string' && validateRunName(stored.name).ok ? { ...run, name: stored.name } : run
      await Promise.all([tx.store.put(written), tx.done])
      return { saved: true, run: written }
    } catch (error) {
      throw libraryError(error, `save the run "${run.name}"`)
    }
  }

  /** Every run, newest first; damaged records are skipped and listed with what is wrong. */
  async list(): Promise<LibraryListing> {
    const db = this.open()
    let ordered: unknown[]
    let unindexed: unknown[] = []
    try {
      const tx = db.transaction(RUNS_STORE, 'readonly')
      ordered = (await tx.store.index('updatedAt').getAll()).reverse()
      // A record without a usable updatedAt is missing from the index: find it by its key.
      if ((await tx.store.count()) > ordered.length) {
        const indexed = new Set(ordered.map((record) => (record as { id?: unknown }).id))
        const keys = (await tx.store.getAllKeys()).filter((key) => !indexed.has(key))
        unindexed = await Promise.all(keys.map((key) => tx.store.get(key)))
      }
      await tx.done
    } catch (error) {
      throw libraryError(error, 'read the saved runs')
    }
    const listing: LibraryListing = { runs: [], damaged: [], bytes: new Map() }
    for (const record of [...ordered, ...unindexed]) {
      const parsed = parseSavedRun(record)
      if (parsed.ok) {
        listing.runs.push(parsed.run)
        listing.bytes.set(parsed.run.id, savedRunBytes(parsed.run))
      } else listing.damaged.push({ id: parsed.id, name: parsed.name, problem: parsed.problem })
    }
    return listing
  }

  /** One run, or null when there is none with this id; a damaged record throws with what is wrong. */
  async get(id: string): Promise<SavedRun | null> {
    const db = this.open()
    let record: unknown
    try {
      record = await db.get(RUNS_STORE, id)
    } catch (error) {
      throw libraryError(error, 'read the saved run')
    }
    if (record === undefined) return null
    const parsed = parseSavedRun(record)
    if (!parsed.ok) throw new LibraryError('invalid', `the saved run "${parsed.name ?? id}" is damaged: ${parsed.problem}`)
    return parsed.run
  }

  /** Rename a run (trimmed, 1 to 80 characters) in one transaction; returns the run as now saved. */
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
      const renamed = { ...stored, name: valid.name }
      await Promise.all([tx.store.put(renamed), tx.done])
      return renamed
    } catch (error) {
      throw libraryError(error, 'rename the run')
    }
  }

  /** Delete a run; deleting one that is not there does nothing. */
  async delete(id: string): Promise<void> {
    const db = this.open()
    try {
      const tx = db.transaction(RUNS_STORE, 'readwrite')
      await Promise.all([tx.store.delete(id), tx.done])
    } catch (error) {
      throw libraryError(error, 'delete the run')
    }
  }

  /** Close the connection; every later call says saving is off, with `reason`. */
  close(reason: string): void {
    this.markClosed(reason)
    this.db.close()
  }

  /** The connection was closed under us (by the browser): later calls say why. */
  markClosed(reason: string): void {
    this.closedBecause ??= reason
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
