import { runCount } from '../model/sweep/runIndex'
import { axesLabel } from '../model/sweep/runRecord'
import { DEFAULT_PARETO, parseParetoFigures, summarizeSweep, type SweepSummary } from '../model/sweep/summary'
import { summaryJson } from '../model/sweep/sweepExport'
import type { ParetoFigure } from '../model/sweep/pareto'
import type { Sweep } from '../model/sweep/definition'
import { escapeControls } from '../core/truncate'
import { parseFlags } from './args'
import { readRecordedRuns, readSweepDir } from './sweepDir'
import { UsageError } from './usage'

/*
 * `sweep summarize DIR [--json] [--pareto FIG1,FIG2]`: every point's figures over its seeds (mean
 * ± sample standard deviation) and the Pareto front of two figures, from whatever runs DIR holds,
 * written by one process or by many shards alike.
 */

export function sweepSummarize(argv: string[]): string {
  const { dir, json, paretoText } = summarizeArguments(argv)
  const sweep = readSweepDir(dir)
  const pareto = parseParetoFigures(paretoText, sweep)
  if (!pareto.ok) throw new UsageError(`--pareto: ${pareto.problem}`)
  const { records } = readRecordedRuns(dir, sweep)
  const summary = summarizeSweep(sweep, records, pareto.figures)
  return json ? summaryJson(summary) : describeSummary(dir, sweep, summary, pareto.figures)
}

function summarizeArguments(argv: string[]): { dir: string; json: boolean; paretoText: string } {
  // The directory is the one word that is neither a flag nor a flag's value; --json takes no value.
  const words: string[] = []
  const valued: string[] = []
  let json = false
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]
    if (word === '--json') json = true
    else if (!word.startsWith('--')) words.push(word)
    else {
      valued.push(word)
      if (!word.includes('=') && i + 1 < argv.length) valued.push(argv[++i])
    }
  }
  const flags = parseFlags('sweep summarize', valued, ['pareto'])
  if (words.length !== 1) throw new UsageError(`sweep summarize needs one DIR (the --out of a sweep), got ${words.length === 0 ? 'none' : `${words.length}: ${words.map((word) => `"${word}"`).join(', ')}`}; accepted: sweep summarize DIR [--json] [--pareto FIG1,FIG2]`)
  return { dir: words[0], json, paretoText: flags.get('pareto') ?? DEFAULT_PARETO }
}

/** The summary for people: one line per point, then the front. */
function describeSummary(dir: string, sweep: Sweep, summary: SweepSummary, pareto: readonly [ParetoFigure, ParetoFigure]): string {
  const found = summary.points.reduce((sum, point) => sum + point.runs, 0)
  // The folder's name as given, its control characters escaped: this line goes to a terminal too.
  const lines = [`sweep "${escapeControls(dir)}": ${found} of ${runCount(sweep)} runs (${sweep.points.length} points × ${sweep.seeds} seeds, ${sweep.steps} steps a run); each figure is the mean ± sample standard deviation (n − 1) over the point's runs`]
  summary.points.forEach((point, index) => {
    const figures = Object.entries(point.figures).map(([name, figure]) => `${name} ${figure.mean === null ? 'none' : `${format(figure.mean)} ± ${format(figure.std!)}`}`)
    lines.push(`point ${index} ${axesLabel(point.axes)} (${point.runs} runs): ${figures.join('; ')}`)
  })
  const direction = (figure: ParetoFigure) => `${figure.name} (${figure.higherIsBetter ? 'higher' : 'lower'} is better)`
  const front = summary.pareto.length === 0 ? 'no point has both figures yet' : `point${summary.pareto.length === 1 ? '' : 's'} ${summary.pareto.join(', ')}`
  lines.push(`Pareto front of ${direction(pareto[0])} and ${direction(pareto[1])}: ${front}`)
  return `${lines.join('\n')}\n`
}

/** Four significant digits. */
function format(value: number): string {
  return String(Number(value.toPrecision(4)))
}
