import { advantageLine } from '../core/rollouts/advantageLines'
import { designAdvantages } from '../core/rollouts/designedRollouts'
import { designReport, type DesignReport } from '../core/rollouts/designReport'
import { ROLLOUT_FORMATS, type RolloutFormat } from '../core/rollouts/formats'
import type { RolloutDesign } from '../core/rollouts/rolloutDesign'
import type { RolloutFigures } from '../core/rollouts/rolloutSummary'
import { counts, groupOrdinals, placeOf, type RolloutTable } from '../core/rollouts/rolloutTable'
import type { SignChangeCounts } from '../core/rollouts/signChanges'
import { trainerExport, TRAINERS, type Trainer } from '../core/rollouts/trainerConfig'
import { countOf } from '../core/plural'
import { parseFlags } from './args'
import type { StreamingCommand } from './command'
import { splitSwitches } from './groupEstimatorFlags'
import { assertFiniteValue } from './json-input'
import { DESIGN_FLAGS, DESIGN_SWITCHES, designProblem, rolloutDesignOf, type DesignOrigin } from './rolloutDesignFlags'
import { readRollouts } from './rolloutsSource'
import { UsageError } from './usage'

/*
 * `rollouts advantages|summary|export --from PATH`: a run's own completions (verl's rollout dump,
 * a TRL completions table, or plain JSONL) re-scored under a design (rolloutDesignFlags.ts: weights
 * and transforms per component, the combine rule and the group estimator) through the engine the
 * page uses (core/rollouts/designedRollouts.ts, designReport.ts), or the design written for the
 * trainer that will run it (core/rollouts/trainerConfig.ts). A step of the file is one batch.
 */

const SUBCOMMANDS = ['advantages', 'summary', 'export']
const FLAGS = ['from', 'format', 'design', 'to', ...DESIGN_FLAGS]
/** Printed lines gathered before each write. */
const LINES_PER_WRITE = 1000

export const rolloutsCommand: StreamingCommand = async (argv, io) => {
  const [subcommand, ...rest] = argv
  if (subcommand === undefined || !SUBCOMMANDS.includes(subcommand)) {
    throw new UsageError(`${subcommand === undefined ? 'rollouts needs a subcommand' : `unknown rollouts subcommand "${subcommand}"`}; accepted: ${SUBCOMMANDS.join(', ')}`)
  }
  const { values, switches } = splitSwitches(rest, DESIGN_SWITCHES)
  const flags = parseFlags(`rollouts ${subcommand}`, values, FLAGS)
  const from = flags.get('from')
  if (from === undefined) throw new UsageError(`rollouts ${subcommand} needs --from PATH: a rollout file (verl's JSONL, a TRL table as JSON or CSV, or plain JSONL) or a folder of verl's <step>.jsonl files`)
  const format = formatFlag(flags)
  const trainer = trainerFlag(subcommand, flags)
  const { design, origin } = rolloutDesignOf(flags, switches, io.readStdin)

  const table = await readRollouts(from, format)
  if (trainer !== null) {
    printExport(table, design, origin, trainer, io)
    return 0
  }
  for (const note of leftOutNotes(table)) io.err(`${note}\n`)
  if (subcommand === 'advantages') printAdvantages(table, design, origin, io.out)
  else printSummary(table, design, origin, io.out)
  return 0
}

function formatFlag(flags: Map<string, string>): RolloutFormat | null {
  const format = flags.get('format')
  if (format === undefined) return null
  if (!(ROLLOUT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown --format "${format}"; accepted: ${ROLLOUT_FORMATS.join(', ')}`)
  return format as RolloutFormat
}

/** --to trl|verl: export's, and only export's. */
function trainerFlag(subcommand: string, flags: Map<string, string>): Trainer | null {
  const to = flags.get('to')
  if (subcommand !== 'export') {
    if (to !== undefined) throw new UsageError(`--to names the trainer rollouts export writes for; rollouts ${subcommand} takes no --to`)
    return null
  }
  if (to === undefined) throw new UsageError(`rollouts export needs --to TRAINER; accepted: ${TRAINERS.join(', ')}`)
  if (!(TRAINERS as readonly string[]).includes(to)) throw new UsageError(`unknown --to "${to}"; accepted: ${TRAINERS.join(', ')}`)
  return to as Trainer
}

/** The design's text for the trainer on stdout; on stderr one note per part of it the trainer has no setting for. */
function printExport(table: RolloutTable, design: RolloutDesign, origin: DesignOrigin, trainer: Trainer, io: { out(text: string): void; err(text: string): void }): void {
  const exported = trainerExport(design, table.names, trainer)
  if ('problem' in exported) throw designProblem(exported.problem, origin)
  io.out(exported.text)
  for (const note of exported.unmapped) io.err(`note: not exported: ${note}\n`)
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
function printAdvantages(table: RolloutTable, design: RolloutDesign, origin: DesignOrigin, out: (text: string) => void): void {
  const computed = designAdvantages(table, design)
  if ('problem' in computed) throw designProblem(computed.problem, origin)
  const { rewards, advantages } = computed
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

/** One line per step, then one over the whole input with what was left out and the sign changes. */
function printSummary(table: RolloutTable, design: RolloutDesign, origin: DesignOrigin, out: (text: string) => void): void {
  const report = designReport(table, design)
  if ('problem' in report) throw designProblem(report.problem, origin)
  const { summary } = report
  const lines = summary.steps.map(({ step, figures }) => JSON.stringify({ step, ...figuresLine(table, figures) }))
  const { unscored, groupsOfOne } = table.leftOut
  lines.push(JSON.stringify({ steps: table.steps.length, ...figuresLine(table, summary.whole), leftOut: { unscoredCompletions: unscored.count, groupsOfOne: groupsOfOne.count }, signChanges: signChangesLine(table, report) }))
  out(`${lines.join('\n')}\n`)
}

/** The sign changes against the run's logged advantage or the file's own design; null where the file has neither. */
function signChangesLine(table: RolloutTable, report: DesignReport) {
  const changes = report.signChanges
  if (changes === null) return null
  return {
    versus: changes.versus,
    ...countsLine(changes.whole),
    steps: changes.steps.map(({ step, counts: stepCounts }) => ({ step, ...countsLine(stepCounts) })),
    first: changes.first.map((change) => ({ completion: change.completion, place: placeOf(table, change.completion), step: change.step, group: change.group, index: change.index, kind: change.kind, before: change.before, after: change.after })),
  }
}

function countsLine(changeCounts: SignChangeCounts) {
  return { compared: changeCounts.compared, flips: changeCounts.flips, toZero: changeCounts.toZero, fromZero: changeCounts.fromZero }
}

/** A line's figures; the correlation with the length in tokens only where some record gives one (a file without keeps its lines as they were). */
function figuresLine(table: RolloutTable, figures: RolloutFigures) {
  return {
    groups: figures.groups,
    completions: figures.completions,
    silentGroups: figures.silentGroups,
    zeroAdvantageShare: figures.zeroAdvantageShare,
    components: Object.fromEntries(table.names.map((name, k) => [name, figures.components[k]])),
    advantageLengthCorrelation: figures.advantageLengthCorrelation,
    ...(table.tokenLengths === null ? {} : { advantageTokenCorrelation: figures.advantageTokenCorrelation }),
  }
}
