import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { RewardModel } from '../core/preferences/rewardModel'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'
import { cliAsync, expectUsageError, jsonLines } from './testing'
import { HELP } from './usage'

/* `train --config` with a refitted reward model (iterated RLHF): its refits on the lines and the done line, the same for the same seed. */

const DIR = mkdtempSync(join(tmpdir(), 'train-refit-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

interface Line {
  done?: true
  diagnostics?: Record<string, number>
  rmRefits?: number
  wallSeconds: number
}

const model: RewardModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map((name) => (name === 'length' ? 0.5 : 0)) }] }
const refit = { every: 2, pairs: 30, temperature: 0.1 }
const config = (entry: Record<string, unknown>, learner: Record<string, unknown> = { kind: 'grpo', groupsPerIteration: 2, hiddenSize: 8 }) => ({
  env: { id: 'tokenseq', params: { max_length: 4, group_size: 4 } },
  mix: { weights: { correct: 0, format: 0, length: 0, proxy: 0, rm: 1 }, rewardModels: [{ model, ...entry }] },
  learner,
  seed: 3,
})
const withoutClock = (stdout: string) => jsonLines<Line>(stdout).map(({ wallSeconds: _wallSeconds, ...rest }) => rest)

async function train(value: unknown, name: string) {
  const path = join(DIR, name)
  writeFileSync(path, JSON.stringify(value))
  const result = await cliAsync(['train', '--config', path, '--iterations', '5', '--every', '1'])
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return withoutClock(result.stdout)
}

describe('train --config with a refit option', () => {
  it('refits every N updates, reports each refit on the lines, counts them on the done line, and does so the same way for the same seed', async () => {
    const lines = await train(config({ refit }), 'refit.json')
    const done = lines.pop()!
    expect(lines.map((line) => line.diagnostics!.rm_refits)).toEqual([undefined, 1, 1, 2, 2])
    expect(lines.map((line) => line.diagnostics!.rm_refit_pairs)).toEqual([undefined, 30, 30, 60, 60])
    for (const line of lines.slice(1)) {
      expect(line.diagnostics!.rm_refit_train_accuracy).toBeGreaterThanOrEqual(0)
      expect(line.diagnostics!.rm_refit_heldout_accuracy).toBeLessThanOrEqual(1)
    }
    expect(done.rmRefits).toBe(2)
    expect(await train(config({ refit }), 'again.json')).toEqual([...lines, done])
  })

  it('trains as before without the option: no refit diagnostics, no rmRefits on the done line', async () => {
    const lines = await train(config({}), 'plain.json')
    const done = lines.pop()!
    expect('rmRefits' in done).toBe(false)
    for (const line of lines) expect(line.diagnostics!.rm_refits).toBeUndefined()
    // The first two updates come before any refit: the same rollouts and updates as without the option.
    const refitted = await train(config({ refit }), 'refit-first.json')
    expect(refitted.slice(0, 2)).toEqual(lines.slice(0, 2).map((line, i) => (i === 1 ? { ...line, diagnostics: refitted[1].diagnostics } : line)))
  })

  it('refuses the option under another learner with one line naming what is accepted', async () => {
    const path = join(DIR, 'reinforce.json')
    writeFileSync(path, JSON.stringify(config({ refit }, { kind: 'reinforce' })))
    expect(expectUsageError(await cliAsync(['train', '--config', path]))).toMatch(/refit: refitting the reward model "rm" draws fresh pairs from GRPO's batch on the token task, so it runs only with learner grpo on tokenseq; this run is reinforce on tokenseq: remove refit, or train with GRPO on tokenseq$/)
  })
})

describe('train --help', () => {
  it('describes the refit option, its bounds and what it reports', () => {
    expect(HELP).toContain('A linear outcome model of one member may add "refit": {"every": N (1 to 1000 updates),\n      "pairs": M (10 to 5000), "temperature": T (0 to 1000), "l2": L (default 1)}')
    expect(HELP).toContain('(the most recent 20,000)')
    expect(HELP).toContain('the done\n      line adds "rmRefits".')
  })
})
