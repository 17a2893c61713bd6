import { quoted } from '../truncate'
import { ROLLOUT_FORMATS, type RolloutFormat } from './formats'
import { KEPT_TEXT_LENGTH, MAX_COMPLETIONS, MAX_COMPONENTS, MAX_TOKENS } from './limits'
import { groupsOf } from './rolloutGroups'
import type { RolloutTable } from './rolloutTable'

/*
 * A rollout table as the page keeps it (in IndexedDB) and hands back to the worker: the columns the
 * reader built, and each group's step and label. What derives from them (which completions and
 * groups count, the groups' members step by step, what was left out) is not kept but worked out
 * again by groupsOf, so it cannot disagree with the columns. A kept table comes back from storage
 * that anything may have written, so it is checked whole before it is used: every column of the
 * table's length, every index in range, every number finite or NaN, every text within its bound.
 */

export interface KeptTable {
  format: RolloutFormat
  sources: string[]
  names: string[]
  count: number
  values: Float64Array[]
  steps: (number | null)[]
  stepOf: Int32Array
  groupOf: Int32Array
  indexInGroup: Int32Array
  line: Int32Array
  sourceOf: Int32Array
  lengths: Int32Array
  /** Each completion's length in tokens, −1 where its record gave none; null (or absent, as tables kept before it was) where no record gave one. */
  tokenLengths?: Int32Array | null
  texts: string[]
  loggedAdvantages: Float64Array | null
  /** Each group's step (an index into steps) and its prompt's kept text. */
  groupSteps: Int32Array
  groupLabels: string[]
}

/** The longest name of a source (a file) or a reward component read back. */
export const MAX_KEPT_NAME = 1000

/** The table's columns as fresh copies, so that their buffers can be handed over (transferred) while the table keeps its own. */
export function keptTableOf(table: RolloutTable): KeptTable {
  return {
    format: table.format,
    sources: [...table.sources],
    names: [...table.names],
    count: table.count,
    values: table.values.map((column) => column.slice()),
    steps: [...table.steps],
    stepOf: table.stepOf.slice(),
    groupOf: table.groupOf.slice(),
    indexInGroup: table.indexInGroup.slice(),
    line: table.line.slice(),
    sourceOf: table.sourceOf.slice(),
    lengths: table.lengths.slice(),
    tokenLengths: table.tokenLengths?.slice() ?? null,
    texts: [...table.texts],
    loggedAdvantages: table.loggedAdvantages?.slice() ?? null,
    groupSteps: table.groups.stepOf.slice(),
    groupLabels: [...table.groups.labels],
  }
}

/** The buffers of a kept table's typed arrays, to transfer in a postMessage. */
export function keptTableBuffers(kept: KeptTable): ArrayBuffer[] {
  const arrays = [...kept.values, kept.stepOf, kept.groupOf, kept.indexInGroup, kept.line, kept.sourceOf, kept.lengths, kept.groupSteps]
  if (kept.loggedAdvantages !== null) arrays.push(kept.loggedAdvantages)
  if (kept.tokenLengths !== undefined && kept.tokenLengths !== null) arrays.push(kept.tokenLengths)
  return arrays.map((array) => array.buffer as ArrayBuffer)
}

/** The bytes a kept table takes: its typed arrays, and its texts as UTF-8. */
export function keptTableBytes(kept: KeptTable): number {
  let bytes = keptTableBuffers(kept).reduce((sum, buffer) => sum + buffer.byteLength, 0)
  for (const list of [kept.texts, kept.groupLabels, kept.sources, kept.names]) for (const text of list) bytes += utf8Length(text)
  return bytes
}

export type ParsedKeptTable = { ok: true; table: RolloutTable } | { ok: false; problem: string }

/** The table of a kept one read back, or the first thing wrong with it, in words. */
export function tableFromKept(raw: unknown): ParsedKeptTable {
  const problem = keptTableProblem(raw)
  if (problem !== null) return { ok: false, problem }
  const kept = raw as KeptTable
  const base = {
    format: kept.format,
    sources: kept.sources,
    names: kept.names,
    count: kept.count,
    values: kept.values,
    steps: kept.steps,
    stepOf: kept.stepOf,
    groupOf: kept.groupOf,
    indexInGroup: kept.indexInGroup,
    line: kept.line,
    sourceOf: kept.sourceOf,
    lengths: kept.lengths,
    tokenLengths: kept.tokenLengths ?? null,
    texts: kept.texts,
    loggedAdvantages: kept.loggedAdvantages,
  }
  const { groups, leftOut } = groupsOf(base, kept.groupSteps, kept.groupLabels)
  return { ok: true, table: { ...base, groups, leftOut } }
}

