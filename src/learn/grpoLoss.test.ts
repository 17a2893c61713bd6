import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { groupAdvantages } from '../core/credit/group'
import { Rng } from '../core/rng'
import { GroupEstimatorSchema } from '../core/run/config'
import { initBackend } from './backend'
import { aggregationWeights, grpoLoss, type Aggregation, type GrpoTokenRows } from './grpoLoss'
import { actionLogProbs, logitsGradient } from './logSoftmax'
import { createMlp } from './mlp'

beforeAll(async () => {
  await initBackend('wasm')
})

/** Loss inputs from plain numbers: ratios ρ (log π_old = 0, log π = ln ρ), per-token advantages, reference log-probs; one completion unless `lengths` says otherwise. */
function tokens(ratios: number[], advantages: number[], weights: Float32Array | number[], refLogProbs: number[] = ratios.map(Math.log), lengths: number[] = [ratios.length]) {
  const weightArray = Float32Array.from(weights)
  const rows: GrpoTokenRows = { lengths, oldLogProbs: new Float32Array(ratios.length), refLogProbs, advantages, weights: weightArray, policyWeights: weightArray }
  return { logProbs: ratios.map(Math.log), rows }
}

/** The tests below are of the PPO-clipped loss with the k3 KL, the learner's defaults. */
const PPO_K3 = { policyLoss: 'ppo', dualClip: null, kl: 'k3' } as const

function evaluate(input: ReturnType<typeof tokens>, options: { epsLow: number; epsHigh: number; beta: number }) {
  return grpoLoss(input.logProbs, input.rows, { ...PPO_K3, ...options }, new Float64Array(input.logProbs.length))
}

/** ∂L/∂log π_t for every token. */
function gradient(input: ReturnType<typeof tokens>, options: { epsLow: number; epsHigh: number; beta: number }): number[] {
  const slopes = new Float64Array(input.logProbs.length)
  grpoLoss(input.logProbs, input.rows, { ...PPO_K3, ...options }, slopes)
  return Array.from(slopes)
}

describe('aggregationWeights', () => {
  // Three completions of 1, 2 and 3 tokens (S = 3, 6 tokens), at most L = 4 tokens.
  const lengths = [1, 2, 3]
  it('seq-mean-token-mean (once "sequence"): 1/(S·|o_i|), a mean over each completion and then over completions', () => {
    expect(Array.from(aggregationWeights(lengths, 'seq-mean-token-mean', 4))).toEqual(Array.from(Float32Array.from([1 / 3, 1 / 6, 1 / 6, 1 / 9, 1 / 9, 1 / 9])))
  })
  it('token-mean (once "token"): 1/Σ|o_i| for every token', () => {
    expect(Array.from(aggregationWeights(lengths, 'token-mean', 4))).toEqual(new Array(6).fill(Math.fround(1 / 6)))
  })
  it('seq-mean-token-sum-norm (once "constant"): 1/(S·L) for every token, whatever the lengths', () => {
    expect(Array.from(aggregationWeights(lengths, 'seq-mean-token-sum-norm', 4))).toEqual(new Array(6).fill(Math.fround(1 / 12)))
  })
})

