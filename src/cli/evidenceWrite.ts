import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { replaceFile } from './replaceFile'
import { dirname, resolve } from 'node:path'
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { describeJsonSyntax } from '../core/jsonSyntax'
import { LESSONS } from '../lessons/catalogue'
import { parseEvidenceFile, REGENERATE_COMMAND, type EvidenceFile, type LessonEvidence } from '../lessons/evidenceSchema'
import { designFingerprint } from '../lessons/fingerprint'
import type { Lesson } from '../lessons/types'
import { recordedFigures, type FigureId } from '../lessons/claimFigures'
import { defaultJobs } from './cores'
import { fileKind, FileWriteError, readFailure, writeFailure, writeRemedy } from './file-errors'
import { readRegularText } from './regular-file'
import { UsageError } from './usage'
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
  return { cpu: cpus()[0]?.model.trim() || 'unknown', cores: defaultJobs(Infinity).jobs, node: process.version }
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
  const read = readRegularText(path)
  if ('reason' in read) throw new Error(`cannot read the lesson evidence file ${path}: ${read.reason}; give a regular JSON file or a new one's path`)
  let raw: unknown
  try {
    raw = JSON.parse(read.text)
  } catch {
    throw new Error(`the lesson evidence file ${path} is not JSON (${describeJsonSyntax(read.text)}); fix it or delete it, then run ${REGENERATE_COMMAND}`)
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
  try {
    replaceFile(path, `${JSON.stringify(file, null, 2)}\n`)
  } catch (error) {
    throw new FileWriteError(`cannot write the lesson evidence file ${path}: ${writeFailure(error)}; ${writeRemedy(error)}, then check that lesson again`)
  }
  return file
}

/**
 * Refuse, before anything trains, an evidence path that could not be written: its folder must
 * exist and be writable, and the file be a regular file or absent (not a device, a FIFO or a
 * directory). A check of the catalogue takes minutes; finding out after them is too late.
 */
export function checkEvidenceDestination(path: string): void {
  const folder = dirname(resolve(path))
  let stats
  try {
    stats = statSync(folder)
  } catch (error) {
    throw new UsageError(`cannot write the lesson evidence file ${path}: its folder ${folder} ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be used (${readFailure(error)})`}; give --evidence a path in a folder that exists`)
  }
  if (!stats.isDirectory()) throw new UsageError(`cannot write the lesson evidence file ${path}: ${folder} is ${fileKind(stats)}, not a folder; give --evidence a path in a folder that exists`)
  try {
    accessSync(folder, constants.W_OK)
  } catch (error) {
    throw new UsageError(`cannot write the lesson evidence file ${path}: ${writeFailure(error)} on its folder ${folder}; give --evidence a path in a folder you may write to`)
  }
  let target
  try {
    target = statSync(path)
  } catch {
    return
  }
  if (!target.isFile()) throw new UsageError(`cannot write the lesson evidence file ${path}: it is ${fileKind(target)}; give --evidence the path of a regular JSON file, or of one to make`)
}
