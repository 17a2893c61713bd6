import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { clipCovSelection, klCovSelection, selectedShare, tokenCovariances } from './covariance'
import { policyLoss, type PolicyLossOptions } from './policyLoss'

/*
 * Two completions of two tokens, A = (2, 2 | −2, −2), log π = (−1, −3 | −1, −3.5):
 *   mean A = 0, mean log π = −2.125, log π − mean = (1.125, −0.875 | 1.125, −1.375)
 *   cov = (2.25, −1.75 | −2.25, 2.75)
 * Log-ratios log π − log π_old = (0.1, −0.2 | 0.3, −0.4); with ε = 0.2 only the last token is
 * clipped (A < 0, r = e^−0.4 ≈ 0.67 < 0.8: −A·clip(r) = 1.6 > −A·r ≈ 1.34).
 */
const LOG_PROBS = [[-1, -3], [-1, -3.5]]
const LOG_RATIOS = [[0.1, -0.2], [0.3, -0.4]]
const INPUTS = {
  logProbs: LOG_PROBS,
  oldLogProbs: LOG_PROBS.map((sequence, i) => sequence.map((logProb, t) => logProb - LOG_RATIOS[i][t])),
  advantages: [[2, 2], [-2, -2]],
  refLogProbs: null,
}
const COVARIANCES = [2.25, -1.75, -2.25, 2.75]
const OPTIONS: PolicyLossOptions = { policyLoss: 'clip_cov', clip: { low: 0.2, high: 0.2 }, dualClip: null, aggregation: 'token-sum', maxLength: null, kl: null, beta: 0 }

describe('the token covariance', () => {
  it('is (A − mean A)·(log π − mean log π) over the counted tokens', () => {
    Array.from(tokenCovariances(LOG_PROBS.flat(), [2, 2, -2, -2], undefined)).forEach((value, t) => expect(value).toBeCloseTo(COVARIANCES[t], 14))
    // leaving the last token out: mean A = 2/3, mean log π = −5/3; token 0: (4/3)·(2/3) = 8/9
    const counted = tokenCovariances(LOG_PROBS.flat(), [2, 2, -2, -2], [1, 1, 1, 0])
    expect(counted[0]).toBeCloseTo(8 / 9, 14)
    expect(counted[3]).toBeNaN()
  })
})

describe('Clip-Cov’s selection', () => {
  const none = [0, 0, 0, 0]
  it('draws max(⌊ratio·N⌋, 1) tokens at random from those strictly inside the band that PPO does not clip', () => {
    // band (1, 5): tokens 0 and 3; verl's default ratio 0.0002 of 4 tokens: 1 of them, the rng's pick
    const rng = new Rng(7)
    const pick = [0, 3][new Rng(7).int(2)]
    expect(Array.from(clipCovSelection(COVARIANCES, none, undefined, { ratio: 0.0002, lb: 1, ub: 5 }, rng))).toEqual([0, 1, 2, 3].map((t) => (t === pick ? 1 : 0)))
    // over seeds both are drawn
    const picked = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => clipCovSelection(COVARIANCES, none, undefined, { ratio: 0.0002, lb: 1, ub: 5 }, new Rng(seed)).indexOf(1)))
    expect([...picked].sort()).toEqual([0, 3])
    // ratio 0.5 of 4: both; a PPO-clipped token is never drawn; the band's ends are outside it
    expect(Array.from(clipCovSelection(COVARIANCES, none, undefined, { ratio: 0.5, lb: 1, ub: 5 }, new Rng(1)))).toEqual([1, 0, 0, 1])
    expect(Array.from(clipCovSelection(COVARIANCES, [0, 0, 0, 1], undefined, { ratio: 0.0002, lb: 1, ub: 5 }, new Rng(1)))).toEqual([1, 0, 0, 0])
    expect(Array.from(clipCovSelection(COVARIANCES, none, undefined, { ratio: 0.5, lb: 2.25, ub: 2.75 }, new Rng(1)))).toEqual([0, 0, 0, 0])
    // a token that does not count is never drawn
    expect(Array.from(clipCovSelection(COVARIANCES, none, [1, 1, 1, 0], { ratio: 0.5, lb: 1, ub: 5 }, new Rng(1)))).toEqual([1, 0, 0, 0])
  })

  it('draws nothing from the generator when the band holds no more than it takes', () => {
    const rng = new Rng(3)
    clipCovSelection(COVARIANCES, none, undefined, { ratio: 0.5, lb: 1, ub: 5 }, rng)
    expect(rng.uniform()).toBe(new Rng(3).uniform())
  })
})

