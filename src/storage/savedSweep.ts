import { z } from 'zod'
import type { Sweep } from '../model/sweep/definition'
import { checkDefinitionValue } from '../model/sweep/definitionImport'
import { definitionOf } from '../model/sweep/definitionFile'
import { recordMismatch, RunRecordSchema, type RunRecord } from '../model/sweep/runRecord'
import { boundedProblem } from '../model/problemList'
import { issuesText } from './recordProblems'

/*
 * A sweep as IndexedDB keeps it: its definition in one record (the file the command line reads,
 * checked again when read back, as strictly as a definition file), and each finished run in a
 * record of its own, written as it finishes (as the command line appends a line), so a page closed
 * mid-sweep loses only the runs in flight.
 */

export const SAVED_SWEEP_VERSION = 1

/** The most characters of an id or label read back (the page writes far fewer). */
const MAX_TEXT = 200

export interface SavedSweepRecord {
  id: string
  version: typeof SAVED_SWEEP_VERSION
  createdAt: number
  /** The environment's label, for the list. */
  envLabel: string
  definition: ReturnType<typeof definitionOf>
}

/** One finished run of a sweep; the store's key is [sweepId, run]. */
export interface SavedSweepRun {
  sweepId: string
  run: number
  record: RunRecord
}

const HeaderSchema = z.object({
  id: z.string().min(1).max(MAX_TEXT),
  version: z.literal(SAVED_SWEEP_VERSION),
  createdAt: z.number().int().min(0).max(8.64e15),
  envLabel: z.string().min(1).max(MAX_TEXT),
  definition: z.unknown(),
})

const RunEntrySchema = z.object({ sweepId: z.string(), run: z.number().int().min(0), record: z.unknown() })

/** The record of a sweep's definition. */
export function sweepRecordOf(id: string, createdAt: number, envLabel: string, sweep: Sweep): SavedSweepRecord {
  return { id, version: SAVED_SWEEP_VERSION, createdAt, envLabel, definition: definitionOf(sweep) }
}

/** A sweep read back: its runs, and what was wrong with any run record (left out: it trains again on Resume). */
export interface ParsedSweep {
  id: string
  createdAt: number
  envLabel: string
  sweep: Sweep
  records: RunRecord[]
  problems: string[]
}

export type ParsedSavedSweep = { ok: true; sweep: ParsedSweep } | { ok: false; id: string | null; problem: string }

/** Validate a sweep's record and the run records kept under its id. */
export function parseSavedSweep(raw: unknown, runs: readonly unknown[]): ParsedSavedSweep {
  const header = HeaderSchema.safeParse(raw)
  const id = typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'string' ? raw.id : null
  if (!header.success) return { ok: false, id, problem: issuesText(header.error) }
  // Checked as an imported file is (held to the page's bound in points first, so a forged axis of thousands of values is refused at once).
  const checked = checkDefinitionValue(header.data.definition)
  if (!checked.ok) return { ok: false, id, problem: `its definition is no sweep: ${checked.problem}` }
  const sweep = checked.sweep
  const records: RunRecord[] = []
  const problems: string[] = []
  for (const entry of runs) {
    const kept = RunEntrySchema.safeParse(entry)
    if (!kept.success) {
      problems.push(`a run record: ${issuesText(kept.error)}`)
      continue
    }
    const where = `run ${kept.data.run}`
    const record = RunRecordSchema.safeParse(kept.data.record)
    if (!record.success) {
      problems.push(`${where}: ${issuesText(record.error)}`)
      continue
    }
    const mismatch = record.data.run !== kept.data.run ? `it is kept as run ${kept.data.run} but says run ${record.data.run}` : recordMismatch(record.data, sweep)
    if (mismatch !== null) problems.push(boundedProblem(`${where}: ${mismatch}`))
    else records.push(record.data)
  }
  records.sort((a, b) => a.run - b.run)
  return { ok: true, sweep: { id: header.data.id, createdAt: header.data.createdAt, envLabel: header.data.envLabel, sweep, records, problems } }
}
