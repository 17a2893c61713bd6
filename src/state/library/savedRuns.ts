import { create } from 'zustand'
import { openRunLibrary, requestPersistentStorage, storageEstimate, type DamagedRecord, type LibraryClosure, type RunLibrary, type StorageEstimate } from '../../storage/runLibrary'
import { savedRunBytes, type SavedRun } from '../../storage/savedRun'
import { exitCheckpointNotice, takeExitCheckpoints, writeExitCheckpoint } from '../../storage/exitCheckpoint'
import { libraryError, type LibraryError } from '../../storage/storageErrors'
import type { CheckpointOutcome } from './runAutosave'

/** The saved runs as the page shows them; the library (IndexedDB) is the truth, this is its picture. */
export interface SavedRunsState {
  /** 'opening' until the library answers; 'off' when the browser gives no storage. */
  phase: 'opening' | 'ready' | 'off'
  /** What keeps runs from being saved (storage full, saving off) or an action that failed; shown as an alert. */
  problem: { kind: LibraryError['kind']; message: string } | null
  /** Newest first. */
  runs: SavedRun[]
  damaged: DamagedRecord[]
  /** Each run's size as JSON, by id. */
  bytes: Record<string, number>
  estimate: StorageEstimate | null
  /** The saved run that is the page's live run, if any. */
  liveId: string | null
  /** The last run deleted, until it is restored or another is deleted. */
  lastDeleted: SavedRun | null
}

const initial: SavedRunsState = { phase: 'opening', problem: null, runs: [], damaged: [], bytes: {}, estimate: null, liveId: null, lastDeleted: null }

export const useSavedRuns = create<SavedRunsState>()(() => initial)

let library: Promise<RunLibrary | null> | null = null
let persistenceAsked = false
/** The database was deleted under the page: nothing it answers afterwards is in storage any more. */
let libraryDeleted = false

/** Open the library and read it (once); later calls wait for the same opening. Never throws. */
export function openSavedRuns(): Promise<RunLibrary | null> {
  library ??= (async () => {
    const opened = await openRunLibrary({ closed: libraryClosed })
    if (!opened.ok) {
      useSavedRuns.setState({ phase: 'off', problem: { kind: opened.error.kind, message: opened.error.message } })
      return null
    }
    useSavedRuns.setState({ phase: 'ready' })
    await restoreExitCheckpoints(opened.library)
    await refreshSavedRuns(opened.library)
    return opened.library
  })()
  return library
}

/** Read the whole library again (runs, damaged records, sizes, the browser's estimate). */
async function refreshSavedRuns(lib: RunLibrary): Promise<void> {
  try {
    const listing = await lib.list()
    useSavedRuns.setState({ runs: listing.runs, damaged: listing.damaged, bytes: Object.fromEntries(listing.bytes) })
  } catch (error) {
    report(error, 'read the saved runs')
  }
  await refreshEstimate()
}

/** The page's key-value storage, or null where the browser refuses it (site data off). */
function pageStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** Write the live run's checkpoint as the page closes (runAutosave's writer at pagehide): at once, where the next page finds it. */
export function saveCheckpointAtExit(run: SavedRun): void {
  const storage = pageStorage()
  const known = useSavedRuns.getState().runs.find((saved) => saved.id === run.id)?.name
  if (storage) writeExitCheckpoint(storage, known === undefined ? run : { ...run, name: known })
}

/** Carry what the last page checkpointed as it closed into the library; one that cannot be read is named in the alert. */
async function restoreExitCheckpoints(lib: RunLibrary): Promise<void> {
  const storage = pageStorage()
  if (!storage) return
  const { runs, problems } = takeExitCheckpoints(storage)
  for (const run of runs) {
    try {
      await lib.restoreCheckpoint(run)
    } catch (error) {
      report(error, `keep the last moments of "${run.name}"`)
    }
  }
  const notice = exitCheckpointNotice(problems)
  if (notice !== null) useSavedRuns.setState({ problem: { kind: 'failed', message: notice } })
}

