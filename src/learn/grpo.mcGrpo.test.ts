import { beforeAll, describe, expect, it } from 'vitest'
import { mixedRewards } from '../core/credit/batchAdvantages'
import { mcGrpoAdvantages } from '../core/credit/mcGrpo'
import { bandit } from '../core/envs/bandit'
import { tokenseq, type TokenSeqEnv } from '../core/envs/tokenseq'
import type { BatchEnv } from '../core/envs/types'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema } from '../core/run/config'
import type { IterationReport } from '../core/run/trainer'
import { initBackend } from './backend'
import { createGrpoTrainer, lossMaskOf } from './grpo'
import { lossWeights } from './grpoLoss'

/*
 * MC-GRPO in the learner: groups of G + 1 completions, each group's pivot (the completion on the
 * median) out of the loss: weight 0 and in no divisor, so G completions per group train; every
 * completion still counts as steps and in the charts.
 */

const MESSAGE_EVEN = 'MC-GRPO draws G + 1 completions, an odd number of at least 3, so that one is the median; the group size is 4: set it to 3, 5, 7, … (G + 1)'
const MC_GRPO = { baseline: 'mc_grpo' }

beforeAll(async () => {
  await initBackend('wasm')
})

function options(fields: Record<string, unknown>) {
  return GrpoOptionsSchema.parse({ kind: 'grpo', ...fields })
}

/** R_i = Σ_k w_k·C_ik of the reported batch under the mix's weights. */
function rewardsOf(report: IterationReport, weights: ArrayLike<number>): Float64Array {
  return mixedRewards(report.groupBatch!.components, weights)
}

describe('the loss under MC-GRPO', () => {
  it('gives the pivot weight 0 and counts G completions in every divisor', () => {
    // (0.2, 1.0, 0.5): the pivot is the third; completions of 2, 3 and 1 tokens
    const { excluded } = mcGrpoAdvantages([0.2, 1.0, 0.5], [3])
    const lengths = [2, 3, 1]
    const weightsOf = (aggregation: string) => Array.from(lossWeights(lengths, { policyLoss: 'ppo', aggregation: aggregation as never }, 4, lossMaskOf(null, excluded)).weights)
    // seq-mean-token-mean: 1/(S′·|o_i|), S′ = G = 2
    expect(weightsOf('seq-mean-token-mean')).toEqual([1 / 4, 1 / 4, 1 / 6, 1 / 6, 1 / 6, 0].map(Math.fround))
    // token-mean: 1/T′, T′ = 2 + 3 tokens
    expect(weightsOf('token-mean')).toEqual([0.2, 0.2, 0.2, 0.2, 0.2, 0].map(Math.fround))
    // seq-mean-token-sum-norm: 1/(S′·L) = 1/(2·4)
    expect(weightsOf('seq-mean-token-sum-norm')).toEqual([0.125, 0.125, 0.125, 0.125, 0.125, 0])
  })

  it('leaves out a completion either mask leaves out: cut (maskTruncated) or the pivot', () => {
    expect(Array.from(lossMaskOf(Uint8Array.of(1, 0, 0, 0), Uint8Array.of(0, 0, 1, 0))!)).toEqual([1, 0, 1, 0])
    expect(Array.from(lossMaskOf(null, Uint8Array.of(0, 1, 0))!)).toEqual([0, 1, 0])
    expect(Array.from(lossMaskOf(Uint8Array.of(0, 1), null)!)).toEqual([0, 1])
    expect(lossMaskOf(null, null)).toBeUndefined()
  })
})

