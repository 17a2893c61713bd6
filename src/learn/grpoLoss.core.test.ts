import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { AGGREGATIONS, type Aggregation } from '../core/losses/aggregation'
import { KL_ESTIMATORS, type KlEstimator } from '../core/losses/kl'
import { KL_ESTIMATOR_RECORDS } from '../core/losses/klEstimators'
import { POLICY_LOSSES, policyLoss, type PolicyLossKind } from '../core/losses/policyLoss'
import { clipCovOf, klCovOf } from '../core/run/config'
import { Rng } from '../core/rng'
import { initBackend } from './backend'
import { grpoLoss, lossWeights } from './grpoLoss'
import { actionLogProbs, logitsGradient } from './logSoftmax'

/*
 * The learner's loss against the float64 reference in src/core/losses/ on the same numbers, and
 * its gradient against a central difference of that reference. Every input is a float32 number,
 * so both sides start from the very same values. Both compute in float64; the learner's weights
 * w_t are float32 (1/3 is not exact), so the two agree to within float32's rounding of a weight
 * (2^-24 ≈ 6e-8 relative): 2e-7 of max(1, |value|) leaves room for that and nothing more. A
 * missed clamp, a wrong weight or a wrong sign misses by orders of magnitude.
 */
const TOLERANCE = 2e-7

beforeAll(async () => {
  await initBackend('wasm')
})

interface Batch {
  logProbs: number[][]
  oldLogProbs: number[][]
  refLogProbs: number[][]
  /** One per token. */
  advantages: number[][]
}

interface Options {
  policyLoss: PolicyLossKind
  epsLow: number
  epsHigh: number
  dualClip: number | null
  aggregation: Aggregation
  kl: KlEstimator
  beta: number
  delta?: number
  tauPos?: number
  tauNeg?: number
  clipCovRatio?: number
  clipCovLb?: number
  clipCovUb?: number
  klCovRatio?: number
  ppoKlCoef?: number
  /** clip_cov's draws: both sides take a generator of this seed (absent, both seed 0). */
  seed?: number
}

/** The longest a completion may be, L of seq-mean-token-sum-norm. */
const MAX_LENGTH = 5

const f32 = (sequences: number[][]) => sequences.map((sequence) => sequence.map(Math.fround))
const perToken = (lengths: number[], advantages: number[]) => lengths.map((length, i) => new Array<number>(length).fill(advantages[i]))

/**
 * Three completions of 1, 2 and 4 tokens. Log-ratios log π − log π_old and their place:
 *   0 (A = 1.5):   0.5  (r = 1.65, above 1 + ε_high: clipped high)
 *   1 (A = −0.8): −0.6  (r = 0.55, below 1 − ε_low: clipped low), 1.6 (r = 4.95 > C = 3: the dual clip binds)
 *   2 (A = 0.6):  −0.3 (r = 0.74, unclipped with A > 0), 0.1, 0.25 (r = 1.28, clipped high), −0.05
 * d = log π_ref − log π from −1.1 to 1.4, so that every KL estimator differs.
 */
const LENGTHS = [1, 2, 4]
const LOG_PROBS = [[-0.7], [-2.1, -0.4], [-1.5, -0.9, -0.35, -2.6]]
const LOG_RATIOS = [[0.5], [-0.6, 1.6], [-0.3, 0.1, 0.25, -0.05]]
const REF_MINUS_POLICY = [[0.3], [-1.1, 1.4], [0.05, -0.4, 0.9, -0.7]]
const BATCH: Batch = {
  logProbs: f32(LOG_PROBS),
  oldLogProbs: f32(LOG_PROBS.map((sequence, i) => sequence.map((logProb, t) => logProb - LOG_RATIOS[i][t]))),
  refLogProbs: f32(LOG_PROBS.map((sequence, i) => sequence.map((logProb, t) => logProb + REF_MINUS_POLICY[i][t]))),
  advantages: f32(perToken(LENGTHS, [1.5, -0.8, 0.6])),
}

const BASE: Options = { policyLoss: 'ppo', epsLow: 0.2, epsHigh: 0.28, dualClip: null, aggregation: 'seq-mean-token-mean', kl: 'k3', beta: 0.1 }

