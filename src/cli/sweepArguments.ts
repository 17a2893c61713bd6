import { checkSweepDefinition, FILE_LABELS, SWEEP_SHAPE, type Sweep, type SweepLabels } from '../model/sweep/definition'
import { parseShard, WHOLE_SWEEP, type Shard } from '../model/sweep/runIndex'
import { RUN_CONFIG_SHAPE } from '../core/run/checkRunConfig'
import { parseFlags, parseNumber } from './args'
import { defaultJobs } from './cores'
import { readInputFile, sourceName } from './input-file'
import { parseJsonText } from './json-input'
import { listProblems } from './message'
import { UsageError } from './usage'

/* The arguments of `sweep`: the sweep (from its flags, or a definition file), where it goes, how many at once, which shard. */

/** The most runs trained at once (as lesson check). */
export const MAX_SWEEP_JOBS = 64

export interface SweepArguments {
  sweep: Sweep
  out: string
  jobs: number
  /** Why jobs fell back to 1 (no core count), or null. */
  jobsNote: string | null
  shard: Shard
}

const FLAGS = ['config', 'sweep', 'seeds', 'steps', 'jobs', 'shard', 'out']
const DEFINING = ['config', 'seeds', 'steps']

export function sweepArguments(argv: string[], readStdin: () => string): SweepArguments {
  const { values: axes, rest } = takeRepeated(argv, 'axis')
  const flags = parseFlags('sweep', rest, [...FLAGS, 'axis'])
  const out = flags.get('out')
  const definitionPath = flags.get('sweep')
  if (definitionPath !== undefined) {
    const given = [...DEFINING.filter((name) => flags.has(name)).map((name) => `--${name}`), ...(axes.length > 0 ? ['--axis'] : [])]
    if (given.length > 0) throw new UsageError(`--sweep FILE holds the whole definition; drop ${given.join(', ')} (or drop --sweep and give --config, --axis, --seeds and --steps)`)
  } else {
    const missing = [...(flags.has('config') ? [] : ['--config FILE']), ...(axes.length > 0 ? [] : ['--axis NAME=…']), ...['seeds', 'steps'].filter((name) => !flags.has(name)).map((name) => `--${name} ${name === 'seeds' ? 'K' : 'N'}`), ...(out === undefined ? ['--out DIR'] : [])]
    if (missing.length > 0) throw new UsageError(`sweep needs --config FILE, --axis NAME=v1,v2,… or NAME=lo:hi:N[:log] (once or twice), --seeds K, --steps N and --out DIR, or --sweep FILE (a definition file) and --out DIR; missing: ${missing.join(', ')}`)
  }
  if (out === undefined || out.trim() === '') throw new UsageError('sweep needs --out DIR, the directory its results go to (made if missing)')
  const sweep = definitionPath !== undefined ? sweepFromFile(definitionPath, readStdin) : sweepFromFlags(flags, axes, readStdin)
  const { jobs, note: jobsNote } = flags.has('jobs') ? { jobs: wholeNumber(flags.get('jobs')!, '--jobs', 1, MAX_SWEEP_JOBS), note: null } : defaultJobs(MAX_SWEEP_JOBS)
  const shardText = flags.get('shard')
  let shard = WHOLE_SWEEP
  if (shardText !== undefined) {
    const parsed = parseShard(shardText)
    if (!parsed.ok) throw new UsageError(`--shard: ${parsed.problem}`)
    shard = parsed.shard
  }
  return { sweep, out, jobs, jobsNote, shard }
}

/** Every `--flag value` and `--flag=value` of one repeatable flag, and the words left. */
function takeRepeated(argv: string[], flag: string): { values: string[]; rest: string[] } {
  const values: string[] = []
  const rest: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]
    if (word.startsWith(`--${flag}=`)) values.push(word.slice(flag.length + 3))
    else if (word === `--${flag}`) {
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('--')) throw new UsageError(`flag --${flag} needs a value`)
      values.push(next)
      i++
    } else rest.push(word)
  }
  return { values, rest }
}

function sweepFromFile(path: string, readStdin: () => string): Sweep {
  const where = `--sweep ${sourceName(path)}`
  const raw = parseJson(readInputFile('--sweep', path, readStdin), where, `a sweep definition ${SWEEP_SHAPE}`)
  return checked(raw, FILE_LABELS, where)
}

function sweepFromFlags(flags: Map<string, string>, axes: string[], readStdin: () => string): Sweep {
  const path = flags.get('config')!
  const where = `--config ${sourceName(path)}`
  const config = parseJson(readInputFile('--config', path, readStdin), where, `a run config ${RUN_CONFIG_SHAPE}`)
  const labels: SweepLabels = {
    config: where,
    configProblem: (problem) => `${where}: ${problem}`,
    axes: '--axis',
    axis: (_index, text) => `--axis "${text}"`,
    seeds: '--seeds',
    steps: '--steps',
  }
  // The flags as the definition's fields, so that one check names every problem of either.
  return checked({ config, axes, seeds: numberOrText(flags.get('seeds')!), steps: numberOrText(flags.get('steps')!) }, labels, null)
}

function checked(raw: unknown, labels: SweepLabels, where: string | null): Sweep {
  const result = checkSweepDefinition(raw, labels)
  if (!result.ok) throw new UsageError(`${where === null ? '' : `${where}: `}${listProblems(result.problems)}`)
  return result.sweep
}

function parseJson(text: string, where: string, expected: string): unknown {
  if (text.trim() === '') throw new UsageError(`${where} is empty; expected ${expected}`)
  return parseJsonText(text, where, expected)
}

/** A flag's text as a number where it is one, else the text (which the check then names). */
function numberOrText(text: string): number | string {
  const value = text.trim() === '' ? NaN : Number(text)
  return Number.isFinite(value) ? value : text
}

function wholeNumber(text: string, flag: string, min: number, max: number): number {
  const value = parseNumber(text, flag)
  if (!Number.isInteger(value) || value < min || value > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`)
  return value
}
