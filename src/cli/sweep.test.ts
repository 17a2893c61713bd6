import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_SWEEP_STEPS } from '../model/sweep/limits'
import type { RunRecord } from '../model/sweep/runRecord'
import { MAX_STEPS } from './limits'
import { trainSweepRun } from './sweepTrain'
import { cliAsync, expectUsageError, jsonLines, spawnCli, type CliResult } from './testing'
import { checkRunConfig } from '../core/run/checkRunConfig'
import { checkSweepDefinition } from '../model/sweep/definition'
import { definitionOf } from '../model/sweep/definitionFile'
import { paretoFigure, sweepSpec } from '../model/sweep/paretoFigures'
import { recordLine } from '../model/sweep/runRecord'
import { runAt } from '../model/sweep/runIndex'
import { summarizeSweep } from '../model/sweep/summary'
import { summaryJson } from '../model/sweep/sweepExport'

/*
 * `sweep` and `sweep summarize` end to end, on a sweep small enough to train in seconds: CliffWalking
 * Q-learning, w.hazard at 0, 50 and 100, 2 seeds, 300 steps a run (3 iterations of 100).
 */

const ROOT = mkdtempSync(join(tmpdir(), 'sweep-'))
afterAll(() => rmSync(ROOT, { recursive: true, force: true }))

const CONFIG = { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning', stepsPerIteration: 100 }, seed: 1 }
const CONFIG_PATH = join(ROOT, 'run.json')
writeFileSync(CONFIG_PATH, JSON.stringify(CONFIG))

function sweepArgs(out: string, ...more: string[]): string[] {
  return ['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=0:100:3', '--seeds', '2', '--steps', '300', '--out', out, ...more]
}

/** The command line as a process of its own, through the package's launcher (as a scheduler would start it). */
function spawnSweep(args: string[]): Promise<CliResult> {
  return spawnCli(args, undefined, process.execPath, ['bin/reward-playground.mjs'])
}

/** A shell line as a scheduler runs it, with the scheduler's variables set (the recipes in docs/sweeps.md). */
function shellSweep(line: string, env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', line], { cwd: fileURLToPath(new URL('../..', import.meta.url)), env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number((error as { code?: number }).code), stdout, stderr })
    })
  })
}

/** Every run line in a sweep directory's results files, by file. */
function resultFiles(dir: string): Record<string, RunRecord[]> {
  const files = readdirSync(dir).filter((name) => name.endsWith('.jsonl'))
  return Object.fromEntries(files.map((name) => [name, jsonLines<RunRecord>(readFileSync(join(dir, name), 'utf8'))]))
}

/** The runs, in run order, without the clock. */
function withoutClock(records: RunRecord[]): Omit<RunRecord, 'seconds'>[] {
  return [...records].sort((a, b) => a.run - b.run).map(({ seconds: _seconds, ...rest }) => rest)
}

function doneLine(result: CliResult): Record<string, unknown> {
  const lines = result.stdout.trim().split('\n')
  expect(lines).toHaveLength(1)
  return JSON.parse(lines[0]) as Record<string, unknown>
}

