import { shownText } from '../core/truncate'
import { summariseProblems } from '../model/problemList'
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

/** Read every exit checkpoint and remove it from the storage; each is validated as a saved run is, and must be kept under its own run's key. */
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
    const keyId = key.slice(EXIT_CHECKPOINT_PREFIX.length)
    const read = readExitCheckpoint(text)
    // A checkpoint only extends the run it belongs to: one under another run's key (forged, or storage
    // corrupted) would replace that run's record with something else.
    if (read.ok && read.run.id !== keyId) taken.problems.push(`run "${shownText(keyId)}": its key names run "${shownText(keyId)}" but it holds run "${shownText(read.run.id)}"; a checkpoint is kept only under its own run's key`)
    else if (read.ok) taken.runs.push(read.run)
    else taken.problems.push(read.named ? read.problem : `run "${shownText(keyId)}": ${read.problem}`)
  }
  return taken
}

/** The page's alert for checkpoints that could not be read back: the first few named, the rest counted; null when there are none. */
export function exitCheckpointNotice(problems: readonly string[]): string | null {
  if (problems.length === 0) return null
  const runs = problems.length === 1 ? 'a run' : `${problems.length} runs`
  return `The last moments of ${runs} before the page closed could not be read back (${summariseProblems(problems)}); ${problems.length === 1 ? 'it is' : 'each is'} kept as of its checkpoint before.`
}

/** One exit checkpoint's text back as a saved run, or what is wrong with it (`named`: the problem names the run). */
export function readExitCheckpoint(text: string): { ok: true; run: SavedRun } | { ok: false; problem: string; named: boolean } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, problem: 'it is not JSON', named: false }
  }
  if (value !== null && typeof value === 'object' && 'final' in value && value.final !== null && typeof value.final === 'object') {
    const final = value.final as Record<string, unknown>
    value = { ...value, final: Object.fromEntries(Object.entries(final).map(([name, figure]) => [name, figure === null ? NaN : figure])) }
  }
  const parsed = parseSavedRun(value)
  if (parsed.ok) return parsed
  const named = parsed.name ?? (parsed.id === null ? null : `run "${shownText(parsed.id)}"`)
  return named === null ? { ok: false, problem: parsed.problem, named: false } : { ok: false, problem: `${named}: ${parsed.problem}`, named: true }
}
