import type { GroupEstimator } from '../core/credit/estimatorSchema'
import { COMBINES } from '../core/credit/estimatorSettings'
import { advantageLine, groupOrdinals } from '../core/rollouts/advantageLines'
import { ROLLOUT_FORMATS, type RolloutFormat } from '../core/rollouts/formats'
import { rolloutAdvantages } from '../core/rollouts/rolloutAdvantages'
import { rolloutSummary, type RolloutFigures } from '../core/rollouts/rolloutSummary'
import { counts, placeOf, type RolloutTable } from '../core/rollouts/rolloutTable'
import { rolloutWeights } from '../core/rollouts/rolloutWeights'
import { countOf } from '../core/plural'
import { parseFlags, parseNumber, parsePairs } from './args'
import type { StreamingCommand } from './command'
import { groupEstimator, presetEstimator, splitSwitches } from './groupEstimatorFlags'
import { assertFiniteValue } from './json-input'
import { readRollouts } from './rolloutsSource'
import { UsageError } from './usage'

/*
 * `rollouts advantages|summary --from PATH`: a run's own completions (verl's rollout dump, a TRL
 * completions table, or plain JSONL) re-scored under a design: weights per component, the combine
 * rule and the group estimator, through the engine the learner trains with
 * (core/rollouts/rolloutAdvantages.ts). A step of the file is one batch.
 */

const SUBCOMMANDS = ['advantages', 'summary']
const SWITCHES = ['rank', 'batch-normalize']
const FLAGS = ['from', 'format', 'weights', 'combine', 'estimator', 'center', 'scale', 'eps', 'preset']
/** Printed lines gathered before each write. */
const LINES_PER_WRITE = 1000

export const rolloutsCommand: StreamingCommand = async (argv, io) => {
  const [subcommand, ...rest] = argv
  if (subcommand === undefined || !SUBCOMMANDS.includes(subcommand)) {
    throw new UsageError(`${subcommand === undefined ? 'rollouts needs a subcommand' : `unknown rollouts subcommand "${subcommand}"`}; accepted: ${SUBCOMMANDS.join(', ')}`)
  }
  const { values, switches } = splitSwitches(rest, SWITCHES)
  const flags = parseFlags(`rollouts ${subcommand}`, values, FLAGS)
  const from = flags.get('from')
  if (from === undefined) throw new UsageError(`rollouts ${subcommand} needs --from PATH: a rollout file (verl's JSONL, a TRL table as JSON or CSV, or plain JSONL) or a folder of verl's <step>.jsonl files`)
  const format = formatFlag(flags)
  const estimator = estimatorOf(flags, switches)
  const named = weightsFlag(flags)

  const table = await readRollouts(from, format)
  const weights = rolloutWeights(table.names, named)
  if ('problem' in weights) throw new UsageError(named === null ? `${weights.problem}; give --weights name=w,...` : `--weights: ${weights.problem}`)
  for (const note of leftOutNotes(table)) io.err(`${note}\n`)
  if (subcommand === 'advantages') printAdvantages(table, weights.weights, estimator, io.out)
  else printSummary(table, weights.weights, estimator, io.out)
  return 0
}

function formatFlag(flags: Map<string, string>): RolloutFormat | null {
  const format = flags.get('format')
  if (format === undefined) return null
  if (!(ROLLOUT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown --format "${format}"; accepted: ${ROLLOUT_FORMATS.join(', ')}`)
  return format as RolloutFormat
}

/** --weights name=w,...: null where not given. */
function weightsFlag(flags: Map<string, string>): Map<string, number> | null {
  const text = flags.get('weights')
  if (text === undefined) return null
  const pairs = parsePairs(text, '--weights')
  if (pairs.size === 0) throw new UsageError('--weights is empty; give name=w,... with names of the file\'s components')
  return new Map([...pairs].map(([name, value]) => [name, parseNumber(value, `--weights ${name}`)]))
}

/** --estimator group (the only one: the others read more than a rollout file holds) with its centre and scale, or --preset. */
function estimatorOf(flags: Map<string, string>, switches: Set<string>): GroupEstimator {
  const named = flags.get('estimator')
  if (named !== undefined && named !== 'group') throw new UsageError(`rollouts takes --estimator group (the other estimators read more than a rollout file holds: greedy completions, token counts, per-token rewards); accepted: group`)
  const combine = flags.get('combine') ?? 'sum'
  if (!(COMBINES as readonly string[]).includes(combine)) throw new UsageError(`unknown --combine "${combine}"; accepted: ${COMBINES.join(', ')}`)
  const estimator = presetEstimator(flags, switches) ?? groupEstimator(flags, switches)
  return { ...estimator, combine: combine as GroupEstimator['combine'] }
}

/** One line per kind of completion left out, with where; none when nothing is. */
function leftOutNotes(table: RolloutTable): string[] {
  const { unscored, groupsOfOne } = table.leftOut
  const where = (entry: { count: number; places: string[] }) => `${entry.places.join(', ')}${entry.count > entry.places.length ? `, and ${entry.count - entry.places.length} more` : ''}`
  const notes: string[] = []
  if (unscored.count > 0) notes.push(`note: ${countOf(unscored.count, 'completion')} left out, no reward component applying to ${unscored.count === 1 ? 'it' : 'them'} (every value null): ${where(unscored)}`)
  if (groupsOfOne.count > 0) notes.push(`note: ${countOf(groupsOfOne.count, 'group')} of one completion left out (a group baseline needs at least 2): ${where(groupsOfOne)}`)
  return notes
}

/** {"step", "group", "index", "reward", "advantage"} per completion in input order; reward and advantage null where it does not count. */
function printAdvantages(table: RolloutTable, weights: Float64Array, estimator: GroupEstimator, out: (text: string) => void): void {
  const { rewards, advantages } = rolloutAdvantages(table, weights, estimator)
  const ordinal = groupOrdinals(table)
  let lines: string[] = []
  for (let i = 0; i < table.count; i++) {
    const counted = counts(table, i)
    if (counted) {
      assertFiniteValue(rewards[i], `the reward at ${placeOf(table, i)}`)
      assertFiniteValue(advantages[i], `the advantage at ${placeOf(table, i)}`)
    }
    lines.push(JSON.stringify(advantageLine(table, ordinal, rewards, advantages, i)))
    if (lines.length === LINES_PER_WRITE) {
      out(`${lines.join('\n')}\n`)
      lines = []
    }
  }
  if (lines.length > 0) out(`${lines.join('\n')}\n`)
}

/** One line per step, then one over the whole input with what was left out. */
function printSummary(table: RolloutTable, weights: Float64Array, estimator: GroupEstimator, out: (text: string) => void): void {
  const summary = rolloutSummary(table, weights, estimator)
  const lines = summary.steps.map(({ step, figures }) => JSON.stringify({ step, ...figuresLine(table, figures) }))
  const { unscored, groupsOfOne } = table.leftOut
  lines.push(JSON.stringify({ steps: table.steps.length, ...figuresLine(table, summary.whole), leftOut: { unscoredCompletions: unscored.count, groupsOfOne: groupsOfOne.count } }))
  out(`${lines.join('\n')}\n`)
}

function figuresLine(table: RolloutTable, figures: RolloutFigures) {
  return {
    groups: figures.groups,
    completions: figures.completions,
    silentGroups: figures.silentGroups,
    zeroAdvantageShare: figures.zeroAdvantageShare,
    components: Object.fromEntries(table.names.map((name, k) => [name, figures.components[k]])),
    advantageLengthCorrelation: figures.advantageLengthCorrelation,
  }
}
