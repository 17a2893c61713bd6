import { describe, expect, it } from 'vitest'
import { cispoTokenLosses } from './cispo'

/*
 * ε = 1/4. log π = −1 at every token, log π_old chosen for the ratio r = e^(−1 − log π_old); the
 * clipped ratio is then exactly 0.75, 1 or 1.25 whatever the last bit of r.
 */
const CLIP = { low: 0.25, high: 0.25 }

function cispo(ratios: number[], advantages: number[], logProbs = ratios.map(() => -1), oldLogProbs = ratios.map((r, t) => logProbs[t] - Math.log(r))) {
  const { tokenLoss, clippedTokens } = cispoTokenLosses({ logProbs: [logProbs], oldLogProbs: [oldLogProbs], advantages: [advantages] }, CLIP)
  return { losses: Array.from(tokenLoss[0]), clipped: clippedTokens }
}

describe('cispoTokenLosses', () => {
  it('weighs −A·log π by the clipped ratio', () => {
    // A = 2, log π = −1: ℓ = −clip(r)·2·(−1) = 2·clip(r): r = 1.5 → 2.5, r = 0.5 → 1.5, r = 1 → 2
    const { losses, clipped } = cispo([1.5, 0.5, 1], [2, 2, 2])
    expect(losses).toEqual([2.5, 1.5, 2])
    expect(clipped).toBe(2)
  })

  it('counts a ratio outside the range as clipped whatever A, zero and negative included', () => {
    // A = −2: ℓ = −2·clip(r): r = 1.5 → −2.5; A = 0 → 0, still clipped
    const { losses, clipped } = cispo([1.5, 1.5, 0.5], [-2, 0, 0])
    expect(losses).toEqual([-2.5, 0, 0])
    expect(clipped).toBe(3)
  })

  it('does not count a ratio exactly on a bound', () => {
    // log π = 0, log π_old = log 0.8: r = 1.25 exactly; log π = log 0.75, log π_old = 0: r = 0.75
    const { losses, clipped } = cispo([1.25, 0.75], [1, 1], [0, Math.log(0.75)], [Math.log(0.8), 0])
    expect(losses).toEqual([-0, 0.75 * Math.log(0.75) * -1])
    expect(clipped).toBe(0)
  })

  it('clamps the log-ratio at ±20 far outside the range, which the clip then bounds', () => {
    // log-ratios 25 and −25: r = e^±20, clipped to 1.25 and 0.75; ℓ = −clip(r)·1·(−1)
    const { losses, clipped } = cispo([0, 0], [1, 1], [-1, -1], [-26, 24])
    expect(losses).toEqual([1.25, 0.75])
    expect(clipped).toBe(2)
  })
})
