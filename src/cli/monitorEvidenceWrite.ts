import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { RunVerdicts } from '../core/monitors/check'
import type { GoldTurnOptions } from '../core/monitors/goldTurned'
import type { MonitorScore } from '../core/monitors/score'
import { monitorSetupFingerprint } from '../core/monitors/setupFingerprint'
import type { MonitorDefinition } from '../core/monitors/types'
import { describeJsonSyntax } from '../core/jsonSyntax'
import { designFingerprint } from '../lessons/fingerprint'
import { parseMonitorEvidence, remeasureCommand, type MonitorEvidence } from '../lessons/monitorEvidenceSchema'
import { monitorTableMarkdown, withTable } from '../lessons/monitorTable'
import type { Lesson } from '../lessons/types'
import type { Machine } from './evidenceWrite'
import { writeFailure, writeRemedy, FileWriteError } from './file-errors'
import { readRegularText } from './regular-file'
import { replaceFile } from './replaceFile'
import { UsageError } from './usage'

/*
 * `monitor check --write`: the measured scores go to one generated file beside the lesson evidence
 * (src/lessons/monitorEvidence.json), and README.md's monitors table is rendered from it.
 */

export const MONITOR_EVIDENCE_PATH = fileURLToPath(new URL('../lessons/monitorEvidence.json', import.meta.url))
export const README_PATH = fileURLToPath(new URL('../../README.md', import.meta.url))

/** A check's scores as the measured file records them, with the fingerprints that make it stale when what it measured changes. */
export function monitorEvidenceOf(lessons: readonly Lesson[], seeds: number, firstSeed: number, gold: GoldTurnOptions, framesPerRun: number, monitors: readonly MonitorDefinition[], checked: { runs: readonly RunVerdicts[]; scores: readonly MonitorScore[] }, machine: Machine, date: Date): MonitorEvidence {
  const ids = lessons.map((lesson) => lesson.id)
  return {
    version: 1,
    generatedBy: remeasureCommand(ids, seeds),
    date: date.toISOString(),
    machine,
    firstSeed,
    seeds,
    framesPerRun,
    gold,
    setupFingerprint: monitorSetupFingerprint(monitors, gold, framesPerRun),
    runs: checked.runs.length,
    goldTurned: checked.runs.filter((run) => run.goldTurned !== null).length,
    lessons: lessons.map((lesson) => {
      if (!lesson.check) throw new Error(`lesson ${lesson.id} has no check, so no budget to train for`)
      return { id: lesson.id, steps: lesson.check.steps, variants: lesson.variants.map((variant, index) => ({ index, label: variant.label, fingerprint: designFingerprint(variant.design) })) }
    }),
    scores: checked.scores.map((score) => {
      const monitor = monitors.find((known) => known.name === score.monitor)
      if (!monitor) throw new Error(`the check scored a monitor "${score.monitor}" that is not among those given`)
      return { ...score, needsGold: monitor.needsGold }
    }),
  }
}

/** The text of the file at `path`, or a UsageError naming it and why it cannot be read. */
function readText(path: string, what: string): string {
  const read = readRegularText(path)
  if ('reason' in read) throw new UsageError(`cannot read ${what} ${path}: ${read.reason}`)
  return read.text
}

/**
 * Refuse, before anything trains, what --write could not finish: a README without its two table
 * markers, or a measured file that is there but damaged (it is replaced only once it has been seen).
 */
export function checkMonitorDestinations(jsonPath: string, readmePath: string): void {
  try {
    withTable(readText(readmePath, 'the README'), '')
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError(`cannot put the monitors' table in ${readmePath}: ${(error as Error).message}; put back the two marker lines around it`)
  }
  if (existsSync(jsonPath)) readMonitorEvidence(jsonPath)
}

/** The measured file at `path`, validated; a UsageError where it cannot be read, is not JSON or is damaged. */
export function readMonitorEvidence(path: string): MonitorEvidence {
  const text = readText(path, "the monitors' measured table")
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new UsageError(`the monitors' measured table ${path} is not JSON (${describeJsonSyntax(text)}); fix it or delete it, then run npm run -s cli -- monitor check --write`)
  }
  const { evidence, problem } = parseMonitorEvidence(raw)
  if (problem !== null) throw new UsageError(problem.replace("the monitors' measured table", `the monitors' measured table ${path}`))
  return evidence
}

/** README.md's table rendered anew from `file`: the README's text with its marked block replaced. */
export function writeMonitorTable(file: MonitorEvidence, readmePath: string): void {
  const readme = readText(readmePath, 'the README')
  replaceOrExplain(readmePath, withTable(readme, monitorTableMarkdown(file)), 'the README')
}

/** The measured file, then README's table rendered from it. */
export function writeMonitorEvidence(file: MonitorEvidence, jsonPath: string, readmePath: string): void {
  replaceOrExplain(jsonPath, `${JSON.stringify(file, null, 2)}\n`, "the monitors' measured table")
  writeMonitorTable(file, readmePath)
}

function replaceOrExplain(path: string, text: string, what: string): void {
  try {
    replaceFile(path, text)
  } catch (error) {
    throw new FileWriteError(`cannot write ${what} ${path}: ${writeFailure(error)}; ${writeRemedy(error)}, then run the check again`)
  }
}
