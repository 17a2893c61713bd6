import { z } from 'zod'
import type { Sweep } from './definition'
import { sweepFingerprint } from './definitionFile'
import { runAt, runCount } from './runIndex'
import type { AxisValue } from './axisText'

/*
 * One finished run as a line of a sweep's results: which run, point, axes and seed, and the figures
 * `train`'s done line reports for it. A results file is such lines, each ended by "\n" and written
 * whole; text after the last "\n" is a line a killed process did not finish, and is no run.
 */

const finite = z.number().refine(Number.isFinite, 'must be a finite number')

export const RunRecordSchema = z.strictObject({
  run: z.number().int().min(0),
  point: z.number().int().min(0),
  axes: z.record(z.string(), z.union([finite, z.string()])),
  seed: z.number().int().min(0),
  /** The mean objective of the last 20 finished episodes (recentObjective); null when none finished. */
  objective: finite.nullable(),
  /** The mean shaped return of the last 20 finished episodes (recentReturn). */
  shapedReturn: finite.nullable(),
  /** Each component's sum_t w_k c_k,t over the last 20 finished episodes (recentContributions). */
  contributions: z.record(z.string(), finite).nullable(),
  /** The mean zero-advantage fraction of the last 20 iterations; null when the learner reports none. */
  zeroAdvantageFraction: finite.nullable(),
  /** The mean sign-flip fraction of the last 20 iterations that reported it; null when the learner reports none, absent in results written before it was recorded. */
  signFlipFraction: finite.nullable().optional(),
  /** The mean length of the same last 20 episodes (steps; tokens on the token task); null when none finished, absent in results written before it was recorded. */
  episodeLength: finite.nullable().optional(),
  steps: z.number().int().min(0),
  seconds: finite.pipe(z.number().min(0)),
  /** The diagnosis of a run that stopped itself (a NaN or infinite reward or loss); its figures are null. */
  paused: z.string().optional(),
  /** The fingerprint of the definition the run was trained under (sweepFingerprint); absent in results written before it was recorded. */
  definition: z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 hex digits').optional(),
})
export type RunRecord = z.infer<typeof RunRecordSchema>

/** What a run itself reports, before the sweep says which run it was. */
export const RunFiguresSchema = RunRecordSchema.omit({ run: true, point: true, axes: true, seed: true, definition: true })
export type RunFigures = z.infer<typeof RunFiguresSchema>

/** The record of run `run` of the sweep: which run, point, axes and seed, the figures it reported, and the sweep's fingerprint. */
export function runRecordOf(sweep: Sweep, run: number, figures: RunFigures, fingerprint: string = sweepFingerprint(sweep)): RunRecord {
  const { point, seed } = runAt(sweep, run)
  return { run, point, axes: sweep.points[point].axes, seed, ...figures, definition: fingerprint }
}

/** A record as its line: one JSON object and "\n". */
export function recordLine(record: RunRecord): string {
  return `${JSON.stringify(record)}\n`
}

/** The lines of one results file: the runs they hold, what is wrong with any (named by file and line), and whether it ends in an unfinished line. */
export interface ReadRuns {
  records: RunRecord[]
  problems: string[]
  /** Text after the last "\n": a line cut off when its process was killed. It holds no run; the run trains again. */
  torn: boolean
}

/** Read a results file's text against the sweep it belongs to. */
export function readRunLines(text: string, file: string, sweep: Sweep): ReadRuns {
  const lines = text.split('\n')
  const torn = lines.pop() !== ''
  const records: RunRecord[] = []
  const problems: string[] = []
  const fingerprint = sweepFingerprint(sweep)
  lines.forEach((line, index) => {
    if (line.trim() === '') return
    const where = `${file} line ${index + 1}`
    let raw: unknown
    try {
      raw = JSON.parse(line)
    } catch {
      problems.push(`${where}: not a JSON line; a results line is one run's JSON object`)
      return
    }
    const parsed = RunRecordSchema.safeParse(raw)
    if (!parsed.success) {
      problems.push(`${where}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'the line'}: ${issue.message}`).join('; ')}`)
      return
    }
    const mismatch = recordMismatch(parsed.data, sweep, fingerprint)
    if (mismatch !== null) problems.push(`${where}: ${mismatch}`)
    else records.push(parsed.data)
  })
  return { records, problems, torn }
}

/** Why a record is no run of this sweep (trained under another definition, its index out of range, or its point, seed or axes not the index's), or null. */
export function recordMismatch(record: RunRecord, sweep: Sweep, fingerprint: string = sweepFingerprint(sweep)): string | null {
  if (record.definition !== undefined && record.definition !== fingerprint) return `run ${record.run} was trained under another definition (fingerprint ${record.definition}; this sweep's is ${fingerprint})`
  const total = runCount(sweep)
  if (record.run >= total) return `run ${record.run} is past this sweep's last run, ${total - 1}`
  const expected = runAt(sweep, record.run)
  const axes = sweep.points[expected.point].axes
  if (record.point !== expected.point || record.seed !== expected.seed || !sameAxes(record.axes, axes)) {
    return `run ${record.run} of this sweep is point ${expected.point} (${axesLabel(axes)}) on seed ${expected.seed}, but the line says point ${record.point} (${axesLabel(record.axes)}) on seed ${record.seed}: it is of another sweep`
  }
  return null
}

function sameAxes(a: Record<string, AxisValue>, b: Record<string, AxisValue>): boolean {
  const names = Object.keys(b)
  return Object.keys(a).length === names.length && names.every((name) => Object.hasOwn(a, name) && a[name] === b[name])
}

/** "w.hazard=50, l.learningRate=0.1". */
export function axesLabel(axes: Record<string, AxisValue>): string {
  return Object.entries(axes)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ')
}
