import { describe, expect, it } from 'vitest'
import { Rng } from '../core/rng'
import { POLICY_LOSSES } from '../core/losses/policyLoss'
import { highEntropyMask } from './entropyMask'
import { aggregationWeights, grpoLoss, lossWeights, type GrpoTokenRows } from './grpoLoss'
import { actionLogProbs } from './logSoftmax'

/*
 * High-entropy token training (Wang et al. 2025): the top q fraction of the batch's tokens by
 * entropy carry policy-gradient weight, the divisors still count every token, the KL is untouched.
 */

describe('highEntropyMask', () => {
  it('keeps the ⌈q·N⌉ tokens of highest entropy', () => {
    // 10 candidates, q = 0.2: k = 2, the entropies 0.9 and 1.3 (tokens 3 and 7).
    const entropies = [0.1, 0.5, 0.2, 0.9, 0.3, 0.05, 0.4, 1.3, 0.6, 0.7]
    const { mask, kept, candidates } = highEntropyMask(entropies, new Float32Array(10).fill(0.1), 0.2)
    expect(Array.from(mask)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0])
    expect([kept, candidates]).toEqual([2, 10])
  })

  it('keeps every token tied at the threshold, whatever their order', () => {
    // k = ⌈0.3·5⌉ = 2; the 2nd largest entropy, 0.5, is shared by tokens 1, 2 and 4: all three are in.
    const { mask, kept } = highEntropyMask([0.2, 0.5, 0.5, 0.8, 0.5], new Float32Array(5).fill(1), 0.3)
    expect(Array.from(mask)).toEqual([0, 1, 1, 1, 1])
    expect(kept).toBe(4)
  })

  it('takes no candidate from a completion masked out of the loss (weight 0), and counts k among the rest', () => {
    // Tokens 0–1 weigh 0 (a cut completion under maskTruncated): of the other 4, q = 0.5 keeps 2.
    const weights = Float32Array.from([0, 0, 0.25, 0.25, 0.25, 0.25])
    const { mask, kept, candidates } = highEntropyMask([5, 4, 0.1, 0.3, 0.2, 0.4], weights, 0.5)
    expect(Array.from(mask)).toEqual([0, 0, 0, 1, 0, 1])
    expect([kept, candidates]).toEqual([2, 4])
  })

  it('counts k = ⌈q·N⌉ without the rounding of q·N (0.07·100 is 7.000000000000001 in float64)', () => {
    expect(0.07 * 100).toBeGreaterThan(7)
    const entropies = Array.from({ length: 100 }, (_, t) => t)
    expect(highEntropyMask(entropies, new Float32Array(100).fill(1), 0.07).kept).toBe(7)
    // At least one token, however small q is.
    expect(highEntropyMask(entropies, new Float32Array(100).fill(1), 0.001).kept).toBe(1)
  })

  it('keeps every candidate at q = 1 and refuses a fraction outside (0, 1]', () => {
    const { mask } = highEntropyMask([0.3, 0.3, 0.1, 2], Float32Array.from([1, 1, 0, 1]), 1)
    expect(Array.from(mask)).toEqual([1, 1, 0, 1])
    expect(() => highEntropyMask([1], [1], 0)).toThrow(/above 0 and at most 1/)
    expect(() => highEntropyMask([1], [1], 1.5)).toThrow(/above 0 and at most 1/)
  })
})

describe('actionLogProbs entropies', () => {
  it('gives each row its entropy −Σ_a π·log π, and their mean as before', () => {
    // Row 0 uniform over 4: ln 4. Row 1 π = (1/2, 1/4, 1/8, 1/8): 1/2·ln 2 + 1/4·ln 4 + 2·1/8·ln 8 = 1.75·ln 2.
    const logits = [0, 0, 0, 0, Math.log(4), Math.log(2), 0, 0]
    const { entropies, entropy } = actionLogProbs(logits, [0, 1], 4)
    expect(entropies[0]).toBeCloseTo(Math.log(4), 12)
    expect(entropies[1]).toBeCloseTo(1.75 * Math.LN2, 12)
    expect(entropy).toBeCloseTo((Math.log(4) + 1.75 * Math.LN2) / 2, 12)
  })
})

