import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { bandit, CONTEXT_INDEX } from '../core/envs/bandit'
import { AGGREGATIONS } from '../core/losses/aggregation'
import { KL_ESTIMATORS } from '../core/losses/kl'
import { POLICY_LOSSES } from '../core/losses/policyLoss'
import { cartpole } from '../core/envs/cartpole'
import { A_INDEX, B_INDEX, END, T_INDEX, THINK, tokenseq, type TokenSeqEnv } from '../core/envs/tokenseq'
import type { BatchEnv } from '../core/envs/types'
import { compileMix, type CompiledMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema, RunConfigSchema, type GrpoOptions } from '../core/run/config'
import { initBackend } from './backend'
import { createGrpoTrainer } from './grpo'
import { createTrainer } from './trainers'

function grpoOptions(overrides: Partial<GrpoOptions> = {}): GrpoOptions {
  return GrpoOptionsSchema.parse({ kind: 'grpo', ...overrides })
}

/** groups × G tokenseq copies of at most maxLength tokens. */
function tokenseqEnv(groups: number, groupSize = 4, maxLength = 4): TokenSeqEnv {
  return tokenseq.create(groups * groupSize, { group_size: groupSize, max_length: maxLength, difficulty: 'easy' }) as TokenSeqEnv
}

function mixFor(env: BatchEnv, weights: Record<string, number> = {}): CompiledMix {
  return compileMix(env.spec, { weights })
}

beforeAll(async () => {
  await initBackend('wasm')
})

