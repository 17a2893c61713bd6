import { beforeAll, describe, expect, it } from 'vitest'
import { groupBatchFits, whatIfAdvantages, whatIfGroupAdvantages } from '../core/credit/whatIf'
import { whatIfRecentEpisodes } from '../core/credit/episodesWhatIf'
import { GROUP_PRESETS, GRPO_PRESETS_BEYOND_GROUP, RunConfigSchema, type GroupEstimator, type RunConfig } from '../core/run/config'
import { designWeights } from '../core/rewards/extras'
import { compileMix } from '../core/rewards/mix'
import { withLearnerWeights } from '../core/run/learnerComponents'
import { MetricsAccumulator, PAID_BY_CHANGING_WEIGHTS, RECENT_EPISODES } from '../core/run/metrics'
import { rescore } from '../core/run/rescore'
import type { GroupBatch } from '../core/run/trainer'
import { initBackend } from './backend'
import { createTrainerWithEnv } from './trainers'

/*
 * A what-if under unchanged settings is the run itself: the latest batch re-scored with the weights
 * the learner used gives the learner's own advantages, element for element.
 */

beforeAll(async () => {
  await initBackend('wasm')
})

describe('the what-if under unchanged settings', () => {
  it('reproduces PPO’s own GAE advantages of the batch (a batch small enough to be reported whole)', async () => {
    const config = RunConfigSchema.parse({ env: { id: 'cartpole', params: {} }, mix: { weights: { upright: 0.5 } }, learner: { kind: 'ppo', numEnvs: 4, numSteps: 64 }, seed: 3 })
    const { trainer, env, record } = await createTrainerWithEnv(config)
    const weights = designWeights(config.mix, env.spec)
    for (let k = 0; k < 3; k++) {
      const report = await trainer.iterate()
      const whatIf = whatIfAdvantages(record.snapshot(), report.valueBatch!, weights)!
      expect(report.advantages!.length).toBe(4 * 64)
      expect(Array.from(whatIf)).toEqual(Array.from(report.advantages!))
    }
    trainer.dispose()
  })

  it.each(Object.keys(GROUP_PRESETS))('reproduces the GRPO family’s own group advantages (%s)', async (preset) => {
    const config = RunConfigSchema.parse({
      env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4, group_size: 8 } },
      mix: { weights: { format: 0.5 } },
      learner: { kind: 'grpo', groupsPerIteration: 4, estimator: GROUP_PRESETS[preset] },
      seed: 2,
    })
    const { trainer, env } = await createTrainerWithEnv(config)
    const weights = designWeights(config.mix, env.spec)
    const estimator = config.learner.kind === 'grpo' ? config.learner.estimator : null
    for (let k = 0; k < 2; k++) {
      const report = await trainer.iterate()
      // The learner reports its advantages as float32 (what the histogram draws); the what-if computes in float64.
      const whatIf = Float32Array.from(whatIfGroupAdvantages(report.groupBatch!, weights, estimator!))
      expect(Array.from(whatIf)).toEqual(Array.from(report.advantages!))
    }
    trainer.dispose()
  })
})

describe('the what-if under unchanged settings, for the baselines beyond the group’s', () => {
  it.each([
    { estimator: { baseline: 'remax' } },
    { estimator: { baseline: 'opo' } },
    { estimator: { baseline: 'passk', k: 3 } },
    { estimator: { baseline: 'passk_verl', scale: 'none' }, klPlacement: 'reward' },
    { estimator: {}, klPlacement: 'reward' },
    { estimator: { baseline: 'remax' }, klPlacement: 'reward', kl: 'k2' },
    GRPO_PRESETS_BEYOND_GROUP.reinforce_pp_openrlhf,
  ])('reproduces the learner’s own advantages (%o)', async (fields) => {
    const config = RunConfigSchema.parse({
      env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4, group_size: 8 } },
      mix: { weights: { format: 0.5 } },
      learner: { kind: 'grpo', groupsPerIteration: 4, learningRate: 0.05, ...fields },
      seed: 2,
    })
    await expectWhatIfReproducesTwoUpdates(config)
  })

  it.each([GRPO_PRESETS_BEYOND_GROUP.mc_grpo, { estimator: { baseline: 'mc_grpo' }, klPlacement: 'reward' }])('reproduces MC-GRPO’s own advantages on groups of G + 1 = 5, pivots at 0 (%o)', async (fields) => {
    const config = RunConfigSchema.parse({
      env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4, group_size: 5 } },
      mix: { weights: { format: 0.5 } },
      learner: { kind: 'grpo', groupsPerIteration: 4, learningRate: 0.05, ...fields },
      seed: 2,
    })
    // The group presets can be compared on the same batch; groups of 5 fit MC-GRPO, groups of 8 would not.
    await expectWhatIfReproducesTwoUpdates(config, (batch, learned) => expect(groupBatchFits(batch, { ...learned, baseline: 'group' })).toBe(true))
  })

  it('says when a batch lacks what another baseline reads: a group batch has no greedy completions for remax', async () => {
    const config = RunConfigSchema.parse({ env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4, group_size: 8 } }, learner: { kind: 'grpo', groupsPerIteration: 2 }, seed: 1 })
    const { trainer } = await createTrainerWithEnv(config)
    const batch = (await trainer.iterate()).groupBatch!
    trainer.dispose()
    const estimator = config.learner.kind === 'grpo' ? config.learner.estimator : null
    expect(groupBatchFits(batch, { ...estimator!, baseline: 'remax' })).toBe(false)
    expect(groupBatchFits(batch, { ...estimator!, baseline: 'opo' })).toBe(true)
    expect(groupBatchFits(batch, { ...estimator!, baseline: 'passk', k: 9 })).toBe(false)
    // Groups of 8 are no G + 1 of MC-GRPO's.
    expect(groupBatchFits(batch, { ...estimator!, baseline: 'mc_grpo' })).toBe(false)
  })
})

