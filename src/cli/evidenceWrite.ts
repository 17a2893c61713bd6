import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { errorMessage } from '../core/errorMessage'
import { LESSONS } from '../lessons/catalogue'
import { parseEvidenceFile, REGENERATE_COMMAND, type EvidenceFile, type LessonEvidence } from '../lessons/evidenceSchema'
import { designFingerprint } from '../lessons/fingerprint'
import type { Lesson } from '../lessons/types'
import { recordedFigures, type FigureId } from '../lessons/claimFigures'
import type { LessonCheckResult, VariantResult } from './lessonCheck'

/*
 * `lesson check --write`: the measured figures go to one generated file the lesson cards read,
 * so that no measured number has to be typed into a lesson's text.
 */

/** Where the evidence lives: beside the catalogue, imported by the page's bundle. */
export const EVIDENCE_PATH = fileURLToPath(new URL('../lessons/evidence.json', import.meta.url))

export interface Machine {
  cpu: string
  cores: number
  node: string
}

/** This machine as the evidence names it: CPU model, cores, Node version. */
export function thisMachine(): Machine {
  return { cpu: cpus()[0]?.model.trim() || 'unknown', cores: availableParallelism(), node: process.version }
}

/** A finite number, or null (JSON has no NaN). */
function orNull(value: number): number | null {
  return Number.isFinite(value) ? value : null
}

/** A variant's measured figures as the evidence records them: the figures `ids` (those the check records), in that order. */
function figuresEvidence(figures: VariantResult['figures'], ids: readonly FigureId[]): LessonEvidence['variants'][number]['figures'] {
  const entries = ids.map((id) => {
    const figure = figures[id]
    if (!figure) throw new Error(`the check's result has no figure ${id}`)
    return [id, { mean: orNull(figure.mean), std: orNull(figure.std), values: figure.values.map(orNull) }] as const
  })
  return Object.fromEntries(entries) as LessonEvidence['variants'][number]['figures']
}

/** A check's result as the lesson's entry in the evidence file. */
export function evidenceEntryOf(lesson: Lesson, result: LessonCheckResult, firstSeed: number, machine: Machine, date: Date): LessonEvidence {
  const check = lesson.check
  if (!check) throw new Error(`lesson ${lesson.id} has no check`)
  return {
    date: date.toISOString(),
    machine,
    firstSeed,
    seeds: result.variants[0].seeds.length,
    steps: result.steps,
    claims: check.claims,
    variants: result.variants.map((variant) => ({
      index: variant.index,
      label: variant.label,
      fingerprint: designFingerprint(lesson.variants[variant.index].design),
      seeds: variant.seeds,
      figures: figuresEvidence(variant.figures, recordedFigures(check)),
    })),
    verdicts: result.claims.map((claim) => ({
      holds: claim.holds,
      meanMargin: orNull(claim.meanMargin),
      standardError: orNull(claim.standardError),
      seedsHolding: claim.seedsHolding,
      seeds: claim.seeds,
      failure: claim.failure,
    })),
  }
}

/**
 * The file's current contents, validated; an empty file where there is none yet. A damaged file
 * is refused rather than overwritten, so that nothing measured is lost without being seen.
 */
export function readEvidenceFile(path: string): EvidenceFile {
  if (!existsSync(path)) return { version: 1, generatedBy: REGENERATE_COMMAND, lessons: {} }
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`the lesson evidence file ${path} is not JSON (${errorMessage(error)}); fix it or delete it, then run ${REGENERATE_COMMAND}`)
  }
  const { evidence, problem } = parseEvidenceFile(raw)
  if (problem !== null) throw new Error(problem.replace('the lesson evidence file', `the lesson evidence file ${path}`))
  return evidence
}

/**
 * Put `entries` into the file at `path`, keeping the other lessons' entries, in catalogue order;
 * entries of lessons that are gone or have no check any more are dropped (they are stale by
 * definition). Written to a temporary file and renamed, so that a reader never sees half a file.
 */
export function writeEvidence(path: string, entries: Record<string, LessonEvidence>, lessons: readonly Lesson[] = LESSONS): EvidenceFile {
  const merged = { ...readEvidenceFile(path).lessons, ...entries }
  const ordered: Record<string, LessonEvidence> = {}
  for (const lesson of lessons) if (lesson.check && merged[lesson.id]) ordered[lesson.id] = merged[lesson.id]
  const file: EvidenceFile = { version: 1, generatedBy: REGENERATE_COMMAND, lessons: ordered }
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`)
  renameSync(temporary, path)
  return file
}
