import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from './run'
import { cliAsync, expectUsageError, jsonLines, spawnCli } from './testing'

/* `train --config FILE`: a run config trained from the terminal, one JSON line per interval. */

const DIR = mkdtempSync(join(tmpdir(), 'train-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

interface IntervalLine {
  iteration: number
  envSteps: number
  wallSeconds: number
  episodes: number
  meanReturn: number | null
  meanObjective: number | null
  meanLength: number | null
  recentReturn: number | null
  recentObjective: number | null
  contributions: Record<string, number> | null
  diagnostics: Record<string, number>
}

interface DoneLine {
  done: true
  iterations: number
  envSteps: number
  wallSeconds: number
  episodes: number
  recentReturn: number | null
  recentObjective: number | null
  recentContributions: Record<string, number> | null
  recentZeroAdvantageFraction: number | null
  recentSignFlipFraction: number | null
  peakObjective: number | null
}

function configFile(name: string, config: unknown): string {
  const path = join(DIR, name)
  writeFileSync(path, JSON.stringify(config))
  return path
}

function parse(stdout: string): { intervals: IntervalLine[]; done: DoneLine } {
  expect(stdout.endsWith('\n')).toBe(true)
  const all = jsonLines<IntervalLine | DoneLine>(stdout)
  const done = all.pop() as DoneLine
  expect(done.done).toBe(true)
  for (const line of all) expect('done' in line).toBe(false)
  return { intervals: all as IntervalLine[], done }
}

/** Everything but the clock. */
function withoutClock(stdout: string): unknown[] {
  return jsonLines<{ wallSeconds: number }>(stdout).map(({ wallSeconds: _wallSeconds, ...rest }) => rest)
}

/** Tabular Q-learning on CliffWalking: 2 copies × 50 steps = 100 env steps an iteration. */
const Q_CONFIG = { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning', numEnvs: 2, stepsPerIteration: 50 }, seed: 7 }

describe('train with Q-learning on CliffWalking', () => {
  it('prints one parseable line per interval with growing envSteps, then a summary', async () => {
    const { code, stdout, stderr } = await cliAsync(['train', '--config', configFile('q.json', Q_CONFIG), '--iterations', '30', '--every', '3'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const { intervals, done } = parse(stdout)
    expect(intervals.map((line) => line.iteration)).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30])
    // Three iterations of 100 steps between lines.
    expect(intervals.map((line) => line.envSteps)).toEqual(intervals.map((_, i) => 300 * (i + 1)))
    for (const line of intervals) {
      expect(Object.keys(line)).toEqual(['iteration', 'envSteps', 'wallSeconds', 'episodes', 'meanReturn', 'meanObjective', 'meanLength', 'recentReturn', 'recentObjective', 'contributions', 'diagnostics'])
      expect(line.wallSeconds).toBeGreaterThanOrEqual(0)
      expect(line.diagnostics.epsilon).toBe(0.1)
      if (line.episodes === 0) {
        expect(line).toMatchObject({ meanReturn: null, meanObjective: null, meanLength: null, contributions: null })
      } else {
        // The contributions of the interval's episodes add up to their mean return.
        const contributions = line.contributions!
        expect(Object.keys(contributions)).toEqual(['step', 'hazard', 'goal', 'progress'])
        expect(Object.values(contributions).reduce((a, b) => a + b, 0)).toBeCloseTo(line.meanReturn!, 9)
      }
    }
    const finished = intervals.reduce((sum, line) => sum + line.episodes, 0)
    expect(finished).toBeGreaterThan(0)
    expect(done).toMatchObject({ done: true, iterations: 30, envSteps: 3000, episodes: finished })
    expect(done.recentReturn).toBe(intervals.at(-1)!.recentReturn)
  })

  it('gives the same numbers for the same seed, and others for another seed', async () => {
    const args = ['train', '--config', '-', '--iterations', '20', '--every', '4']
    const first = await cliAsync(args, JSON.stringify(Q_CONFIG))
    const second = await cliAsync(args, JSON.stringify(Q_CONFIG))
    expect(first.code).toBe(0)
    expect(withoutClock(second.stdout)).toEqual(withoutClock(first.stdout))
    const other = await cliAsync(args, JSON.stringify({ ...Q_CONFIG, seed: 8 }))
    expect(withoutClock(other.stdout)).not.toEqual(withoutClock(first.stdout))
  })

  it('stops at the first iteration that reaches --steps, and prints a last partial interval', async () => {
    const { intervals, done } = parse((await cliAsync(['train', '--config', '-', '--steps', '450', '--every', '2'], JSON.stringify(Q_CONFIG))).stdout)
    // 100 steps an iteration: 5 iterations reach 450; lines at 2, 4 and the leftover 5.
    expect(intervals.map((line) => [line.iteration, line.envSteps])).toEqual([
      [2, 200],
      [4, 400],
      [5, 500],
    ])
    expect(done).toMatchObject({ iterations: 5, envSteps: 500 })
  })

  it('trains the design’s own terms and charts them as contributions', async () => {
    // A custom term paying −1 per step while in the bottom row: contributions gain its column.
    const config = { ...Q_CONFIG, mix: { weights: { hazard: 0.5 }, terms: [{ name: 'low', expression: '-(row == 3)', weight: 2 }] } }
    const { code, stdout } = await cliAsync(['train', '--config', '-', '--iterations', '40', '--every', '40'], JSON.stringify(config))
    expect(code).toBe(0)
    const [line] = parse(stdout).intervals
    expect(line.episodes).toBeGreaterThan(0)
    expect(Object.keys(line.contributions!)).toEqual(['step', 'hazard', 'goal', 'progress', 'low'])
    expect(Object.values(line.contributions!).reduce((a, b) => a + b, 0)).toBeCloseTo(line.meanReturn!, 9)
  })

  it('trains a weight along its schedule: the schedule, not the constant weight, pays', async () => {
    const train = async (mix: unknown) => withoutClock((await cliAsync(['train', '--config', '-', '--iterations', '6'], JSON.stringify({ ...Q_CONFIG, mix }))).stdout)
    const constant = await train({ weights: { step: 0.5 } })
    // A schedule that stays at 0.5 trains the very run a constant 0.5 does.
    expect(await train({ weights: { step: 0.5 }, schedules: { step: { kind: 'cosine', from: 0.5, to: 0.5, steps: 300 } } })).toEqual(constant)
    // One held at 2 overrides the constant 0.5: the run of a constant 2.
    expect(await train({ weights: { step: 0.5 }, schedules: { step: { kind: 'linear', from: 2, to: 2, steps: 300 } } })).toEqual(await train({ weights: { step: 2 } }))
    // One that moves trains another run.
    expect(await train({ weights: { step: 0.5 }, schedules: { step: { kind: 'step', from: 0.5, to: 2, steps: 200 } } })).not.toEqual(constant)
  })

  it('names every problem of a config’s schedules', async () => {
    const config = { ...Q_CONFIG, mix: { schedules: { step: { kind: 'linear', from: 0, to: 9, steps: 0 }, nope: { kind: 'step', from: 0, to: 1, steps: 5 } } } }
    const message = expectUsageError(await cliAsync(['train', '--config', '-'], JSON.stringify(config)))
    expect(message).toContain('mix.schedules.step.steps: expected steps: a whole number from 1 to 1000000000')
    expect(message).toContain('mix.schedules.nope: there is no component "nope" to schedule; accepted: step, hazard, goal, progress')
  })

  it('exits 1 with the diagnosis on one stderr line when the run pauses itself', async () => {
    // sqrt(col − 5) is NaN in the start cell (col 0): the first step pauses the run.
    const config = { ...Q_CONFIG, mix: { terms: [{ name: 'bad', expression: 'sqrt(col - 5)' }] } }
    const { code, stdout, stderr } = await cliAsync(['train', '--config', '-', '--iterations', '3'], JSON.stringify(config))
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toMatch(/^run paused at iteration 1 \(after 0 env steps\): custom term: "sqrt\(col - 5\)" gave NaN for /)
  })

  it.each([
    [{ env: { id: 'cartpol' }, learner: { kind: 'qlearning' } }, '--config stdin: env.id: unknown environment "cartpol"; accepted: cartpole, mountaincar'],
    [{ env: { id: 'cliffwalking' }, learner: { kind: 'dqn' }, seed: -1 }, '--config stdin: learner.kind: '],
    [{ env: { id: 'cliffwalking' }, learner: { kind: 'qlearning', alpha: 2 } }, '--config stdin: learner.alpha: '],
    [{ learner: { kind: 'qlearning' } }, '--config stdin: env: '],
    [{ env: { id: 'cliffwalking', params: { time_limit: -1 } }, learner: { kind: 'qlearning' } }, '--config stdin: env.params: parameter "time_limit" of cliffwalking'],
    [{ env: { id: 'cartpole' }, learner: { kind: 'qlearning' } }, '--config stdin: learner.kind: Q-learning needs an environment with discrete states'],
    [{ env: { id: 'cliffwalking' }, learner: { kind: 'grpo' } }, 'it trains tokenseq and bandit, not cliffwalking'],
    ['{"env": ', '--config stdin is not valid JSON'],
    ['', '--config stdin is empty'],
  ])('refuses the config %j with exit 2 and one line', async (config, message) => {
    const text = typeof config === 'string' ? config : JSON.stringify(config)
    expect(expectUsageError(await cliAsync(['train', '--config', '-'], text))).toContain(message)
  })

  it('trains GRPO with the policy loss, KL estimator and aggregation a config names, by verl’s names or our older ones', async () => {
    const learner = { kind: 'grpo', groupsPerIteration: 2, policyLoss: 'gspo', kl: 'k2', aggregation: 'constant' }
    const config = { env: { id: 'tokenseq', params: { group_size: 4, max_length: 4 } }, learner, seed: 3 }
    const older = await cliAsync(['train', '--config', '-', '--iterations', '2', '--every', '1'], JSON.stringify(config))
    expect(older.stderr).toBe('')
    const { intervals } = parse(older.stdout)
    for (const line of intervals) expect(line.diagnostics).toHaveProperty('clip_fraction')
    // The same run under verl's name for the aggregation, bit for bit.
    const verl = await cliAsync(['train', '--config', '-', '--iterations', '2', '--every', '1'], JSON.stringify({ ...config, learner: { ...learner, aggregation: 'seq-mean-token-sum-norm' } }))
    expect(withoutClock(verl.stdout)).toEqual(withoutClock(older.stdout))
    const refused = expectUsageError(await cliAsync(['train', '--config', '-'], JSON.stringify({ ...config, learner: { ...learner, dualClip: 3 } })))
    expect(refused).toBe('--config stdin: learner.dualClip: the dual clip C applies to the ppo policy loss only, not gspo; set it to none for gspo')
  })

  it('trains GRPO under the baseline and KL placement a config names, and refuses a k above the group and a misspelt field', async () => {
    const env = { id: 'tokenseq', params: { group_size: 4, max_length: 4 } }
    const train = (learner: object) => cliAsync(['train', '--config', '-', '--iterations', '2', '--every', '1'], JSON.stringify({ env, learner: { kind: 'grpo', groupsPerIteration: 2, ...learner }, seed: 3 }))
    const remax = await train({ estimator: { baseline: 'remax' } })
    expect(remax.stderr).toBe('')
    for (const line of parse(remax.stdout).intervals) expect(line.diagnostics?.greedy_tokens).toBeGreaterThanOrEqual(2)
    const reinforcePlusPlus = await train({ estimator: { baseline: 'token_batch' }, klPlacement: 'reward', kl: 'k1' })
    expect(reinforcePlusPlus.stderr).toBe('')
    for (const line of parse(reinforcePlusPlus.stdout).intervals) expect(line.diagnostics).toHaveProperty('kl_penalty')
    // Named as absent fields mean, a config trains as one without them, bit for bit.
    const named = await train({ estimator: { baseline: 'group', k: 1 }, klPlacement: 'loss' })
    expect(withoutClock(named.stdout)).toEqual(withoutClock((await train({})).stdout))
    expect(expectUsageError(await train({ estimator: { baseline: 'passk', k: 5 } }))).toBe("--config stdin: learner.estimator.k: pass@k's k is 5, more than the 4 completions of a group; k must be from 1 to the group size")
    expect(expectUsageError(await train({ klPlacment: 'reward' }))).toMatch(/^--config stdin: learner\.klPlacment: unknown key in a grpo learner; accepted: .*klPlacement/)
  })

  it('names the KL in the reward as a contribution of its own, kl_penalty, and no such contribution with the KL in the loss', async () => {
    const env = { id: 'tokenseq', params: { group_size: 4, max_length: 4 } }
    const train = (learner: object) => cliAsync(['train', '--config', '-', '--iterations', '2', '--every', '1'], JSON.stringify({ env, learner: { kind: 'grpo', groupsPerIteration: 2, ...learner }, seed: 3 }))
    const inReward = parse((await train({ klPlacement: 'reward', beta: 0.5 })).stdout)
    for (const line of inReward.intervals) {
      expect(Object.keys(line.contributions!)).toEqual(['correct', 'format', 'length', 'proxy', 'overlong', 'closeness', 'digits', 'kl_penalty'])
      expect(line.contributions!.kl_penalty).toBeLessThanOrEqual(0)
    }
    const inLoss = parse((await train({})).stdout)
    for (const line of inLoss.intervals) expect(Object.keys(line.contributions!)).toEqual(['correct', 'format', 'length', 'proxy', 'overlong', 'closeness', 'digits'])
  })

  it('trains GRPO on the high-entropy tokens a config names, reports the share kept, and refuses a fraction outside (0, 1]', async () => {
    const env = { id: 'tokenseq', params: { group_size: 4, max_length: 4 } }
    const train = (learner: object) => cliAsync(['train', '--config', '-', '--iterations', '2', '--every', '1'], JSON.stringify({ env, learner: { kind: 'grpo', groupsPerIteration: 2, ...learner }, seed: 3 }))
    const top = await train({ entropyTopFraction: 0.2 })
    expect(top.stderr).toBe('')
    for (const line of parse(top.stdout).intervals) expect(line.diagnostics?.entropy_mask_fraction).toBeGreaterThanOrEqual(0.2)
    expect(expectUsageError(await train({ entropyTopFraction: 2 }))).toBe(
      '--config stdin: learner.entropyTopFraction: the high-entropy token fraction q must be a number above 0 and at most 1 (1 trains on every token; the paper uses 0.2)',
    )
  })

  it('trains GRPO with SAPO’s temperatures, δ and a straight-through KL as a config names them, and refuses a temperature under ppo', async () => {
    const env = { id: 'tokenseq', params: { group_size: 4, max_length: 4 } }
    const train = (learner: object) => cliAsync(['train', '--config', '-', '--iterations', '2', '--every', '1'], JSON.stringify({ env, learner: { kind: 'grpo', groupsPerIteration: 2, ...learner }, seed: 3 }))
    for (const learner of [{ policyLoss: 'sapo', tauPos: 2, tauNeg: 3, kl: 'k3+' }, { policyLoss: 'geo_mean', kl: 'abs' }, { delta: 4, kl: 'k1+' }]) {
      const run = await train(learner)
      expect(run.stderr, JSON.stringify(learner)).toBe('')
      for (const line of parse(run.stdout).intervals) expect(Number.isFinite(line.diagnostics?.loss), JSON.stringify(learner)).toBe(true)
    }
    expect(expectUsageError(await train({ tauPos: 2 }))).toBe('--config stdin: learner.tauPos: the SAPO temperature τ_pos applies to the sapo policy loss only, not ppo; leave it out for ppo')
  })

  it('trains GRPO with Clip-Cov, KL-Cov and the adaptive KL controller as a config names them, and refuses a band upside down', async () => {
    const env = { id: 'tokenseq', params: { group_size: 4, max_length: 4 } }
    const train = (learner: object) => cliAsync(['train', '--config', '-', '--iterations', '2', '--every', '1'], JSON.stringify({ env, learner: { kind: 'grpo', groupsPerIteration: 2, ...learner }, seed: 3 }))
    for (const learner of [{ policyLoss: 'clip_cov', clipCovRatio: 0.1, clipCovLb: -10, clipCovUb: 10 }, { policyLoss: 'kl_cov', klCovRatio: 0.1, ppoKlCoef: 0.5 }]) {
      const run = await train(learner)
      expect(run.stderr, JSON.stringify(learner)).toBe('')
      for (const line of parse(run.stdout).intervals) expect(line.diagnostics?.cov_selected_fraction, JSON.stringify(learner)).toBeGreaterThan(0)
    }
    const adaptive = await train({ beta: 0.1, klControl: { target: 100, horizon: 80 } })
    expect(adaptive.stderr).toBe('')
    // 8 completions per update over a horizon of 80, KL far below target: β·(1 − 0.2·8/80) = 0.098 for the second update
    expect(parse(adaptive.stdout).intervals.map((line) => line.diagnostics?.kl_coef)).toEqual([0.1, expect.closeTo(0.098, 12)])
    expect(expectUsageError(await train({ policyLoss: 'clip_cov', clipCovLb: 6 }))).toBe("--config stdin: learner.clipCovUb: Clip-Cov's band needs clip_cov_lb below clip_cov_ub, got 6 and 5")
  })

  it('trains GRPO with truncated completions masked and the overlong penalty weighed, as a config says', async () => {
    const config = { env: { id: 'tokenseq', params: { group_size: 4, max_length: 4, overlong_cache: 1 } }, mix: { weights: { overlong: 1 } }, learner: { kind: 'grpo', groupsPerIteration: 2, maskTruncated: true }, seed: 3 }
    const run = await cliAsync(['train', '--config', '-', '--iterations', '2', '--every', '1'], JSON.stringify(config))
    expect(run.stderr).toBe('')
    const { intervals, done } = parse(run.stdout)
    for (const line of intervals) {
      expect(line.diagnostics?.truncated_fraction).toBeGreaterThanOrEqual(0)
      expect(line.diagnostics?.truncated_fraction).toBeLessThanOrEqual(1)
    }
    // A penalty: never above 0, and −1 at most per completion.
    expect(done.recentContributions!.overlong).toBeLessThanOrEqual(0)
    expect(done.recentContributions!.overlong).toBeGreaterThanOrEqual(-1)
    const refused = expectUsageError(await cliAsync(['train', '--config', '-'], JSON.stringify({ ...config, learner: { kind: 'grpo', maskTruncated: 1 } })))
    expect(refused).toBe('--config stdin: learner.maskTruncated: expected boolean, received number')
    const tooLong = expectUsageError(await cliAsync(['train', '--config', '-'], JSON.stringify({ ...config, env: { id: 'tokenseq', params: { max_length: 4, overlong_cache: 4 } } })))
    expect(tooLong).toBe('--config stdin: env.params: parameter "overlong_cache" of tokenseq must be an integer from 0 to 3 (less than max_length, 4), got 4')
  })

  it('names every problem of the config’s learner and design at once', async () => {
    const config = { env: { id: 'cartpole' }, learner: { kind: 'qlearning' }, mix: { weights: { nope: 1 }, terms: [{ name: 'lean', expression: 'thetaa' }] } }
    const message = expectUsageError(await cliAsync(['train', '--config', '-'], JSON.stringify(config)))
    expect(message).toContain('learner.kind: Q-learning needs an environment with discrete states')
    expect(message).toContain('; mix.weights.nope: cartpole has no component "nope"')
    expect(message).toContain('; mix.terms[0].expression: unknown variable "thetaa"')
  })

  it.each([
    [['train'], 'train needs --config FILE'],
    [['train', '--config', join(DIR, 'missing.json')], `cannot read --config file "${join(DIR, 'missing.json')}": no such file`],
    [['train', '--config', '-', '--iterations', '0'], '--iterations must be a whole number of at least 1, got "0"'],
    [['train', '--config', '-', '--steps', '1.5'], '--steps must be a whole number of at least 1, got "1.5"'],
    [['train', '--config', '-', '--every', 'x'], '--every must be a finite number, got "x"'],
    [['train', '--config', '-', '--iterations', '2', '--steps', '100'], 'give --iterations or --steps, not both'],
    // Accepted before, and ran for ever.
    [['train', '--config', '-', '--iterations', '1e12'], '--iterations must be at most 1000000, got "1e12"'],
    [['train', '--config', '-', '--steps', '1e12'], '--steps must be at most 1000000000, got "1e12"'],
    [['train', '--config', '-', '--every', '1000001'], '--every must be at most 1000000, got "1000001"'],
    [['train', '--config', '-', '--seed', '1'], 'unknown flag "--seed" for train; accepted: --config, --iterations, --steps, --every'],
  ])('refuses the arguments %j', async (args, message) => {
    expect(expectUsageError(await cliAsync(args, JSON.stringify(Q_CONFIG)))).toContain(message)
  })

  it('lists train among the commands and in the help', async () => {
    expect((await cliAsync(['frobnicate'])).stderr).toBe('unknown command "frobnicate"; accepted: envs, trace, advantages, credit, bradley-terry, dpo-loss, loss, lessons, train, lesson, monitor, preferences, reward-model, sweep, rollouts, --help\n')
    expect((await cliAsync(['train', '--help'])).stdout).toContain('train --config FILE [--iterations N | --steps N] [--every K]')
    expect((await cliAsync(['train', '--help'])).stdout).toContain('Runs N iterations (default 100, at most 1000000)')
    expect((await cliAsync(['train', '--help'])).stdout).toContain('N environment steps (whole iterations; N at most 1000000000)')
    // The synchronous entry point cannot run it, and says which one can.
    expect(runCli(['train', '--config', '-'], { out: () => {}, err: () => {} })).toBe(1)
  })
})

describe('the done line’s recent contributions and zero-advantage and sign-flip fractions', () => {
  it('gives each component’s mean contribution over the last 20 episodes (summing to recentReturn) and the mean zero_advantage_fraction of the last 20 iterations', async () => {
    const { code, stdout } = await cliAsync(['train', '--config', '-', '--iterations', '30', '--every', '1'], JSON.stringify(Q_CONFIG))
    expect(code).toBe(0)
    const { intervals, done } = parse(stdout)
    expect(Object.keys(done)).toEqual(['done', 'iterations', 'envSteps', 'wallSeconds', 'episodes', 'recentReturn', 'recentObjective', 'recentContributions', 'recentZeroAdvantageFraction', 'recentSignFlipFraction', 'recentLength', 'peakObjective'])
    expect(Object.keys(done.recentContributions!)).toEqual(['step', 'hazard', 'goal', 'progress'])
    expect(Object.values(done.recentContributions!).reduce((a, b) => a + b, 0)).toBeCloseTo(done.recentReturn!, 9)
    // One line per iteration: the last 20 lines' own zero_advantage_fraction, averaged by hand.
    const last20 = intervals.slice(-20).map((line) => line.diagnostics.zero_advantage_fraction)
    expect(done.recentZeroAdvantageFraction).toBeCloseTo(last20.reduce((a, b) => a + b, 0) / 20, 12)
    // Q-learning measures no sign flips.
    expect(done.recentSignFlipFraction).toBeNull()
  })

  it('gives the mean sign_flip_fraction of the last 20 iterations of GRPO on the bandit', async () => {
    const config = { env: { id: 'bandit', params: { contexts: 3 } }, mix: { weights: { payout: 1, lure: 0.3 } }, learner: { kind: 'grpo', groupsPerIteration: 4, groupSize: 4 }, seed: 2 }
    const { code, stdout } = await cliAsync(['train', '--config', '-', '--iterations', '25', '--every', '1'], JSON.stringify(config))
    expect(code).toBe(0)
    const { intervals, done } = parse(stdout)
    const last20 = intervals.slice(-20).map((line) => line.diagnostics.sign_flip_fraction)
    expect(last20.every((value) => value >= 0 && value <= 1)).toBe(true)
    expect(done.recentSignFlipFraction).toBeCloseTo(last20.reduce((a, b) => a + b, 0) / 20, 12)
  })

  it('gives the highest recentObjective any line printed, one line per iteration', async () => {
    const { code, stdout } = await cliAsync(['train', '--config', '-', '--iterations', '30', '--every', '1'], JSON.stringify(Q_CONFIG))
    expect(code).toBe(0)
    const { intervals, done } = parse(stdout)
    const printed = intervals.map((line) => line.recentObjective).filter((value): value is number => value !== null)
    expect(printed.length).toBeGreaterThan(0)
    expect(done.peakObjective).toBe(Math.max(...printed))
  })

  it('is null for a learner that reports no zero-advantage fraction (value iteration)', async () => {
    const config = { env: { id: 'cliffwalking' }, learner: { kind: 'value_iteration', numEnvs: 2, stepsPerIteration: 50 }, seed: 7 }
    const { code, stdout } = await cliAsync(['train', '--config', '-', '--iterations', '3'], JSON.stringify(config))
    expect(code).toBe(0)
    const { intervals, done } = parse(stdout)
    expect('zero_advantage_fraction' in intervals[0].diagnostics).toBe(false)
    expect(done.recentZeroAdvantageFraction).toBeNull()
  })
})

describe('train with PPO on CartPole (TensorFlow.js, wasm backend)', () => {
  it('runs 2 iterations and reports PPO’s diagnostics', async () => {
    const config = { env: { id: 'cartpole' }, learner: { kind: 'ppo', numEnvs: 2, numSteps: 32, numMinibatches: 2, updateEpochs: 2 }, seed: 3 }
    const args = ['train', '--config', configFile('ppo.json', config), '--iterations', '2']
    const { code, stdout, stderr } = await cliAsync(args)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const { intervals, done } = parse(stdout)
    // 2 copies × 32 steps an iteration.
    expect(intervals.map((line) => [line.iteration, line.envSteps])).toEqual([
      [1, 64],
      [2, 128],
    ])
    for (const line of intervals) {
      for (const key of ['policy_loss', 'value_loss', 'entropy', 'approx_kl', 'clip_fraction', 'explained_variance', 'grad_norm']) {
        expect(Number.isFinite(line.diagnostics[key])).toBe(true)
      }
      // A fresh policy over two actions is near uniform: entropy ≈ ln 2.
      expect(line.diagnostics.entropy).toBeCloseTo(Math.LN2, 2)
    }
    // An untrained CartPole policy drops the pole within 64 steps: some episode ends, alive pays 1 a step.
    const ended = intervals.find((line) => line.episodes > 0)!
    expect(ended.contributions!.alive).toBe(ended.meanLength)
    expect(done).toMatchObject({ done: true, iterations: 2, envSteps: 128 })
    // The same seed, the same run, on the network learner too.
    expect(withoutClock((await cliAsync(args)).stdout)).toEqual(withoutClock(stdout))
  })
})

describe('train as a process', () => {
  it('reads the config from a pipe and exits 0', async () => {
    const result = await spawnCli(['train', '--config', '-', '--iterations', '4', '--every', '2'], JSON.stringify(Q_CONFIG))
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const { intervals, done } = parse(result.stdout)
    expect(intervals.map((line) => line.envSteps)).toEqual([200, 400])
    expect(done).toMatchObject({ iterations: 4, envSteps: 400 })
    // The same numbers as in this process.
    expect(withoutClock(result.stdout)).toEqual(withoutClock((await cliAsync(['train', '--config', '-', '--iterations', '4', '--every', '2'], JSON.stringify(Q_CONFIG))).stdout))
  })
})
