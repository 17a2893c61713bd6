import { checkMonitors } from '../core/monitors/check'
import { FRAMES_PER_RUN } from '../core/monitors/frames'
import { GOLD_TURN_DEFAULTS, type GoldTurnOptions } from '../core/monitors/goldTurned'
import { MONITORS } from '../core/monitors/registry'
import { leadText, type MonitorScore } from '../core/monitors/score'
import { countOf } from '../core/plural'
import { MAX_CHECK_SEEDS } from '../lessons/claims'
import type { Lesson } from '../lessons/types'
import { MAX_SEED } from '../model/design'
import { parseFlags, parseNumber } from './args'
import type { StreamingCommand } from './command'
import { defaultJobs } from './cores'
import { checkWords, lessonOf, MAX_JOBS, wholeNumber } from './lesson-command'
import { trainMonitoredRuns } from './monitorRuns'
import { UsageError } from './usage'
import { thisMachine } from './evidenceWrite'
import { checkMonitorDestinations, monitorEvidenceOf, MONITOR_EVIDENCE_PATH, readMonitorEvidence, README_PATH, writeMonitorEvidence, writeMonitorTable } from './monitorEvidenceWrite'
import { monitorTableMarkdown } from '../lessons/monitorTable'

/*
 * `monitor check`: whether the hacking monitors that need no gold (src/core/monitors/) warn before
 * the true objective turns, and how often they cry wolf. It trains every variant of the lessons over
 * seeds, as `lesson check` does, keeps each run's frames, and scores every monitor against where
 * each run's gold turned.
 */

/** The lessons it trains when none is named: those that hack and those that do not. */
export const MONITOR_LESSONS = ['coin-loop', 'reward-hacking', 'length-biased-labeler', 'over-optimisation', 'ensemble-caution', 'dpo-vs-rlhf', 'sparse-vs-shaped']

/** Seeds per variant when --seeds is not given. */
export const MONITOR_SEEDS = 3

interface MonitorCheckArguments {
  lessons: Lesson[]
  seeds: number
  firstSeed: number
  jobs: number
  jobsNote: string | null
  json: boolean
  /** Whether to write the measured file and README's table (--write). */
  write: boolean
  gold: GoldTurnOptions
}

const ACCEPTED = 'monitor check [ID ...] [--seeds K] [--first-seed S] [--jobs N] [--margin F] [--json] [--write], monitor table [--write]'

export const monitorCommand: StreamingCommand = async (argv, io) => {
  const [action, ...rest] = argv
  if (action === 'table') return monitorTable(rest, io)
  if (action !== 'check') throw new UsageError(`monitor needs check or table, got ${action === undefined ? 'nothing' : `"${action.slice(0, 40)}"`}; accepted: ${ACCEPTED}`)
  const { lessons, seeds, firstSeed, jobs, jobsNote, json, write, gold } = monitorCheckArguments(rest)
  if (jobsNote !== null) io.err(`monitor check: ${jobsNote}\n`)
  // A README without its markers, or a damaged measured file, is refused before anything trains, not after minutes of training.
  if (write) checkMonitorDestinations(MONITOR_EVIDENCE_PATH, README_PATH)
  const runs = await trainMonitoredRuns(lessons, seeds, firstSeed, jobs, (line) => io.err(`${line}\n`))
  const checked = checkMonitors(runs, MONITORS, gold)
  if (write) {
    writeMonitorEvidence(monitorEvidenceOf(lessons, seeds, firstSeed, gold, FRAMES_PER_RUN, MONITORS, checked, thisMachine(), new Date()), MONITOR_EVIDENCE_PATH, README_PATH)
    io.err(`monitor check: the scores written to ${MONITOR_EVIDENCE_PATH} and the table in ${README_PATH}\n`)
  }
  if (json) {
    const perRun = runs.map(({ frames, ...run }, k) => ({ ...run, frames: frames.length, ...checked.runs[k] }))
    io.out(`${JSON.stringify({ lessons: lessons.map((lesson) => lesson.id), seeds, firstSeed, framesPerRun: FRAMES_PER_RUN, gold, scores: checked.scores, runs: perRun })}\n`)
  } else {
    const turned = checked.runs.filter((run) => run.goldTurned !== null).length
    io.out(`${countOf(runs.length, 'run')} (${lessons.map((lesson) => lesson.id).join(', ')}; every variant on seeds ${firstSeed}–${firstSeed + seeds - 1}, ${FRAMES_PER_RUN} frames each); the gold turned in ${turned}: its ${gold.window}-frame mean fell from its running peak by ${gold.margin} of the larger of its spread over the run and the peak's size\n`)
    io.out(scoreTable(checked.scores))
  }
  return 0
}