describe('KL-Cov’s selection', () => {
  it('takes the max(1, ⌊ratio·N⌋) tokens of largest covariance, the earlier on a tie', () => {
    expect(Array.from(klCovSelection(COVARIANCES, undefined, 0.0002))).toEqual([0, 0, 0, 1])
    expect(Array.from(klCovSelection(COVARIANCES, undefined, 0.5))).toEqual([1, 0, 0, 1])
    expect(Array.from(klCovSelection([1, 2, 2, 0], undefined, 0.25))).toEqual([0, 1, 0, 0])
    expect(Array.from(klCovSelection(COVARIANCES, [1, 1, 1, 0], 0.0002))).toEqual([1, 0, 0, 0])
    expect(Array.from(klCovSelection(COVARIANCES, [0, 0, 0, 0], 0.5))).toEqual([0, 0, 0, 0])
    expect(selectedShare([1, 0, 0, 1], [1, 1, 1, 0])).toBe(1 / 3)
  })
})

describe('clip_cov and kl_cov in the reference loss', () => {
  it('clip_cov: PPO’s clipped terms, the selected token’s term 0, still in the divisor', () => {
    // token 3 is PPO-clipped, so the band (1, 5) leaves token 0 alone: it is detached whatever the draw
    const result = policyLoss(INPUTS, OPTIONS)
    expect(result.tokenLoss[0][0]).toBe(0)
    expect(result.tokenLoss[0][1]).toBeCloseTo(-2 * Math.exp(-0.2), 14)
    expect(result.tokenLoss[1][0]).toBeCloseTo(2 * Math.exp(0.3), 14)
    expect(result.tokenLoss[1][1]).toBeCloseTo(1.6, 14)
    expect(result.clipFraction).toBe(1 / 4)
    expect(result.selectedFraction).toBe(1 / 4)
    // token-mean divides by all 4 tokens, the detached one included
    const mean = policyLoss(INPUTS, { ...OPTIONS, aggregation: 'token-mean' })
    expect(mean.policyLoss).toBeCloseTo((-2 * Math.exp(-0.2) + 2 * Math.exp(0.3) + 1.6) / 4, 14)
    // a band that holds nothing is PPO without its clamp or dual clip
    const empty = policyLoss(INPUTS, { ...OPTIONS, clipCov: { ratio: 0.0002, lb: 3, ub: 5 } })
    expect(empty.tokenLoss[0][0]).toBeCloseTo(-2 * Math.exp(0.1), 14)
    expect(empty.selectedFraction).toBe(0)
  })

  it('kl_cov: −A·r everywhere, no clip, coef·|log r| added at the tokens of largest covariance', () => {
    const unclipped = [-2 * Math.exp(0.1), -2 * Math.exp(-0.2), 2 * Math.exp(0.3), 2 * Math.exp(-0.4)]
    // verl's defaults: ratio 0.0002 → 1 token, the last (cov 2.75); coef 0.1
    const result = policyLoss(INPUTS, { ...OPTIONS, policyLoss: 'kl_cov' })
    result.tokenLoss.flatMap((sequence) => Array.from(sequence)).forEach((value, t) => expect(value).toBeCloseTo(unclipped[t] + (t === 3 ? 0.1 * 0.4 : 0), 14))
    expect(result.clipFraction).toBe(0)
    expect(result.selectedFraction).toBe(1 / 4)
    // ratio 0.5, coef 2: tokens 3 and 0
    const wide = policyLoss(INPUTS, { ...OPTIONS, policyLoss: 'kl_cov', klCov: { ratio: 0.5, coef: 2 } })
    expect(wide.tokenLoss[0][0]).toBeCloseTo(unclipped[0] + 2 * 0.1, 14)
    expect(wide.tokenLoss[1][1]).toBeCloseTo(unclipped[3] + 2 * 0.4, 14)
    expect(wide.policyLoss).toBeCloseTo(unclipped.reduce((sum, value) => sum + value, 0) + 2 * 0.5, 14)
  })

  it('refuses options that do not fit', () => {
    expect(() => policyLoss(INPUTS, { ...OPTIONS, policyLoss: 'ppo', clipCov: { ratio: 0.1, lb: 1, ub: 5 } })).toThrow("Clip-Cov's ratio and band apply to clip_cov only, not ppo")
    expect(() => policyLoss(INPUTS, { ...OPTIONS, clipCov: { ratio: 0.1, lb: 5, ub: 1 } })).toThrow('its band lb < ub finite')
    expect(() => policyLoss(INPUTS, { ...OPTIONS, clipCov: { ratio: 0, lb: 1, ub: 5 } })).toThrow("Clip-Cov's ratio must be above 0")
    expect(() => policyLoss(INPUTS, { ...OPTIONS, klCov: { ratio: 0.1, coef: 1 } })).toThrow("KL-Cov's ratio and coefficient apply to kl_cov only, not clip_cov")
    expect(() => policyLoss(INPUTS, { ...OPTIONS, policyLoss: 'kl_cov', klCov: { ratio: 0.1, coef: Number.NaN } })).toThrow('its coefficient finite and at least 0')
  })
})