/** The learner's loss terms on `batch` and ∂L/∂log π of every token. */
function learnerTerms(batch: Batch, options: Options) {
  const lengths = batch.logProbs.map((sequence) => sequence.length)
  const rows = { lengths, oldLogProbs: batch.oldLogProbs.flat(), refLogProbs: batch.refLogProbs.flat(), advantages: batch.advantages.flat(), ...lossWeights(lengths, options, MAX_LENGTH) }
  const slopes = new Float64Array(rows.oldLogProbs.length)
  const terms = grpoLoss(batch.logProbs.flat(), rows, { ...options, ...(options.seed === undefined ? {} : { covarianceRng: new Rng(options.seed) }) }, slopes)
  return { loss: terms.loss, policyLoss: terms.policyLoss, kl: terms.kl, clipFraction: terms.clipLow + terms.clipHigh, selectedFraction: terms.selected, slopes: Array.from(slopes) }
}

/** The core's reference on the same numbers. */
function coreTerms(batch: Batch, options: Options) {
  const result = policyLoss(batch, {
    policyLoss: options.policyLoss,
    clip: { low: options.epsLow, high: options.epsHigh },
    dualClip: options.dualClip,
    aggregation: options.aggregation,
    maxLength: options.aggregation === 'seq-mean-token-sum-norm' ? MAX_LENGTH : null,
    kl: options.kl,
    beta: options.beta,
    delta: options.delta ?? null,
    ...(options.tauPos === undefined && options.tauNeg === undefined ? {} : { temperatures: { pos: options.tauPos ?? 1, neg: options.tauNeg ?? 1.05 } }),
    ...(options.policyLoss === 'clip_cov' ? { clipCov: clipCovOf(options) } : {}),
    ...(options.policyLoss === 'kl_cov' ? { klCov: klCovOf(options) } : {}),
    ...(options.seed === undefined ? {} : { rng: new Rng(options.seed) }),
  })
  return { loss: result.loss, policyLoss: result.policyLoss, kl: result.kl, clipFraction: result.clipFraction, selectedFraction: result.selectedFraction }
}

async function expectAgreement(batch: Batch, options: Options) {
  const learner = learnerTerms(batch, options)
  const core = coreTerms(batch, options)
  expect(learner.selectedFraction, 'selectedFraction').toBe(core.selectedFraction)
  for (const name of ['loss', 'policyLoss', 'kl', 'clipFraction'] as const) {
    expect(Math.abs(learner[name] - core[name]), `${name}: learner ${learner[name]}, core ${core[name]}`).toBeLessThanOrEqual(TOLERANCE * Math.max(1, Math.abs(core[name])))
  }
  return { learner, core }
}

