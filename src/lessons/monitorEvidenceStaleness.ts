import { monitorSetupFingerprint } from '../core/monitors/setupFingerprint'
import { designFingerprint } from './fingerprint'
import { remeasureCommand, type MeasuredLesson, type MonitorEvidence } from './monitorEvidenceSchema'
import type { Lesson } from './types'

/*
 * Whether the monitors' measured table still measures what it names: the monitors' setup as it is
 * now, and each lesson it measured with the same budget and the same designs, variant by variant.
 */

/** Why one measured lesson no longer measures the catalogue's, in words; empty when it does. */
function lessonDifferences(measured: MeasuredLesson, lesson: Lesson | undefined): string[] {
  if (!lesson) return [`lesson ${measured.id} is not in the catalogue any more`]
  if (!lesson.check) return [`lesson ${measured.id} has no check any more, so no budget to train for`]
  const differences: string[] = []
  if (lesson.check.steps !== measured.steps) differences.push(`lesson ${measured.id}: budget ${lesson.check.steps} steps, measured with ${measured.steps}`)
  if (lesson.variants.length !== measured.variants.length) differences.push(`lesson ${measured.id}: ${lesson.variants.length} variants, measured ${measured.variants.length}`)
  for (const variant of measured.variants) {
    const design = lesson.variants[variant.index]?.design
    if (design && designFingerprint(design) !== variant.fingerprint) differences.push(`lesson ${measured.id}: variant ${variant.index} (${lesson.variants[variant.index].label}) changed its design`)
  }
  return differences
}

/** Every way the file no longer measures the monitors over the catalogue, one line each ending in what to run; empty when it is fresh. */
export function monitorEvidenceStaleness(lessons: readonly Lesson[], file: MonitorEvidence, setupFingerprint: string = monitorSetupFingerprint()): string[] {
  const differences: string[] = []
  if (file.setupFingerprint !== setupFingerprint) differences.push(`the monitors' setup changed (their options, which monitors there are, the gold's window or margin, or the frames per run): fingerprint ${setupFingerprint}, measured with ${file.setupFingerprint}`)
  for (const measured of file.lessons) differences.push(...lessonDifferences(measured, lessons.find((lesson) => lesson.id === measured.id)))
  const command = remeasureCommand(file.lessons.map((lesson) => lesson.id), file.seeds)
  return differences.map((difference) => `the monitors' measured table is stale: ${difference}; run ${command}`)
}
