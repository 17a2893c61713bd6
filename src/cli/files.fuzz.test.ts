import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkSweepDefinition } from '../model/sweep/definition'
import { recordLine, runRecordOf } from '../model/sweep/runRecord'
import { Rng } from '../core/rng'
import { cliAsync, type CliResult } from './testing'

/*
 * Deterministic fuzzing (seeded) of the files the command line is given: links inside and outside
 * a sweep's folder, FIFOs, devices, directories, byte-order marks, control bytes in file names,
 * flag values, JSON keys and stdin, and results of another sweep's definition. Whatever it is
 * given, a command exits 0, or 2 with one line that holds no control character; it never hangs,
 * never reads a device, and never changes a file outside the folder it was given.
 */

const ROOT = mkdtempSync(join(tmpdir(), 'files-fuzz-'))
afterAll(() => rmSync(ROOT, { recursive: true, force: true }))

const CONFIG = { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning', stepsPerIteration: 100 }, seed: 1 }
const DEFINITION = { config: CONFIG, axes: ['w.hazard=0,100'], seeds: 1, steps: 100 }
const OTHER = { ...DEFINITION, steps: 200 }
const CONTROLS = ['\x1b]0;owned\x07', '\x1b[2J', '\r', '\u009b31m', '\u202e', '\u2028', '\u2066', '\x7f', '\x00']
const CONTROL_PATTERN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
const OUTSIDE_TEXT = 'outside\nno newline at its end'

const pick = <T,>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]

let serial = 0
function fresh(name = 'case'): string {
  const path = join(ROOT, `${name}-${serial++}`)
  return path
}

function sweepLines(definition: object, runs: number[]): string {
  const checked = checkSweepDefinition(definition)
  if (!checked.ok) throw new Error(checked.problems.join('; '))
  const figures = { objective: 1, shapedReturn: 2, contributions: null, zeroAdvantageFraction: null, steps: 100, seconds: 1 }
  return runs.map((run) => recordLine(runRecordOf(checked.sweep, run, figures))).join('')
}

/** A file (or other thing) of one of the classes, holding `text` where it holds anything. */
function special(rng: Rng, text: string, outside: string): string {
  const kind = pick(rng, ['link-outside', 'link-inside', 'fifo', 'zero', 'null', 'directory', 'bom', 'control-name'])
  const path = fresh(kind)
  switch (kind) {
    case 'link-outside':
      symlinkSync(outside, path)
      return path
    case 'link-inside': {
      writeFileSync(`${path}.target`, text)
      symlinkSync(`${path}.target`, path)
      return path
    }
    case 'fifo':
      execFileSync('mkfifo', [path])
      return path
    case 'zero':
      return '/dev/zero'
    case 'null':
      return '/dev/null'
    case 'directory':
      mkdirSync(path)
      return path
    case 'bom':
      writeFileSync(path, `\ufeff${text}`)
      return path
    default: {
      const named = `${path}${pick(rng, CONTROLS)}`
      if (rng.uniform() < 0.5 && !named.includes('\x00')) writeFileSync(named, text)
      return named
    }
  }
}

/** A sweep folder with sweep.json and a runs file, one of them replaced by something of a class, or holding another definition's runs. */
function sweepFolder(rng: Rng, outside: string): string {
  const dir = fresh('sweep')
  mkdirSync(dir)
  const roll = rng.int(3)
  const definition = JSON.stringify(DEFINITION)
  const runs = sweepLines(rng.uniform() < 0.5 ? DEFINITION : OTHER, [0, 1])
  if (roll === 0) symlinkSync(special(rng, definition, outside), join(dir, 'sweep.json'))
  else writeFileSync(join(dir, 'sweep.json'), definition)
  if (roll === 1) symlinkSync(special(rng, runs, outside), join(dir, 'runs-0-of-1.jsonl'))
  else writeFileSync(join(dir, 'runs-0-of-1.jsonl'), runs)
  return dir
}

async function invocation(rng: Rng, outside: string): Promise<{ argv: string[]; stdin?: string }> {
  const config = JSON.stringify(CONFIG)
  switch (rng.int(7)) {
    case 0:
      return { argv: ['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '1', '--mix', special(rng, '{"weights": {"alive": 2}}', outside)] }
    case 1:
      return { argv: ['train', '--config', special(rng, config, outside), '--iterations', '1'] }
    case 2:
      return { argv: ['reward-model', 'fit', '--pairs', special(rng, '{"a": {"features": {"x": 1}, "gold": 1}, "b": {"features": {"x": 0}, "gold": 0}, "label": "a"}\n', outside)] }
    case 3:
      return { argv: ['sweep', 'summarize', sweepFolder(rng, outside)] }
    case 4:
      return { argv: ['advantages', '--estimator', rng.uniform() < 0.5 ? `group${pick(rng, CONTROLS)}` : 'group'], stdin: pick(rng, [`${pick(rng, CONTROLS)}{"groups": [[1, 2]]}`, `{"groups": [[1, 2]], "${JSON.stringify(pick(rng, CONTROLS)).slice(1, -1)}k": 1}`, `\ufeff{"groups": [[1, 2]]}`]) }
    case 5:
      return { argv: ['sweep', '--sweep', special(rng, JSON.stringify(DEFINITION), outside), '--out', sweepFolder(rng, outside), '--jobs', '1'] }
    default:
      return { argv: ['credit', '--method', 'shapley'], stdin: `{"agents": 1, "values": {"": 0, "0": 1, "${pick(rng, CONTROLS)}": 2}}` }
  }
}

describe.runIf(existsSync('/dev/zero') && process.platform !== 'win32')('the command line’s files under fuzzing', () => {
  it('exits 0, or 2 with one clean line, and leaves files outside alone, for 120 generated cases', async () => {
    const rng = new Rng(11)
    for (let k = 0; k < 120; k++) {
      const outside = fresh('outside')
      writeFileSync(outside, OUTSIDE_TEXT)
      const { argv, stdin } = await invocation(rng, outside)
      const result: CliResult = await cliAsync(argv, stdin)
      const what = `${JSON.stringify(argv)} with stdin ${JSON.stringify(stdin)}: exit ${result.code}, ${JSON.stringify(result.stderr.slice(0, 400))}`
      expect([0, 2], what).toContain(result.code)
      expect(result.stderr, what).not.toMatch(/internal error/)
      if (result.code === 2) {
        expect(result.stderr.trim().split('\n'), what).toHaveLength(1)
        expect(result.stdout, what).toBe('')
      }
      expect(result.stderr.replace(/\n/g, ''), what).not.toMatch(CONTROL_PATTERN)
      expect(readFileSync(outside, 'utf8'), what).toBe(OUTSIDE_TEXT)
    }
  }, 300_000)
})
