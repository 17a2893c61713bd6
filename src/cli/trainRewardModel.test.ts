import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { RewardModel } from '../core/preferences/rewardModel'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'
import { cliAsync, expectUsageError, jsonLines, spawnCli } from './testing'
import { HELP } from './usage'

/* `train --config` with a reward model as the component rm: inline or from its file, and the GRPO run's KL on its lines. */

const DIR = mkdtempSync(join(tmpdir(), 'train-rm-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

interface Line {
  iteration?: number
  done?: true
  meanObjective?: number | null
  contributions?: Record<string, number> | null
  recentContributions?: Record<string, number> | null
  diagnostics?: Record<string, number>
  meanKl?: number | null
  recentKl?: number | null
  wallSeconds: number
}

function write(path: string, value: unknown): string {
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value))
  return path
}

/** Everything but the clock. */
const withoutClock = (stdout: string) => jsonLines<Line>(stdout).map(({ wallSeconds: _wallSeconds, ...rest }) => rest)

/** A model that likes format and match and dislikes length. */
const model: RewardModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map((name) => (name === 'format' ? 1 : name === 'match' ? 2 : name === 'length' ? -0.1 : 0.05)) }] }
/** reward-model fit's whole output for it (the figures are not read). */
const fitOutput = { model, pairs: { total: 10, train: 8, heldOut: 2, trainGold: 1, heldOutGold: 0 }, ensemble: {}, members: [{}], options: { model: 'linear' } }

const GRPO = { kind: 'grpo', groupsPerIteration: 2, hiddenSize: 8 }
const ENV = { id: 'tokenseq', params: { max_length: 4, group_size: 4 } }
const ONLY_RM = { correct: 0, format: 0, length: 0, proxy: 0, rm: 1 }
const config = (rewardModel: Record<string, unknown>, mix: Record<string, unknown> = {}) => ({ env: ENV, mix: { weights: ONLY_RM, rewardModels: [rewardModel], ...mix }, learner: GRPO, seed: 5 })

async function train(path: string, args = ['--iterations', '3']) {
  const result = await cliAsync(['train', '--config', path, ...args])
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return result.stdout
}