describe('sweep: every point × seed, and any shard of it', () => {
  const whole = join(ROOT, 'whole')
  const sharded = join(ROOT, 'sharded')

  it('gives exactly the same runs from 3 shards in 3 processes as from one sweep, none twice', async () => {
    const one = await cliAsync(sweepArgs(whole, '--jobs', '2'))
    expect(one.code, one.stderr).toBe(0)
    expect(doneLine(one)).toEqual({ done: true, runs: 6, trained: 6, skipped: 0, busy: 0, paused: 0, failed: 0, out: whole, file: 'runs-0-of-1.jsonl' })
    expect(one.stderr).toContain('sweep: 6 runs (3 points × 2 seeds); 0 already in')
    expect(one.stderr).toContain('sweep: 6/6 runs done\n')

    // Shard 0 as a Kubernetes Indexed Job starts it, shard 1 as a Slurm job array does, shard 2 by hand.
    const line = (shard: string) => `"${process.execPath}" bin/reward-playground.mjs ${sweepArgs(sharded, '--shard', shard, '--jobs', '1').join(' ')}`
    const shards = await Promise.all([
      shellSweep(line('"$JOB_COMPLETION_INDEX/3"'), { JOB_COMPLETION_INDEX: '0' }),
      shellSweep(line('"$SLURM_ARRAY_TASK_ID/3"'), { SLURM_ARRAY_TASK_ID: '1' }),
      spawnSweep(sweepArgs(sharded, '--shard', '2/3', '--jobs', '1')),
    ])
    for (const [index, shard] of shards.entries()) {
      expect(shard.code, shard.stderr).toBe(0)
      expect(doneLine(shard)).toMatchObject({ runs: 2, trained: 2, file: `runs-${index}-of-3.jsonl` })
    }
    const files = resultFiles(sharded)
    expect(Object.keys(files).sort()).toEqual(['runs-0-of-3.jsonl', 'runs-1-of-3.jsonl', 'runs-2-of-3.jsonl'])
    for (const index of [0, 1, 2]) expect(files[`runs-${index}-of-3.jsonl`].map((record) => record.run).sort()).toEqual([index, index + 3])

    const wholeRuns = resultFiles(whole)['runs-0-of-1.jsonl']
    const shardedRuns = Object.values(files).flat()
    expect(shardedRuns.map((record) => record.run).sort()).toEqual([0, 1, 2, 3, 4, 5])
    expect(withoutClock(shardedRuns)).toEqual(withoutClock(wholeRuns))
    expect(withoutClock(wholeRuns).map(({ run, point, axes, seed, steps }) => ({ run, point, axes, seed, steps }))).toEqual([
      { run: 0, point: 0, axes: { 'w.hazard': 0 }, seed: 1, steps: 300 },
      { run: 1, point: 0, axes: { 'w.hazard': 0 }, seed: 2, steps: 300 },
      { run: 2, point: 1, axes: { 'w.hazard': 50 }, seed: 1, steps: 300 },
      { run: 3, point: 1, axes: { 'w.hazard': 50 }, seed: 2, steps: 300 },
      { run: 4, point: 2, axes: { 'w.hazard': 100 }, seed: 1, steps: 300 },
      { run: 5, point: 2, axes: { 'w.hazard': 100 }, seed: 2, steps: 300 },
    ])

    // The summary of the shards' runs is the summary of the one sweep's, to the last bit.
    const summaries = await Promise.all([whole, sharded].map((dir) => cliAsync(['sweep', 'summarize', dir, '--json', '--pareto', 'objective,-contribution:step'])))
    expect(summaries[0].code).toBe(0)
    expect(summaries[1].stdout).toBe(summaries[0].stdout)
    const summary = JSON.parse(summaries[0].stdout) as { points: { axes: object; runs: number; figures: Record<string, { seeds: unknown[] }> }[]; pareto: number[] }
    expect(summary.points.map((point) => [point.axes, point.runs])).toEqual([
      [{ 'w.hazard': 0 }, 2],
      [{ 'w.hazard': 50 }, 2],
      [{ 'w.hazard': 100 }, 2],
    ])
    expect(summary.points[1].figures.shapedReturn.seeds).toEqual(wholeRuns.filter((record) => record.point === 1).map((record) => record.shapedReturn))
  }, 120_000)

  it('resumes a stopped sweep: keeps the runs DIR holds, drops a torn last line, and trains the rest once', async () => {
    const resumed = join(ROOT, 'resumed')
    mkdirSync(resumed)
    copyFileSync(join(whole, 'sweep.json'), join(resumed, 'sweep.json'))
    const lines = readFileSync(join(whole, 'runs-0-of-1.jsonl'), 'utf8').split('\n')
    // Two whole lines, then a third cut off mid-write, as a killed process leaves it.
    writeFileSync(join(resumed, 'runs-0-of-1.jsonl'), `${lines[0]}\n${lines[1]}\n${lines[2].slice(0, 50)}`)
    const again = await cliAsync(sweepArgs(resumed, '--jobs', '1'))
    expect(again.code, again.stderr).toBe(0)
    expect(doneLine(again)).toMatchObject({ runs: 6, trained: 4, skipped: 2 })
    expect(again.stderr).toContain(`sweep: runs-0-of-1.jsonl in "${resumed}" ends in a line a stopped run did not finish; it is no run, and that run trains again`)
    const text = readFileSync(join(resumed, 'runs-0-of-1.jsonl'), 'utf8')
    expect(text.endsWith('\n')).toBe(true)
    const records = jsonLines<RunRecord>(text)
    expect(records.map((record) => record.run).sort()).toEqual([0, 1, 2, 3, 4, 5])
    expect(withoutClock(records)).toEqual(withoutClock(resultFiles(whole)['runs-0-of-1.jsonl']))

    // Once more: nothing left to train, nothing written.
    const third = await cliAsync(sweepArgs(resumed, '--jobs', '1'))
    expect(doneLine(third)).toMatchObject({ trained: 0, skipped: 6 })
    expect(readFileSync(join(resumed, 'runs-0-of-1.jsonl'), 'utf8')).toBe(text)
  }, 60_000)

  it('skips the runs any shard’s file holds, and reads the whole definition from --sweep FILE', async () => {
    const mixed = join(ROOT, 'mixed')
    mkdirSync(mixed)
    copyFileSync(join(whole, 'sweep.json'), join(mixed, 'sweep.json'))
    copyFileSync(join(sharded, 'runs-1-of-3.jsonl'), join(mixed, 'runs-1-of-3.jsonl'))
    const result = await cliAsync(['sweep', '--sweep', join(mixed, 'sweep.json'), '--out', mixed, '--jobs', '1'])
    expect(result.code, result.stderr).toBe(0)
    expect(doneLine(result)).toMatchObject({ runs: 6, trained: 4, skipped: 2 })
    expect(resultFiles(mixed)['runs-0-of-1.jsonl'].map((record) => record.run)).toEqual([0, 2, 3, 5])
  }, 60_000)

  it('prints each point’s figures and the front for people', async () => {
    const { code, stdout } = await cliAsync(['sweep', 'summarize', whole])
    expect(code).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toBe(`sweep "${whole}": 6 of 6 runs (3 points × 2 seeds, 300 steps a run); each figure is the mean ± sample standard deviation (n − 1) over the point's runs`)
    expect(lines[1]).toMatch(/^point 0 w\.hazard=0 \(2 runs\): objective (none|-?[\d.e-]+ ± [\d.e-]+); shapedReturn /)
    expect(lines).toHaveLength(5)
    expect(lines[4]).toMatch(/^Pareto front of objective \(higher is better\) and shapedReturn \(higher is better\): (points? [\d, ]+|no point has both figures yet)$/)
  })
})