describe('GRPO trainer', () => {
  it('reports every completion, finite diagnostics, the advantages and the first group for the demo', async () => {
    const env = tokenseqEnv(3)
    const trainer = await createGrpoTrainer(env, mixFor(env, { format: 0.5 }), grpoOptions({ groupsPerIteration: 3 }), new Rng(2))
    const report = await trainer.iterate()
    trainer.dispose()
    expect(report.episodes).toHaveLength(12)
    const tokens = report.episodes.reduce((sum, episode) => sum + episode.length, 0)
    expect(report.envSteps).toBe(tokens)
    for (const episode of report.episodes) {
      expect(episode.length).toBeGreaterThanOrEqual(1)
      expect(episode.length).toBeLessThanOrEqual(4)
      expect(episode.shapedReturn).toBeCloseTo(episode.contributions.reduce((sum, value) => sum + value, 0), 12)
    }
    expect(Object.keys(report.diagnostics).sort()).toEqual(
      [
        'clip_fraction',
        'clip_high_fraction',
        'clip_low_fraction',
        'correct_rate',
        'entropy',
        'grad_norm',
        'kl',
        'loss',
        'mean_length',
        'policy_loss',
        'reward_mean',
        'zero_advantage_fraction',
      ].sort(),
    )
    for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
    expect(report.diagnostics.mean_length).toBeCloseTo(tokens / 12, 12)
    // A fresh policy is near uniform over 12 tokens and still equal to its reference.
    expect(report.diagnostics.entropy).toBeCloseTo(Math.log(12), 2)
    expect(report.diagnostics.kl).toBeCloseTo(0, 6)
    // One pass: ρ = 1 on every token, nothing clips.
    expect(report.diagnostics.clip_fraction).toBe(0)
    expect(report.advantages).toHaveLength(12)
    // Group-normalised advantages sum to zero within each group.
    for (let g = 0; g < 3; g++) {
      const group = Array.from(report.advantages!.subarray(4 * g, 4 * g + 4))
      expect(group.reduce((sum, value) => sum + value, 0)).toBeCloseTo(0, 5)
    }
    expect(report.demo.copies).toBe(4)
    // States before each token and once more after the last: at most max_length + 1 frames.
    const longest = Math.max(...report.episodes.map((episode) => episode.length))
    expect(report.demo.steps).toBe(longest + 1)
  })

  it('gives the G copies of a group one prompt and lets each write to its end', async () => {
    const env = tokenseqEnv(4, 4, 5)
    const trainer = await createGrpoTrainer(env, mixFor(env), grpoOptions({ groupsPerIteration: 4 }), new Rng(9))
    const report = await trainer.iterate()
    trainer.dispose()
    const stride = env.spec.stateVars.length
    for (let g = 0; g < 4; g++) {
      for (let i = 4 * g; i < 4 * g + 4; i++) {
        expect(env.state[i * stride + A_INDEX]).toBe(env.state[4 * g * stride + A_INDEX])
        expect(env.state[i * stride + B_INDEX]).toBe(env.state[4 * g * stride + B_INDEX])
      }
    }
    // Every copy's completion ended (autoReset off: it is still there to read), as long as reported.
    report.episodes.forEach((episode, i) => expect(env.state[i * stride + T_INDEX]).toBe(episode.length))
  })

  it('samples a bandit group as G pulls in one context', async () => {
    const env = bandit.create(6 * 5, { contexts: 5 })
    const trainer = await createGrpoTrainer(env, mixFor(env), grpoOptions({ groupsPerIteration: 6, groupSize: 5 }), new Rng(4))
    const contexts = new Set<number>()
    for (let k = 0; k < 3; k++) {
      const report = await trainer.iterate()
      expect(report.envSteps).toBe(30)
      expect(report.episodes.every((episode) => episode.length === 1)).toBe(true)
      expect(report.diagnostics.objective_mean).toBeCloseTo(report.episodes.reduce((sum, episode) => sum + episode.objective, 0) / 30, 12)
      const stride = env.spec.stateVars.length
      for (let g = 0; g < 6; g++) {
        const context = env.state[5 * g * stride + CONTEXT_INDEX]
        contexts.add(context)
        for (let i = 5 * g; i < 5 * g + 5; i++) expect(env.state[i * stride + CONTEXT_INDEX]).toBe(context)
      }
    }
    trainer.dispose()
    // Contexts still differ from group to group.
    expect(contexts.size).toBeGreaterThan(1)
  })

  it('leaks no tensors from one iteration to the next and frees everything on dispose', async () => {
    const before = tf.memory().numTensors
    const env = tokenseqEnv(2)
    const trainer = await createGrpoTrainer(env, mixFor(env, { format: 1 }), grpoOptions({ groupsPerIteration: 2, updateEpochs: 2 }), new Rng(1))
    await trainer.iterate()
    const afterFirst = tf.memory().numTensors
    for (let k = 0; k < 3; k++) await trainer.iterate()
    expect(tf.memory().numTensors).toBe(afterFirst)
    trainer.dispose()
    expect(tf.memory().numTensors).toBe(before)
  })

  it('gives the same run for the same seed', async () => {
    const run = async () => {
      const env = tokenseqEnv(2)
      const trainer = await createGrpoTrainer(env, mixFor(env, { format: 1 }), grpoOptions({ groupsPerIteration: 2, updateEpochs: 2 }), new Rng(42))
      const reports = [await trainer.iterate(), await trainer.iterate()]
      trainer.dispose()
      return reports.map((report) => ({ diagnostics: report.diagnostics, lengths: report.episodes.map((e) => e.length), advantages: Array.from(report.advantages!) }))
    }
    expect(await run()).toEqual(await run())
  })

  it('clips on later passes over a batch (updateEpochs > 1)', async () => {
    const env = tokenseqEnv(8)
    const options = grpoOptions({ groupsPerIteration: 8, updateEpochs: 8, learningRate: 0.05, epsLow: 0.05, epsHigh: 0.05 })
    const trainer = await createGrpoTrainer(env, mixFor(env, { format: 1, length: 1 }), options, new Rng(3))
    const report = await trainer.iterate()
    trainer.dispose()
    expect(report.diagnostics.clip_fraction).toBeGreaterThan(0)
    expect(report.diagnostics.clip_fraction).toBeCloseTo(report.diagnostics.clip_low_fraction + report.diagnostics.clip_high_fraction, 12)
    expect(report.diagnostics.kl).toBeGreaterThan(0)
  })

  /** The first update of a run that clips a lot (8 passes at a high learning rate, ε = 0.05), under `overrides`; every diagnostic finite, no tensor left behind. */
  async function firstUpdate(overrides: Partial<GrpoOptions>) {
    const before = tf.memory().numTensors
    const env = tokenseqEnv(8)
    const options = grpoOptions({ groupsPerIteration: 8, updateEpochs: 8, learningRate: 0.05, epsLow: 0.05, epsHigh: 0.05, ...overrides })
    const trainer = await createGrpoTrainer(env, mixFor(env, { format: 1, length: 1 }), options, new Rng(3))
    const reports = [await trainer.iterate(), await trainer.iterate()]
    trainer.dispose()
    // Nothing of the loss outlives the run (GSPO's layout and second weights included).
    expect(tf.memory().numTensors).toBe(before)
    for (const report of reports) for (const [name, value] of Object.entries(report.diagnostics)) expect(Number.isFinite(value), `${name} = ${value}`).toBe(true)
    return reports[0].diagnostics
  }

  it('trains with every policy loss, aggregation and KL estimator, each changing the update', async () => {
    const base = await firstUpdate({})
    const seen = new Set([JSON.stringify(base)])
    const variants: Partial<GrpoOptions>[] = [
      ...POLICY_LOSSES.filter((loss) => loss !== 'ppo' && loss !== 'gspo_token').map((policyLoss) => ({ policyLoss })),
      ...AGGREGATIONS.filter((aggregation) => aggregation !== 'seq-mean-token-mean').map((aggregation) => ({ aggregation })),
      ...KL_ESTIMATORS.filter((kl) => kl !== 'k3').map((kl) => ({ kl })),
      { dualClip: 1.5 },
      { delta: 1.1 },
      { policyLoss: 'sapo', tauPos: 3, tauNeg: 3 },
    ]
    for (const variant of variants) {
      const diagnostics = await firstUpdate(variant)
      // The same seed, the same first batch: a different loss makes a different update.
      expect(seen.has(JSON.stringify(diagnostics)), JSON.stringify(variant)).toBe(false)
      seen.add(JSON.stringify(diagnostics))
    }
  })

  it('reports the clip fraction as each policy loss defines it: none for reinforce and sapo, the shares clipped low and high otherwise', async () => {
    expect(await firstUpdate({ policyLoss: 'reinforce' })).toMatchObject({ clip_fraction: 0, clip_low_fraction: 0, clip_high_fraction: 0 })
    expect(await firstUpdate({ policyLoss: 'sapo' })).toMatchObject({ clip_fraction: 0, clip_low_fraction: 0, clip_high_fraction: 0 })
    for (const policyLoss of ['ppo', 'gspo', 'geo_mean', 'cispo'] as const) {
      const diagnostics = await firstUpdate({ policyLoss })
      expect(diagnostics.clip_fraction, policyLoss).toBeGreaterThan(0)
      expect(diagnostics.clip_fraction).toBeCloseTo(diagnostics.clip_low_fraction + diagnostics.clip_high_fraction, 12)
    }
    // Every token of a completion carries its advantage, so GSPO-token's gradient is GSPO's (Zheng et al. 2025).
    expect(await firstUpdate({ policyLoss: 'gspo_token' })).toEqual(await firstUpdate({ policyLoss: 'gspo' }))
  })

  it('applies setMix from the next rollout', async () => {
    const env = tokenseqEnv(2)
    const trainer = await createGrpoTrainer(env, mixFor(env), grpoOptions({ groupsPerIteration: 2 }), new Rng(5))
    trainer.setMix(mixFor(env, { correct: 0, length: 2 }))
    const report = await trainer.iterate()
    trainer.dispose()
    // r = 2·length = 2·n/L
    for (const episode of report.episodes) expect(episode.shapedReturn).toBeCloseTo((2 * episode.length) / 4, 12)
    expect(() => trainer.setMix({ names: ['correct'], weights: new Float64Array([1]) })).toThrow(`1 weights but tokenseq has ${env.spec.components.length} components`)
  })

  it('stops with a diagnosis when a reward component is not finite', async () => {
    const env = tokenseqEnv(2)
    const step = env.step.bind(env)
    env.step = (actions, out, rng, autoReset) => {
      step(actions, out, rng, autoReset)
      out.components[3 * env.spec.components.length + 2] = Number.NaN // copy 3, component "length"
    }
    const trainer = await createGrpoTrainer(env, mixFor(env, { length: 0.5 }), grpoOptions({ groupsPerIteration: 2 }), new Rng(1))
    await expect(trainer.iterate()).rejects.toThrow('mixed reward of copy 3 at rollout step 0 is NaN: component "length" is NaN (weight 0.5)')
    trainer.dispose()
  })

  it('stops with a diagnosis instead of applying a non-finite update', async () => {
    const before = tf.memory().numTensors
    // Unscaled advantages of 1e38 overflow float32 in the loss.
    const env = bandit.create(8, {})
    const options = grpoOptions({ groupsPerIteration: 2, groupSize: 4, estimator: GrpoOptionsSchema.shape.estimator.parse({ scale: 'none' }) })
    const trainer = await createGrpoTrainer(env, mixFor(env, { payout: 0, expected: 3e38 }), options, new Rng(1))
    await expect(trainer.iterate()).rejects.toThrow(/^GRPO loss is .*the update was not applied$/)
    trainer.dispose()
    expect(tf.memory().numTensors).toBe(before)
  })

  it('refuses environments without groups and groups that do not fit', async () => {
    const env = bandit.create(10, {})
    await expect(createGrpoTrainer(env, mixFor(env), grpoOptions({ groupSize: 4 }), new Rng(1))).rejects.toThrow('10 copies do not split into groups of 4')
    const pole = cartpole.create(8, {})
    await expect(createGrpoTrainer(pole, mixFor(pole), grpoOptions(), new Rng(1))).rejects.toThrow(/trains tokenseq and bandit, not cartpole/)
  })

  it('is what the trainer factory builds for tokenseq, one group per G copies', async () => {
    const config = RunConfigSchema.parse({
      env: { id: 'tokenseq', params: { group_size: 4, max_length: 4 } },
      mix: { weights: {} },
      learner: { kind: 'grpo', groupsPerIteration: 3 },
    })
    const trainer = await createTrainer(config)
    const report = await trainer.iterate()
    trainer.dispose()
    expect(report.episodes).toHaveLength(12)
    expect(report.demo.copies).toBe(4)
  })

  it('with dynamic sampling on and every group informative, trains exactly as with it off', async () => {
    // Gaussian payouts differ within every group, so one round fills the batch and nothing is dropped.
    const run = async (enabled: boolean) => {
      const env = bandit.create(6 * 4, { arms: 'gaussian', noise: 1 })
      const trainer = await createGrpoTrainer(env, mixFor(env), grpoOptions({ groupsPerIteration: 6, groupSize: 4, learningRate: 0.05, dynamicSampling: { enabled, maxRounds: 3 } }), new Rng(11))
      const reports = []
      for (let k = 0; k < 5; k++) reports.push(await trainer.iterate())
      trainer.dispose()
      return reports
    }
    const off = await run(false)
    const on = await run(true)
    on.forEach((report, k) => {
      const { groups_drawn, groups_kept, update_skipped, ...rest } = report.diagnostics
      expect({ groups_drawn, groups_kept, update_skipped }).toEqual({ groups_drawn: 6, groups_kept: 6, update_skipped: 0 })
      expect(rest).toEqual(off[k].diagnostics)
      expect(report.advantages).toEqual(off[k].advantages)
      expect(report.episodes).toEqual(off[k].episodes)
      expect(report.envSteps).toBe(off[k].envSteps)
    })
  })

  it('with dynamic sampling, draws up to maxRounds rounds, counts every completion’s steps and skips the update when every group is silent', async () => {
    // Hard prompts (two-digit sums) under a fresh policy: a right answer is rarer than 1 in 1,000, so every group is all wrong.
    const env = tokenseq.create(4 * 4, { group_size: 4, max_length: 4, difficulty: 'hard' }) as TokenSeqEnv
    const trainer = await createGrpoTrainer(env, mixFor(env), grpoOptions({ groupsPerIteration: 4, dynamicSampling: { enabled: true, maxRounds: 3 } }), new Rng(3))
    const report = await trainer.iterate()
    trainer.dispose()
    expect(report.diagnostics).toMatchObject({ groups_drawn: 12, groups_kept: 0, update_skipped: 1 })
    expect(report.diagnostics.policy_loss).toBeUndefined()
    expect(report.advantages).toBeUndefined()
    expect(report.groupBatch).toBeUndefined()
    // Every sampled completion is an episode for the charts, and its tokens are steps taken.
    expect(report.episodes).toHaveLength(48)
    expect(report.envSteps).toBe(report.episodes.reduce((sum, episode) => sum + episode.length, 0))
    expect(report.diagnostics.mean_length).toBeCloseTo(report.envSteps / 48, 12)
  })

  it('with dynamic sampling, trains only on groups whose rewards differ', async () => {
    // The format reward on a fresh policy: some groups all badly formed, others mixed.
    const env = tokenseqEnv(8)
    const trainer = await createGrpoTrainer(env, mixFor(env, { correct: 0, format: 1 }), grpoOptions({ groupsPerIteration: 8, dynamicSampling: { enabled: true, maxRounds: 10 } }), new Rng(5))
    const report = await trainer.iterate()
    trainer.dispose()
    const { groups_drawn, groups_kept } = report.diagnostics
    expect(groups_kept).toBe(8)
    expect(groups_drawn).toBeGreaterThan(8)
    expect(report.episodes).toHaveLength(groups_drawn * 4)
    expect(report.envSteps).toBe(report.episodes.reduce((sum, episode) => sum + episode.length, 0))
    const batch = report.groupBatch!
    expect(Array.from(batch.groupSizes)).toEqual(new Array(8).fill(4))
    for (let g = 0; g < 8; g++) {
      const formats = [0, 1, 2, 3].map((j) => batch.components[(4 * g + j) * env.spec.components.length + 1])
      expect(new Set(formats).size).toBe(2)
    }
    expect(report.diagnostics.zero_advantage_fraction).toBe(0)
  })

  it('with maskTruncated on, reports the share of completions cut at max_length (those tokenseq’s overlong component charges −1 at a cache of 0)', async () => {
    const env = tokenseq.create(4 * 4, { group_size: 4, max_length: 4, overlong_cache: 0, difficulty: 'easy' }) as TokenSeqEnv
    const trainer = await createGrpoTrainer(env, mixFor(env), grpoOptions({ groupsPerIteration: 4, maskTruncated: true }), new Rng(6))
    for (let k = 0; k < 2; k++) {
      const report = await trainer.iterate()
      const cut = report.episodes.filter((episode) => episode.componentSums?.[4] === -1).length
      expect(cut).toBeGreaterThan(0)
      expect(report.diagnostics.truncated_fraction).toBe(cut / 16)
      expect(report.diagnostics.update_skipped).toBe(0)
      expect(report.diagnostics.policy_loss).toBeDefined()
    }
    trainer.dispose()
  })

  it('with maskTruncated on, trains otherwise than with it off where completions are cut, and exactly as with it off where none is', async () => {
    const tokenRun = async (maskTruncated: boolean) => {
      const env = tokenseqEnv(4)
      const trainer = await createGrpoTrainer(env, mixFor(env, { format: 1 }), grpoOptions({ groupsPerIteration: 4, maskTruncated }), new Rng(8))
      const report = await trainer.iterate()
      trainer.dispose()
      return report
    }
    const [tokensOff, tokensOn] = [await tokenRun(false), await tokenRun(true)]
    expect(tokensOn.diagnostics.truncated_fraction).toBeGreaterThan(0)
    // The same batch and the same advantages (cut completions count in their groups), a different loss.
    expect(tokensOn.advantages).toEqual(tokensOff.advantages)
    expect(tokensOn.diagnostics.policy_loss).not.toBe(tokensOff.diagnostics.policy_loss)
    // A bandit pull is never cut.
    const banditRun = async (maskTruncated: boolean) => {
      const env = bandit.create(6 * 4, { arms: 'gaussian', noise: 1 })
      const trainer = await createGrpoTrainer(env, mixFor(env), grpoOptions({ groupsPerIteration: 6, groupSize: 4, learningRate: 0.05, maskTruncated }), new Rng(11))
      const reports = [await trainer.iterate(), await trainer.iterate()]
      trainer.dispose()
      return reports
    }
    const off = await banditRun(false)
    const on = await banditRun(true)
    on.forEach((report, k) => {
      const { truncated_fraction, update_skipped, ...rest } = report.diagnostics
      expect({ truncated_fraction, update_skipped }).toEqual({ truncated_fraction: 0, update_skipped: 0 })
      expect(rest).toEqual(off[k].diagnostics)
      expect(report.advantages).toEqual(off[k].advantages)
    })
  })

  it('with maskTruncated on, skips the update when every completion is cut', async () => {
    const env = tokenseqEnv(2)
    const step = env.step.bind(env)
    // Whatever the policy samples, the task never sees end: every completion runs to max_length.
    env.step = (actions, out, rng, autoReset) => step(actions.map((token) => (token === END ? THINK : token)), out, rng, autoReset)
    const trainer = await createGrpoTrainer(env, mixFor(env, { format: 1 }), grpoOptions({ groupsPerIteration: 2, maskTruncated: true }), new Rng(1))
    const report = await trainer.iterate()
    trainer.dispose()
    expect(report.diagnostics).toMatchObject({ truncated_fraction: 1, update_skipped: 1 })
    expect(report.diagnostics.policy_loss).toBeUndefined()
    expect(report.advantages).toBeUndefined()
    expect(report.episodes.every((episode) => episode.length === 4)).toBe(true)
  })

  it('learns the best arm of a contextual bandit', async () => {
    // 5 arms, 5 contexts: the best arm differs by context. Expected payout as the reward.
    const env = bandit.create(16 * 8, { contexts: 5 })
    const trainer = await createGrpoTrainer(env, mixFor(env, { payout: 0, expected: 1 }), grpoOptions({ groupsPerIteration: 16, learningRate: 3e-3 }), new Rng(1))
    const regrets: number[] = []
    for (let k = 0; k < 150; k++) for (const episode of (await trainer.iterate()).episodes) regrets.push(episode.objective)
    trainer.dispose()
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
    // A uniform policy's regret is 0.4 (best 0.9, mean 0.5).
    expect(mean(regrets.slice(0, 128))).toBeGreaterThan(0.3)
    expect(mean(regrets.slice(-1280))).toBeLessThan(0.05)
  })
})