describe('the GRPO learner’s loss is the core’s reference', () => {
  it.each(POLICY_LOSSES)('policy loss %s', async (loss) => {
    const { core } = await expectAgreement(BATCH, { ...BASE, policyLoss: loss })
    // Each loss makes a different number of this batch, so the check cannot pass by accident.
    expect(core.policyLoss).not.toBe(0)
  })

  it('each policy loss gives a different number on this batch', async () => {
    // clip_cov is ppo here: no token's covariance reaches verl's band (1, 5); its own test widens it.
    const values = POLICY_LOSSES.filter((loss) => loss !== 'gspo_token' && loss !== 'clip_cov').map((loss) => coreTerms(BATCH, { ...BASE, policyLoss: loss }).policyLoss)
    expect(new Set(values).size).toBe(values.length)
    // gspo_token has gspo's numbers; only its gradient differs.
    expect(coreTerms(BATCH, { ...BASE, policyLoss: 'gspo_token' })).toEqual(coreTerms(BATCH, { ...BASE, policyLoss: 'gspo' }))
  })

  it('ppo with a dual clip C = 3 that binds on the token of ratio 4.95 with A < 0', async () => {
    const { core } = await expectAgreement(BATCH, { ...BASE, dualClip: 3 })
    // −A·r = 0.8·e^1.6 ≈ 3.96 capped at −A·C = 2.4: the loss moves.
    expect(core.policyLoss).toBeLessThan(coreTerms(BATCH, BASE).policyLoss)
    // A dual-clipped token does not count as clipped.
    expect(core.clipFraction).toBe(coreTerms(BATCH, BASE).clipFraction)
  })

  it.each(AGGREGATIONS)('aggregation %s, of the policy loss and of the KL', async (aggregation) => {
    for (const loss of ['ppo', 'gspo', 'geo_mean', 'cispo', 'sapo'] as const) await expectAgreement(BATCH, { ...BASE, policyLoss: loss, aggregation })
  })

  it('ppo with a two-sided clip δ = 2 that binds on the token of ratio 4.95 with A < 0, with and without the dual clip', async () => {
    const { core } = await expectAgreement(BATCH, { ...BASE, delta: 2 })
    // −A·min(r, δ) = 0.8·2 = 1.6 in place of 0.8·e^1.6 ≈ 3.96
    expect(core.policyLoss).toBeLessThan(coreTerms(BATCH, BASE).policyLoss)
    expect(core.clipFraction).toBe(coreTerms(BATCH, BASE).clipFraction)
    await expectAgreement(BATCH, { ...BASE, delta: 2, dualClip: 1.5 })
    // δ = 1.1, below 1 + ε_high = 1.28: it binds on every ratio above 1.1 with A < 0 and leaves A > 0 to the clip
    await expectAgreement(BATCH, { ...BASE, delta: 1.1 })
  })

  it('clip_cov: ppo where verl’s band (1, 5) holds no token; a band that holds some detaches the draw of the same seeded generator', async () => {
    const ppo = coreTerms(BATCH, BASE)
    const { core } = await expectAgreement(BATCH, { ...BASE, policyLoss: 'clip_cov' })
    expect(core.policyLoss).toBe(ppo.policyLoss)
    expect(core.selectedFraction).toBe(0)
    // cov over the 7 tokens runs from about −0.93 to 0.99; the band (−1, 1) holds the four tokens PPO does not clip
    for (const seed of [1, 2, 3]) {
      for (const clipCovRatio of [0.0002, 0.3, 1]) {
        const { core: banded } = await expectAgreement(BATCH, { ...BASE, policyLoss: 'clip_cov', clipCovLb: -1, clipCovUb: 1, clipCovRatio, seed })
        expect(banded.selectedFraction).toBeGreaterThan(0)
        expect(banded.policyLoss).not.toBe(ppo.policyLoss)
      }
    }
    for (const aggregation of AGGREGATIONS) await expectAgreement(BATCH, { ...BASE, policyLoss: 'clip_cov', clipCovLb: -1, clipCovUb: 1, clipCovRatio: 0.3, aggregation, seed: 4 })
  })

  it('kl_cov: the top tokens by covariance take coef·|log r|, verl’s defaults and others', async () => {
    for (const options of [{}, { klCovRatio: 0.5, ppoKlCoef: 2 }, { klCovRatio: 1, ppoKlCoef: 0 }]) {
      for (const aggregation of AGGREGATIONS) await expectAgreement(BATCH, { ...BASE, policyLoss: 'kl_cov', aggregation, ...options })
    }
    // ⌊7·0.5⌋ = 3 tokens penalised; ⌊7·0.3⌋ = 2 of clip_cov's four candidates detached
    expect(coreTerms(BATCH, { ...BASE, policyLoss: 'clip_cov', clipCovLb: -1, clipCovUb: 1, clipCovRatio: 0.3 }).selectedFraction).toBe(2 / 7)
    expect(coreTerms(BATCH, { ...BASE, policyLoss: 'kl_cov', klCovRatio: 0.5 }).selectedFraction).toBe(3 / 7)
  })

  it('sapo with temperatures of its own', async () => {
    const { core } = await expectAgreement(BATCH, { ...BASE, policyLoss: 'sapo', tauPos: 3, tauNeg: 0.5 })
    expect(core.policyLoss).not.toBe(coreTerms(BATCH, { ...BASE, policyLoss: 'sapo' }).policyLoss)
  })

  it.each(KL_ESTIMATORS)('KL estimator %s', async (kl) => {
    const { core } = await expectAgreement(BATCH, { ...BASE, kl, beta: 0.5 })
    expect(core.kl).not.toBe(0)
  })

  it('with β = 0 the loss is the policy loss, the KL still reported', async () => {
    const { learner } = await expectAgreement(BATCH, { ...BASE, beta: 0 })
    expect(learner.loss).toBe(learner.policyLoss)
  })

  it('ratios past the clamps: log-ratios of ±25 and ±30, a sequence mean of 12, d of ±25 and 3', async () => {
    // Token log-ratios 25 and −30 (r clamped to e^±20); a sequence whose mean log-ratio is 12
    // (s capped at e^10); d = 25, −25 and 3 (k3 capped at 10, from e^20 − 21, 19 and e^3 − 4).
    const lengths = [2, 2]
    const logProbs = [[-0.5, -0.2], [-1, -3]]
    const logRatios = [[25, -30], [12, 12]]
    const refMinusPolicy = [[25, -25], [3, 0.2]]
    const clamped: Batch = {
      logProbs: f32(logProbs),
      oldLogProbs: f32(logProbs.map((sequence, i) => sequence.map((logProb, t) => logProb - logRatios[i][t]))),
      refLogProbs: f32(logProbs.map((sequence, i) => sequence.map((logProb, t) => logProb + refMinusPolicy[i][t]))),
      // A < 0 throughout: the unclipped −A·r and −A·s are the losses, so each clamp shows in the number.
      advantages: f32(perToken(lengths, [-1, -0.5])),
    }
    for (const loss of POLICY_LOSSES) {
      for (const kl of KL_ESTIMATORS) await expectAgreement(clamped, { ...BASE, policyLoss: loss, kl, beta: 1, aggregation: 'token-mean' })
    }
    await expectAgreement(clamped, { ...BASE, dualClip: 3, aggregation: 'token-mean' })
    await expectAgreement(clamped, { ...BASE, delta: 4, aggregation: 'token-mean' })
    // Without the clamps the ppo loss would hold −A·e^25 ≈ 7.2e10 and k3 e^25.
    expect(coreTerms(clamped, { ...BASE, aggregation: 'token-sum', beta: 0 }).policyLoss).toBeLessThan(1e9)
  })
})