/** Train `config` until `episodes` have finished, folding every report into the run's own metrics. */
async function trainEpisodes(config: unknown, episodes = 25) {
  const parsed = RunConfigSchema.parse(config)
  const { trainer, env, record } = await createTrainerWithEnv(parsed)
  const metrics = new MetricsAccumulator(env.spec.components.length, RECENT_EPISODES)
  const run = async (until: number) => {
    while (metrics.flush().episodesTotal < until) metrics.add(await trainer.iterate())
  }
  await run(episodes)
  return { trainer, env, record, metrics, run, weights: designWeights(parsed.mix, env.spec), names: () => env.spec.components.map((c) => c.name) }
}

describe('the what-if of the recent episodes under unchanged settings', () => {
  it.each([
    ['CartPole, PPO (float32 rewards) with a custom term, potential-based shaping, a bounded and a normalized, redistributed component', {
      env: { id: 'cartpole', params: {} },
      mix: {
        weights: { upright: 0.5, failure: 3, calm: 0.4 },
        terms: [{ name: 'keep_centred', expression: '-abs(x)', weight: 0.7 }],
        shaping: [{ potential: 'upright', gamma: 0.99, weight: 2 }],
        transforms: { failure: [{ kind: 'bounded', reference: -0.5 }], calm: [{ kind: 'normalize' }, { kind: 'redistribute' }] },
      },
      learner: { kind: 'ppo', numEnvs: 4, numSteps: 64 },
      seed: 4,
    }],
    ['CartPole, REINFORCE with a component held to the episode’s end', {
      env: { id: 'cartpole', params: {} },
      mix: { weights: { failure: 2, centred: 1 }, transforms: { centred: [{ kind: 'delay' }] } },
      learner: { kind: 'reinforce' },
      seed: 3,
    }],
    ['CliffWalking, Q-learning (float64 rewards summed step by step)', { env: { id: 'cliffwalking', params: {} }, mix: { weights: { progress: 0.25 } }, learner: { kind: 'qlearning' }, seed: 2 }],
    ['the team game, independent learners (credited team parts)', { env: { id: 'coop', params: {} }, mix: { weights: {} }, learner: { kind: 'independent', credit: 'shapley' }, seed: 5 }],
    ['the token task, GRPO (completions)', { env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4, group_size: 8 } }, mix: { weights: { format: 0.5 } }, learner: { kind: 'grpo', groupsPerIteration: 4 }, seed: 2 }],
  ])('is the run’s own recent return, bit for bit: %s', async (_, config) => {
    const { trainer, metrics, weights, names } = await trainEpisodes(config)
    const recent = metrics.recentEpisodes()!
    expect(recent.count).toBe(RECENT_EPISODES)
    expect(whatIfRecentEpisodes(recent, names(), weights).meanReturn).toBe(metrics.flush().recentReturn)
    trainer.dispose()
  })

  it('is the run’s own recent return with the KL in the reward, its penalty kept at the learner’s weight 1', async () => {
    const config = RunConfigSchema.parse({
      env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4, group_size: 8 } },
      mix: { weights: { format: 0.5 } },
      learner: { kind: 'grpo', groupsPerIteration: 4, learningRate: 0.05, beta: 0.5, klPlacement: 'reward', kl: 'k1' },
      seed: 2,
    })
    const { trainer, env } = await createTrainerWithEnv(config)
    const names = trainer.spec.components.map((component) => component.name)
    expect(names.at(-1)).toBe('kl_penalty')
    const metrics = new MetricsAccumulator(names.length, RECENT_EPISODES)
    for (let k = 0; k < 3; k++) metrics.add(await trainer.iterate())
    const recent = metrics.recentEpisodes()!
    const sliders = designWeights(config.mix, env.spec)
    expect(whatIfRecentEpisodes(recent, names, withLearnerWeights(names, sliders)).meanReturn).toBe(metrics.flush().recentReturn)
    // The sliders alone have no weight for it: the penalty would be left out.
    expect(whatIfRecentEpisodes(recent, names, sliders).meanReturn).not.toBe(metrics.flush().recentReturn)
    trainer.dispose()
  })

  it('is the run’s own recent return over whole 500-step episodes cut by the time limit, of which the record holds 256 steps at most', async () => {
    const { trainer, record, metrics, weights, names } = await trainEpisodes({
      env: { id: 'mountaincar', params: { time_limit: 500 } },
      mix: { weights: { height: 0.3 } },
      learner: { kind: 'ppo', numEnvs: 16, numSteps: 128, normObs: true },
      seed: 1,
    })
    const recentReturn = metrics.flush().recentReturn!
    const recent = metrics.recentEpisodes()!
    expect(whatIfRecentEpisodes(recent, names(), weights).meanReturn).toBe(recentReturn)
    // The untrained car never reaches the flag: every recent episode is cut at 500 steps and pays the step cost −1 on each.
    expect(Array.from({ length: recent.count }, (_, j) => recent.componentSums[j * recent.numComponents])).toEqual(new Array(RECENT_EPISODES).fill(-500))
    // Re-scored from the record instead, every episode is cut off at the record's start: 4096 / 16 = 256 steps at most.
    const fromRecord = rescore(record.snapshot(), { step: 1 }).episodeReturns
    expect(Math.min(...fromRecord)).toBeGreaterThanOrEqual(-256)
    trainer.dispose()
  })

  it('leaves out the episodes paid under other components after a live design change, until whole ones replace them', async () => {
    const config = { env: { id: 'cartpole', params: {} }, mix: { weights: {} }, learner: { kind: 'ppo', numEnvs: 4, numSteps: 32 }, seed: 7 }
    const { trainer, env, metrics, run, names } = await trainEpisodes(config)
    // A term added live: the episodes before it never computed it, so the sliders now cannot re-score them.
    const design = RunConfigSchema.parse({ ...config, mix: { weights: { keep_centred: 1 }, terms: [{ name: 'keep_centred', expression: '-abs(x)' }] } }).mix
    env.setDesign(design)
    trainer.setMix(compileMix(env.spec, design))
    const sliders = designWeights(design, env.spec)
    await run(metrics.flush().episodesTotal + 1)
    const early = whatIfRecentEpisodes(metrics.recentEpisodes()!, names(), sliders)
    expect(early.rescored).toBeLessThan(RECENT_EPISODES)
    // 20 episodes begun after the change: all re-scored, and again the run's own return.
    await run(metrics.flush().episodesTotal + RECENT_EPISODES + env.n)
    const later = whatIfRecentEpisodes(metrics.recentEpisodes()!, names(), sliders)
    expect(later.rescored).toBe(RECENT_EPISODES)
    expect(later.meanReturn).toBe(metrics.flush().recentReturn)
    trainer.dispose()
  })

  it('re-scores each whole episode under changed weights as its recorded steps re-score, weights changed midway or not', async () => {
    // One copy, short episodes: the last 20 lie whole inside the record, which re-scores them step by step.
    const config = { env: { id: 'cartpole', params: {} }, mix: { weights: { upright: 0.5 } }, learner: { kind: 'ppo', numEnvs: 1, numSteps: 50 }, seed: 6 }
    const { trainer, env, record, metrics, run, names } = await trainEpisodes(config, 10)
    // A live weight change midway: the running episode is paid by both mixes.
    trainer.setMix(compileMix(env.spec, { weights: { alive: 0.5, upright: 1, calm: 0.2 } }))
    await run(metrics.flush().episodesTotal + 12)
    const recent = metrics.recentEpisodes()!
    expect(Array.from(recent.paid)).toContain(PAID_BY_CHANGING_WEIGHTS)
    const sliders = { alive: 2, upright: 0, centred: 1, calm: 0, effort: 0.3, failure: 5 }
    const fromRecord = rescore(record.snapshot(), sliders).episodeReturns.slice(-RECENT_EPISODES)
    const expected = fromRecord.reduce((sum, value) => sum + value, 0) / RECENT_EPISODES
    // Close, not equal: the run counted the episodes paid by one mix in PPO's float32 rewards (a relative 1e-9 here).
    expect(whatIfRecentEpisodes(recent, names(), sliders).meanReturn).toBeCloseTo(expected, 5)
    trainer.dispose()
  })
})

/** Two updates of the config's GRPO run: each batch fits its own estimator and the what-if re-scores it to the learner's very advantages; `also` checks more of each batch. */
async function expectWhatIfReproducesTwoUpdates(config: RunConfig, also?: (batch: GroupBatch, learned: GroupEstimator) => void): Promise<void> {
  const { trainer, env } = await createTrainerWithEnv(config)
  const weights = designWeights(config.mix, env.spec)
  if (config.learner.kind !== 'grpo') throw new Error('a GRPO config is needed')
  const learned = config.learner.estimator
  for (let k = 0; k < 2; k++) {
    const report = await trainer.iterate()
    expect(groupBatchFits(report.groupBatch!, learned)).toBe(true)
    expect(Array.from(Float32Array.from(whatIfGroupAdvantages(report.groupBatch!, weights, learned)))).toEqual(Array.from(report.advantages!))
    also?.(report.groupBatch!, learned)
  }
  trainer.dispose()
}