describe('GRPO loss', () => {
  const symmetric = { epsLow: 0.2, epsHigh: 0.2, beta: 0 }
  // Completion 0 (A = 1): ρ = 1.5            → −min(1.5, 1.2)·1              = −1.2
  // Completion 1 (A = −1): ρ = 0.5, 1        → −min(−0.5, −0.8) = 0.8;  −(−1) = 1
  // Completion 2 (A = 0.5): ρ = 1.1, 0.9, 2  → −0.55, −0.45, −min(1, 0.6) = −0.6
  const ratios = [1.5, 0.5, 1, 1.1, 0.9, 2]
  const advantages = [1, -1, -1, 0.5, 0.5, 0.5]
  const lengths = [1, 2, 3]

  it.each<[Aggregation, number]>([
    // mean(−1.2, (0.8 + 1)/2, (−0.55 − 0.45 − 0.6)/3) = (−1.2 + 0.9 − 0.5333…)/3
    ['seq-mean-token-mean', (-1.2 + 0.9 - 1.6 / 3) / 3],
    // Σℓ = −1.2 + 0.8 + 1 − 0.55 − 0.45 − 0.6 = −1, over 6 tokens
    ['token-mean', -1 / 6],
    // −1 over S·L = 3·4
    ['seq-mean-token-sum-norm', -1 / 12],
  ])('aggregates the clipped surrogate by %s', async (aggregation, expected) => {
    const terms = evaluate(tokens(ratios, advantages, aggregationWeights(lengths, aggregation, 4)), symmetric)
    expect(terms.policyLoss).toBeCloseTo(expected, 6)
    expect(terms.loss).toBeCloseTo(expected, 6)
    // The reference equals the policy here, so KL = 0.
    expect(terms.kl).toBeCloseTo(0, 6)
  })

  it('clips low at 1 − ε_low for negative advantages and high at 1 + ε_high for positive ones', async () => {
    const asymmetric = { epsLow: 0.2, epsHigh: 0.28, beta: 0 }
    const clipRatios = [0.7, 0.7, 1.25, 1.25, 1.35, 1.35]
    const clipAdvantages = [-1, 1, 1, -1, 1, -1]
    const weights = aggregationWeights([6], 'token-mean', 6)
    // ℓ = −min(ρA, clip(ρ, 0.8, 1.28)·A):
    //   ρ 0.7,  A −1: min(−0.7, −0.8) = −0.8   → 0.8   clipped low (no gradient)
    //   ρ 0.7,  A +1: min(0.7, 0.8) = 0.7      → −0.7
    //   ρ 1.25, A +1: inside [0.8, 1.28]       → −1.25 (ε_high = 0.2 would have clipped it)
    //   ρ 1.25, A −1:                          → 1.25
    //   ρ 1.35, A +1: min(1.35, 1.28) = 1.28   → −1.28 clipped high (no gradient)
    //   ρ 1.35, A −1: min(−1.35, −1.28)        → 1.35
    const terms = evaluate(tokens(clipRatios, clipAdvantages, weights), asymmetric)
    expect(terms.policyLoss).toBeCloseTo((0.8 - 0.7 - 1.25 + 1.25 - 1.28 + 1.35) / 6, 6)
    expect(terms.clipLow).toBeCloseTo(1 / 6, 6)
    expect(terms.clipHigh).toBeCloseTo(1 / 6, 6)
    // ∂ℓ/∂log π = −A·ρ where the unclipped term is the minimum, 0 where the clip binds; × w = 1/6
    const grads = gradient(tokens(clipRatios, clipAdvantages, weights), asymmetric)
    const expected = [0, -0.7, -1.25, 1.25, 0, 1.35].map((value) => value / 6)
    grads.forEach((value, t) => expect(value).toBeCloseTo(expected[t], 6))
  })

  it('penalises KL to the reference with the k3 estimator e^d − d − 1, d = log π_ref − log π', async () => {
    // ρ = 1 and A = 0: only β·KL remains. d = 0, ln 2, −ln 2:
    //   KL = 0;  2 − ln 2 − 1 = 0.30685;  1/2 + ln 2 − 1 = 0.19315;  mean = 0.5/3
    const ref = [0, Math.LN2, -Math.LN2]
    const input = () => tokens([1, 1, 1], [0, 0, 0], aggregationWeights([3], 'token-mean', 3), ref)
    const terms = evaluate(input(), { epsLow: 0.2, epsHigh: 0.2, beta: 0.1 })
    expect(terms.kl).toBeCloseTo(0.5 / 3, 6)
    expect(terms.policyLoss).toBeCloseTo(0, 6)
    expect(terms.loss).toBeCloseTo((0.1 * 0.5) / 3, 6)
    // ∂KL/∂log π = 1 − e^d: 0, −1, 1/2; × β·w = 0.1/3
    const grads = gradient(input(), { epsLow: 0.2, epsHigh: 0.2, beta: 0.1 })
    const expected = [0, -1, 0.5].map((value) => (value * 0.1) / 3)
    grads.forEach((value, t) => expect(value).toBeCloseTo(expected[t], 6))
  })

  it('gives exactly zero gradient for a group whose rewards are all equal (β = 0)', async () => {
    const actor = createMlp([3, 8, 8, 4], 1, new Rng(7))
    const estimator = GroupEstimatorSchema.parse({})
    const lengths = [2, 1, 3, 2]
    const tokenCount = 8
    const actions = [0, 1, 2, 3, 0, 1, 2, 3]
    const gradsFor = async (rewards: number[]) => {
      const perCompletion = groupAdvantages(rewards, [4], estimator)
      const perToken = lengths.flatMap((length, i) => new Array(length).fill(perCompletion[i]))
      const rng = new Rng(3)
      const obs = tf.tensor2d(Array.from({ length: tokenCount * 3 }, () => rng.normal()), [tokenCount, 3])
      const weights = aggregationWeights(lengths, 'seq-mean-token-mean', 3)
      const rows: GrpoTokenRows = { lengths, oldLogProbs: new Array(tokenCount).fill(Math.log(0.3)), refLogProbs: new Array(tokenCount).fill(Math.log(0.2)), advantages: perToken, weights, policyWeights: weights }
      const trace = actor.trace(obs)
      const { probabilities, logProbs } = actionLogProbs(await trace.output.data(), actions, 4)
      const slopes = new Float64Array(tokenCount)
      grpoLoss(logProbs, rows, { ...PPO_K3, epsLow: 0.2, epsHigh: 0.2, beta: 0 }, slopes)
      const grads = trace.gradients(tf.tensor2d(logitsGradient(probabilities, actions, 4, slopes), [tokenCount, 4]))
      const values = (await Promise.all(grads.map((grad) => grad.data()))).flatMap((data) => Array.from(data))
      tf.dispose([obs, ...grads])
      trace.dispose()
      return { advantages: Array.from(perCompletion), values }
    }
    const equal = await gradsFor([0.7, 0.7, 0.7, 0.7])
    expect(equal.advantages).toEqual([0, 0, 0, 0])
    expect(equal.values.every((value) => value === 0)).toBe(true)
    // Control: one different reward in the group and the same batch has a gradient.
    const differing = await gradsFor([0.7, 0.7, 1, 0.7])
    expect(differing.values.some((value) => Math.abs(value) > 1e-6)).toBe(true)
    actor.dispose()
  })
})

