import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { checkSweepDefinition } from '../model/sweep/definition'
import { recordLine, runRecordOf, type RunRecord } from '../model/sweep/runRecord'
import { cliAsync, expectUsageError, jsonLines, type CliResult } from './testing'

/*
 * A sweep's folder holds only what the sweep wrote: it reads and writes regular files inside --out
 * DIR and nothing a link points at, refuses runs trained under another definition, lets a second
 * process skip what the first is training, and says in one line what it could not write.
 */

const ROOT = mkdtempSync(join(tmpdir(), 'sweep-folder-'))
afterAll(() => rmSync(ROOT, { recursive: true, force: true }))

const CONFIG = { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning', stepsPerIteration: 100 }, seed: 1 }
const CONFIG_PATH = join(ROOT, 'run.json')
writeFileSync(CONFIG_PATH, JSON.stringify(CONFIG))
const RUNS = 'runs-0-of-1.jsonl'

function sweepArgs(out: string, steps = '100', seeds = '1'): string[] {
  return ['sweep', '--config', CONFIG_PATH, '--axis', 'w.hazard=0,100', '--seeds', seeds, '--steps', steps, '--out', out, '--jobs', '1']
}

function doneLine(result: CliResult): Record<string, unknown> {
  return JSON.parse(result.stdout.trim()) as Record<string, unknown>
}

function folder(name: string): string {
  const dir = join(ROOT, name)
  mkdirSync(dir)
  return dir
}

/** A finished sweep's folder, made once and copied by the tests that need one. */
let trained: string
async function trainedSweep(): Promise<string> {
  if (trained === undefined) {
    trained = join(ROOT, 'trained')
    const result = await cliAsync(sweepArgs(trained))
    expect(result.code, result.stderr).toBe(0)
  }
  return trained
}

describe('a sweep touches only regular files inside its folder', () => {
  it('refuses a results file that links outside the folder, and leaves that file as it was', async () => {
    const dir = folder('linked')
    const outside = join(ROOT, 'precious.txt')
    writeFileSync(outside, 'line one\nno newline at the end')
    symlinkSync(outside, join(dir, RUNS))
    const line = expectUsageError(await cliAsync(sweepArgs(dir)))
    expect(line).toMatch(/^cannot use runs-0-of-1\.jsonl in ".*": it is a symbolic link; a sweep reads and writes only regular files inside --out DIR; move it aside, or give a new --out DIR$/)
    expect(readFileSync(outside, 'utf8')).toBe('line one\nno newline at the end')
    expect(expectUsageError(await cliAsync(['sweep', 'summarize', dir]))).toContain('is a symbolic link')
  })

  it('refuses a link inside the folder too, and a definition that is a link, a FIFO or a device', async () => {
    const dir = folder('inner-link')
    writeFileSync(join(dir, 'other.jsonl'), '')
    symlinkSync(join(dir, 'other.jsonl'), join(dir, RUNS))
    expect(expectUsageError(await cliAsync(sweepArgs(dir)))).toContain('is a symbolic link')

    const zero = folder('zero')
    symlinkSync('/dev/zero', join(zero, 'sweep.json'))
    expect(expectUsageError(await cliAsync(['sweep', 'summarize', zero]))).toContain('cannot use sweep.json in "')
    expect(expectUsageError(await cliAsync(sweepArgs(zero)))).toContain('it is a symbolic link')

    const piped = folder('piped')
    execFileSync('mkfifo', [join(piped, 'sweep.json')])
    expect(expectUsageError(await cliAsync(['sweep', 'summarize', piped]))).toContain('it is a FIFO')

    const runsPiped = folder('runs-piped')
    writeFileSync(join(runsPiped, 'sweep.json'), readFileSync(join(await trainedSweep(), 'sweep.json')))
    execFileSync('mkfifo', [join(runsPiped, RUNS)])
    expect(expectUsageError(await cliAsync(['sweep', 'summarize', runsPiped]))).toContain('it is a FIFO')
    expect(expectUsageError(await cliAsync(sweepArgs(runsPiped)))).toContain('it is a FIFO')

    const runsDir = folder('runs-dir')
    mkdirSync(join(runsDir, RUNS))
    expect(expectUsageError(await cliAsync(sweepArgs(runsDir)))).toContain('it is a directory')
  })

  it('makes --out only as real folders', async () => {
    if (existsSync('/proc/self')) expect(expectUsageError(await cliAsync(sweepArgs('/proc/self/x')))).toMatch(/^cannot use --out "\/proc\/self\/x": /)
    expect(expectUsageError(await cliAsync(sweepArgs('/dev/null')))).toBe('cannot use --out "/dev/null": it is a character device, not a folder; give a folder to keep the sweep\'s results in (made if missing)')
    const plain = join(ROOT, 'plain-file')
    writeFileSync(plain, '')
    expect(expectUsageError(await cliAsync(sweepArgs(join(plain, 'below'))))).toMatch(/^cannot use --out ".*": ".*" is a regular file, not a folder; give a folder to keep the sweep's results in \(made if missing\)$/)
  })
})

describe('runs of another definition', () => {
  it('are refused, naming the file, when sweep.json was deleted and the sweep changed', async () => {
    const dir = folder('changed')
    writeFileSync(join(dir, RUNS), readFileSync(join(await trainedSweep(), RUNS)))
    const line = expectUsageError(await cliAsync(sweepArgs(dir, '200')))
    expect(line).toMatch(/" holds results that are no runs of this sweep: runs-0-of-1\.jsonl in ".*" line 1: run 0 was trained under another definition/)
    expect(expectUsageError(await cliAsync(['sweep', 'summarize', dir]))).toContain('was trained under another definition')
  })
})

describe('two processes on one folder', () => {
  it('skips a run another live process holds, and takes over the lock of a dead one', async () => {
    const dir = folder('locked')
    writeFileSync(join(dir, 'run-0.lock'), `${process.pid} ${hostname()}\n`)
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!
    writeFileSync(join(dir, 'run-1.lock'), `${dead} ${hostname()}\n`)
    const result = await cliAsync(sweepArgs(dir))
    expect(result.code, result.stderr).toBe(0)
    expect(doneLine(result)).toMatchObject({ runs: 2, trained: 1, skipped: 0, busy: 1 })
    expect(result.stderr).toContain(`run 0 is being trained by another process (pid ${process.pid})`)
    expect(jsonLines<RunRecord>(readFileSync(join(dir, RUNS), 'utf8')).map((record) => record.run)).toEqual([1])
    expect(readdirSync(dir).filter((name) => name.endsWith('.lock'))).toEqual(['run-0.lock'])
  })

  it('trains every run once when the same sweep starts twice at once', async () => {
    const dir = join(ROOT, 'twice')
    const [a, b] = await Promise.all([cliAsync(sweepArgs(dir)), cliAsync(sweepArgs(dir))])
    expect(a.code, a.stderr).toBe(0)
    expect(b.code, b.stderr).toBe(0)
    const runs = jsonLines<RunRecord>(readFileSync(join(dir, RUNS), 'utf8')).map((record) => record.run)
    expect(runs.sort()).toEqual([0, 1])
    expect(readdirSync(dir).filter((name) => name.endsWith('.lock'))).toEqual([])
  })
})

describe('what cannot be written', () => {
  it.runIf(process.platform === 'linux')('says in one line that the file limit was reached, and a re-run resumes', async () => {
    const dir = folder('limited')
    writeFileSync(join(dir, 'sweep.json'), JSON.stringify({ config: CONFIG, axes: ['w.hazard=0,100'], seeds: 4, steps: 100 }))
    const root = fileURLToPath(new URL('../..', import.meta.url))
    // ulimit -f in 512-byte blocks (sh) or KiB (bash): either way below the 8 runs' lines (over 200 bytes each).
    const limited = await new Promise<CliResult>((resolve) => {
      const line = `ulimit -f 1; exec "${process.execPath}" bin/reward-playground.mjs ${sweepArgs(dir, '100', '4').map((word) => `'${word}'`).join(' ')}`
      execFile('sh', ['-c', line], { cwd: root }, (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number((error as { code?: number }).code), stdout, stderr }))
    })
    expect(limited.stderr).not.toMatch(/internal error|\n\s+at /)
    expect(limited.stderr).toMatch(/cannot write runs-0-of-1\.jsonl in ".*": it has reached the largest size this system allows a file \(EFBIG\); free space or raise the limit, then run the same sweep again/)
    expect(limited.code).toBe(1)
    const resumed = await cliAsync(sweepArgs(dir, '100', '4'))
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(jsonLines<RunRecord>(readFileSync(join(dir, RUNS), 'utf8')).map((record) => record.run).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  }, 60_000)
})

describe('summarize', () => {
  it('gives finite means and deviations for figures near the largest double', async () => {
    const dir = folder('huge')
    const definition = { config: CONFIG, axes: ['w.hazard=0'], seeds: 2, steps: 100 }
    writeFileSync(join(dir, 'sweep.json'), JSON.stringify(definition))
    const checked = checkSweepDefinition(definition)
    if (!checked.ok) throw new Error(checked.problems.join('; '))
    const figures = (objective: number) => ({ objective, shapedReturn: objective, contributions: null, zeroAdvantageFraction: null, steps: 100, seconds: 1 })
    writeFileSync(join(dir, RUNS), recordLine(runRecordOf(checked.sweep, 0, figures(1.5e308))) + recordLine(runRecordOf(checked.sweep, 1, figures(1e308))))
    const text = await cliAsync(['sweep', 'summarize', dir])
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toContain('objective 1.25e+308 ± 3.536e+307')
    const json = await cliAsync(['sweep', 'summarize', dir, '--json'])
    const summary = JSON.parse(json.stdout) as { points: { figures: { objective: { mean: number; std: number } } }[] }
    expect(summary.points[0].figures.objective.mean / 1.25e308).toBeCloseTo(1, 12)
    expect(summary.points[0].figures.objective.std / (Math.SQRT1_2 * 0.5e308)).toBeCloseTo(1, 12)
  })
})