describe('sweep summarize --pareto judges figures as the page does', () => {
  // MountainCar's objective is steps to the flag: lower is better. Point 1 (120 steps, return −100) beats point 0 (150, −150); point 2 (200, −50) trades off with it.
  const checked = checkSweepDefinition({ config: { env: { id: 'mountaincar' }, learner: { kind: 'reinforce' }, seed: 1 }, axes: ['w.height=0,1,2'], seeds: 1, steps: 1000 })
  if (!checked.ok) throw new Error(checked.problems.join('; '))
  const sweep = checked.sweep
  const figures: [number, number, number][] = [[150, -150, 0.2], [120, -100, 0.5], [200, -50, 0.4]]
  const records: RunRecord[] = figures.map(([objective, shapedReturn, zeroAdvantageFraction], run) => ({ ...runAt(sweep, run), axes: sweep.points[run].axes, objective, shapedReturn, contributions: null, zeroAdvantageFraction, steps: 1000, seconds: 1 }))
  const dir = join(ROOT, 'mountaincar')
  mkdirSync(dir)
  writeFileSync(join(dir, 'sweep.json'), JSON.stringify(definitionOf(sweep)))
  writeFileSync(join(dir, 'runs-0-of-1.jsonl'), records.map(recordLine).join(''))
  const spec = sweepSpec(sweep)
  /** The summary the page's Sweep panel shows (and exports as JSON) of the same runs, for the scatter's two figures. */
  const pageSummary = (x: string, y: string, xWay: 'max' | 'min' | null = null, yWay: 'max' | 'min' | null = null) => summaryJson(summarizeSweep(sweep, records, [paretoFigure(x, spec, xWay), paretoFigure(y, spec, yWay)]))

  it.each([
    [[], pageSummary('objective', 'shapedReturn'), [1, 2]],
    [['--pareto', 'objective,shapedReturn'], pageSummary('objective', 'shapedReturn'), [1, 2]],
    [['--pareto', 'objective:max,shapedReturn'], pageSummary('objective', 'shapedReturn', 'max'), [2]],
    // The zero-advantage fraction is lower-is-better on its own: point 0's few idle updates keep it on the front.
    [['--pareto', 'shapedReturn,zeroAdvantageFraction'], pageSummary('shapedReturn', 'zeroAdvantageFraction'), [0, 2]],
    [['--pareto', 'shapedReturn,zeroAdvantageFraction:max'], pageSummary('shapedReturn', 'zeroAdvantageFraction', null, 'max'), [1, 2]],
  ])('%j', async (flags, page, front) => {
    const result = await cliAsync(['sweep', 'summarize', dir, '--json', ...flags])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe(page)
    expect((JSON.parse(result.stdout) as { pareto: number[] }).pareto).toEqual(front)
  })

  it('says which way each figure was judged', async () => {
    const { stdout } = await cliAsync(['sweep', 'summarize', dir])
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('Pareto front of objective (lower is better) and shapedReturn (higher is better): points 1, 2')
  })
})