/** What is wrong with a kept table read back (the first problem found), or null when it is whole. */
export function keptTableProblem(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'it holds no table (accepted: an object of columns)'
  const kept = raw as Record<keyof KeptTable, unknown>
  if (!ROLLOUT_FORMATS.includes(kept.format as RolloutFormat)) return `format is ${short(kept.format)}; accepted: ${ROLLOUT_FORMATS.join(', ')}`
  const count = kept.count
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1 || count > MAX_COMPLETIONS) return `count is ${short(count)}; accepted: a whole number from 1 to ${MAX_COMPLETIONS}`

  const sources = textList(kept.sources, 'sources', 1, count, MAX_KEPT_NAME)
  if (typeof sources === 'string') return sources
  const names = textList(kept.names, 'names', 0, MAX_COMPONENTS, MAX_KEPT_NAME)
  if (typeof names === 'string') return names
  if (new Set(names).size !== names.length) return 'names holds a component twice; accepted: each name once'
  const steps = kept.steps
  if (!Array.isArray(steps) || steps.length < 1 || steps.length > count) return `steps is not a list of 1 to ${count} steps`
  for (const step of steps) if (step !== null && !(typeof step === 'number' && Number.isSafeInteger(step) && step >= 0)) return `steps holds ${short(step)}; accepted: a whole number from 0, or null`
  if (new Set(steps).size !== steps.length) return 'steps holds a step twice; accepted: each step once'

  if (!Array.isArray(kept.values) || kept.values.length !== names.length) return `values is not a list of ${names.length} columns, one per name`
  for (let k = 0; k < names.length; k++) {
    const problem = numberColumn(kept.values[k], `values[${k}]`, count)
    if (problem !== null) return problem
  }
  if (kept.loggedAdvantages !== null) {
    const problem = numberColumn(kept.loggedAdvantages, 'loggedAdvantages', count)
    if (problem !== null) return problem
  }
  const texts = textList(kept.texts, 'texts', count, count, KEPT_TEXT_LENGTH)
  if (typeof texts === 'string') return texts
  const groupLabels = textList(kept.groupLabels, 'groupLabels', 1, count, KEPT_TEXT_LENGTH)
  if (typeof groupLabels === 'string') return groupLabels
  const groupCount = groupLabels.length

  const indexColumns: [keyof KeptTable, number, number][] = [
    ['stepOf', count, steps.length],
    ['groupOf', count, groupCount],
    ['sourceOf', count, sources.length],
    ['indexInGroup', count, count],
    ['line', count, 2 ** 31 - 1],
    ['lengths', count, 2 ** 31 - 1],
    ['groupSteps', groupCount, steps.length],
  ]
  for (const [name, length, bound] of indexColumns) {
    const problem = indexColumn(kept[name], name, length, bound)
    if (problem !== null) return problem
  }
  const tokenProblem = tokenColumn(kept.tokenLengths, count)
  if (tokenProblem !== null) return tokenProblem
  return groupProblem(kept as unknown as KeptTable, groupCount)
}

/**
 * Groups as the reader builds them: each completion's step is its group's, its place in the group
 * counts the group's completions before it (0, 1, 2, … in input order), and no group is empty.
 */
function groupProblem(kept: KeptTable, groupCount: number): string | null {
  const seen = new Int32Array(groupCount)
  for (let i = 0; i < kept.count; i++) {
    const group = kept.groupOf[i]
    if (kept.stepOf[i] !== kept.groupSteps[group]) return `completion ${i} is of step index ${kept.stepOf[i]} but its group ${group} is of step index ${kept.groupSteps[group]}`
    if (kept.indexInGroup[i] !== seen[group]) return `completion ${i} is number ${kept.indexInGroup[i]} of group ${group}, which had ${seen[group]} before it`
    seen[group]++
  }
  const empty = seen.indexOf(0)
  return empty === -1 ? null : `group ${empty} has no completion`
}

function numberColumn(column: unknown, name: string, count: number): string | null {
  if (!(column instanceof Float64Array)) return `${name} is not a column of numbers (accepted: a Float64Array)`
  if (column.length !== count) return `${name} holds ${column.length} numbers for ${count} completions`
  for (let i = 0; i < count; i++) if (column[i] === Infinity || column[i] === -Infinity) return `${name} holds ${column[i]} at completion ${i}; accepted: a finite number, or NaN where it does not apply`
  return null
}

/** An Int32Array of `length` values, each from 0 to bound − 1. */
function indexColumn(column: unknown, name: string, length: number, bound: number): string | null {
  if (!(column instanceof Int32Array)) return `${name} is not a column of whole numbers (accepted: an Int32Array)`
  if (column.length !== length) return `${name} holds ${column.length} values where ${length} belong`
  for (let i = 0; i < length; i++) if (column[i] < 0 || column[i] >= bound) return `${name} holds ${column[i]} at ${i}; accepted: 0 to ${bound - 1}`
  return null
}

/** The optional column of lengths in tokens: absent or null, or an Int32Array of `count` values from −1 (none given) to MAX_TOKENS. */
function tokenColumn(column: unknown, count: number): string | null {
  if (column === undefined || column === null) return null
  if (!(column instanceof Int32Array)) return 'tokenLengths is not a column of whole numbers (accepted: an Int32Array, or null)'
  if (column.length !== count) return `tokenLengths holds ${column.length} values where ${count} belong`
  // An Int32Array holds nothing above MAX_TOKENS (2^31 − 1): only the lower bound can be crossed.
  for (let i = 0; i < count; i++) if (column[i] < -1) return `tokenLengths holds ${column[i]} at ${i}; accepted: -1 (no length in tokens) to ${MAX_TOKENS}`
  return null
}

/** A list of `min` to `max` strings of at most `longest` characters each, or what is wrong with it. */
function textList(list: unknown, name: string, min: number, max: number, longest: number): string[] | string {
  if (!Array.isArray(list) || list.length < min || list.length > max) return `${name} is not a list of ${min === max ? min : `${min} to ${max}`} texts`
  for (let i = 0; i < list.length; i++) {
    const text: unknown = list[i]
    if (typeof text !== 'string') return `${name}[${i}] is ${short(text)}, not text`
    if (text.length > longest) return `${name}[${i}] holds ${text.length} characters; accepted: at most ${longest}`
  }
  return list as string[]
}

/** A refused value as a problem quotes it: a string in quotes, an object named as one, anything else as it prints (at most 40 characters). */
function short(value: unknown): string {
  if (value === undefined) return 'missing'
  return typeof value === 'object' && value !== null ? (Array.isArray(value) ? 'a list' : 'an object') : quoted(value)
}

/** The UTF-8 bytes of a text: 1 per code unit below 0x80, 2 below 0x800, 3 otherwise (a surrogate pair's two units, 4). */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdfff ? 2 : 3
  }
  return bytes
}
