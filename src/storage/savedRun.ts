import { z } from 'zod'
import type { Design } from '../model/design'
import type { CurvePoint } from '../model/series'
import { MAX_CURVE_POINTS } from '../model/series'
import type { DesignMark } from '../model/marks'
import type { PinnedRun } from '../model/compare'
import { parseSavedDesign } from './savedDesign'

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

const finite = z.number().refine(Number.isFinite, 'must be a finite number')
/** Final figures may be NaN (no episode length known yet), never ±Infinity. */
const figure = z.union([finite, z.nan()])
const time = finite.min(0)

const CurvePointSchema = z.object({
  envSteps: time,
  wallSeconds: time,
  shapedReturn: finite,
  objective: finite,
  contributions: z.record(z.string(), finite),
})

const DesignMarkSchema = z.object({
  envSteps: time,
  at: time,
  changes: z.record(z.string(), finite),
  note: z.string().max(10_000).optional(),
  changeId: finite,
})

const SavedRunSchema = z.object({
  version: z.literal(SAVED_RUN_VERSION, { error: `unsupported version; accepted: ${SAVED_RUN_VERSION}` }),
  id: z.string().min(1).max(100),
  name: z.string().refine((name) => validateRunName(name).ok, `expected 1 to ${MAX_RUN_NAME_LENGTH} characters`),
  createdAt: time,
  updatedAt: time,
  status: z.enum(SAVED_RUN_STATUSES),
  design: z.unknown(),
  envLabel: z.string().max(100),
  learner: z.string().max(40),
  series: z.array(CurvePointSchema).max(MAX_CURVE_POINTS),
  marks: z.array(DesignMarkSchema).max(100_000),
  final: z.object({ shapedReturn: figure, objective: figure, length: figure }),
  envSteps: time,
  wallSeconds: time,
  diagnosis: z.string().max(10_000).nullable(),
})

export type ParsedSavedRun = { ok: true; run: SavedRun } | { ok: false; id: string | null; name: string | null; problem: string }

/** Validate a record read back from storage; a damaged one is named (by its name, else its id) with what is wrong. */
export function parseSavedRun(value: unknown): ParsedSavedRun {
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const id = typeof record.id === 'string' ? record.id : null
  const name = typeof record.name === 'string' ? record.name.slice(0, MAX_RUN_NAME_LENGTH) : null
  const parsed = SavedRunSchema.safeParse(value)
  if (!parsed.success) {
    const problem = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message.replace(/^Invalid input: /, '')}`).join('; ')
    return { ok: false, id, name, problem }
  }
  const design = parseSavedDesign(parsed.data.design)
  if (!design.ok) return { ok: false, id, name, problem: `design: ${design.problem}` }
  return { ok: true, run: { ...parsed.data, design: design.design } }
}

/** The bytes a run takes as JSON text (UTF-8): what the library counts as its own size. */
export function savedRunBytes(run: SavedRun): number {
  return new TextEncoder().encode(JSON.stringify(run)).length
}