/** Write one checkpoint of the live run (runAutosave's writer); a failure is shown, never thrown. */
export async function saveCheckpoint(run: SavedRun, first: boolean): Promise<CheckpointOutcome> {
  const lib = await openSavedRuns()
  if (!lib) return 'failed'
  // The name the page knows (renamed here meanwhile) goes with the write: a checkpoint as the page
  // closes gets no chance to read the stored one.
  const known = useSavedRuns.getState().runs.find((saved) => saved.id === run.id)?.name
  try {
    const result = await lib.checkpoint(known === undefined ? run : { ...run, name: known }, first)
    if (!result.saved) return 'gone'
    upsert(result.run)
    // Storage came back (runs were deleted, a passing failure): the alert goes.
    const problem = useSavedRuns.getState().problem
    if (problem && problem.kind !== 'off') useSavedRuns.setState({ problem: null })
    if (first) {
      if (!persistenceAsked) {
        persistenceAsked = true
        void requestPersistentStorage()
      }
      void refreshEstimate()
    }
    return 'saved'
  } catch (error) {
    report(error, 'save the run')
    return 'failed'
  }
}

/**
 * The library closed under the page: saving is off, and why. Where the database was deleted the
 * list is emptied (its runs are gone; the counts follow); where a newer tab took it over they stay.
 */
function libraryClosed({ deleted, error }: LibraryClosure): void {
  libraryDeleted ||= deleted
  useSavedRuns.setState({ phase: 'off', problem: { kind: error.kind, message: error.message }, ...(deleted ? { runs: [], damaged: [], bytes: {}, lastDeleted: null } : {}) })
  void refreshEstimate()
}

/** Rename a saved run; returns why it was refused (the old name stays), or null. */
export async function renameSavedRun(id: string, name: string): Promise<string | null> {
  const lib = await openSavedRuns()
  if (!lib) return useSavedRuns.getState().problem?.message ?? 'saving is off'
  try {
    upsert(await lib.rename(id, name))
    return null
  } catch (error) {
    return libraryError(error, 'rename the run').message
  }
}

/** Delete a saved run; it can be restored with restoreDeletedRun until another is deleted. */
export async function deleteSavedRun(id: string): Promise<string | null> {
  const lib = await openSavedRuns()
  if (!lib) return useSavedRuns.getState().problem?.message ?? 'saving is off'
  const run = useSavedRuns.getState().runs.find((candidate) => candidate.id === id) ?? null
  try {
    await lib.delete(id)
  } catch (error) {
    return libraryError(error, 'delete the run').message
  }
  useSavedRuns.setState((state) => {
    const { [id]: _removed, ...bytes } = state.bytes
    return { runs: state.runs.filter((candidate) => candidate.id !== id), damaged: state.damaged.filter((record) => record.id !== id), bytes, lastDeleted: run, problem: state.problem?.kind === 'full' ? null : state.problem }
  })
  void refreshEstimate()
  return null
}

/** Delete a damaged record by its key (which may be a number or a date, not an id); it cannot be restored. */
export async function deleteDamagedRecord(record: DamagedRecord): Promise<string | null> {
  const lib = await openSavedRuns()
  if (!lib) return useSavedRuns.getState().problem?.message ?? 'saving is off'
  try {
    await lib.delete(record.key)
  } catch (error) {
    return libraryError(error, 'delete the damaged record').message
  }
  useSavedRuns.setState((state) => ({ damaged: state.damaged.filter((candidate) => candidate !== record) }))
  void refreshEstimate()
  return null
}

/** Put the last deleted run back, as it was (numbered, if a new run took its name meanwhile). */
export async function restoreDeletedRun(): Promise<string | null> {
  const run = useSavedRuns.getState().lastDeleted
  const lib = await openSavedRuns()
  if (!run || !lib) return null
  let restored: SavedRun
  try {
    restored = await lib.put(run)
  } catch (error) {
    return libraryError(error, 'restore the run').message
  }
  useSavedRuns.setState({ lastDeleted: null })
  upsert(restored)
  return null
}

/** Tell the list which saved run is the live one (runAutosave's onLive). */
export function setLiveRun(id: string | null): void {
  useSavedRuns.setState({ liveId: id })
}

function upsert(run: SavedRun): void {
  // A write that finished as the database was deleted does not bring its run back to the list.
  if (libraryDeleted) return
  useSavedRuns.setState((state) => ({
    runs: [run, ...state.runs.filter((candidate) => candidate.id !== run.id)].sort((a, b) => b.updatedAt - a.updatedAt),
    bytes: { ...state.bytes, [run.id]: savedRunBytes(run) },
  }))
}

async function refreshEstimate(): Promise<void> {
  useSavedRuns.setState({ estimate: await storageEstimate() })
}

function report(error: unknown, doing: string): void {
  const mapped = libraryError(error, doing)
  useSavedRuns.setState({ problem: { kind: mapped.kind, message: mapped.message }, ...(mapped.kind === 'off' ? { phase: 'off' as const } : {}) })
}