describe('GRPO trains under the newer losses and KL estimators', () => {
  // 40 updates of 8 groups on the contextual bandit, the KL in the loss at β = 0.04: the regret of a
  // uniform policy, 0.4, falls well below it and every diagnostic stays finite.
  it.each<[string, Partial<GrpoOptions>]>([
    ['sapo', { policyLoss: 'sapo' }],
    ['geo_mean', { policyLoss: 'geo_mean' }],
    ['ppo with δ = 1.5', { delta: 1.5 }],
    ['the abs KL', { kl: 'abs' }],
    ['the k1+ KL', { kl: 'k1+' }],
    ['the k3+ KL', { kl: 'k3+' }],
    ['clip_cov detaching 5% of the tokens', { policyLoss: 'clip_cov', clipCovRatio: 0.05, clipCovLb: 0 }],
    ['kl_cov penalising 5% of the tokens', { policyLoss: 'kl_cov', klCovRatio: 0.05, ppoKlCoef: 1 }],
    ['the adaptive KL controller', { klControl: { target: 0.01, horizon: 640 } }],
  ])('%s: learns the bandit without a non-finite number', async (_, overrides) => {
    const env = bandit.create(8 * 8, { contexts: 5 })
    const trainer = await createGrpoTrainer(env, mixFor(env, { payout: 0, expected: 1 }), grpoOptions({ groupsPerIteration: 8, learningRate: 1e-2, updateEpochs: 2, ...overrides }), new Rng(1))
    const regrets: number[] = []
    for (let k = 0; k < 40; k++) {
      const report = await trainer.iterate()
      for (const [name, value] of Object.entries(report.diagnostics)) expect(Number.isFinite(value), `${name} = ${value}`).toBe(true)
      for (const episode of report.episodes) regrets.push(episode.objective)
    }
    trainer.dispose()
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
    expect(mean(regrets.slice(-320))).toBeLessThan(0.2)
  })
})

