import type { CurvePoint } from './series'

/** A vertical mark on the learning curve: the design changed here. */
export interface DesignMark {
  envSteps: number
  /** When the page learned of it (ms, Date.now()); one slider's changes within a moment form one mark. */
  at: number
  /** The weights that changed here, by component. */
  changes: Record<string, number>
  /** Other changes made here (a term's expression, a transform), in words. */
  note?: string
  changeId: number
}

/** Changes to the same sliders closer together than this (a drag, a burst of key presses) share a mark. */
export const MARK_MERGE_MS = 1500

/**
 * The marks after one more change. While one slider is dragged, its changes between two curve
 * points collapse into one mark, and so do changes at the same step: the later values win, the
 * mark stays where the burst began.
 */
export function withMark(marks: readonly DesignMark[], series: readonly CurvePoint[], mark: DesignMark): DesignMark[] {
  const last = marks[marks.length - 1]
  const lastPoint = series[series.length - 1]
  const replaceLast =
    last !== undefined &&
    (last.envSteps === mark.envSteps ||
      (sameKeys(last.changes, mark.changes) &&
        noteSubjects(last.note) === noteSubjects(mark.note) &&
        (lastPoint === undefined || lastPoint.envSteps <= last.envSteps || mark.at - last.at < MARK_MERGE_MS)))
  if (!replaceLast) return [...marks, mark]
  const note = mergeNotes(last.note, mark.note)
  const merged = { ...mark, envSteps: last.envSteps, changes: { ...last.changes, ...mark.changes }, ...(note ? { note } : {}) }
  return [...marks.slice(0, -1), merged]
}

export function markLabel(mark: DesignMark, format: (weight: number) => string): string {
  const weights = Object.entries(mark.changes).map(([name, weight]) => `${name} = ${format(weight)}`)
  return [...weights, ...(mark.note ? [mark.note] : [])].join(', ')
}

function sameKeys(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => key in b)
}

/** What a note is about ("term1" for "term1 := …"), to tell a burst of edits from different changes. */
function noteSubjects(note: string | undefined): string {
  return (note?.split('; ') ?? []).map((entry) => entry.split(/ :?= /)[0]).sort().join('; ')
}

/** Notes of merged marks: one entry per thing changed ("term1 := …"), the latest value winning. */
function mergeNotes(earlier: string | undefined, later: string | undefined): string | undefined {
  const entries = new Map<string, string>()
  for (const note of [earlier, later]) {
    for (const entry of note?.split('; ') ?? []) entries.set(entry.split(/ :?= /)[0], entry)
  }
  return entries.size > 0 ? [...entries.values()].join('; ') : undefined
}
