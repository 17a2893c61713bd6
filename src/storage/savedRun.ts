import { z } from 'zod'
import type { Design } from '../model/design'
import type { CurvePoint } from '../model/series'
import { MAX_CURVE_POINTS } from '../model/series'
import type { DesignMark } from '../model/marks'
import type { PinnedRun } from '../model/compare'
import { parseSavedDesign } from './savedDesign'
import { shownText } from '../core/truncate'
import { boundedProblem } from '../model/problemList'
import { issuePath } from './recordProblems'

/*
 * A saved run, version 1: the live run's own pieces (design, series, marks) so whatever reads a live
 * run (the Compare view, an export) reads a saved one the same way, plus what the list shows.
 */

export const SAVED_RUN_VERSION = 1
export const SAVED_RUN_STATUSES = ['running', 'paused', 'stopped', 'finished', 'error'] as const
export type SavedRunStatus = (typeof SAVED_RUN_STATUSES)[number]
/** The longest name a run may have. */
export const MAX_RUN_NAME_LENGTH = 80

export interface SavedRun {
  version: typeof SAVED_RUN_VERSION
  id: string
  name: string
  /** ms since the epoch (Date.now()). */
  createdAt: number
  updatedAt: number
  /** As of the last checkpoint: "running" on a run whose page closed means it was cut off there. */
  status: SavedRunStatus
  design: Design
  /** The environment's label ("CartPole") and the learner's kind ("ppo") as the run had them. */
  envLabel: string
  learner: string
  /** The downsampled curve (at most MAX_CURVE_POINTS) and the design-change marks, as the live run keeps them. */
  series: CurvePoint[]
  marks: DesignMark[]
  /** The final figures (compare.ts finalFigures): mean of the last points, and the latest episode length. */
  final: PinnedRun['final']
  envSteps: number
  wallSeconds: number
  /** Why the run paused itself or failed, if it did. */
  diagnosis: string | null
  /** Trained as one of several seeds at once: the saved id of the group's main run (its own id on the main run). */
  seedGroup?: string
}

export type ValidName = { ok: true; name: string } | { ok: false; message: string }

/** A run's name as typed: trimmed, 1 to 80 characters, no line breaks or other control characters. */
export function validateRunName(text: string): ValidName {
  const name = text.trim()
  if (name === '') return { ok: false, message: `a run's name cannot be empty; accepted: 1 to ${MAX_RUN_NAME_LENGTH} characters` }
  if (name.length > MAX_RUN_NAME_LENGTH) return { ok: false, message: `a run's name is at most ${MAX_RUN_NAME_LENGTH} characters; this one has ${name.length}` }
  if (/[\u0000-\u001f\u007f]/.test(name)) return { ok: false, message: `a run's name cannot hold line breaks, tabs or other control characters` }
  return { ok: true, name }
}

/** JavaScript's Date holds ±8.64e15 ms around 1970; a saved time is one of those, and not before 1970. */
export const MAX_TIME_MS = 8.64e15
/** At most this many of a damaged record's problems are named; the rest are counted. */
const MAX_PROBLEMS_NAMED = 3

const finite = z.number().refine(Number.isFinite, 'must be a finite number')
/** Final figures may be NaN (no episode length known yet), never ±Infinity. */
const figure = z.union([finite, z.nan()])
/** A duration in seconds: any finite amount, none negative. */
const duration = finite.min(0)
/** Steps and change numbers: whole numbers that a double holds exactly. */
const count = z.number().int('must be a whole number').min(0, 'must be a whole number from 0').max(Number.MAX_SAFE_INTEGER, `must be a whole number up to ${Number.MAX_SAFE_INTEGER}`)
/** A moment (Date.now()); past this range `new Date(t)` is an Invalid Date, and formatting it throws. */
const moment = z
  .number()
  .refine((t) => Number.isFinite(t) && t >= 0 && t <= MAX_TIME_MS, `must be a time in ms since 1970, from 0 to 8.64e15 ms (the dates JavaScript can hold)`)

const CurvePointSchema = z.object({
  envSteps: count,
  wallSeconds: duration,
  shapedReturn: finite,
  objective: finite,
  contributions: z.record(z.string(), finite),
  kl: finite.optional(),
  /** The scheduled weights in force at the point, by component (a run with schedules). */
  weights: z.record(z.string(), finite).optional(),
})

const DesignMarkSchema = z.object({
  envSteps: count,
  at: moment,
  changes: z.record(z.string(), finite),
  note: z.string().max(10_000).optional(),
  changeId: count,
})

const SavedRunSchema = z.object({
  version: z.literal(SAVED_RUN_VERSION, { error: `unsupported version; accepted: ${SAVED_RUN_VERSION}` }),
  id: z.string().min(1).max(100),
  name: z.string().refine((name) => validateRunName(name).ok, `expected 1 to ${MAX_RUN_NAME_LENGTH} characters`),
  createdAt: moment,
  updatedAt: moment,
  status: z.enum(SAVED_RUN_STATUSES),
  design: z.unknown(),
  envLabel: z.string().max(100),
  learner: z.string().max(40),
  series: z.array(CurvePointSchema).max(MAX_CURVE_POINTS),
  marks: z.array(DesignMarkSchema).max(100_000),
  final: z.object({ shapedReturn: figure, objective: figure, length: figure }),
  envSteps: count,
  wallSeconds: duration,
  diagnosis: z.string().max(10_000).nullable(),
  seedGroup: z.string().min(1).max(100).optional(),
})

export type ParsedSavedRun = { ok: true; run: SavedRun } | { ok: false; id: string | null; name: string | null; problem: string }

/** Validate a record read back from storage; a damaged one is named (by its name, else its id) with what is wrong. */
export function parseSavedRun(value: unknown): ParsedSavedRun {
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const id = typeof record.id === 'string' ? record.id : null
  // The name as a message quotes it: a damaged record's name can be any length and hold line breaks.
  const name = typeof record.name === 'string' && record.name.trim() !== '' ? shownText(record.name.trim()) : null
  const parsed = SavedRunSchema.safeParse(value)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => boundedProblem(`${issuePath(issue.path)}: ${issue.message.replace(/^Invalid input: /, '')}`))
    const more = problems.length - MAX_PROBLEMS_NAMED
    const problem = problems.slice(0, MAX_PROBLEMS_NAMED).join('; ') + (more > 0 ? `; and ${more} more ${more === 1 ? 'problem' : 'problems'}` : '')
    return { ok: false, id, name, problem }
  }
  const design = parseSavedDesign(parsed.data.design)
  if (!design.ok) return { ok: false, id, name, problem: boundedProblem(`design: ${design.problem}`) }
  return { ok: true, run: { ...parsed.data, design: design.design } }
}

/** The name numbered `n` (n ≥ 2): "CartPole · ppo · seed 1 (2)", the base shortened to keep 80 characters. */
export function numberedRunName(base: string, n: number): string {
  if (n < 2) return base
  const suffix = ` (${n})`
  return `${base.slice(0, MAX_RUN_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`
}

/** The bytes a run takes as JSON text (UTF-8): what the library counts as its own size. */
export function savedRunBytes(run: SavedRun): number {
  return new TextEncoder().encode(JSON.stringify(run)).length
}
