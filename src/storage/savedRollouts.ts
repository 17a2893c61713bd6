import { z } from 'zod'
import { ROLLOUT_FORMATS } from '../core/rollouts/formats'
import { keptTableBytes, keptTableProblem, MAX_KEPT_NAME, type KeptTable } from '../core/rollouts/keptTable'
import { MAX_COMPLETIONS, MAX_COMPONENTS } from '../core/rollouts/limits'
import { issuesText } from './recordProblems'

/*
 * A rollout file the person opened, as IndexedDB keeps it: the table the worker read (its numbers
 * and the first 200 characters of each text, keptTable.ts), never the file. Two records share the
 * file's id: a small header (what the Saved runs list shows) in the `rollouts` store, and the
 * columns in `rolloutColumns`, so the list is read without reading every table. Both are written in
 * one transaction and checked when read back: a damaged header is listed with its problem, damaged
 * columns are named when opened, and neither is ever opened.
 *
 * At most MAX_KEPT_ROLLOUT_FILES files and MAX_KEPT_ROLLOUT_BYTES in all are kept: keeping another
 * drops the oldest beyond either bound (the page says which), and a table larger than the bytes
 * bound alone is not kept. The same file opened again (the same name, format, count, sources and
 * size) replaces its earlier copy.
 */

export const SAVED_ROLLOUTS_VERSION = 1

/** The most rollout files kept. */
export const MAX_KEPT_ROLLOUT_FILES = 20

/** The most bytes the kept tables take together: about nine tables of 100,000 completions. */
export const MAX_KEPT_ROLLOUT_BYTES = 256 * 1024 * 1024

/** The list's entry: what was opened, its size, when it was kept. */
export interface SavedRolloutsHeader {
  version: typeof SAVED_ROLLOUTS_VERSION
  id: string
  /** The file's name, or the folder's count of step files, as the panel said it. */
  name: string
  savedAt: number
  format: KeptTable['format']
  count: number
  steps: number
  components: number
  /** The bytes the kept table takes (keptTableBytes). */
  bytes: number
  /** The bytes of the file (or files) it was read from. */
  fileBytes: number
  /** The inputs read, in order, to know the same file opened again. */
  sources: string[]
}

/** The columns, under the header's id. */
export interface SavedRolloutsColumns {
  id: string
  table: KeptTable
}

export interface SavedRollouts {
  header: SavedRolloutsHeader
  columns: SavedRolloutsColumns
}

const HeaderSchema = z.object({
  version: z.literal(SAVED_ROLLOUTS_VERSION),
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(MAX_KEPT_NAME),
  savedAt: z.number().int().min(0).max(8.64e15),
  format: z.enum(ROLLOUT_FORMATS),
  count: z.number().int().min(1).max(MAX_COMPLETIONS),
  steps: z.number().int().min(1).max(MAX_COMPLETIONS),
  components: z.number().int().min(0).max(MAX_COMPONENTS),
  bytes: z.number().int().min(0).max(MAX_KEPT_ROLLOUT_BYTES),
  fileBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sources: z.array(z.string().max(MAX_KEPT_NAME)).min(1).max(MAX_COMPLETIONS),
})

/** The records of a table read from `fileBytes` bytes of the file named `name`. */
export function savedRolloutsOf(id: string, name: string, savedAt: number, table: KeptTable, fileBytes: number): SavedRollouts {
  const header: SavedRolloutsHeader = {
    version: SAVED_ROLLOUTS_VERSION,
    id,
    name: name.slice(0, MAX_KEPT_NAME) || 'rollouts',
    savedAt,
    format: table.format,
    count: table.count,
    steps: table.steps.length,
    components: table.names.length,
    bytes: keptTableBytes(table),
    fileBytes,
    sources: table.sources,
  }
  return { header, columns: { id, table } }
}

export type ParsedRolloutsHeader = { ok: true; header: SavedRolloutsHeader } | { ok: false; name: string | null; problem: string }

/** A header read back, or what is wrong with it (and its name, where it has one to show). */
export function parseSavedRolloutsHeader(raw: unknown): ParsedRolloutsHeader {
  const parsed = HeaderSchema.safeParse(raw)
  if (parsed.success) return { ok: true, header: parsed.data }
  const name = typeof raw === 'object' && raw !== null && 'name' in raw && typeof raw.name === 'string' && raw.name !== '' ? raw.name : null
  return { ok: false, name, problem: issuesText(parsed.error) }
}

/** The table kept under a header, or what is wrong with it: it must be whole and be the table the header lists. */
export function parseSavedRolloutsColumns(raw: unknown, header: SavedRolloutsHeader): { ok: true; table: KeptTable } | { ok: false; problem: string } {
  if (raw === undefined) return { ok: false, problem: 'its table is missing' }
  const table = typeof raw === 'object' && raw !== null && 'table' in raw ? raw.table : undefined
  const problem = keptTableProblem(table)
  if (problem !== null) return { ok: false, problem: `its table: ${problem}` }
  const kept = table as KeptTable
  if (kept.count !== header.count || kept.steps.length !== header.steps || kept.names.length !== header.components) {
    return { ok: false, problem: `its table holds ${kept.count} completions over ${kept.steps.length} steps and ${kept.names.length} components, where the list says ${header.count}, ${header.steps} and ${header.components}` }
  }
  return { ok: true, table: kept }
}

/** Whether two headers are the same file read again. */
function sameFile(a: SavedRolloutsHeader, b: SavedRolloutsHeader): boolean {
  return a.name === b.name && a.format === b.format && a.count === b.count && a.fileBytes === b.fileBytes && a.sources.length === b.sources.length && a.sources.every((source, j) => source === b.sources[j])
}

/**
 * What keeping `incoming` removes from the files kept: the same file's earlier copy (replaced), and
 * the oldest others while more than MAX_KEPT_ROLLOUT_FILES files or MAX_KEPT_ROLLOUT_BYTES bytes
 * would be kept (dropped). A record whose header is damaged counts for nothing and is never removed.
 */
export function rolloutsToRemove(kept: readonly SavedRolloutsHeader[], incoming: SavedRolloutsHeader): { replaced: SavedRolloutsHeader[]; dropped: SavedRolloutsHeader[] } {
  const replaced = kept.filter((header) => header.id === incoming.id || sameFile(header, incoming))
  const others = kept.filter((header) => !replaced.includes(header)).sort((a, b) => a.savedAt - b.savedAt)
  let files = others.length + 1
  let bytes = others.reduce((sum, header) => sum + header.bytes, incoming.bytes)
  const dropped: SavedRolloutsHeader[] = []
  for (const oldest of others) {
    if (files <= MAX_KEPT_ROLLOUT_FILES && bytes <= MAX_KEPT_ROLLOUT_BYTES) break
    dropped.push(oldest)
    files--
    bytes -= oldest.bytes
  }
  return { replaced, dropped }
}

/** Why a table is not kept at all, or null when it may be. */
export function notKeptBecause(header: SavedRolloutsHeader): string | null {
  if (header.bytes <= MAX_KEPT_ROLLOUT_BYTES) return null
  return `it takes ${Math.ceil(header.bytes / 2 ** 20)} MB, more than the ${MAX_KEPT_ROLLOUT_BYTES / 2 ** 20} MB this browser keeps of rollout files; open it from its file again next time`
}
