import { namedVariants } from './claims'
import type { EvidenceFile, LessonEvidence } from './evidenceSchema'
import { REGENERATE_COMMAND } from './evidenceSchema'
import { designFingerprint, stableJson } from './fingerprint'
import type { Lesson } from './types'

/*
 * Whether the evidence file still measures the catalogue: each lesson with a check has an entry of
 * exactly that check (claims, budget, seeds from 1) and of the designs its claims name as they are
 * now, and no entry is left for a lesson without a check.
 */

/** The first seed the evidence is measured from: the check as declared, not a chosen one. */
export const EVIDENCE_FIRST_SEED = 1

/** Why one lesson's entry no longer measures it, in words; empty when it does. */
export function entryDifferences(lesson: Lesson, entry: LessonEvidence): string[] {
  const check = lesson.check
  if (!check) return ['the lesson has no check']
  const differences: string[] = []
  if (entry.steps !== check.steps) differences.push(`budget ${check.steps} steps, measured with ${entry.steps}`)
  if (entry.seeds !== check.seeds) differences.push(`${check.seeds} seeds, measured with ${entry.seeds}`)
  if (entry.firstSeed !== EVIDENCE_FIRST_SEED) differences.push(`measured from seed ${entry.firstSeed}, not ${EVIDENCE_FIRST_SEED}`)
  if (stableJson(entry.claims) !== stableJson(check.claims)) differences.push('its claims changed')
  const named = namedVariants(check)
  const measured = entry.variants.map((variant) => variant.index)
  if (stableJson(measured) !== stableJson(named)) differences.push(`its claims name variants ${named.join(', ')}, measured ${measured.join(', ')}`)
  for (const variant of entry.variants) {
    const design = lesson.variants[variant.index]?.design
    if (design && designFingerprint(design) !== variant.fingerprint) differences.push(`variant ${variant.index} (${lesson.variants[variant.index].label}) changed its design`)
  }
  return differences
}

/** Every way the file and the catalogue disagree, one line per lesson, each saying what to run. */
export function evidenceStaleness(lessons: readonly Lesson[], file: EvidenceFile): string[] {
  const problems: string[] = []
  for (const lesson of lessons) {
    const entry = file.lessons[lesson.id]
    if (lesson.check && !entry) problems.push(`lesson ${lesson.id} has a check but no evidence; run ${REGENERATE_COMMAND.replace('--write', `${lesson.id} --write`)}`)
    if (!entry) continue
    if (!lesson.check) {
      problems.push(`lesson ${lesson.id} has evidence but no check; any ${REGENERATE_COMMAND} run drops the entry (${REGENERATE_COMMAND.replace('--write', '<ID> --write')} re-measures one lesson)`)
      continue
    }
    const differences = entryDifferences(lesson, entry)
    if (differences.length > 0) problems.push(`lesson ${lesson.id}: the evidence is stale (${differences.join('; ')}); run ${REGENERATE_COMMAND.replace('--write', `${lesson.id} --write`)}`)
  }
  const known = new Set(lessons.map((lesson) => lesson.id))
  for (const id of Object.keys(file.lessons)) if (!known.has(id)) problems.push(`lesson ${id} has evidence but is not in the catalogue; any ${REGENERATE_COMMAND} run drops the entry`)
  return problems
}