/** ∂L/∂log π_t of the learner's loss for every token (β = 0: the policy loss alone). */
async function policyGradient(batch: Batch, options: Options): Promise<number[]> {
  return learnerTerms(batch, { ...options, beta: 0 }).slopes
}

/**
 * ∂L/∂log π_t of the core's loss by a central difference, (L(x + h·e_t) − L(x − h·e_t))/(2h), with
 * h = 1e-6: accurate to ~1e-9 where the loss is smooth around x (no clip bound, clamp or cap within h).
 */
function coreGradient(batch: Batch, options: Options): number[] {
  const h = 1e-6
  const gradient: number[] = []
  batch.logProbs.forEach((sequence, i) =>
    sequence.forEach((_, t) => {
      const moved = (step: number) => ({ ...batch, logProbs: batch.logProbs.map((values, j) => values.map((value, u) => (j === i && u === t ? value + step : value))) })
      gradient.push((coreTerms(moved(h), options).loss - coreTerms(moved(-h), options).loss) / (2 * h))
    }),
  )
  return gradient
}

/** clip_cov detaching two of the four tokens in its band, drawn at random, kl_cov penalising three: the gradient test covers the selected tokens too. */
const COVARIANCE_OPTIONS: Partial<Record<PolicyLossKind, Partial<Options>>> = {
  clip_cov: { clipCovLb: -1, clipCovUb: 1, clipCovRatio: 0.3, seed: 5 },
  kl_cov: { klCovRatio: 0.5, ppoKlCoef: 0.7 },
}

describe('the GRPO learner’s gradient is the core loss’s slope', () => {
  // Every ratio of BATCH sits well away from the clip bounds (0.8, 1.28), the dual clip and the caps.
  // CISPO is left out: its stop gradient makes its gradient differ from its value's slope on purpose
  // (checked by hand below), as GSPO-token's would with advantages that differ within a sequence.
  // k1+ and k3+ descend k2's gradient, not their value's slope, on purpose (checked by hand below).
  const ownGradient = KL_ESTIMATOR_RECORDS.filter((record) => !record.straightThrough).map((record) => record.name)
  it.each(POLICY_LOSSES.filter((loss) => loss !== 'cispo'))('policy loss %s, with each KL estimator and aggregation (β = 0.5)', (loss) => {
    for (const kl of ownGradient) {
      for (const aggregation of AGGREGATIONS) {
        const options: Options = { ...BASE, policyLoss: loss, kl, beta: 0.5, aggregation, dualClip: loss === 'ppo' ? 3 : null, ...(loss === 'ppo' ? { delta: 4 } : {}), ...COVARIANCE_OPTIONS[loss] }
        const learner = learnerTerms(BATCH, options).slopes
        const core = coreGradient(BATCH, options)
        learner.forEach((value, t) => expect(Math.abs(value - core[t]), `${loss} ${kl} ${aggregation} token ${t}: learner ${value}, core ${core[t]}`).toBeLessThan(1e-6 * Math.max(1, Math.abs(core[t]))))
      }
    }
  })
})

