import { parseSavedRun, type SavedRun } from './savedRun'

/*
 * The last checkpoint of a run in training, written as the page closes or reloads. The browser
 * undoes an IndexedDB transaction the closing page began (it never answers), so this one goes to
 * the page's synchronous key-value storage, one key per run, and the next page carries it into
 * the library (RunLibrary.restoreCheckpoint) and removes it.
 */

/** The key of a run's exit checkpoint is this prefix and the run's id. */
export const EXIT_CHECKPOINT_PREFIX = 'reward-playground.exit-checkpoint.'

/** Where exit checkpoints are kept: the part of the Storage interface they use. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** Write a run's exit checkpoint; false where the storage refuses it (full, turned off). */
export function writeExitCheckpoint(storage: KeyValueStorage, run: SavedRun): boolean {
  try {
    // JSON keeps NaN as null; only the final figures may be NaN (readExitCheckpoint puts it back).
    storage.setItem(EXIT_CHECKPOINT_PREFIX + run.id, JSON.stringify(run))
    return true
  } catch {
    return false
  }
}

/** What the last page left: the runs it checkpointed as it closed, and the ones that could not be read back. */
export interface ExitCheckpoints {
  runs: SavedRun[]
  problems: string[]
}

/** Read every exit checkpoint and remove it from the storage; each is validated as a saved run is. */
export function takeExitCheckpoints(storage: KeyValueStorage): ExitCheckpoints {
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key !== null && key.startsWith(EXIT_CHECKPOINT_PREFIX)) keys.push(key)
  }
  const taken: ExitCheckpoints = { runs: [], problems: [] }
  for (const key of keys) {
    const text = storage.getItem(key)
    storage.removeItem(key)
    if (text === null) continue
    const read = readExitCheckpoint(text)
    if (read.ok) taken.runs.push(read.run)
    else taken.problems.push(read.problem)
  }
  return taken
}

/** One exit checkpoint's text back as a saved run, or what is wrong with it. */
export function readExitCheckpoint(text: string): { ok: true; run: SavedRun } | { ok: false; problem: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, problem: 'it is not JSON' }
  }
  if (value !== null && typeof value === 'object' && 'final' in value && value.final !== null && typeof value.final === 'object') {
    const final = value.final as Record<string, unknown>
    value = { ...value, final: Object.fromEntries(Object.entries(final).map(([name, figure]) => [name, figure === null ? NaN : figure])) }
  }
  const parsed = parseSavedRun(value)
  return parsed.ok ? parsed : { ok: false, problem: `${parsed.name ?? parsed.id ?? 'a run'}: ${parsed.problem}` }
}
