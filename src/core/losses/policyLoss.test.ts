import { describe, expect, it } from 'vitest'
import { AGGREGATIONS, type Aggregation } from './aggregation'
import { policyLoss, type PolicyLossInputs, type PolicyLossOptions } from './policyLoss'
import { perTokenAdvantages } from './sequences'

/*
 * ε = 1/4. Sequence 0 has token log-ratios (2·log 1.5, 0): token ratios 2.25 and 1, sequence ratio
 * exactly 1.5; sequence 1 is one token of ratio 0.5. Advantages per sequence (1, −1).
 *   PPO:  (−1.25 clipped, −1 | max(0.5, 0.75) = 0.75 clipped)      Σ = −1.5, 2 of 3 tokens clipped
 *   GSPO: s = 1.5 → (−1.25, −1.25 clipped | s = 0.5 → 0.75 clipped)  every token clipped
 * The reference puts d = log π_ref − log π at (1, −2 | 0): k2 = (0.5, 2 | 0).
 */
const LOG_15 = Math.log(1.5)
const LOG_PROBS = [[2 * LOG_15, 0], [Math.log(0.5)]]
const BASE: PolicyLossInputs = { logProbs: LOG_PROBS, oldLogProbs: [[0, 0], [0]], advantages: perTokenAdvantages([1, -1], LOG_PROBS), refLogProbs: null }
const REF = [[2 * LOG_15 + 1, -2], [Math.log(0.5)]]
const OPTIONS: PolicyLossOptions = { policyLoss: 'ppo', clip: { low: 0.25, high: 0.25 }, dualClip: null, aggregation: 'token-mean', maxLength: null, kl: null, beta: 0 }

const run = (options: Partial<PolicyLossOptions>, inputs: Partial<PolicyLossInputs> = {}) => policyLoss({ ...BASE, ...inputs }, { ...OPTIONS, ...options })
const rows = (sequences: Float64Array[]) => sequences.map((sequence) => Array.from(sequence))