describe('Clip-Cov, KL-Cov and the adaptive KL controller in the trainer', () => {
  /** `updates` updates of 8 groups of 8 on the bandit (64 completions of one token each), their diagnostics. */
  async function run(overrides: Partial<GrpoOptions>, updates: number, between?: (trainer: Awaited<ReturnType<typeof createGrpoTrainer>>, update: number) => void) {
    const env = bandit.create(8 * 8, { contexts: 5 })
    const trainer = await createGrpoTrainer(env, mixFor(env, { payout: 0, expected: 1 }), grpoOptions({ groupsPerIteration: 8, learningRate: 1e-2, ...overrides }), new Rng(1))
    const diagnostics: Record<string, number>[] = []
    for (let k = 0; k < updates; k++) {
      between?.(trainer, k)
      diagnostics.push((await trainer.iterate()).diagnostics)
    }
    trainer.dispose()
    return diagnostics
  }

  it('shows the share of tokens the covariance selected, at least one token per update', async () => {
    const [clipCov] = await run({ policyLoss: 'clip_cov', clipCovRatio: 0.1, clipCovLb: -10, clipCovUb: 10 }, 1)
    // ⌊0.1·64⌋ = 6 of the 64 tokens, where at least 6 lie in the wide band and PPO's clip binds on none (one epoch, on policy)
    expect(clipCov.cov_selected_fraction).toBe(6 / 64)
    const [klCov] = await run({ policyLoss: 'kl_cov' }, 1)
    // verl's 0.0002 of 64 tokens rounds down to 0: max(1, ·) = 1 token
    expect(klCov.cov_selected_fraction).toBe(1 / 64)
    const [ppo] = await run({}, 1)
    expect(Object.hasOwn(ppo, 'cov_selected_fraction')).toBe(false)
    expect(Object.hasOwn(ppo, 'kl_coef')).toBe(false)
  })

  it('moves β by verl’s rule: ×(1 − 0.2·64/640) while the KL is below target, ×(1 + 0.2·64/640) while far above', async () => {
    // The first batch is sampled by the reference itself: KL 0, e = −0.2. Above a target of 1e-12 once the policy moved.
    const low = await run({ beta: 0.05, klControl: { target: 1e-12, horizon: 640 } }, 4)
    const expectedLow = [0.05, 0.05 * 0.98, 0.05 * 0.98 * 1.02, 0.05 * 0.98 * 1.02 * 1.02]
    low.forEach((diagnostics, k) => expect(diagnostics.kl_coef).toBeCloseTo(expectedLow[k], 15))
    // a target far above any KL: β falls by 2% each update
    const high = await run({ beta: 0.05, klControl: { target: 50, horizon: 640 } }, 3)
    high.forEach((diagnostics, k) => expect(diagnostics.kl_coef).toBeCloseTo(0.05 * 0.98 ** k, 15))
  })

  it('starts the controller over from a β changed while the run trains', async () => {
    const options = { beta: 0.05, klControl: { target: 50, horizon: 640 } }
    const diagnostics = await run(options, 3, (trainer, update) => {
      if (update === 2) trainer.setLearner(grpoOptions({ groupsPerIteration: 8, learningRate: 1e-2, ...options, beta: 0.2 }))
    })
    const expected = [0.05, 0.05 * 0.98, 0.2]
    diagnostics.forEach((each, k) => expect(each.kl_coef).toBeCloseTo(expected[k], 15))
  })
})