export function monitorCheckArguments(argv: string[]): MonitorCheckArguments {
  const { ids, valued, json, write } = checkWords(argv)
  const flags = parseFlags('monitor check', valued, ['seeds', 'first-seed', 'jobs', 'margin'])
  const { jobs, note: jobsNote } = flags.has('jobs') ? { jobs: wholeNumber(flags.get('jobs')!, '--jobs', 1, MAX_JOBS), note: null } : defaultJobs(MAX_JOBS)
  const seeds = flags.has('seeds') ? wholeNumber(flags.get('seeds')!, '--seeds', 1, MAX_CHECK_SEEDS) : MONITOR_SEEDS
  const firstSeed = flags.has('first-seed') ? wholeNumber(flags.get('first-seed')!, '--first-seed', 0, MAX_SEED - MAX_CHECK_SEEDS) : 1
  const marginText = flags.get('margin')
  const margin = marginText === undefined ? GOLD_TURN_DEFAULTS.margin : parseNumber(marginText, '--margin')
  if (!(margin > 0 && margin <= 1)) throw new UsageError(`--margin must be a fraction above 0 and at most 1 (of the objective's spread over the run), got "${marginText}"`)
  if (write && margin !== GOLD_TURN_DEFAULTS.margin) throw new UsageError(`--write records the monitors as declared, the gold turning at --margin ${GOLD_TURN_DEFAULTS.margin}; drop --margin ${marginText} (or drop --write to try other margins)`)
  const lessons = (ids.length > 0 ? ids : MONITOR_LESSONS).map(lessonOf)
  const unbudgeted = lessons.filter((lesson) => lesson.check === undefined).map((lesson) => lesson.id)
  if (unbudgeted.length > 0) throw new UsageError(`lesson ${unbudgeted.join(', ')} has no check, so no training budget; lessons with one: ${MONITOR_LESSONS.join(', ')} and the others lesson check lists`)
  return { lessons, seeds, firstSeed, jobs, jobsNote, json, write, gold: { ...GOLD_TURN_DEFAULTS, margin } }
}

/**
 * `monitor table [--write]`: README's monitors table rendered from the measured file, printed, or
 * with --write put between the README's markers; no training, for a table edited by hand or lost.
 */
function monitorTable(argv: string[], io: Parameters<StreamingCommand>[1]): number {
  const write = argv.length === 1 && argv[0] === '--write'
  if (argv.length > 0 && !write) throw new UsageError(`monitor table takes only --write, got "${argv[0].slice(0, 40)}"`)
  const file = readMonitorEvidence(MONITOR_EVIDENCE_PATH)
  if (!write) {
    io.out(`${monitorTableMarkdown(file)}\n`)
    return 0
  }
  checkMonitorDestinations(MONITOR_EVIDENCE_PATH, README_PATH)
  writeMonitorTable(file, README_PATH)
  io.err(`monitor table: the table in ${README_PATH} rendered from ${MONITOR_EVIDENCE_PATH}\n`)
  return 0
}

/** Monitor × hits, late, misses, false alarms, quiet, not measurable, and the hits' lead in env steps. */
export function scoreTable(scores: readonly MonitorScore[]): string {
  const header = ['monitor', 'hits', 'late', 'misses', 'false alarms', 'quiet', 'not measurable', 'lead, env steps: median (range)']
  const rows = scores.map((score) => [score.label, String(score.hits), String(score.late), String(score.misses), String(score.falseAlarms), String(score.quiet), String(score.unmeasurable), leadText(score.lead)])
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)))
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd()
  return `${[line(header), ...rows.map(line)].join('\n')}\n`
}
