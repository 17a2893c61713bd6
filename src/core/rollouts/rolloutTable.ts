import type { RolloutFormat } from './formats'

/*
 * A run's rollouts as the reader keeps them: per completion only numbers and the first
 * KEPT_TEXT_LENGTH characters of its text, in columns (so 100,000 completions are a few MB), and
 * its groups. A group is the completions of one step with one prompt (or one explicit group), in
 * the order the input first gives them; a completion counts in its group when at least one
 * component applies to it, and a group counts when at least two of its completions do: a group
 * baseline needs two. What is left out is counted, with where.
 */

export interface RolloutTable {
  format: RolloutFormat
  /** The inputs read, in order (a folder's files by step number); "" for a single input. */
  sources: readonly string[]
  /** The reward components: every numeric field, in the order the input first gave them. */
  names: readonly string[]
  /** The completions read. */
  count: number
  /** values[k][i], component k of completion i; NaN where it does not apply (null or absent). */
  values: readonly Float64Array[]
  /** The steps, each once, in the order they first come; null for completions with no step. */
  steps: readonly (number | null)[]
  /** Per completion: its step (an index into steps), its group, its place in the group, where it was read. */
  stepOf: Int32Array
  groupOf: Int32Array
  indexInGroup: Int32Array
  line: Int32Array
  sourceOf: Int32Array
  /** Per completion: the characters of its whole text. */
  lengths: Int32Array
  /** Per completion: its length in tokens where its record gives one, −1 where it does not; null where no record gives one. */
  tokenLengths: Int32Array | null
  /** Per completion: its text's first KEPT_TEXT_LENGTH characters. */
  texts: readonly string[]
  /** Per completion: the advantage the run logged (TRL's table), NaN where none; null where the input logs none. */
  loggedAdvantages: Float64Array | null
  groups: RolloutGroups
  leftOut: LeftOut
}

export interface RolloutGroups {
  count: number
  /** Each group's step (an index into steps). */
  stepOf: Int32Array
  /** Each group's prompt (or explicit group), its first KEPT_TEXT_LENGTH characters. */
  labels: readonly string[]
  /** The counted completions of group g, in input order: members[start[g] … start[g + 1]). */
  start: Int32Array
  members: Int32Array
  /** 1 for a group that counts (at least two counted completions). */
  kept: Uint8Array
  /** The groups that count, step by step: stepGroups[stepStart[s] … stepStart[s + 1]) are step s's, in order. */
  stepStart: Int32Array
  stepGroups: Int32Array
}

/** What the table leaves out of every group, and where: the first few places ("5.jsonl line 3"), then a count. */
export interface LeftOut {
  /** Completions no component applies to (every reward null). */
  unscored: { count: number; places: string[] }
  /** Groups left with one counted completion, and that completion's place. */
  groupsOfOne: { count: number; places: string[] }
}

/** The completion's place as messages give it: "line 3" or "5.jsonl line 3". */
export function placeOf(table: Pick<RolloutTable, 'sources' | 'sourceOf' | 'line'>, completion: number): string {
  const source = table.sources[table.sourceOf[completion]]
  return source === '' ? `line ${table.line[completion]}` : `${source} line ${table.line[completion]}`
}

/** Whether completion i counts in its group's advantage. */
export function counts(table: RolloutTable, completion: number): boolean {
  const group = table.groupOf[completion]
  if (table.groups.kept[group] === 0) return false
  for (let k = 0; k < table.names.length; k++) if (!Number.isNaN(table.values[k][completion])) return true
  return false
}

/** Each group's place among its step's groups, from 0, in input order. */
export function groupOrdinals(table: Pick<RolloutTable, 'steps' | 'groups'>): Int32Array {
  const seen = new Int32Array(table.steps.length)
  return Int32Array.from(table.groups.stepOf, (step) => seen[step]++)
}
