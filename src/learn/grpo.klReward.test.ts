import { beforeAll, describe, expect, it } from 'vitest'
import { batchAdvantages, mixedRewards } from '../core/credit/batchAdvantages'
import { reinforcePlusPlusAdvantages } from '../core/credit/reinforcePlusPlus'
import { tokenseq, type TokenSeqEnv } from '../core/envs/tokenseq'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { GRPO_PRESETS_BEYOND_GROUP, GrpoOptionsSchema } from '../core/run/config'
import type { IterationReport } from '../core/run/trainer'
import { initBackend } from './backend'
import { createGrpoTrainer } from './grpo'

/*
 * The KL in the reward (klPlacement 'reward'): −β·KL_t of each token, from the sampling policy and
 * the reference at rollout time, joins the reward the advantages are computed from, and the loss
 * has no KL term. REINFORCE++ (OpenRLHF) is that with per-token returns-to-go normalised over the batch.
 */

const GROUPS = 3
const GROUP_SIZE = 4
const WEIGHTS = { correct: 1, format: 0.5 }

async function iterations(fields: Record<string, unknown>, count: number, seed = 3): Promise<IterationReport[]> {
  const env = tokenseq.create(GROUPS * GROUP_SIZE, { group_size: GROUP_SIZE, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
  // A large step and β, so that the policy leaves its reference within a few updates.
  const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, learningRate: 0.05, beta: 0.5, ...fields })
  const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: WEIGHTS }), options, new Rng(seed))
  const reports: IterationReport[] = []
  for (let k = 0; k < count; k++) reports.push(await trainer.iterate())
  trainer.dispose()
  return reports
}

const weightsOf = (report: IterationReport) => report.groupBatch!.names.map((name) => WEIGHTS[name as keyof typeof WEIGHTS] ?? 0)

beforeAll(async () => {
  await initBackend('wasm')
})

