import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_INPUT_BYTES } from './limits'
import { cli, cliAsync, expectUsageError, spawnCli } from './testing'

/*
 * The command line reads at most MAX_INPUT_BYTES of stdin or of a --mix / --config file: more is
 * refused with one line naming the limit, and an endless input (a pipe, /dev/zero) ends at once
 * instead of growing until the process is killed.
 */

const DIR = mkdtempSync(join(tmpdir(), 'input-limits-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

const TRACE = ['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '1']
const TOO_MUCH = 'holds more than 16 MiB, the most the command line reads'
const DEVICE = 'it is a character device; give a regular JSON file, or - for stdin'

/** `text` followed by spaces up to `bytes` bytes: still the same JSON. */
function padded(text: string, bytes: number): string {
  return text + ' '.repeat(bytes - text.length)
}

function file(name: string, text: string): string {
  const path = join(DIR, name)
  writeFileSync(path, text)
  return path
}

describe('input files', () => {
  it('reads a --mix file of exactly the limit and refuses one byte more', () => {
    const design = '{"weights": {"alive": 2}}'
    const full = cli([...TRACE, '--mix', file('full.json', padded(design, MAX_INPUT_BYTES))])
    expect(full.stderr).toBe('')
    expect(full.code).toBe(0)
    const over = file('over.json', padded(design, MAX_INPUT_BYTES + 1))
    expect(expectUsageError(cli([...TRACE, '--mix', over]))).toBe(`cannot read --mix file "${over}": it ${TOO_MUCH}; give a smaller file`)
  })

  it.runIf(existsSync('/dev/zero'))('ends at once on an endless file (/dev/zero) for --mix and --config: it is no regular file', async () => {
    expect(expectUsageError(cli([...TRACE, '--mix', '/dev/zero']))).toBe(`cannot read --mix file "/dev/zero": ${DEVICE}`)
    expect(expectUsageError(await cliAsync(['train', '--config', '/dev/zero']))).toBe(`cannot read --config file "/dev/zero": ${DEVICE}`)
  })
})

describe.concurrent('as a process', () => {
  const refusal = `stdin ${TOO_MUCH}; give a smaller input`

  it('refuses more than the limit on stdin with exit 2 and one line', async () => {
    const input = padded('{"groups": [[1, 2]]}', MAX_INPUT_BYTES + 1)
    expect(expectUsageError(await spawnCli(['advantages', '--estimator', 'group'], input))).toBe(refusal)
    expect(expectUsageError(await spawnCli(['train', '--config', '-'], input))).toBe(refusal)
  })

  it.runIf(existsSync('/dev/zero'))('ends at once on /dev/zero as a process', async () => {
    const result = await spawnCli([...TRACE, '--mix', '/dev/zero'])
    expect(expectUsageError(result)).toBe(`cannot read --mix file "/dev/zero": ${DEVICE}`)
  })

  it('ends an endless pipe quickly', async () => {
    // `yes` writes "1," lines for ever; the command stops reading at the limit, and yes on the broken pipe.
    const result = await spawnCli([], undefined, 'bash', ['-c', 'yes 1, | npx tsx src/cli/main.ts credit --method shapley'])
    expect(expectUsageError(result)).toBe(refusal)
  })
})