describe('GRPO with the mc_grpo baseline', () => {
  it('trains on the token task’s groups of G + 1 = 3 with MC-GRPO’s advantages, every completion counted as steps and episodes', async () => {
    const env = tokenseq.create(4 * 3, { group_size: 3, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
    const mix = compileMix(env.spec, { weights: { correct: 1, format: 0.5 } })
    const trainer = await createGrpoTrainer(env, mix, options({ groupsPerIteration: 4, estimator: MC_GRPO }), new Rng(3))
    for (let k = 0; k < 2; k++) {
      const report = await trainer.iterate()
      expect(Array.from(report.groupBatch!.groupSizes)).toEqual([3, 3, 3, 3])
      const expected = mcGrpoAdvantages(rewardsOf(report, mix.weights), report.groupBatch!.groupSizes).advantages
      expect(Array.from(report.advantages!)).toEqual(Array.from(Float32Array.from(expected)))
      // Each group's pivot is among the reported advantages, at 0.
      expect(report.advantages!.filter((a) => a === 0).length).toBeGreaterThanOrEqual(4)
      expect(report.episodes).toHaveLength(12)
      expect(report.envSteps).toBe(report.episodes.reduce((sum, episode) => sum + episode.length, 0))
      expect(Number.isFinite(report.diagnostics.policy_loss)).toBe(true)
    }
    trainer.dispose()
  })

  it('divides the loss by G completions per group, not G + 1: a one-pull bandit’s first-epoch ppo loss is −Σ_i A_i/(groups·G)', async () => {
    const groups = 6
    const env: BatchEnv = bandit.create(groups * 3, { arms: 'gaussian', noise: 1 })
    const mix = compileMix(env.spec, { weights: {} })
    const trainer = await createGrpoTrainer(env, mix, options({ groupsPerIteration: groups, groupSize: 3, learningRate: 0.05, estimator: MC_GRPO }), new Rng(11))
    let distinguished = 0
    for (let k = 0; k < 3; k++) {
      const report = await trainer.iterate()
      expect(report.episodes).toHaveLength(groups * 3)
      expect(report.envSteps).toBe(groups * 3)
      const advantages = mcGrpoAdvantages(rewardsOf(report, mix.weights), report.groupBatch!.groupSizes).advantages
      const sum = advantages.reduce((total, a) => total + a, 0)
      // One token per completion, ratio 1 on the first (and only) epoch: ℓ_i = −A_i, weight 1/(groups·G) each but the pivots' 0
      expect(report.diagnostics.policy_loss).toBeCloseTo(-sum / (groups * 2), 5)
      if (Math.abs(sum / (groups * 2) - sum / (groups * 3)) > 1e-3) distinguished++
    }
    expect(distinguished).toBeGreaterThan(0)
    trainer.dispose()
  })

  it('refuses a group of even size, the environment’s or the learner’s, at the start and in a live change', async () => {
    const token4 = tokenseq.create(2 * 4, { group_size: 4, max_length: 4, difficulty: 'easy' })
    await expect(createGrpoTrainer(token4, compileMix(token4.spec, { weights: {} }), options({ groupsPerIteration: 2, estimator: MC_GRPO }), new Rng(1))).rejects.toThrow(MESSAGE_EVEN)
    const bandit4 = bandit.create(2 * 4, {})
    await expect(
      createGrpoTrainer(bandit4, compileMix(bandit4.spec, { weights: {} }), options({ groupsPerIteration: 2, groupSize: 4, estimator: MC_GRPO }), new Rng(1)),
    ).rejects.toThrow(MESSAGE_EVEN)
    const trainer = await createGrpoTrainer(bandit4, compileMix(bandit4.spec, { weights: {} }), options({ groupsPerIteration: 2, groupSize: 4 }), new Rng(1))
    expect(() => trainer.setLearner(options({ groupsPerIteration: 2, groupSize: 4, estimator: MC_GRPO }))).toThrow(MESSAGE_EVEN)
    trainer.dispose()
  })

  it('takes a live switch to mc_grpo where the group is odd, from the next update on', async () => {
    const env = bandit.create(4 * 5, { arms: 'gaussian', noise: 1 })
    const mix = compileMix(env.spec, { weights: {} })
    const trainer = await createGrpoTrainer(env, mix, options({ groupsPerIteration: 4, groupSize: 5 }), new Rng(5))
    await trainer.iterate()
    trainer.setLearner(options({ groupsPerIteration: 4, groupSize: 5, estimator: MC_GRPO }))
    const report = await trainer.iterate()
    const advantages = mcGrpoAdvantages(rewardsOf(report, mix.weights), report.groupBatch!.groupSizes).advantages
    expect(Array.from(report.advantages!)).toEqual(Array.from(Float32Array.from(advantages)))
    // G = 4 of the 5 train in each of the 4 groups
    expect(report.diagnostics.policy_loss).toBeCloseTo(-advantages.reduce((total, a) => total + a, 0) / 16, 5)
    trainer.dispose()
  })
})