describe('masking truncated completions (DAPO overlong filtering)', () => {
  // Completions of 1, 2 and 3 tokens; the second (2 tokens) was cut and is masked.
  const lengths = [1, 2, 3]
  const masked = [0, 1, 0]

  it('gives the masked tokens weight 0 and counts only the kept completions and tokens in every divisor', () => {
    const weights = (aggregation: Aggregation, mask: number[] = masked) => Array.from(aggregationWeights(lengths, aggregation, 4, mask))
    // T′ = 1 + 3 = 4 kept tokens
    expect(weights('token-mean')).toEqual([0.25, 0, 0, 0.25, 0.25, 0.25])
    // S′ = 2 kept completions: 1/(2·1), 1/(2·3)
    expect(weights('seq-mean-token-mean')).toEqual(Array.from(Float32Array.from([1 / 2, 0, 0, 1 / 6, 1 / 6, 1 / 6])))
    expect(weights('seq-mean-token-sum')).toEqual([0.5, 0, 0, 0.5, 0.5, 0.5])
    // 1/(S′·L) = 1/8
    expect(weights('seq-mean-token-sum-norm')).toEqual([0.125, 0, 0, 0.125, 0.125, 0.125])
    expect(weights('token-sum')).toEqual([1, 0, 0, 1, 1, 1])
    // Nothing masked: the weights without a mask; everything masked: no weight anywhere.
    expect(weights('token-mean', [0, 0, 0])).toEqual(Array.from(aggregationWeights(lengths, 'token-mean', 4)))
    expect(weights('token-mean', [1, 1, 1])).toEqual([0, 0, 0, 0, 0, 0])
    expect(() => aggregationWeights(lengths, 'token-mean', 4, [0, 1])).toThrow('aggregationWeights: 2 mask entries for 3 completions')
  })

  // ρ and A per token, as in the GRPO loss tests above; log π_ref = 0, so the k3 KL is not 0.
  const ratios = [1.5, 0.5, 1, 1.1, 0.9, 2]
  const advantages = [1, -1, -1, 0.5, 0.5, 0.5]
  const keptRatios = [1.5, 1.1, 0.9, 2]
  const keptAdvantages = [1, 0.5, 0.5, 0.5]
  const withKl = { epsLow: 0.2, epsHigh: 0.2, beta: 0.1 }

  it('gives the loss of the batch without the cut completion (token-mean)', () => {
    const maskedBatch = evaluate(tokens(ratios, advantages, aggregationWeights(lengths, 'token-mean', 4, masked), [0, 0, 0, 0, 0, 0]), withKl)
    const without = evaluate(tokens(keptRatios, keptAdvantages, aggregationWeights([1, 3], 'token-mean', 4), [0, 0, 0, 0]), withKl)
    // (−1.2 − 0.55 − 0.45 − 0.6)/4 = −0.7
    expect(maskedBatch.policyLoss).toBeCloseTo(-0.7, 6)
    // k3 = e^d − d − 1 with d = −ln ρ: 1/ρ + ln ρ − 1, averaged over the 4 kept tokens
    const kl = keptRatios.reduce((sum, ratio) => sum + 1 / ratio + Math.log(ratio) - 1, 0) / 4
    expect(maskedBatch.kl).toBeCloseTo(kl, 6)
    expect(maskedBatch.loss).toBeCloseTo(-0.7 + 0.1 * kl, 6)
    expect(maskedBatch.policyLoss).toBeCloseTo(without.policyLoss, 6)
    expect(maskedBatch.kl).toBeCloseTo(without.kl, 6)
    expect(maskedBatch.loss).toBeCloseTo(without.loss, 6)
  })

  it('gives the cut completion’s tokens exactly zero gradient and the others the gradient they have without it', () => {
    const grads = gradient(tokens(ratios, advantages, aggregationWeights(lengths, 'token-mean', 4, masked), [0, 0, 0, 0, 0, 0]), withKl)
    const without = gradient(tokens(keptRatios, keptAdvantages, aggregationWeights([1, 3], 'token-mean', 4), [0, 0, 0, 0]), withKl)
    expect(grads[1]).toBe(0)
    expect(grads[2]).toBe(0)
    ;[grads[0], grads[3], grads[4], grads[5]].forEach((value, t) => expect(value).toBeCloseTo(without[t], 6))
    expect(without.every((value) => value !== 0)).toBe(true)
  })
})
