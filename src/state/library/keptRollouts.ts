import { create } from 'zustand'
import type { KeptTable } from '../../core/rollouts/keptTable'
import { quote } from '../../core/truncate'
import type { RolloutsListing } from '../../storage/runLibrary'
import { MAX_KEPT_ROLLOUT_BYTES, MAX_KEPT_ROLLOUT_FILES, savedRolloutsOf, type SavedRollouts, type SavedRolloutsHeader } from '../../storage/savedRollouts'
import { libraryError } from '../../storage/storageErrors'
import { openSavedRuns, useSavedRuns } from './savedRuns'

/*
 * The rollout files kept in the browser, as the Saved runs list shows them: every file the
 * rollouts panel reads whole is kept at once (in the run library's IndexedDB, savedRollouts.ts),
 * listed newest first, opened again without its file, deleted with Undo. The library is the
 * truth; this is its picture.
 */

export interface KeptRolloutsState {
  /** Newest first. */
  files: SavedRolloutsHeader[]
  damaged: RolloutsListing['damaged']
  /** The last file deleted, as it was, until it is restored or another is deleted. */
  lastDeleted: SavedRollouts | null
}

export const useKeptRollouts = create<KeptRolloutsState>()(() => ({ files: [], damaged: [], lastDeleted: null }))

/** The line under the rollouts panel once a file is kept. */
export const KEPT_LINE = 'Kept in this browser; the file never leaves it and the link carries only the design.'

/** Why the library is not there, as the saved runs say it ("saving is off: …"). */
function savingOffReason(): string {
  return useSavedRuns.getState().problem?.message ?? 'saving is off'
}

/** Read the kept files' list again; returns why it could not be read, or null. */
export async function refreshKeptRollouts(): Promise<string | null> {
  const lib = await openSavedRuns()
  if (!lib) return savingOffReason()
  try {
    const { files, damaged } = await lib.listRollouts()
    useKeptRollouts.setState({ files, damaged })
    return null
  } catch (error) {
    return libraryError(error, 'read the kept rollout files').message
  }
}

/** Why a file is not kept when the site's storage is full, and what makes room. */
export const ROLLOUTS_STORAGE_FULL = "storage is full: delete kept rollout files or saved runs you no longer need (Saved runs), or free space in the browser's site data, then open the file again; its views here stay open"

/** Keep a table the worker read whole from `bytes` bytes; returns the line the panel shows (kept, or why not). */
export async function keepRolloutTable(kept: KeptTable, label: string, bytes: number): Promise<string> {
  const lib = await openSavedRuns()
  const notKept = (reason: string) => `Not kept in this browser: ${reason}. The file never leaves the browser and the link carries only the design.`
  if (!lib) return notKept(savingOffReason())
  const record = savedRolloutsOf(crypto.randomUUID(), label, Date.now(), kept, bytes)
  try {
    const result = await lib.keepRollouts(record)
    if (!result.kept) return notKept(result.reason)
    await refreshKeptRollouts()
    if (result.dropped.length === 0) return KEPT_LINE
    return `${KEPT_LINE} To stay within ${MAX_KEPT_ROLLOUT_FILES} files and ${MAX_KEPT_ROLLOUT_BYTES / 2 ** 20} MB, the oldest kept ${result.dropped.length === 1 ? 'file was' : 'files were'} dropped: ${result.dropped.map((header) => quote(header.name)).join(', ')}.`
  } catch (error) {
    const refused = libraryError(error, 'keep the rollout file')
    // The library's own words for a full quota speak of runs; here it is the file that waits for room.
    return notKept(refused.kind === 'full' ? ROLLOUTS_STORAGE_FULL : refused.message)
  }
}

/** A kept file, checked whole, or why it cannot be opened (damaged, gone, saving off). */
export async function readKeptRollouts(id: string): Promise<{ ok: true; record: SavedRollouts } | { ok: false; message: string }> {
  const lib = await openSavedRuns()
  if (!lib) return { ok: false, message: savingOffReason() }
  try {
    return { ok: true, record: await lib.getRollouts(id) }
  } catch (error) {
    return { ok: false, message: libraryError(error, 'read the kept rollout file').message }
  }
}

/** Delete a kept file (or a damaged record, by its key); a whole one can be restored with restoreKeptRollouts until another is deleted. Returns why it was refused, or null. */
export async function deleteKeptRollouts(key: IDBValidKey): Promise<string | null> {
  const lib = await openSavedRuns()
  if (!lib) return savingOffReason()
  try {
    const deleted = await lib.deleteRollouts(key)
    useKeptRollouts.setState((state) => ({
      files: state.files.filter((file) => file.id !== key),
      damaged: state.damaged.filter((record) => record.key !== key),
      lastDeleted: deleted ?? state.lastDeleted,
    }))
    return null
  } catch (error) {
    return libraryError(error, 'delete the rollout file').message
  }
}

/** Put the last deleted file back, as it was. Returns why it could not be, or null. */
export async function restoreKeptRollouts(): Promise<string | null> {
  const deleted = useKeptRollouts.getState().lastDeleted
  const lib = await openSavedRuns()
  if (!deleted || !lib) return null
  try {
    const result = await lib.keepRollouts(deleted)
    if (!result.kept) return result.reason
  } catch (error) {
    return libraryError(error, 'restore the rollout file').message
  }
  useKeptRollouts.setState({ lastDeleted: null })
  return refreshKeptRollouts()
}