describe('train --config with a reward model', () => {
  it('reads the model from its file, relative to the config file, as the same run as the model inline', async () => {
    mkdirSync(join(DIR, 'models'), { recursive: true })
    mkdirSync(join(DIR, 'configs'), { recursive: true })
    write(join(DIR, 'models', 'fit.json'), `${JSON.stringify(fitOutput)}\n`)
    write(join(DIR, 'models', 'bare.json'), model)
    const inline = await train(write(join(DIR, 'configs', 'inline.json'), config({ model })))
    // What reward-model fit printed, and the model alone, both read as the model.
    expect(withoutClock(await train(write(join(DIR, 'configs', 'fit.json'), config({ name: 'rm', file: '../models/fit.json' }))))).toEqual(withoutClock(inline))
    expect(withoutClock(await train(write(join(DIR, 'configs', 'bare.json'), config({ file: '../models/bare.json' }))))).toEqual(withoutClock(inline))
    // An absolute path, from a config on stdin.
    const fromStdin = await cliAsync(['train', '--config', '-', '--iterations', '3'], JSON.stringify(config({ file: join(DIR, 'models', 'fit.json') })))
    expect(withoutClock(fromStdin.stdout)).toEqual(withoutClock(inline))
  })

  it('puts rm’s contribution on every line and the mean KL(π‖π_ref) of the interval’s iterations beside it', async () => {
    const path = write(join(DIR, 'kl.json'), config({ model }))
    const each = withoutClock(await train(path, ['--iterations', '6', '--every', '1']))
    const everyThird = withoutClock(await train(path, ['--iterations', '6', '--every', '3']))
    const [doneEach, doneThird] = [each.pop()!, everyThird.pop()!]
    for (const line of each) {
      expect(Object.keys(line.contributions!)).toEqual(['correct', 'format', 'length', 'proxy', 'overlong', 'closeness', 'digits', 'rm'])
      // One iteration a line: its mean is that iteration's own kl diagnostic.
      expect(line.meanKl).toBe(line.diagnostics!.kl)
    }
    // The same run in intervals of three: the mean of the three iterations' kl (summed in the same order).
    const klOf = (from: number) => (each[from].diagnostics!.kl + each[from + 1].diagnostics!.kl + each[from + 2].diagnostics!.kl) / 3
    expect(everyThird.map((line) => line.meanKl)).toEqual([klOf(0), klOf(3)])
    // The policy moves away from the reference as it learns.
    expect(each[5].meanKl!).toBeGreaterThan(0)
    // The done line: rm among the recent contributions, and the kl of the last (here all 6) iterations.
    expect(Object.keys(doneEach.recentContributions!)).toEqual(['correct', 'format', 'length', 'proxy', 'overlong', 'closeness', 'digits', 'rm'])
    expect(doneEach.recentKl).toBe(each.reduce((sum, line) => sum + line.diagnostics!.kl, 0) / 6)
    expect(doneThird).toEqual(doneEach)
  })

  it.each([
    ['a file that is not there', { file: 'missing.json' }, /^--config ".*": mix\.rewardModels\[0\]\.file: cannot read "missing\.json" \(.*missing\.json\): no such file; give the file reward-model fit's output was saved to$/],
    ['a file and a model', { file: 'fit.json', model }, /^--config ".*": mix\.rewardModels\[0\]: give "file" or "model", not both; accepted: name, file, aggregate, lambda, refit \(or model instead of file\)$/],
    ['a file that is not a path', { file: 7 }, /^--config ".*": mix\.rewardModels\[0\]\.file: expected the path of a model file \(what reward-model fit prints\), relative to the config file$/],
    ['a file that is not JSON', { file: 'broken.json' }, /^--config ".*": mix\.rewardModels\[0\]\.file: "broken\.json" is not valid JSON \(.*\); expected what reward-model fit prints$/],
    ['a model of other features', { file: 'other.json' }, /^--config ".*": mix\.rewardModels\[0\]\.file "other\.json": featureNames: the model was fitted on other features than tokenseq's completions have \(it lacks .*; it has verbosity, which is not declared\); tokenseq declares format, match, /],
    ['a model of the wrong shape', { file: 'short.json' }, /^--config ".*": mix\.rewardModels\[0\]\.file "short\.json": members\[0\]\.weights: 2 weights for 15 features$/],
  ])('refuses %s with one line naming it', async (_, rewardModel, message) => {
    write(join(DIR, 'broken.json'), '{"model": ')
    write(join(DIR, 'other.json'), { kind: 'linear', featureNames: ['format', 'verbosity'], members: [{ weights: [1, 2] }] })
    write(join(DIR, 'short.json'), { ...model, members: [{ weights: [1, 2] }] })
    const path = write(join(DIR, 'refused.json'), config(rewardModel))
    expect(expectUsageError(await cliAsync(['train', '--config', path]))).toMatch(message)
  })

  it('names a file’s problem with every other problem of the config, and not once more as a missing model', async () => {
    const path = write(join(DIR, 'many.json'), { ...config({ file: 'missing.json' }), learner: { kind: 'qlearning' } })
    const message = expectUsageError(await cliAsync(['train', '--config', path]))
    expect(message).toContain('mix.rewardModels[0].file: cannot read "missing.json"')
    expect(message).toContain('learner.kind: Q-learning needs an environment with discrete states')
    expect(message).not.toContain('expected a reward model')
    // The model's weight is not blamed for the model left out.
    expect(message).not.toContain('weights.rm')
  })

  it('is described in --help: the rewardModels entry, its file form and the KL fields', () => {
    expect(HELP).toContain('"mean"|"min"|"mean_minus_std", "lambda": L (0 to 100, only with mean_minus_std)}], at most\n      4;')
    expect(HELP).toContain('Here "file": PATH may\n      stand for "model"')
    expect(HELP).toContain('A GRPO or DPO run\'s lines add "meanKl"')
  })

  it('refuses a reward model on an environment that declares no features, naming tokenseq', async () => {
    const path = write(join(DIR, 'mountaincar.json'), { env: { id: 'mountaincar' }, mix: { rewardModels: [{ model }] }, learner: { kind: 'ppo' } })
    expect(expectUsageError(await cliAsync(['train', '--config', path]))).toContain("mix.rewardModels[0]: a reward model scores a finished completion's features or a step's, which mountaincar does not declare; accepted environments: tokenseq")
  })
})

describe('preferences → reward-model fit → train against the model (spawned command lines)', () => {
  it('the rm contribution rises as GRPO optimises it, with the environment’s own components weighed 0', async () => {
    const params = ['--params', 'difficulty=easy,max_length=4']
    const pairs = await spawnCli(['preferences', '--env', 'tokenseq', ...params, '--pairs', '1000', '--temperature', '0', '--seed', '1'])
    expect(pairs.stderr).toBe('')
    expect(pairs.code).toBe(0)
    const pairsPath = write(join(DIR, 'e2e-pairs.jsonl'), pairs.stdout)
    const fit = await spawnCli(['reward-model', 'fit', '--pairs', pairsPath, '--model', 'linear'])
    expect(fit.stderr).toBe('')
    expect(fit.code).toBe(0)
    write(join(DIR, 'e2e-model.json'), fit.stdout)
    const runConfig = { env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4 } }, mix: { weights: ONLY_RM, rewardModels: [{ name: 'rm', file: 'e2e-model.json' }] }, learner: { kind: 'grpo' }, seed: 1 }
    const run = await spawnCli(['train', '--config', write(join(DIR, 'e2e-config.json'), runConfig), '--iterations', '40', '--every', '10'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = jsonLines<Line>(run.stdout)
    const done = lines.pop()!
    const rm = lines.map((line) => line.contributions!.rm)
    // Nothing else pays: the return is rm's contribution alone.
    for (const line of lines) expect(Object.entries(line.contributions!).filter(([name, value]) => name !== 'rm' && value !== 0)).toEqual([])
    expect(rm.at(-1)!).toBeGreaterThan(rm[0])
    expect(done.recentContributions!.rm).toBeGreaterThan(rm[0])
    expect(lines.at(-1)!.meanKl!).toBeGreaterThan(lines[0].meanKl!)
  }, 120_000)
})