describe('policyLoss', () => {
  it('aggregates PPO’s token losses as asked, without a KL term', () => {
    const expected: [Aggregation, number][] = [
      ['token-mean', -0.5], // −1.5/3
      ['token-sum', -1.5],
      ['seq-mean-token-mean', -0.1875], // (−2.25/2 + 0.75)/2
      ['seq-mean-token-sum', -0.75], // (−2.25 + 0.75)/2
      ['seq-mean-token-sum-norm', -0.25], // −1.5/(2·3)
    ]
    for (const [aggregation, value] of expected) {
      const result = run({ aggregation, maxLength: aggregation === 'seq-mean-token-sum-norm' ? 3 : null })
      expect(result).toEqual({ loss: value, policyLoss: value, kl: 0, clipFraction: 2 / 3, tokenLoss: [Float64Array.of(-1.25, -1), Float64Array.of(0.75)] })
    }
  })

  it('takes advantages per token as well as spread from one per sequence', () => {
    expect(run({}, { advantages: [[1, 1], [-1]] })).toEqual(run({}))
    // Per token, A = (1, −1 | −1): token 1 becomes max(1, 1) = 1 (ratio 1, unclipped)
    const perToken = run({}, { advantages: [[1, -1], [-1]] })
    expect(rows(perToken.tokenLoss)).toEqual([[-1.25, 1], [0.75]])
    expect(perToken.policyLoss).toBe(0.5 / 3)
  })

  it('aggregates GSPO’s policy loss seq-mean-token-mean whatever the aggregation, while the KL follows it', () => {
    for (const aggregation of AGGREGATIONS) {
      const result = run({ policyLoss: 'gspo', aggregation, maxLength: 3 })
      // (mean(−1.25, −1.25) + 0.75)/2
      expect(result.policyLoss).toBe(-0.25)
      expect(result.clipFraction).toBe(1)
      expect(rows(result.tokenLoss)).toEqual([[-1.25, -1.25], [0.75]])
    }
    // k2 = (0.5, 2 | 0) summed: 2.5; loss = −0.25 + 0.1·2.5
    const withKl = run({ policyLoss: 'gspo', aggregation: 'token-sum', kl: 'k2', beta: 0.1 }, { refLogProbs: REF })
    expect(withKl.policyLoss).toBe(-0.25)
    expect(withKl.kl).toBeCloseTo(2.5, 14)
    expect(withKl.loss).toBeCloseTo(0, 14)
    // the same KL under seq-mean-token-mean: (1.25 + 0)/2
    expect(run({ policyLoss: 'gspo', aggregation: 'seq-mean-token-mean', kl: 'k2', beta: 0.1 }, { refLogProbs: REF }).kl).toBeCloseTo(0.625, 14)
  })

  it('gives GSPO-token the numbers of GSPO', () => {
    for (const aggregation of AGGREGATIONS) {
      const options = { aggregation, maxLength: 3, kl: 'k3' as const, beta: 0.5 }
      expect(run({ ...options, policyLoss: 'gspo_token' }, { refLogProbs: REF })).toEqual(run({ ...options, policyLoss: 'gspo' }, { refLogProbs: REF }))
    }
  })

  it('adds β times the aggregated KL, and reports the KL with β = 0', () => {
    // token-mean of k2: 2.5/3; k1 = log π − log π_ref = (−1, 2 | 0): 1/3
    const k2 = run({ kl: 'k2', beta: 0.3 }, { refLogProbs: REF })
    expect(k2.kl).toBeCloseTo(2.5 / 3, 14)
    expect(k2.policyLoss).toBe(-0.5)
    expect(k2.loss).toBeCloseTo(-0.5 + 0.3 * (2.5 / 3), 14)
    const k1 = run({ kl: 'k1', beta: 0 }, { refLogProbs: REF })
    expect(k1.kl).toBeCloseTo(1 / 3, 14)
    expect(k1.loss).toBe(-0.5)
    // k3 = (e − 2, e^−2 + 1 | 0), averaged per sequence: ((e − 1 + e^−2)/2 + 0)/2
    expect(run({ kl: 'k3', beta: 1, aggregation: 'seq-mean-token-mean' }, { refLogProbs: REF }).kl).toBeCloseTo((Math.E - 1 + Math.exp(-2)) / 4, 14)
    // The KL term is not part of tokenLoss
    expect(k2.tokenLoss).toEqual(run({}).tokenLoss)
  })

  it('runs CISPO and REINFORCE through the same aggregation', () => {
    // CISPO: −clip(r)·A·log π = (−1.25·2·log 1.5, −1·0 | −0.75·(−1)·log 0.5); ratios 2.25 and 0.5 outside
    const cispo = run({ policyLoss: 'cispo', aggregation: 'token-sum' })
    expect(cispo.tokenLoss[0][0]).toBeCloseTo(-2.5 * LOG_15, 14)
    expect(cispo.tokenLoss[0][1]).toBe(-0)
    expect(cispo.tokenLoss[1][0]).toBeCloseTo(0.75 * Math.log(0.5), 14)
    expect(cispo.clipFraction).toBe(2 / 3)
    // REINFORCE: −A·log π = (−2 log 1.5, −0 | log 0.5), never clipped
    const reinforce = run({ policyLoss: 'reinforce', aggregation: 'seq-mean-token-sum' })
    expect(reinforce.policyLoss).toBeCloseTo((-2 * LOG_15 + Math.log(0.5)) / 2, 14)
    expect(reinforce.clipFraction).toBe(0)
  })

  it('applies the dual clip for PPO', () => {
    // log-ratio 25 (r = e^20) with A = −1: e^20 unclipped, capped at C = 3
    const far = { logProbs: [[0]], oldLogProbs: [[-25]], advantages: [[-1]] }
    expect(run({}, far).policyLoss).toBe(Math.exp(20))
    expect(run({ dualClip: 3 }, far)).toEqual({ loss: 3, policyLoss: 3, kl: 0, clipFraction: 0, tokenLoss: [Float64Array.of(3)] })
  })

  it('runs GMPO and SAPO per sequence, whatever the aggregation, while the KL follows it', () => {
    // GMPO, ε = 1/4: sequence 0 (A = 1) x = (2·log 1.5 ≈ 0.81, 0) → x′ = (0.25, 0), g = e^0.125;
    // sequence 1 (A = −1) x = log 0.5 ≈ −0.69 → x′ = −0.25, g = e^−0.25. Mean of (−e^0.125, e^−0.25).
    // Both of the moved log-ratios count as clipped, the one at 0 not.
    for (const aggregation of AGGREGATIONS) {
      const geoMean = run({ policyLoss: 'geo_mean', aggregation, maxLength: 3 })
      expect(geoMean.policyLoss).toBeCloseTo((-Math.exp(0.125) + Math.exp(-0.25)) / 2, 14)
      expect(geoMean.clipFraction).toBe(2 / 3)
    }
    // SAPO, τ_pos = 1, τ_neg = 1.05: ℓ = −A·σ(τ·(r − 1))·4/τ with r = (2.25, 1 | 0.5)
    const sigmoid = (x: number) => 1 / (1 + Math.exp(-x))
    const sapoTokens = [[-4 * sigmoid(1.25), -2], [(4 / 1.05) * sigmoid(-1.05 * 0.5)]]
    const sapo = run({ policyLoss: 'sapo', aggregation: 'token-sum', kl: 'k2', beta: 0.1 }, { refLogProbs: REF })
    sapo.tokenLoss.forEach((sequence, i) => sequence.forEach((loss, t) => expect(loss).toBeCloseTo(sapoTokens[i][t], 14)))
    expect(sapo.policyLoss).toBeCloseTo((sapoTokens[0][0] + sapoTokens[0][1]) / 2 / 2 + sapoTokens[1][0] / 2, 14)
    expect(sapo.clipFraction).toBe(0)
    // the KL summed, as token-sum asks: k2 = (0.5, 2 | 0)
    expect(sapo.kl).toBeCloseTo(2.5, 14)
    // τ_pos = 2 halves the first sequence's gate height: −σ(2·1.25)·2, −1
    const hot = run({ policyLoss: 'sapo', temperatures: { pos: 2, neg: 1.05 } })
    expect(hot.tokenLoss[0][0]).toBeCloseTo(-2 * sigmoid(2.5), 14)
    expect(hot.tokenLoss[0][1]).toBe(-1)
  })

  it('caps PPO’s unclipped ratio at δ', () => {
    // A = −1, log-ratio ln 4 (r = 4): 4 without δ, 2 with δ = 2, 1.5 with the dual clip C = 1.5 on top
    const far = { logProbs: [[0]], oldLogProbs: [[-Math.log(4)]], advantages: [[-1]] }
    expect(run({}, far).policyLoss).toBeCloseTo(4, 14)
    expect(run({ delta: 2 }, far).policyLoss).toBe(2)
    expect(run({ delta: 2, dualClip: 1.5 }, far).policyLoss).toBe(1.5)
    // δ = null is no δ
    expect(run({ delta: null }, far)).toEqual(run({}, far))
  })

  it('refuses inputs that do not fit together', () => {
    expect(() => run({ policyLoss: 'gspo', delta: 2 })).toThrow('the two-sided clip δ applies to ppo only, not gspo')
    expect(() => run({ delta: 1 })).toThrow('the two-sided clip δ must be a finite number above 1')
    expect(() => run({ temperatures: { pos: 1, neg: 1 } })).toThrow('the temperatures τ_pos and τ_neg apply to sapo only, not ppo')
    expect(() => run({ policyLoss: 'sapo', temperatures: { pos: 0, neg: 1 } })).toThrow('τ_pos and τ_neg must be finite numbers above 0')
    expect(() => run({}, { oldLogProbs: [[0, 0]] })).toThrow('oldLogProbs has 1 sequences, expected 2')
    expect(() => run({}, { advantages: [[1], [1]] })).toThrow('advantages[0] has 1 tokens, expected 2')
    expect(() => run({}, { logProbs: [], oldLogProbs: [], advantages: [] })).toThrow('at least one sequence')
    expect(() => run({}, { logProbs: [[], [0]], oldLogProbs: [[], [0]], advantages: [[], [0]] })).toThrow('sequence 0 is empty')
    expect(() => run({ kl: 'k1' })).toThrow('refLogProbs go with a KL estimator')
    expect(() => run({}, { refLogProbs: REF })).toThrow('refLogProbs go with a KL estimator')
    expect(() => run({ kl: 'k1' }, { refLogProbs: [[0], [0]] })).toThrow('refLogProbs[0] has 1 tokens')
    expect(() => run({ dualClip: 1 })).toThrow('the dual clip C must be a finite number above 1')
    expect(() => run({ policyLoss: 'gspo', dualClip: 3 })).toThrow('the dual clip applies to ppo only, not gspo')
    expect(() => run({ clip: { low: 1.5, high: 0.2 } })).toThrow('ε_low must be from 0 to 1')
    expect(() => run({ beta: -1 })).toThrow('β must be a finite number of at least 0')
    expect(() => run({ aggregation: 'seq-mean-token-sum-norm' })).toThrow('needs the maximum length L')
  })
})