describe('grpoLoss with a high-entropy mask', () => {
  // Two completions of 2 and 3 tokens, token-mean (w = 1/5), ppo, ε = 0.2, log π_old = 0.
  const lengths = [2, 3]
  const ratios = [1.1, 0.9, 1.05, 0.95, 1.5]
  const advantages = [1, 1, -0.5, -0.5, -0.5]
  const logProbs = ratios.map(Math.log)
  const weights = aggregationWeights(lengths, 'token-mean', 4)
  const rows: GrpoTokenRows = { lengths, oldLogProbs: new Float64Array(5), refLogProbs: [0, 0, 0, 0, 0], advantages, weights, policyWeights: weights }
  const options = { policyLoss: 'ppo', epsLow: 0.2, epsHigh: 0.2, dualClip: null, kl: 'k3', beta: 0 } as const
  const mask = [1, 0, 0, 1, 1]

  it('weighs the left-out tokens 0 in the policy loss and gives them zero gradient, the divisor still every token', () => {
    const slopes = new Float64Array(5)
    const terms = grpoLoss(logProbs, { ...rows, policyMask: mask }, options, slopes)
    // Kept: ℓ_0 = −1.1·1, ℓ_3 = −(0.95·(−0.5)) = 0.475, ℓ_4 = −min(1.5·(−0.5), 1.2·(−0.5)) = 0.75; over all 5 tokens.
    expect(terms.policyLoss).toBeCloseTo((-1.1 + 0.475 + 0.75) / 5, 6)
    // ∂ℓ/∂log π = −A·ρ unclipped: −1.1, 0.475, 0.75 (ρ = 1.5 with A < 0 is unclipped: the larger loss); × 1/5.
    expect(Array.from(slopes, (slope) => Number(slope.toFixed(6)))).toEqual([-0.22, 0, 0, 0.095, 0.15])
    // Exactly zero (0·slope may be −0).
    expect(slopes[1] === 0 && slopes[2] === 0).toBe(true)
    // A kept token's gradient is exactly its gradient without the mask: the divisors are unchanged.
    const unmasked = new Float64Array(5)
    grpoLoss(logProbs, rows, options, unmasked)
    for (const t of [0, 3, 4]) expect(slopes[t]).toBe(unmasked[t])
  })

  it('leaves the KL term on every token', () => {
    const withKl = { ...options, beta: 0.1 }
    const ref = [0.1, -0.2, 0.3, 0, 0.05]
    const masked = new Float64Array(5)
    const terms = grpoLoss(logProbs, { ...rows, refLogProbs: ref, policyMask: mask }, withKl, masked)
    const plain = grpoLoss(logProbs, { ...rows, refLogProbs: ref }, withKl, new Float64Array(5))
    expect(terms.kl).toBe(plain.kl)
    // A left-out token's gradient is β·w·∂KL/∂log π alone: 1 − e^d, d = log π_ref − log π.
    expect(masked[1]).toBeCloseTo((0.1 / 5) * (1 - Math.exp(-0.2 - Math.log(0.9))), 9)
    expect(masked[2]).toBeCloseTo((0.1 / 5) * (1 - Math.exp(0.3 - Math.log(1.05))), 9)
  })

  it.each(POLICY_LOSSES)('%s: q = 1 gives the loss and gradient of no mask, bit for bit', (policyLoss) => {
    const rng = new Rng(11)
    const batchLengths = [3, 1, 4, 2, 4, 3]
    const count = batchLengths.reduce((sum, length) => sum + length, 0)
    const draw = (scale: number) => Array.from({ length: count }, () => scale * rng.normal())
    const current = draw(0.3).map((value) => value - 1)
    const batch: GrpoTokenRows = {
      lengths: batchLengths,
      oldLogProbs: current.map((value, t) => value + 0.2 * Math.sin(t)),
      refLogProbs: draw(0.3).map((value) => value - 1),
      advantages: batchLengths.flatMap((length) => new Array(length).fill(rng.normal())),
      ...lossWeights(batchLengths, { policyLoss, aggregation: 'seq-mean-token-mean' }, 4),
    }
    const lossOptions = { policyLoss, epsLow: 0.2, epsHigh: 0.28, dualClip: policyLoss === 'ppo' ? 3 : null, kl: 'k3', beta: 0.04 } as const
    const { mask, kept } = highEntropyMask(draw(1).map(Math.abs), batch.policyWeights, 1)
    expect(kept).toBe(count)
    const [withMask, without] = [new Float64Array(count), new Float64Array(count)]
    expect(grpoLoss(current, { ...batch, policyMask: mask }, lossOptions, withMask)).toEqual(grpoLoss(current, batch, lossOptions, without))
    expect(Array.from(withMask)).toEqual(Array.from(without))
  })
})