describe('sweep runs', () => {
  it('are the run train trains: the same figures as train --config --steps’s done line', async () => {
    const path = join(ROOT, 'train.json')
    writeFileSync(path, JSON.stringify({ ...CONFIG, mix: { weights: { hazard: 50 } }, seed: 2 }))
    const trained = await cliAsync(['train', '--config', path, '--steps', '300', '--every', '1000000'])
    const done = JSON.parse(trained.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>
    const checked = checkRunConfig(JSON.parse(readFileSync(path, 'utf8')))
    if (!checked.ok) throw new Error(checked.problems.join('; '))
    const figures = await trainSweepRun(checked.config, 300)
    expect({ objective: figures.objective, shapedReturn: figures.shapedReturn, contributions: figures.contributions, zeroAdvantageFraction: figures.zeroAdvantageFraction, steps: figures.steps }).toEqual({
      objective: done.recentObjective,
      shapedReturn: done.recentReturn,
      contributions: done.recentContributions,
      zeroAdvantageFraction: done.recentZeroAdvantageFraction,
      steps: done.envSteps,
    })
    const whole = resultFiles(join(ROOT, 'whole'))['runs-0-of-1.jsonl']
    // Run 3 of the sweep is that config: w.hazard = 50 on seed 2.
    expect(whole.find((record) => record.run === 3)).toMatchObject({ shapedReturn: done.recentReturn, objective: done.recentObjective })
  })

  it('record a run that stops itself with its diagnosis, and go on', async () => {
    const path = join(ROOT, 'nan.json')
    writeFileSync(path, JSON.stringify({ ...CONFIG, mix: { terms: [{ name: 'bad', expression: 'sqrt(0 - 1 - row)', weight: 1 }] } }))
    const out = join(ROOT, 'nan')
    const result = await cliAsync(['sweep', '--config', path, '--axis', 'w.bad=1', '--seeds', '1', '--steps', '300', '--jobs', '1', '--out', out])
    expect(result.code).toBe(0)
    expect(doneLine(result)).toMatchObject({ runs: 1, trained: 1, paused: 1 })
    expect(result.stderr).toContain('sweep: run 0 (w.bad=1, seed 1) stopped itself: run paused at iteration 1 (after 0 env steps): custom term: ')
    expect(resultFiles(out)['runs-0-of-1.jsonl']).toEqual([expect.objectContaining({ run: 0, objective: null, shapedReturn: null, contributions: null, paused: expect.stringMatching(/^run paused at iteration 1/) })])
  })

  it('are bounded by train’s own step limit', () => {
    expect(MAX_SWEEP_STEPS).toBe(MAX_STEPS)
  })
})

describe('sweep: bad input exits 2 with one line naming the problem and what is accepted', () => {
  const out = join(ROOT, 'refused')
  const file = (name: string, text: string) => {
    const path = join(ROOT, name)
    writeFileSync(path, text)
    return path
  }

  it.each([
    [['sweep'], /^sweep needs --config FILE, --axis NAME=v1,v2,… or NAME=lo:hi:N\[:log\] \(once or twice\), --seeds K, --steps N and --out DIR, or --sweep FILE \(a definition file\) and --out DIR; missing: --config FILE, --axis NAME=…, --seeds K, --steps N, --out DIR$/],
    [['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=0,1', '--seeds', '2', '--steps', '300'], /missing: --out DIR$/],
    [['sweep', '--config', CONFIG_PATH, '--axis', 'w.nope=0,1', '--seeds', '2', '--steps', '300', '--out', out], /^--axis "w.nope=0,1": weight of unknown component "nope" \(accepted: step, hazard, goal, progress\)$/],
    [['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=0:300:4', '--seeds', '2', '--steps', '300', '--out', out], /^--axis "w.hazard=0:300:4": weight of hazard "300" \(accepted: a number from 0 to 200\)$/],
    [['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=1', '--axis', 'w.step=1', '--axis=w.goal=1', '--seeds', '2', '--steps', '300', '--out', out], /^--axis: 3 axes; a sweep has 1 or 2 axes/],
    [['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=1:0:3', '--seeds', '0', '--steps', 'many', '--out', out], /^--axis "w.hazard=1:0:3": w.hazard: the range's lo must be below its hi, got 1:0; --seeds: must be a whole number from 1 to 10000, got 0; --steps: must be a whole number from 1 to 1000000000, got "many"$/],
    [['sweep', '--config', CONFIG_PATH, '--axis', 'l.alpha=0.01:1:2000:log', '--seeds', '6', '--steps', '300', '--out', out], /^the sweep has 2000 points × 6 seeds = 12000 runs; at most 10000$/],
    [['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=1', '--seeds', '1', '--steps', '300', '--out', out, '--shard', '3/3'], /^--shard: expected I\/N with N from 1 to 10000 and I from 0 to N − 1 \(the runs whose index mod N is I\), got "3\/3"$/],
    [['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=1', '--seeds', '1', '--steps', '300', '--out', out, '--jobs', '0'], /^--jobs must be a whole number from 1 to 64, got "0"$/],
    [['sweep', '--sweep', CONFIG_PATH, '--config', CONFIG_PATH, '--seeds', '2', '--out', out], /^--sweep FILE holds the whole definition; drop --config, --seeds \(or drop --sweep/],
    [['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=1', '--seeds', '1', '--steps', '300', '--out', out, '--every', '3'], /^unknown flag "--every" for sweep; accepted: --config, --sweep, --seeds, --steps, --jobs, --shard, --out, --axis$/],
    [['sweep', 'summarize'], /^sweep summarize needs one DIR \(the --out of a sweep\), got none; accepted: sweep summarize DIR \[--json\] \[--pareto FIG1,FIG2\]$/],
    [['sweep', 'summarize', ROOT], /has no sweep.json, so it is no sweep's directory; give the --out DIR a sweep wrote to$/],
  ])('%j', async (args, message) => {
    expect(expectUsageError(await cliAsync(args))).toMatch(message)
  })

  it('names every problem of a definition file at once', async () => {
    const path = file('bad-sweep.json', JSON.stringify({ config: { env: { id: 'cliffwalking', params: { time_limit: -5 } }, learner: { kind: 'qlearning' } }, axes: ['w.hazard'], seeds: 1.5, extra: true }))
    expect(expectUsageError(await cliAsync(['sweep', '--sweep', path, '--out', out]))).toBe(
      `--sweep "${path}": extra: unknown key in a sweep definition; accepted: config, axes, seeds, steps; config.env.params: parameter "time_limit" of cliffwalking must be an integer from 0 to 100000, got -5; axes[0] "w.hazard": expected NAME=v1,v2,… (a list) or NAME=lo:hi:N[:log] (N points from lo to hi, both included, linear or log-spaced), got "w.hazard"; seeds: must be a whole number from 1 to 10000, got 1.5; steps: must be a whole number from 1 to 1000000000, got nothing`,
    )
    expect(expectUsageError(await cliAsync(['sweep', '--sweep', file('not-json.json', '{"config": '), '--out', out]))).toMatch(/^--sweep ".*not-json.json" is not valid JSON \(.*\); expected a sweep definition \{"config": a run config/)
    expect(expectUsageError(await cliAsync(['sweep', '--config', file('bad-config.json', '[1]'), '--axis', 'w.hazard=1', '--seeds', '1', '--steps', '300', '--out', out]))).toMatch(/^--config ".*bad-config.json": not a JSON object; expected a run config/)
  })

  it('refuses a DIR that is a file, holds another sweep, or holds a damaged line, before training', async () => {
    expect(expectUsageError(await cliAsync(sweepArgs(CONFIG_PATH)))).toBe(`cannot use --out "${CONFIG_PATH}": it is a regular file, not a folder; give a folder to keep the sweep's results in (made if missing)`)
    const whole = join(ROOT, 'whole')
    expect(expectUsageError(await cliAsync(['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=0,1', '--seeds', '2', '--steps', '300', '--out', whole]))).toBe(
      `--out "${whole}" holds another sweep (its sweep.json has other axes); give a new --out DIR, or resume that sweep with --sweep ${join(whole, 'sweep.json')}`,
    )
    const damaged = join(ROOT, 'damaged')
    mkdirSync(damaged)
    copyFileSync(join(whole, 'sweep.json'), join(damaged, 'sweep.json'))
    const lines = readFileSync(join(whole, 'runs-0-of-1.jsonl'), 'utf8').split('\n')
    writeFileSync(join(damaged, 'runs-0-of-1.jsonl'), `${lines[0]}\n${lines[1].slice(0, 20)}\n${lines[2]}\n`)
    const message = `"${damaged}" holds results that are no runs of this sweep: runs-0-of-1.jsonl in "${damaged}" line 2: not a JSON line; a results line is one run's JSON object; move those files aside, or give a new --out DIR`
    expect(expectUsageError(await cliAsync(sweepArgs(damaged)))).toBe(message)
    expect(expectUsageError(await cliAsync(['sweep', 'summarize', damaged]))).toBe(message)
    expect(expectUsageError(await cliAsync(['sweep', 'summarize', whole, '--pareto', 'objective,length']))).toMatch(/^--pareto: unknown figure "length"; expected two figures FIG1,FIG2, each judged its own way \(objective as the environment says, zeroAdvantageFraction lower is better, the rest higher\) or as written FIG:max \(higher is better\) or FIG:min \(lower is better; -FIG is the same\); figures: objective, shapedReturn, zeroAdvantageFraction, episodeLength, contribution:step/)
  })

  it('refuses sweep worker run by hand', async () => {
    expect(expectUsageError(await spawnSweep(['sweep', 'worker']))).toMatch(/^sweep worker is the process sweep starts for each of its --jobs, and takes its runs from sweep alone/)
  })
})