describe('GRPO with the KL in the reward', () => {
  it('computes −β·KL per token at rollout, trains on the advantages of the rewards it joins, and puts no KL in the loss', async () => {
    const reports = await iterations({ klPlacement: 'reward', kl: 'k1' }, 4)
    for (const report of reports) {
      const batch = report.groupBatch!
      const tokens = report.episodes.reduce((sum, episode) => sum + episode.length, 0)
      expect(batch.klPenalty).toHaveLength(tokens)
      const penaltySum = batch.klPenalty!.reduce((sum, value) => sum + value, 0)
      expect(report.diagnostics.kl_penalty).toBeCloseTo(penaltySum / (GROUPS * GROUP_SIZE), 12)
      const scores = { components: batch.components, weights: weightsOf(report), groupSizes: batch.groupSizes, lengths: batch.lengths, klPenalty: batch.klPenalty }
      expect(Array.from(report.advantages!)).toEqual(Array.from(Float32Array.from(batchAdvantages(scores, GrpoOptionsSchema.parse({ kind: 'grpo' }).estimator))))
      // β = 0 in the loss: the loss is the policy loss alone, whatever the KL.
      expect(report.diagnostics.loss).toBe(report.diagnostics.policy_loss)
    }
    // The policy has moved from its reference: the penalties are not all zero, and the KL the loss reports is not 0.
    const last = reports[reports.length - 1]
    expect(last.groupBatch!.klPenalty!.some((value) => Math.abs(value) > 1e-4)).toBe(true)
    expect(Math.abs(last.diagnostics.kl)).toBeGreaterThan(1e-5)
  })

  it('leaves the KL in the loss where the field is absent or says loss: no penalty in the batch, and the loss holds β·KL', async () => {
    const [absent, loss] = [await iterations({}, 4), await iterations({ klPlacement: 'loss' }, 4)]
    expect(loss.map((report) => report.diagnostics)).toEqual(absent.map((report) => report.diagnostics))
    const last = absent[absent.length - 1]
    expect(last.groupBatch!.klPenalty).toBeUndefined()
    expect(last.diagnostics.kl_penalty).toBeUndefined()
    expect(last.diagnostics.loss).not.toBe(last.diagnostics.policy_loss)
  })

  it('draws the penalty as a component of its own, kl_penalty, at weight 1 after the environment’s, in the trainer’s spec only', async () => {
    const env = tokenseq.create(GROUPS * GROUP_SIZE, { group_size: GROUP_SIZE, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, learningRate: 0.05, beta: 0.5, klPlacement: 'reward', kl: 'k1' })
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: WEIGHTS }), options, new Rng(3))
    const names = env.spec.components.map((component) => component.name)
    expect(trainer.spec.components.map((component) => component.name)).toEqual([...names, 'kl_penalty'])
    expect(trainer.spec.components.at(-1)).toMatchObject({ defaultWeight: 1, learnerAdded: true })
    expect(env.spec.components.map((component) => component.name)).toEqual(names)
    for (let k = 0; k < 3; k++) {
      const report = await trainer.iterate()
      let token = 0
      report.episodes.forEach((episode, i) => {
        // Σ_t p_t over the completion's tokens, the contributions summing to the reward the advantages came from.
        const penalty = report.groupBatch!.klPenalty!.slice(token, token + episode.length).reduce((sum, value) => sum + value, 0)
        token += episode.length
        expect(episode.contributions).toHaveLength(names.length + 1)
        expect(episode.contributions.at(-1)).toBeCloseTo(penalty, 12)
        expect(episode.componentSums!.at(-1)).toBe(episode.contributions.at(-1))
        expect(episode.weights!.at(-1)).toBe(1)
        expect(episode.shapedReturn).toBeCloseTo(mixedRewards(report.groupBatch!.components.slice(i * names.length, (i + 1) * names.length), weightsOf(report))[0] + penalty, 12)
      })
    }
    trainer.dispose()
  })

  it('adds no component with the KL in the loss: the spec is the environment’s', async () => {
    const env = tokenseq.create(GROUPS * GROUP_SIZE, { group_size: GROUP_SIZE, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: WEIGHTS }), GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS }), new Rng(3))
    expect(trainer.spec).toBe(env.spec)
    expect((await trainer.iterate()).episodes[0].contributions).toHaveLength(env.spec.components.length)
    trainer.dispose()
  })

  it('gives every sampled completion its penalty under dynamic sampling, kept or not', async () => {
    const reports = await iterations({ klPlacement: 'reward', kl: 'k1', dynamicSampling: { enabled: true, maxRounds: 3 } }, 3)
    for (const report of reports) {
      // The task's components and the KL penalty.
      for (const episode of report.episodes) expect(episode.contributions).toHaveLength(tokenseq.spec.components.length + 1)
      expect(report.episodes.length).toBe(report.diagnostics.groups_drawn * GROUP_SIZE)
    }
  })

  it('is refused with the passk baseline, whose verdict is the task reward', () => {
    const parsed = GrpoOptionsSchema.safeParse({ kind: 'grpo', klPlacement: 'reward', estimator: { baseline: 'passk' } })
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['klPlacement', 'the passk baseline judges each answer right or wrong by its task reward, which a KL penalty in the reward would blur; put the KL in the loss for passk, or pick another baseline'],
    ])
  })

  it('is taken with the passk_verl baseline, whose score carries the KL as verl’s token-level rewards do', () => {
    expect(GrpoOptionsSchema.safeParse({ kind: 'grpo', klPlacement: 'reward', estimator: { baseline: 'passk_verl' } }).success).toBe(true)
  })
})

describe('REINFORCE++ as OpenRLHF defines it (preset reinforce_pp_openrlhf)', () => {
  it('trains every token on its return-to-go of the task reward and the KL penalties, normalised over the batch’s tokens', async () => {
    const preset = GRPO_PRESETS_BEYOND_GROUP.reinforce_pp_openrlhf
    expect(preset).toEqual({ estimator: { baseline: 'token_batch' }, klPlacement: 'reward', kl: 'k1' })
    const reports = await iterations(preset, 3)
    for (const report of reports) {
      const batch = report.groupBatch!
      const tokens = report.episodes.reduce((sum, episode) => sum + episode.length, 0)
      const expected = reinforcePlusPlusAdvantages(mixedRewards(batch.components, weightsOf(report)), batch.lengths!, batch.klPenalty!)
      expect(report.advantages).toHaveLength(tokens)
      expect(Array.from(report.advantages!)).toEqual(Array.from(Float32Array.from(expected)))
      // Normalised over the tokens: mean 0 and, where the returns spread more than the floor, variance 1.
      const mean = expected.reduce((sum, value) => sum + value, 0) / tokens
      expect(mean).toBeCloseTo(0, 10)
      const variance = expected.reduce((sum, value) => sum + (value - mean) ** 2, 0) / tokens
      if (variance > 1e-3) expect(variance).toBeCloseTo(1, 6)
      expect(report.diagnostics.loss).toBe(report.diagnostics.policy_loss)
    }
    // Some update had returns that differ (a right answer, or a KL that grew).
    expect(reports.some((report) => report.advantages!.some((value) => Math.abs(value) > 0.5))).toBe(true)
  })
})
