import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { bandit } from '../core/envs/bandit'
import { cartpole } from '../core/envs/cartpole'
import type { BatchEnv } from '../core/envs/types'
import { compileMix, defaultMix, type CompiledMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { ReinforceOptionsSchema, type ReinforceOptions } from '../core/run/config'
import { initBackend } from './backend'
import type { Mlp } from './mlp'
import { createReinforceTrainer, EPISODE_CAP, ReturnScale } from './reinforce'
import { baselineLoss, discountedReturns, reinforcePolicyLoss } from './reinforceLoss'

function reinforceOptions(overrides: Partial<ReinforceOptions> = {}): ReinforceOptions {
  return ReinforceOptionsSchema.parse({ kind: 'reinforce', ...overrides })
}

function mixFor(env: BatchEnv, weights: Record<string, number> = {}): CompiledMix {
  return compileMix(env.spec, { weights: { ...defaultMix(env.spec).weights, ...weights } })
}

/** A network that ignores its input and outputs fixed rows. */
function constant(rows: number[][]): Mlp {
  return {
    variables: [],
    apply: () => tf.tensor2d(rows),
    trace: () => {
      throw new Error('not traced here')
    },
    dispose: () => undefined,
  }
}

beforeAll(async () => {
  await initBackend('wasm')
})

describe('REINFORCE parts', () => {
  it('computes returns-to-go G_t = r_t + γ·G_{t+1} within each episode', () => {
    // Episode 1: r = (1, 0, 2), γ = 0.5: G_2 = 2, G_1 = 0 + 0.5·2 = 1, G_0 = 1 + 0.5·1 = 1.5.
    // Episode 2 (the next slots): r = (4): G = 4, not reaching back into episode 1.
    const rewards = [1, 0, 2, 4]
    const out = new Float32Array(4)
    discountedReturns(rewards, 0, 3, 0.5, out)
    discountedReturns(rewards, 3, 4, 0.5, out)
    expect(Array.from(out)).toEqual([1.5, 1, 2, 4])
  })

  it('bootstraps a time-limit cut from V of the state it was cut in', () => {
    // r = (1, 1), γ = 0.5, cut with V(s_T) = 8: G_1 = 1 + 0.5·8 = 5, G_0 = 1 + 0.5·5 = 3.5
    const out = new Float32Array(2)
    discountedReturns([1, 1], 0, 2, 0.5, out, 8)
    expect(Array.from(out)).toEqual([3.5, 5])
  })

  it('has the hand-computed policy loss −mean_t log π(a_t|s_t)·A_t − c·H', async () => {
    // π(·|s_0) = (1/4, 3/4), π(·|s_1) = (1/2, 1/2); a = (1, 0); A = (2, −1)
    const actor = constant([
      [0, Math.log(3)],
      [0, 0],
    ])
    const batch = { obs: tf.zeros([2, 1]) as tf.Tensor2D, actions: tf.tensor1d([1, 0], 'int32'), advantages: tf.tensor1d([2, -1]) }
    const terms = reinforcePolicyLoss(actor, batch, 2, 0.1)
    const [loss, policyLoss, entropy] = await Promise.all([terms.loss.data(), terms.policyLoss.data(), terms.entropy.data()])
    // −(log(3/4)·2 + log(1/2)·(−1))/2
    const expectedPolicy = -(Math.log(0.75) * 2 - Math.log(0.5)) / 2
    // H = mean(−(¼ log ¼ + ¾ log ¾), ln 2)
    const expectedEntropy = (-(0.25 * Math.log(0.25) + 0.75 * Math.log(0.75)) + Math.LN2) / 2
    expect(policyLoss[0]).toBeCloseTo(expectedPolicy, 6)
    expect(entropy[0]).toBeCloseTo(expectedEntropy, 6)
    expect(loss[0]).toBeCloseTo(expectedPolicy - 0.1 * expectedEntropy, 6)
    tf.dispose([...Object.values(terms), ...Object.values(batch)])
  })

  it('fits the baseline by ½·mean (V − G)²', async () => {
    const critic = constant([[1], [2], [0]])
    const obs = tf.zeros([3, 1]) as tf.Tensor2D
    const returns = tf.tensor1d([2, 2, -3])
    const loss = baselineLoss(critic, obs, returns)
    // ½·(1 + 0 + 9)/3
    expect((await loss.data())[0]).toBeCloseTo(10 / 6, 6)
    tf.dispose([loss, obs, returns])
  })

  it('tracks the return scale as bias-corrected moving averages', () => {
    const scale = new ReturnScale(0.5)
    expect(scale.current()).toEqual({ mean: 0, std: 1 })
    // Batch 1: mean 2, mean square 5 (returns 1, 3): μ = 2, σ = √(5 − 4) = 1 — the first batch counts fully
    scale.update([1, 3])
    expect(scale.current().mean).toBeCloseTo(2, 12)
    expect(scale.current().std).toBeCloseTo(1, 12)
    // Batch 2: mean 6, mean square 36: m = 0.5·0.5·2 … weights 0.25 and 0.5 → μ = (0.25·2 + 0.5·6)/0.75 = 14/3,
    // q = (0.25·5 + 0.5·36)/0.75 = 77/3, σ = √(77/3 − 196/9) = √(35/9)
    scale.update([6, 6])
    expect(scale.current().mean).toBeCloseTo(14 / 3, 12)
    expect(scale.current().std).toBeCloseTo(Math.sqrt(35 / 9), 12)
  })
})

describe('REINFORCE trainer', () => {
  it('learns from complete episodes and reports finite diagnostics, with and without a baseline', async () => {
    for (const baseline of ['value', 'none'] as const) {
      const env = cartpole.create(4, {})
      const trainer = await createReinforceTrainer(env, mixFor(env), reinforceOptions({ numEnvs: 4, episodesPerIteration: 6, baseline }), new Rng(3))
      const report = await trainer.iterate()
      trainer.dispose()
      const common = ['cut_fraction', 'entropy', 'episodes', 'grad_norm', 'policy_loss', 'zero_advantage_fraction']
      expect(Object.keys(report.diagnostics).sort()).toEqual(baseline === 'value' ? [...common, 'explained_variance', 'value_loss'].sort() : common)
      for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
      // Episodes end together on a step, so the iteration may end with a few more than asked.
      expect(report.episodes.length).toBeGreaterThanOrEqual(6)
      expect(report.diagnostics.episodes).toBe(report.episodes.length)
      expect(report.envSteps % 4).toBe(0)
      // Each step of a learned-from episode has an advantage; CartPole's first episodes are short.
      const used = report.episodes.reduce((sum, episode) => sum + episode.length, 0)
      expect(report.advantages).toHaveLength(used)
      expect(report.diagnostics.entropy).toBeCloseTo(Math.LN2, 2)
      expect(report.demo.copies).toBe(1)
      expect(report.demo.steps).toBe(report.envSteps / 4)
      if (baseline === 'none') {
        // Without a baseline the advantage is G_t itself: +1 per step, discounted, all positive.
        expect(Math.min(...Array.from(report.advantages!))).toBeGreaterThanOrEqual(1)
      }
    }
  })

  it('carries an unfinished episode into the next iteration and uses it once it ends', async () => {
    const env = cartpole.create(2, {})
    const trainer = await createReinforceTrainer(env, mixFor(env), reinforceOptions({ numEnvs: 2, episodesPerIteration: 1 }), new Rng(8))
    let steps = 0
    let lengths = 0
    for (let k = 0; k < 6; k++) {
      const report = await trainer.iterate()
      steps += report.envSteps
      lengths += report.episodes.reduce((sum, episode) => sum + episode.length, 0)
      expect(report.advantages).toHaveLength(report.episodes.reduce((sum, episode) => sum + episode.length, 0))
    }
    trainer.dispose()
    // Two copies step together; what has not been learned from yet is the part of two running episodes.
    expect(steps).toBeGreaterThanOrEqual(lengths)
    expect(steps - lengths).toBeLessThan(2 * 500)
  })

  it('cuts an episode that no time limit ends after EPISODE_CAP steps and learns from it as it stands', async () => {
    // CartPole's dynamics with the pole held upright by hand and no time limit: it never ends.
    const inner = cartpole.create(1, {})
    const env: BatchEnv = {
      ...inner,
      spec: { ...inner.spec, timeLimit: null },
      n: 1,
      state: inner.state,
      reset: (rng, obs) => inner.reset(rng, obs),
      setState: (i, values) => inner.setState(i, values),
      observe: (i, obs) => inner.observe(i, obs),
      step(actions, out, rng) {
        inner.step(actions, out, rng, false)
        inner.setState(0, [0, 0, 0, 0])
        out.terminated[0] = 0
        out.truncated[0] = 0
      },
    }
    const trainer = await createReinforceTrainer(env, mixFor(env), reinforceOptions({ numEnvs: 1, episodesPerIteration: 1, baseline: 'none', gamma: 1 }), new Rng(2))
    const report = await trainer.iterate()
    trainer.dispose()
    expect(report.envSteps).toBe(EPISODE_CAP)
    expect(report.episodes).toHaveLength(0)
    expect(report.diagnostics.cut_fraction).toBe(1)
    // γ = 1 and +1 per step: G_0 = 10 000, sampled down to the histogram's 2048 values from there.
    expect(report.advantages![0]).toBe(EPISODE_CAP)
  })

  it('leaks no tensors from one iteration to the next and frees everything on dispose', async () => {
    const before = tf.memory().numTensors
    const env = cartpole.create(4, {})
    const trainer = await createReinforceTrainer(env, mixFor(env), reinforceOptions({ numEnvs: 4, episodesPerIteration: 4 }), new Rng(1))
    await trainer.iterate()
    const afterFirst = tf.memory().numTensors
    for (let k = 0; k < 3; k++) await trainer.iterate()
    expect(tf.memory().numTensors).toBe(afterFirst)
    trainer.dispose()
    expect(tf.memory().numTensors).toBe(before)
  })

  it('gives the same run for the same seed', async () => {
    const run = async () => {
      const env = cartpole.create(4, {})
      const trainer = await createReinforceTrainer(env, mixFor(env), reinforceOptions({ numEnvs: 4, episodesPerIteration: 4 }), new Rng(42))
      const reports = [await trainer.iterate(), await trainer.iterate()]
      trainer.dispose()
      return reports.map((report) => ({ diagnostics: report.diagnostics, lengths: report.episodes.map((e) => e.length) }))
    }
    expect(await run()).toEqual(await run())
  })

  it('applies setMix from the next rollout', async () => {
    const env = cartpole.create(4, {})
    const trainer = await createReinforceTrainer(env, mixFor(env), reinforceOptions({ numEnvs: 4, episodesPerIteration: 4 }), new Rng(5))
    await trainer.iterate()
    trainer.setMix(mixFor(env, { alive: 2 }))
    const report = await trainer.iterate()
    trainer.dispose()
    // Episodes that started before the change mix both; the ones that start after it earn 2 per step.
    const fresh = report.episodes.filter((episode) => episode.shapedReturn === 2 * episode.length)
    expect(fresh.length).toBeGreaterThan(0)
    for (const episode of report.episodes) expect(episode.shapedReturn).toBeGreaterThan(episode.length)
    expect(() => trainer.setMix({ names: ['alive'], weights: new Float64Array([1]) })).toThrow(/1 weights but cartpole has 6 components/)
  })

  it('stops with a diagnosis when a reward component is not finite', async () => {
    const env = cartpole.create(4, {})
    const step = env.step.bind(env)
    let broken = true
    env.step = (actions, out, rng, autoReset) => {
      step(actions, out, rng, autoReset)
      if (broken) out.components[2 * 6 + 3] = Number.NaN // copy 2, component "calm"
    }
    const trainer = await createReinforceTrainer(env, mixFor(env, { calm: 0.5 }), reinforceOptions({ numEnvs: 4, episodesPerIteration: 4 }), new Rng(1))
    await expect(trainer.iterate()).rejects.toThrow('mixed reward of copy 2 at rollout step 0 is NaN: component "calm" is NaN (weight 0.5)')
    // Once the component is fixed, training goes on from whole episodes.
    broken = false
    const report = await trainer.iterate()
    trainer.dispose()
    expect(report.advantages).toHaveLength(report.episodes.reduce((sum, episode) => sum + episode.length, 0))
    for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
  })

  it('stops with a diagnosis instead of applying a non-finite update', async () => {
    const before = tf.memory().numTensors
    // r = 1e30 per step: G_t·log π overflows float32 in the mean.
    const env = cartpole.create(4, {})
    const trainer = await createReinforceTrainer(env, mixFor(env, { alive: 1e30 }), reinforceOptions({ numEnvs: 4, baseline: 'none' }), new Rng(1))
    await expect(trainer.iterate()).rejects.toThrow(/^REINFORCE policy loss is .*the update was not applied$/)
    trainer.dispose()
    expect(tf.memory().numTensors).toBe(before)
  })
})

describe('REINFORCE known results (seeded)', () => {
  it(
    'learns a bandit whose payouts are all far above zero much better with a baseline (Sutton & Barto, Figure 2.5)',
    async () => {
      // Gaussian arms with means 4.1 … 4.9 (noise 1): every return is about +4.5, so without a
      // baseline each update pushes up whatever was pulled and the signal (gaps of 0.2) drowns.
      // Measured over seeds 1–8 (200 updates of 16 pulls): mean regret over the run 0.14–0.16 with
      // the baseline, 0.22–0.41 without; over the last 400 pulls 0.002–0.04 with, 0.06–0.42 without.
      const params = { arms: 'gaussian', means: [4.1, 4.3, 4.5, 4.7, 4.9] }
      const regrets = async (baseline: 'value' | 'none', seed: number) => {
        const env = bandit.create(8, params)
        const trainer = await createReinforceTrainer(env, mixFor(env), reinforceOptions({ baseline }), new Rng(seed))
        const values: number[] = []
        for (let k = 0; k < 200; k++) for (const episode of (await trainer.iterate()).episodes) values.push(episode.objective)
        trainer.dispose()
        const mean = (part: number[]) => part.reduce((sum, value) => sum + value, 0) / part.length
        return { run: mean(values), last: mean(values.slice(-400)) }
      }
      let lastWithout = 0
      for (const seed of [1, 2, 3, 4]) {
        const withBaseline = await regrets('value', seed)
        const without = await regrets('none', seed)
        expect(withBaseline.run).toBeLessThan(without.run)
        expect(withBaseline.last).toBeLessThan(0.05)
        lastWithout += without.last / 4
      }
      expect(lastWithout).toBeGreaterThan(0.2)
    },
    60_000,
  )

  it(
    'solves CartPole with a baseline: mean return of the last 20 episodes reaches 475',
    async () => {
      // Seeds 1–6 reach 475 after 81–109 updates of 16 episodes (180k–350k steps, 4–8 s on wasm);
      // without the baseline after 90–125 updates, later on every one of those seeds.
      const env = cartpole.create(8, {})
      const trainer = await createReinforceTrainer(env, mixFor(env), reinforceOptions(), new Rng(1))
      const returns: number[] = []
      let best = 0
      for (let k = 0; k < 250 && best < 475; k++) {
        for (const episode of (await trainer.iterate()).episodes) returns.push(episode.shapedReturn)
        if (returns.length >= 20) best = Math.max(best, returns.slice(-20).reduce((sum, value) => sum + value, 0) / 20)
      }
      trainer.dispose()
      expect(best).toBeGreaterThanOrEqual(475)
    },
    120_000,
  )
})