describe('the gradient through the log-softmax', () => {
  it('equals TensorFlow.js autograd of Σ_t c_t·log π(a_t|s_t), and the entropy its mean over rows', async () => {
    const rng = new Rng(11)
    const rows = 5
    const numActions = 4
    const logits = Float32Array.from({ length: rows * numActions }, () => 3 * rng.normal())
    const actions = [0, 3, 1, 1, 2]
    const slopes = [0.5, -1.25, 2, 0, -0.3]
    const { probabilities, logProbs, entropy } = actionLogProbs(logits, actions, numActions)
    const input = tf.tensor2d(logits, [rows, numActions])
    const objective = (x: tf.Tensor) => tf.sum(tf.mul(tf.mul(tf.logSoftmax(x as tf.Tensor2D), tf.oneHot(tf.tensor1d(actions, 'int32'), numActions)), tf.tensor2d(slopes, [rows, 1])))
    const autograd = tf.grad(objective)(input)
    const expected = await autograd.data()
    logitsGradient(probabilities, actions, numActions, slopes).forEach((value, j) => expect(value).toBeCloseTo(expected[j], 6))
    const tfLogProbs = tf.tidy(() => tf.sum(tf.mul(tf.logSoftmax(input), tf.oneHot(tf.tensor1d(actions, 'int32'), numActions)), 1))
    Array.from(await tfLogProbs.data()).forEach((value, i) => expect(logProbs[i]).toBeCloseTo(value, 6))
    const tfEntropy = tf.tidy(() => tf.mean(tf.neg(tf.sum(tf.mul(tf.softmax(input), tf.logSoftmax(input)), 1))))
    expect(entropy).toBeCloseTo((await tfEntropy.data())[0], 6)
    // A row whose slope is 0 gets no gradient at all.
    expect(Array.from(logitsGradient(probabilities, actions, numActions, slopes).subarray(3 * numActions, 4 * numActions))).toEqual([0, 0, 0, 0])
    tf.dispose([input, autograd, tfLogProbs, tfEntropy])
  })
})

