import { execFileSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readAtMost } from './bounded-read'
import { MAX_INPUT_BYTES } from './limits'
import { cli, cliAsync, expectUsageError, spawnCli } from './testing'

/*
 * Every file the command line reads is a regular file read with one bounded reader: a FIFO, a
 * device or a directory is named for what it is (a FIFO with no writer does not hang the open), a
 * byte-order mark is skipped, a file that is not JSON is located (line, column) and never quoted,
 * and control bytes in what a message quotes are escaped.
 */

const DIR = mkdtempSync(join(tmpdir(), 'input-files-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

const TRACE = ['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '1']
const CONFIG = { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning', stepsPerIteration: 100 }, seed: 1 }
const PAIR = (a: number, b: number) => JSON.stringify({ a: { features: { x: a, y: 1 }, gold: a }, b: { features: { x: b, y: 0 }, gold: b }, label: a > b ? 'a' : 'b' })

function file(name: string, text: string): string {
  const path = join(DIR, name)
  writeFileSync(path, text)
  return path
}

function fifo(name: string): string {
  const path = join(DIR, name)
  execFileSync('mkfifo', [path])
  return path
}

/** No ESC, BEL, C1 or bidi control reaches the terminal. */
function expectNoControls(text: string): void {
  expect(text.replace(/\n$/, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/)
}

describe('only regular files are read', () => {
  it.runIf(existsSync('/dev/zero'))('names a device for what it is, without reading it', async () => {
    expect(expectUsageError(cli([...TRACE, '--mix', '/dev/zero']))).toBe('cannot read --mix file "/dev/zero": it is a character device; give a regular JSON file, or - for stdin')
    expect(expectUsageError(await cliAsync(['train', '--config', '/dev/null']))).toBe('cannot read --config file "/dev/null": it is a character device; give a regular JSON file, or - for stdin')
    expect(expectUsageError(await cliAsync(['train', '--config', DIR]))).toBe(`cannot read --config file "${DIR}": it is a directory; give a regular JSON file, or - for stdin`)
  })

  it('does not wait on a FIFO with no writer (a process of its own, so that a hang fails the test)', async () => {
    const path = fifo('config.fifo')
    const result = await spawnCli(['train', '--config', path])
    expect(expectUsageError(result)).toBe(`cannot read --config file "${path}": it is a FIFO; give a regular JSON file, or - for stdin`)
  }, 30_000)

  it('refuses a FIFO for every flag that names a file', async () => {
    const path = fifo('any.fifo')
    expect(expectUsageError(cli([...TRACE, '--mix', path]))).toContain('it is a FIFO')
    expect(expectUsageError(await cliAsync(['sweep', '--sweep', path, '--out', join(DIR, 'out')]))).toContain('it is a FIFO')
    expect(expectUsageError(await cliAsync(['sweep', '--config', path, '--axis', 'w.hazard=0,1', '--seeds', '1', '--steps', '100', '--out', join(DIR, 'out')]))).toContain('it is a FIFO')
    expect(expectUsageError(await cliAsync(['reward-model', 'fit', '--pairs', path]))).toBe(`cannot read --pairs file "${path}": it is a FIFO; give a JSONL file of pairs, or - for stdin`)
    const config = file('with-model.json', JSON.stringify({ ...CONFIG, mix: { rewardModels: [{ name: 'rm', file: path }] } }))
    expect(expectUsageError(await cliAsync(['train', '--config', config]))).toContain('it is a FIFO')
  })
})

describe('text as the command line reads it', () => {
  it('skips one byte-order mark in every file and on stdin', async () => {
    const bom = '\ufeff'
    expect(cli([...TRACE, '--mix', file('bom-mix.json', `${bom}{"weights": {"alive": 2}}`)]).code).toBe(0)
    const config = file('bom-config.json', `${bom}${JSON.stringify(CONFIG)}`)
    const trained = await cliAsync(['train', '--config', config, '--iterations', '1'])
    expect(trained.code, trained.stderr).toBe(0)
    const sweep = file('bom-sweep.json', `${bom}${JSON.stringify({ config: CONFIG, axes: ['w.hazard=0,1'], seeds: 1, steps: 100 })}`)
    const swept = await cliAsync(['sweep', '--sweep', sweep, '--out', join(DIR, 'bom-out'), '--jobs', '1'])
    expect(swept.code, swept.stderr).toBe(0)
    const swept2 = await cliAsync(['sweep', '--config', config, '--axis', 'w.hazard=0,1', '--seeds', '1', '--steps', '100', '--out', join(DIR, 'bom-out'), '--jobs', '1'])
    expect(swept2.code, swept2.stderr).toBe(0)
    const pairs = file('bom-pairs.jsonl', `${bom}${[PAIR(1, 0), PAIR(0, 1), PAIR(2, 1), PAIR(1, 3), PAIR(3, 2)].join('\n')}\n`)
    const fit = await cliAsync(['reward-model', 'fit', '--pairs', pairs, '--holdout', '0'])
    expect(fit.code, fit.stderr).toBe(0)
    expect(cli(['advantages', '--estimator', 'group'], `${bom}{"groups": [[1, 2]]}`).code).toBe(0)
    // One mark only: a second is no JSON.
    expect(expectUsageError(cli(['advantages', '--estimator', 'group'], `${bom}${bom}{"groups": [[1, 2]]}`))).toContain('line 1, column 1')
  }, 60_000)

  it('says where a file stops being JSON without quoting it', async () => {
    const secret = file('shadow', 'root:$6$Zm9vYmFyYmF6$hashhashhash:19000:0:99999:7:::\n')
    const line = expectUsageError(await cliAsync(['train', '--config', secret]))
    expect(line).toContain('line 1, column 1')
    expect(line).not.toMatch(/root|hash|\$6/)
    const late = file('late.json', '{\n  "env": {"id": "cartpole"},\n  "seed": 1,,\n}')
    expect(expectUsageError(await cliAsync(['train', '--config', late]))).toContain('line 3, column 13')
    expect(expectUsageError(cli([...TRACE, '--mix', secret]))).not.toMatch(/root|hash/)
    expect(expectUsageError(cli(['advantages', '--estimator', 'group'], '{"groups": [[1, 2]] "secret"}'))).not.toMatch(/secret/)
    const model = file('model-secret.json', JSON.stringify({ ...CONFIG, mix: { rewardModels: [{ name: 'rm', file: secret }] } }))
    expect(expectUsageError(await cliAsync(['train', '--config', model]))).not.toMatch(/root:|hash/)
  })

  it('escapes control characters in file names, flag values, JSON keys and stdin', async () => {
    const title = '\x1b]0;owned\x07'
    for (const result of [
      cli(['loss'], title),
      cli(['advantages', '--estimator', 'group'], title),
      cli(['advantages', '--estimator', `${title}\u202e\u0085`]),
      cli(['advantages', '--estimator', 'group'], `{"groups": [[1]], "${'\\u001b'}]0;x${'\\u0007'}\u2028\u2066": 1}`),
      cli([...TRACE, '--mix', join(DIR, `${title}.json`)]),
      await cliAsync(['train', '--config', join(DIR, `no\u009b31m\u202e.json`)]),
      await cliAsync(['sweep', 'summarize', join(DIR, `${title}dir`)]),
    ]) {
      expect(result.code).toBe(2)
      expectNoControls(result.stderr)
      expect(result.stderr.trim().split('\n')).toHaveLength(1)
    }
    expect(cli(['advantages', '--estimator', '\x1bx']).stderr).toContain('"\\x1bx"')
  })
})

describe('the bounded reader', () => {
  it('reads at most one byte past the limit', () => {
    const path = join(DIR, 'big')
    const extra = 100_000
    writeFileSync(path, Buffer.alloc(MAX_INPUT_BYTES + extra, 0x20))
    const fd = openSync(path, 'r')
    try {
      expect(readAtMost(fd)).toBeNull()
      let rest = 0
      const buffer = Buffer.alloc(1 << 16)
      for (let bytes; (bytes = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) rest += bytes
      expect(rest).toBe(extra - 1)
    } finally {
      closeSync(fd)
    }
  })
})
