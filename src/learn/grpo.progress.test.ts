import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { tokenAdvantages } from '../core/credit/tokenAdvantages'
import { progressRewards } from '../core/credit/progressRewards'
import { proverSuccess } from '../core/credit/proverSuccess'
import { bandit } from '../core/envs/bandit'
import { A_INDEX, B_INDEX, T_INDEX, TOKEN_OBS_SIZE, TOKENS_INDEX, tokenseq, type TokenSeqEnv } from '../core/envs/tokenseq'
import { tokenFixedProver } from '../core/envs/tokenseqFixedProver'
import { TOKEN_PROVER_PROGRESS } from '../core/envs/tokenseqProverProgress'
import type { ProverProgress } from '../core/envs/types'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema } from '../core/run/config'
import { learnerOptionsProblems, proverProblem } from '../core/run/learnerFit'
import type { IterationReport } from '../core/run/trainer'
import { initBackend } from './backend'
import { createGrpoTrainer, type GrpoTrainer, withProgress } from './grpo'
import { actionLogProbs } from './logSoftmax'
import { createMlp, frozenMlp, mlpParameters, readOutputs } from './mlp'
import { batchProgress } from './progressBatch'

/*
 * PAV's progress in the GRPO learner: p_t = weight·A_t under the prover, added to each token's
 * advantage in the loss (PAV's effective reward), not to the reward the estimator scores; the charts
 * show its sum over a completion as a learner component after the environment's.
 */

const GROUPS = 4
const GROUP_SIZE = 4
const MAX_LENGTH = 5
const SEED = 3
const HIDDEN = 64

async function run(fields: Record<string, unknown>, count = 1) {
  const env = tokenseq.create(GROUPS * GROUP_SIZE, { group_size: GROUP_SIZE, max_length: MAX_LENGTH, difficulty: 'easy' }) as TokenSeqEnv
  const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, learningRate: 0.05, ...fields })
  const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: { correct: 1 } }), options, new Rng(SEED))
  const reports: IterationReport[] = []
  for (let k = 0; k < count; k++) reports.push(await trainer.iterate())
  const names = trainer.spec.components.map((component) => component.name)
  trainer.dispose()
  return { env, reports, names }
}

beforeAll(async () => {
  await initBackend('wasm')
})

