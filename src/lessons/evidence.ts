import raw from './evidence.json'
import { parseEvidenceFile, type LessonEvidence } from './evidenceSchema'
import { entryDifferences } from './evidenceStaleness'
import { findLesson } from './catalogue'

/*
 * The generated evidence the lesson cards read, validated once when the page loads. A damaged file
 * is one message for the cards to show, never a page that fails to load.
 */

const parsed = parseEvidenceFile(raw)

/** Why the evidence file could not be read, or null when it was. */
export const EVIDENCE_PROBLEM: string | null = parsed.problem

/** What a lesson's card can say about its evidence. */
export type LessonEvidenceState =
  | { kind: 'measured'; entry: LessonEvidence }
  | { kind: 'stale'; entry: LessonEvidence; differences: string[] }
  | { kind: 'none' }
  | { kind: 'damaged'; problem: string }

/** The evidence for lesson `id`: measured for the lesson as it is now, measured for an older version of it, none, or a damaged file. */
export function lessonEvidence(id: string): LessonEvidenceState {
  if (parsed.problem !== null) return { kind: 'damaged', problem: parsed.problem }
  const entry = parsed.evidence.lessons[id]
  const lesson = findLesson(id)
  if (!entry || !lesson) return { kind: 'none' }
  const differences = entryDifferences(lesson, entry)
  return differences.length > 0 ? { kind: 'stale', entry, differences } : { kind: 'measured', entry }
}