describe('the gradient each policy loss means', () => {
  // Two sequences of 2 and 3 tokens, every ratio inside the clip range, advantages that differ
  // token by token (where GSPO and GSPO-token part), log-ratios 0.1, −0.05 | 0.02, 0.08, −0.1.
  const lengths = [2, 3]
  const logProbs = [[-1, -0.5], [-2, -0.3, -0.8]]
  const logRatios = [[0.1, -0.05], [0.02, 0.08, -0.1]]
  const advantages = [[1, 0.4], [-0.5, 0.2, -1]]
  const batch: Batch = {
    logProbs: f32(logProbs),
    oldLogProbs: f32(logProbs.map((sequence, i) => sequence.map((logProb, t) => logProb - logRatios[i][t]))),
    refLogProbs: f32(logProbs),
    advantages: f32(advantages),
  }
  const wide = { ...BASE, epsLow: 0.5, epsHigh: 0.5 }
  const S = lengths.length
  // s_i = exp(mean_t log-ratio)
  const sequenceRatios = logRatios.map((sequence) => Math.exp(sequence.reduce((sum, value) => sum + value, 0) / sequence.length))

  it('gspo: through the sequence ratio, ∂L/∂log π_t = s_i·mean_u(−A_i,u)/(S·|o_i|)', async () => {
    // L = (1/S)·Σ_i (1/|o_i|)·Σ_u −A_i,u·s_i and ∂s_i/∂log π_t = s_i/|o_i|
    const expected = lengths.flatMap((length, i) => {
      const meanAdvantage = advantages[i].reduce((sum, value) => sum + value, 0) / length
      return new Array(length).fill((-meanAdvantage * sequenceRatios[i]) / (S * length))
    })
    const gradient = await policyGradient(batch, { ...wide, policyLoss: 'gspo' })
    gradient.forEach((value, t) => expect(value).toBeCloseTo(expected[t], 6))
  })

  it('gspo_token: each token its own, ∂L/∂log π_t = −A_i,t·s_i/(S·|o_i|)', async () => {
    // ℓ_t = −A_i,t·sg[s_i]·π_t/sg[π_t], so ∂ℓ_t/∂log π_t = −A_i,t·s_i and no other token moves it
    const expected = lengths.flatMap((length, i) => advantages[i].map((advantage) => (-advantage * sequenceRatios[i]) / (S * length)))
    const gradient = await policyGradient(batch, { ...wide, policyLoss: 'gspo_token' })
    gradient.forEach((value, t) => expect(value).toBeCloseTo(expected[t], 6))
  })

  it('gspo and gspo_token agree when every token carries its sequence’s advantage, as the learner’s do', async () => {
    const shared: Batch = { ...batch, advantages: f32(perToken(lengths, [0.7, -0.3])) }
    const sequence = await policyGradient(shared, { ...wide, policyLoss: 'gspo' })
    const token = await policyGradient(shared, { ...wide, policyLoss: 'gspo_token' })
    token.forEach((value, t) => expect(value).toBeCloseTo(sequence[t], 7))
  })

  it('cispo: no gradient through the clipped weight, ∂ℓ/∂log π = −clip(r)·A, even where the clip binds', async () => {
    // Token 0's ratio e^0.1 ≈ 1.105 clipped to 1.05; the others inside [0.95, 1.05] but token 2 (e^0.08) and 4 (e^−0.1).
    const narrow = { ...BASE, epsLow: 0.05, epsHigh: 0.05, aggregation: 'token-sum' as const }
    const clip = (ratio: number) => Math.min(Math.max(ratio, 0.95), 1.05)
    const expected = logRatios.flatMap((sequence, i) => sequence.map((logRatio, t) => -clip(Math.exp(logRatio)) * advantages[i][t]))
    const gradient = await policyGradient(batch, { ...narrow, policyLoss: 'cispo' })
    gradient.forEach((value, t) => expect(value).toBeCloseTo(expected[t], 6))
    // PPO loses the gradient of those same clipped tokens (A > 0 above, A < 0 below the range).
    const ppo = await policyGradient(batch, { ...narrow, policyLoss: 'ppo' })
    expect(ppo[0]).toBe(0)
    expect(ppo[4]).toBe(0)
  })

  it('sapo: ∂ℓ/∂log π = −A·4·σ·(1 − σ)·r, σ = σ(τ·(r − 1)); −A·r on policy, as PPO’s', async () => {
    const sigmoid = (x: number) => 1 / (1 + Math.exp(-x))
    const temperatures = { tauPos: 2, tauNeg: 0.5 }
    const expected = logRatios.flatMap((sequence, i) =>
      sequence.map((logRatio, t) => {
        const advantage = advantages[i][t]
        const ratio = Math.exp(logRatio)
        const gate = sigmoid((advantage > 0 ? 2 : 0.5) * (ratio - 1))
        // sapo's policy term is always seq-mean-token-mean: w′ = 1/(S·|o_i|), whatever the aggregation
        return (-advantage * 4 * gate * (1 - gate) * ratio) / (S * lengths[i])
      }),
    )
    const gradient = await policyGradient(batch, { ...BASE, ...temperatures, policyLoss: 'sapo', aggregation: 'token-sum' })
    gradient.forEach((value, t) => expect(value).toBeCloseTo(expected[t], 6))
    // on policy (r = 1, σ = 1/2): −A·w′, as ppo's under the same aggregation
    const onPolicy: Batch = { ...batch, oldLogProbs: batch.logProbs }
    const sapo = await policyGradient(onPolicy, { ...BASE, policyLoss: 'sapo', aggregation: 'seq-mean-token-mean' })
    const ppo = await policyGradient(onPolicy, { ...BASE, policyLoss: 'ppo', aggregation: 'seq-mean-token-mean' })
    sapo.forEach((value, t) => expect(value).toBeCloseTo(ppo[t], 7))
  })

  it('geo_mean: through the sequence’s g_i, ∂L/∂log π_t = −Ā_i·g_i/(S·|o_i|) where x_t is kept, 0 where the clamp is', async () => {
    // ε = 0.05: sequence 0 (A = 1, 0.4) keeps −0.05 and clamps 0.1 to 0.05; sequence 1 (A = −0.5, 0.2, −1)
    // keeps 0.02 (inside), clamps 0.08 for A = 0.2 and −0.1 for A = −1
    const narrow = { ...BASE, epsLow: 0.05, epsHigh: 0.05, aggregation: 'seq-mean-token-mean' as const }
    const kept = [[false, true], [true, false, false]]
    const clipped = [[0.05, -0.05], [0.02, 0.05, -0.05]]
    const expected = lengths.flatMap((length, i) => {
      const g = Math.exp(clipped[i].reduce((sum, value) => sum + value, 0) / length)
      const meanAdvantage = advantages[i].reduce((sum, value) => sum + value, 0) / length
      // Σ_t w′_t = 1/S: the sequence's ℓ_i once, over |o_i| tokens
      return kept[i].map((keeps) => (keeps ? (-meanAdvantage * g) / (S * length) : 0))
    })
    const gradient = await policyGradient(batch, { ...narrow, policyLoss: 'geo_mean' })
    gradient.forEach((value, t) => expect(value).toBeCloseTo(expected[t], 6))
  })

  it('k1+ and k3+: the KL term descends k2’s gradient, β·w·(log π − log π_ref), whatever their values', async () => {
    // token-sum (w = 1), β = 0.5, the policy term left out (A = 0); log π − log π_ref from −0.9 to 1.1
    const refBatch: Batch = { ...batch, refLogProbs: f32(logProbs.map((sequence, i) => sequence.map((logProb, t) => logProb - [[0.3, -0.9], [1.1, 0.2, -0.4]][i][t]))), advantages: f32(perToken(lengths, [0, 0])) }
    const expected = refBatch.logProbs.flat().map((logProb, t) => 0.5 * (logProb - refBatch.refLogProbs.flat()[t]))
    for (const kl of ['k1+', 'k3+', 'k2'] as const) {
      const slopes = learnerTerms(refBatch, { ...BASE, kl, beta: 0.5, aggregation: 'token-sum' }).slopes
      slopes.forEach((value, t) => expect(value, `${kl} token ${t}`).toBeCloseTo(expected[t], 6))
    }
    // the values stay k1's and k3's
    expect(coreTerms(refBatch, { ...BASE, kl: 'k1+', beta: 0.5, aggregation: 'token-sum' }).kl).toBe(coreTerms(refBatch, { ...BASE, kl: 'k1', beta: 0.5, aggregation: 'token-sum' }).kl)
    expect(coreTerms(refBatch, { ...BASE, kl: 'k3+', beta: 0.5, aggregation: 'token-sum' }).kl).toBe(coreTerms(refBatch, { ...BASE, kl: 'k3', beta: 0.5, aggregation: 'token-sum' }).kl)
  })

  it('reinforce: ∂ℓ/∂log π = −A', async () => {
    const gradient = await policyGradient(batch, { ...BASE, policyLoss: 'reinforce', aggregation: 'token-sum' })
    gradient.forEach((value, t) => expect(value).toBeCloseTo(-advantages.flat()[t], 6))
  })

  it('ppo: no gradient where the dual clip binds, nor past the ratio clamp', async () => {
    // Token 0: A = −1 and r = e^1.5 ≈ 4.5 > C = 2; token 1: log-ratio 25 past the clamp (A = −1, so −A·r is the loss).
    const capped: Batch = { logProbs: [[-1, -0.5]], oldLogProbs: f32([[-2.5, -25.5]]), refLogProbs: [[-1, -0.5]], advantages: [[-1, -1]] }
    expect(await policyGradient(capped, { ...BASE, aggregation: 'token-sum', dualClip: 2 })).toEqual([0, 0])
    // Without the dual clip, token 0 has the gradient −A·r; token 1 is still past the clamp.
    const free = await policyGradient(capped, { ...BASE, aggregation: 'token-sum' })
    expect(free[0]).toBeCloseTo(Math.exp(1.5), 4)
    expect(free[1]).toBe(0)
  })
})