describe('GRPO with PAV’s progress', () => {
  it('pays each completion weight·(correct − Q_start(empty)) in all, Q from the frozen start policy', async () => {
    const weight = 0.5
    const { env, reports, names } = await run({ progress: { prover: 'start', weight } })
    const [report] = reports
    // The start policy: the trainer's first network split, whose copy is the reference.
    const start = createMlp([TOKEN_OBS_SIZE, HIDDEN, HIDDEN, 12], 0.01, new Rng(SEED).split())
    const prover = (observations: Float32Array, rows: number) => {
      const logits = tf.tidy(() => start.apply(tf.tensor2d(observations, [rows, TOKEN_OBS_SIZE])).dataSync())
      return actionLogProbs(logits, new Int32Array(rows), 12).probabilities
    }
    const stride = env.spec.stateVars.length
    const correct = names.indexOf('correct')
    const progress = names.indexOf('progress')
    expect(progress).toBe(names.length - 1)
    let checked = 0
    report.episodes.forEach((episode, i) => {
      const base = i * stride
      // The copy still holds the completion it wrote: its prompt and its length.
      expect(env.state[base + T_INDEX]).toBe(episode.length)
      const q = proverSuccess({ a: env.state[base + A_INDEX], b: env.state[base + B_INDEX] }, MAX_LENGTH, prover)
      const expected = weight * (episode.componentSums![correct] - q([]))
      expect(Math.abs(episode.componentSums![progress] - expected)).toBeLessThan(1e-9)
      expect(episode.contributions[progress]).toBe(episode.componentSums![progress])
      expect(episode.weights![progress]).toBe(1)
      checked++
    })
    expect(checked).toBe(GROUPS * GROUP_SIZE)
    expect(report.diagnostics.progress).toBeCloseTo(report.episodes.reduce((sum, episode) => sum + episode.componentSums![progress], 0) / checked, 12)
    start.dispose()
  })

  it('leaves the reward the estimator scores as it is: the advantages are the outcome’s, for the group and the process baselines', async () => {
    for (const estimator of [{}, { baseline: 'process' }]) {
      const on = await run({ estimator, progress: { prover: 'current', weight: 2 } })
      const off = await run({ estimator })
      // The same rollout (progress draws nothing), the same batch and the same advantages: progress enters the loss alone.
      const batch = on.reports[0].groupBatch!
      expect(batch.names).not.toContain('progress')
      expect(Array.from(batch.components)).toEqual(Array.from(off.reports[0].groupBatch!.components))
      expect(Array.from(on.reports[0].advantages!)).toEqual(Array.from(off.reports[0].advantages!))
      // The loss is another: each token's advantage has its progress added.
      expect(on.reports[0].diagnostics.policy_loss).not.toBe(off.reports[0].diagnostics.policy_loss)
    }
  })

  it('records each token and its progress in the batch, the very p_t the loss added to its advantage', async () => {
    const weight = 2
    const { env, reports } = await run({ progress: { prover: 'start', weight } })
    const [report] = reports
    const batch = report.groupBatch!
    const lengths = batch.lengths!
    const tokens = lengths.reduce((sum, length) => sum + length, 0)
    expect(batch.tokens).toHaveLength(tokens)
    expect(batch.progress).toHaveLength(tokens)
    // The start policy as the prover, rebuilt as above: p_t = weight·(Q(o_1 … o_t) − Q(o_1 … o_{t−1})) on the recorded tokens.
    const start = createMlp([TOKEN_OBS_SIZE, HIDDEN, HIDDEN, 12], 0.01, new Rng(SEED).split())
    const prover = (observations: Float32Array, rows: number) => {
      const logits = tf.tidy(() => start.apply(tf.tensor2d(observations, [rows, TOKEN_OBS_SIZE])).dataSync())
      return actionLogProbs(logits, new Int32Array(rows), 12).probabilities
    }
    const stride = env.spec.stateVars.length
    let first = 0
    for (let i = 0; i < lengths.length; i++) {
      const prompt = { a: env.state[i * stride + A_INDEX], b: env.state[i * stride + B_INDEX] }
      const written = batch.tokens!.subarray(first, first + lengths[i])
      const expected = progressRewards(prompt, written, MAX_LENGTH, proverSuccess(prompt, MAX_LENGTH, prover))
      expected.forEach((progress, t) => expect(Math.abs(batch.progress![first + t] - weight * progress)).toBeLessThan(1e-9))
      // The charts' progress of the completion is the sum of its recorded p_t.
      const sum = batch.progress!.subarray(first, first + lengths[i]).reduce((total, value) => total + value, 0)
      expect(report.episodes[i].componentSums!.at(-1)).toBeCloseTo(sum, 12)
      first += lengths[i]
    }
    start.dispose()
    // The loss took them: at the first epoch's ratio 1, ppo's policy loss under seq-mean-token-mean is
    // −mean_i mean_t (A_i + p_t), which without the recorded p_t would be another number.
    const advantages = report.advantages!
    expect(advantages).toHaveLength(lengths.length)
    let withRecorded = 0
    let without = 0
    first = 0
    for (let i = 0; i < lengths.length; i++) {
      let tokenSum = 0
      for (let t = 0; t < lengths[i]; t++) tokenSum += advantages[i] + batch.progress![first + t]
      withRecorded -= tokenSum / lengths[i] / lengths.length
      without -= advantages[i] / lengths.length
      first += lengths[i]
    }
    expect(report.diagnostics.policy_loss).toBeCloseTo(withRecorded, 5)
    expect(Math.abs(withRecorded - without)).toBeGreaterThan(1e-3)
  })

  it('records neither tokens nor progress with progress off', async () => {
    const batch = (await run({})).reports[0].groupBatch!
    expect(batch.progress).toBeUndefined()
    expect(batch.tokens).toBeUndefined()
  })

  it('adds each token’s progress to its advantage (PAV’s effective reward), and refuses a misfit', () => {
    // Two completions of 2 and 3 tokens with advantages 0.5 and −1, broadcast to their tokens, then + p_t.
    const tokens = tokenAdvantages([0.5, -1], [2, 3])
    const progress = Float64Array.of(0.25, -0.125, 0, 0.5, -0.5)
    expect(Array.from(withProgress(tokens, progress))).toEqual([0.75, 0.375, -1, -0.5, -1.5])
    expect(withProgress(tokens, undefined)).toBe(tokens)
    expect(() => withProgress(tokens, Float64Array.of(1))).toThrow('withProgress: 1 progress values for 5 tokens')
  })

  it('lists progress in the spec when on, after kl_penalty, and not when off', async () => {
    expect((await run({})).names).not.toContain('progress')
    const on = (await run({ progress: { prover: 'start' } })).names
    expect(on.at(-1)).toBe('progress')
    const both = (await run({ progress: { prover: 'start' }, klPlacement: 'reward' })).names
    expect(both.slice(-2)).toEqual(['kl_penalty', 'progress'])
  })

  it('refuses progress on the bandit, naming where it is accepted, and beside ReMax, pass@k and dynamic sampling', async () => {
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', progress: { prover: 'start' } })
    const env = bandit.create(8 * 8, {})
    await expect(createGrpoTrainer(env, compileMix(env.spec, { weights: {} }), options, new Rng(1))).rejects.toThrow("PAV's progress needs an environment that computes its prover's chance of success exactly; it is accepted on tokenseq, not bandit")
    expect(learnerOptionsProblems(options, bandit.spec)).toEqual(["progress: PAV's progress needs an environment that computes its prover's chance of success exactly; it is accepted on tokenseq, not bandit"])
    expect(learnerOptionsProblems(options, tokenseq.spec)).toEqual([])
    const issues = (fields: Record<string, unknown>) => GrpoOptionsSchema.safeParse({ kind: 'grpo', progress: { prover: 'start' }, ...fields }).error?.issues.map((issue) => issue.message) ?? []
    expect(issues({ estimator: { baseline: 'remax' } })[0]).toMatch(/^progress does not combine with the remax baseline/)
    expect(issues({ estimator: { baseline: 'passk', k: 2 } })[0]).toMatch(/^progress does not combine with the passk baseline/)
    expect(issues({ dynamicSampling: { enabled: true } })[0]).toMatch(/^progress does not combine with dynamic sampling/)
    for (const weight of [0, 11]) expect(GrpoOptionsSchema.safeParse({ kind: 'grpo', progress: { prover: 'start', weight } }).error?.issues[0].message).toBe('the progress weight must be a number above 0 and at most 10')
    expect(GrpoOptionsSchema.parse({ kind: 'grpo', progress: { prover: 'current' } }).progress).toEqual({ prover: 'current', weight: 1 })
    expect(GrpoOptionsSchema.parse({ kind: 'grpo' }).progress).toBeUndefined()
  })

  it('under the fixed prover, pays each token its progress under the stored network: batchProgress’s, telescoping to weight·(correct − Q_fixed(empty))', async () => {
    const weight = 2
    const { env, reports, names } = await run({ progress: { prover: 'fixed', weight } })
    const [report] = reports
    const stored = frozenMlp(tokenFixedProver().network)
    const stride = env.spec.stateVars.length
    // Each copy still holds the completion it wrote: its length and its tokens.
    const lengths = report.episodes.map((_, i) => env.state[i * stride + T_INDEX])
    const actions = report.episodes.flatMap((_, i) => Array.from(env.state.subarray(i * stride + TOKENS_INDEX, i * stride + TOKENS_INDEX + lengths[i])))
    const expected = await batchProgress(TOKEN_PROVER_PROGRESS, env.state, stride, { count: lengths.length, lengths, actions }, MAX_LENGTH, weight, 12, (obs, rows) => readOutputs(stored, obs, rows, TOKEN_OBS_SIZE))
    const prover = (observations: Float32Array, rows: number) => actionLogProbs(tf.tidy(() => stored.apply(tf.tensor2d(observations, [rows, TOKEN_OBS_SIZE])).dataSync()), new Int32Array(rows), 12).probabilities
    const correct = names.indexOf('correct')
    const progress = names.indexOf('progress')
    let token = 0
    report.episodes.forEach((episode, i) => {
      let sum = 0
      for (let t = 0; t < lengths[i]; t++) sum += expected[token++]
      expect(Math.abs(episode.componentSums![progress] - sum)).toBeLessThan(1e-12)
      const q = proverSuccess({ a: env.state[i * stride + A_INDEX], b: env.state[i * stride + B_INDEX] }, MAX_LENGTH, prover)
      expect(Math.abs(episode.componentSums![progress] - weight * (episode.componentSums![correct] - q([])))).toBeLessThan(1e-9)
    })
    expect(token).toBe(expected.length)
    // The stored prover is no start policy: its chance differs from the start network's on the same prompt.
    const start = createMlp([TOKEN_OBS_SIZE, HIDDEN, HIDDEN, 12], 0.01, new Rng(SEED).split())
    const startProver = (observations: Float32Array, rows: number) => actionLogProbs(tf.tidy(() => start.apply(tf.tensor2d(observations, [rows, TOKEN_OBS_SIZE])).dataSync()), new Int32Array(rows), 12).probabilities
    const prompt = { a: env.state[A_INDEX], b: env.state[B_INDEX] }
    expect(proverSuccess(prompt, MAX_LENGTH, prover)([])).not.toBeCloseTo(proverSuccess(prompt, MAX_LENGTH, startProver)([]), 3)
    stored.dispose()
    start.dispose()
  })

  it('accepts the fixed prover in the options, and refuses it where the environment stores none, naming what is accepted', async () => {
    expect(GrpoOptionsSchema.parse({ kind: 'grpo', progress: { prover: 'fixed', weight: 3 } }).progress).toEqual({ prover: 'fixed', weight: 3 })
    expect(learnerOptionsProblems(GrpoOptionsSchema.parse({ kind: 'grpo', progress: { prover: 'fixed' } }), tokenseq.spec)).toEqual([])
    // The bandit computes no progress at all: refused as any prover is.
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', progress: { prover: 'fixed' } })
    const env = bandit.create(8 * 8, {})
    await expect(createGrpoTrainer(env, compileMix(env.spec, { weights: {} }), options, new Rng(1))).rejects.toThrow("PAV's progress needs an environment that computes its prover's chance of success exactly; it is accepted on tokenseq, not bandit")
    // An environment that computes progress but stores no prover takes start and current, not fixed.
    const { fixedProver: _stored, ...withoutStored } = TOKEN_PROVER_PROGRESS
    const computesOnly: ProverProgress = withoutStored
    expect(proverProblem('somewhere', computesOnly, 'fixed')).toBe('the fixed prover is a policy stored with the environment, and somewhere stores none (one is stored with tokenseq); on somewhere the prover may be start, current')
    expect(proverProblem('somewhere', computesOnly, 'start')).toBeNull()
    expect(proverProblem('tokenseq', TOKEN_PROVER_PROGRESS, 'fixed')).toBeNull()
  })

  it('says what each prover is when the prover or the object is wrong', () => {
    expect(GrpoOptionsSchema.safeParse({ kind: 'grpo', progress: { prover: 'best' } }).error?.issues[0].message).toBe(
      'unknown progress prover "best"; accepted: start (the frozen starting policy), current (the policy that sampled the batch), fixed (a stronger policy trained once by outcome-only GRPO and stored with the environment)',
    )
    expect(GrpoOptionsSchema.safeParse({ kind: 'grpo', progress: 'fixed' }).error?.issues[0].message).toBe("progress must be an object { prover: 'start' | 'current' | 'fixed', weight: a number above 0 and at most 10 }")
  })

  it('hands out its policy’s parameters: at the start, the network the run’s first split draws', async () => {
    const env = tokenseq.create(GROUPS * GROUP_SIZE, { group_size: GROUP_SIZE, max_length: MAX_LENGTH, difficulty: 'easy' })
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, hiddenSize: 8 })
    // Paid by length, which differs within every group, so the first update moves the policy.
    const trainer = (await createGrpoTrainer(env, compileMix(env.spec, { weights: { length: 1 } }), options, new Rng(SEED))) as GrpoTrainer
    const start = createMlp([TOKEN_OBS_SIZE, 8, 8, 12], 0.01, new Rng(SEED).split())
    expect(await trainer.policyNetwork()).toEqual(await mlpParameters(start))
    await trainer.iterate()
    const after = await trainer.policyNetwork()
    expect(after.sizes).toEqual([TOKEN_OBS_SIZE, 8, 8, 12])
    expect(after).not.toEqual(await mlpParameters(start))
    trainer.dispose()
    start.dispose()
  })

  it('leaks no tensor', async () => {
    const env = tokenseq.create(GROUPS * GROUP_SIZE, { group_size: GROUP_SIZE, max_length: MAX_LENGTH })
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, progress: { prover: 'current' } })
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: {} }), options, new Rng(2))
    await trainer.iterate()
    const afterFirst = tf.memory().numTensors
    await trainer.iterate()
    await trainer.iterate()
    expect(tf.memory().numTensors).toBe(afterFirst)
    trainer.dispose()
  })

  it('frees the fixed prover’s network with the trainer', async () => {
    const before = tf.memory().numTensors
    const env = tokenseq.create(GROUPS * GROUP_SIZE, { group_size: GROUP_SIZE, max_length: MAX_LENGTH })
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, progress: { prover: 'fixed' } })
    const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: {} }), options, new Rng(2))
    await trainer.iterate()
    await trainer.iterate()
    trainer.dispose()
    expect(tf.memory().numTensors).toBe(before)
  })
})
