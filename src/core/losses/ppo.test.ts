import { describe, expect, it } from 'vitest'
import { ppoTokenLosses } from './ppo'

/*
 * One token per case, ε_low = ε_high = 1/4 (bounds 0.75 and 1.25, exact in binary). A ratio r is
 * made exactly: log π = log r, log π_old = 0 gives r = exp(log r), which is r itself for the
 * ratios used here (0.5, 0.75), and log π = 0, log π_old = log x gives 1/x (1.25, 1.5, 2).
 */
const CLIP = { low: 0.25, high: 0.25 }

/** log π, log π_old for the ratio r. */
function tokenFor(ratio: number): [number, number] {
  return ratio <= 1 ? [Math.log(ratio), 0] : [0, Math.log(1 / ratio)]
}

function ppo(ratio: number | [number, number], advantage: number, dualClip: number | null = null) {
  const [logProb, oldLogProb] = typeof ratio === 'number' ? tokenFor(ratio) : ratio
  const { tokenLoss, clippedTokens } = ppoTokenLosses({ logProbs: [[logProb]], oldLogProbs: [[oldLogProb]], advantages: [[advantage]] }, CLIP, dualClip)
  return { loss: tokenLoss[0][0], clipped: clippedTokens }
}

describe('ppoTokenLosses', () => {
  it('makes the ratios these cases rely on exactly', () => {
    expect([0.5, 0.75, 1.25, 1.5, 2].map((r) => Math.exp(tokenFor(r)[0] - tokenFor(r)[1]))).toEqual([0.5, 0.75, 1.25, 1.5, 2])
  })

  it('clips a positive advantage above 1 + ε_high and keeps it below 1 − ε_low', () => {
    // A = 2, r = 1.5: max(−3, −2·1.25) = −2.5, the clipped term wins
    expect(ppo(1.5, 2)).toEqual({ loss: -2.5, clipped: 1 })
    // A = 2, r = 0.5: max(−1, −2·0.75) = −1, unclipped
    expect(ppo(0.5, 2)).toEqual({ loss: -1, clipped: 0 })
  })

  it('clips a negative advantage below 1 − ε_low and keeps it above 1 + ε_high', () => {
    // A = −2, r = 0.5: max(1, 2·0.75) = 1.5, clipped
    expect(ppo(0.5, -2)).toEqual({ loss: 1.5, clipped: 1 })
    // A = −2, r = 1.5: max(3, 2·1.25) = 3, the pessimistic unclipped term
    expect(ppo(1.5, -2)).toEqual({ loss: 3, clipped: 0 })
  })

  it('does not count a ratio exactly on a bound as clipped, for either sign of A', () => {
    // r = 1.25 = 1 + ε_high: −A·r = −A·clip(r)
    expect(ppo(1.25, 2)).toEqual({ loss: -2.5, clipped: 0 })
    expect(ppo(1.25, -2)).toEqual({ loss: 2.5, clipped: 0 })
    // r = 0.75 = 1 − ε_low
    expect(ppo(0.75, -2)).toEqual({ loss: 1.5, clipped: 0 })
    expect(ppo(0.75, 2)).toEqual({ loss: -1.5, clipped: 0 })
  })

  it('gives A = 0 a zero loss that is never clipped, dual clip or not', () => {
    for (const ratio of [0.5, 1.5, 2]) {
      expect(ppo(ratio, 0).loss).toBe(-0)
      expect(ppo(ratio, 0, 3)).toEqual({ loss: -0, clipped: 0 })
    }
  })

  it('caps a negative advantage at −A·C with the dual clip where it binds', () => {
    // A = −2, r = 2: ℓ = max(4, 2.5) = 4; C = 1.5 caps it at 3, C = 3 (cap 6) does not bind
    expect(ppo(2, -2)).toEqual({ loss: 4, clipped: 0 })
    expect(ppo(2, -2, 1.5)).toEqual({ loss: 3, clipped: 0 })
    expect(ppo(2, -2, 3)).toEqual({ loss: 4, clipped: 0 })
    // A = −2, r = 0.5: the clipped 1.5 is below −A·C = 3: C leaves it, and it still counts as clipped
    expect(ppo(0.5, -2, 1.5)).toEqual({ loss: 1.5, clipped: 1 })
  })

  it('leaves a positive advantage alone under the dual clip', () => {
    // A = 2, r = 2: max(−4, −2.5) = −2.5; −A·C = −3 would be smaller, but A > 0
    expect(ppo(2, 2, 1.5)).toEqual({ loss: -2.5, clipped: 1 })
  })

  it('clamps the log-ratio at ±20 before exponentiating, far outside the clip range', () => {
    const e20 = Math.exp(20)
    // log π − log π_old = 25 → r = e^20: A = 1 clipped to −1.25; A = −1 the unclipped e^20, or C = 3
    expect(ppo([0, -25], 1)).toEqual({ loss: -1.25, clipped: 1 })
    expect(ppo([0, -25], -1)).toEqual({ loss: e20, clipped: 0 })
    expect(ppo([0, -25], -1).loss).toBe(ppo([0, -20], -1).loss)
    expect(ppo([0, -25], -1, 3)).toEqual({ loss: 3, clipped: 0 })
    // −25 → r = e^−20: A = 1 keeps −e^−20; A = −1 is clipped to 0.75
    expect(ppo([-25, 0], 1)).toEqual({ loss: -Math.exp(-20), clipped: 0 })
    expect(ppo([-25, 0], -1)).toEqual({ loss: 0.75, clipped: 1 })
    // A difference that overflows to ±∞ is clamped like any other
    expect(ppo([1e308, -1e308], -1)).toEqual({ loss: e20, clipped: 0 })
    expect(ppo([-1e308, 1e308], -1)).toEqual({ loss: 0.75, clipped: 1 })
  })

  it('uses each token’s own advantage and counts clipped tokens over unequal sequences', () => {
    const [a, b] = tokenFor(1.5)
    const [c, d] = tokenFor(0.5)
    const { tokenLoss, clippedTokens } = ppoTokenLosses({ logProbs: [[a, c, a], [c]], oldLogProbs: [[b, d, b], [d]], advantages: [[1, 1, -1], [-1]] }, CLIP, null)
    // r = (1.5, 0.5, 1.5 | 0.5), A = (1, 1, −1 | −1): (−1.25, −0.5, 1.5 | 0.75); clipped tokens 0 and 3
    expect(tokenLoss.map((sequence) => Array.from(sequence))).toEqual([[-1.25, -0.5, 1.5], [0.75]])
    expect(clippedTokens).toBe(2)
  })

  it('clips asymmetrically with ε_low ≠ ε_high', () => {
    const [logProb, oldLogProb] = tokenFor(1.5)
    // ε_high = 0.5: r = 1.5 sits on the upper bound; ε_high = 0.25 clips it
    const wide = ppoTokenLosses({ logProbs: [[logProb]], oldLogProbs: [[oldLogProb]], advantages: [[1]] }, { low: 0.25, high: 0.5 }, null)
    expect(wide).toEqual({ tokenLoss: [Float64Array.of(-1.5)], clippedTokens: 0 })
    const [low, oldLow] = tokenFor(0.5)
    // ε_low = 0.5: r = 0.5 on the lower bound for A < 0
    const lowBound = ppoTokenLosses({ logProbs: [[low]], oldLogProbs: [[oldLow]], advantages: [[-1]] }, { low: 0.5, high: 0.25 }, null)
    expect(lowBound).toEqual({ tokenLoss: [Float64Array.of(0.5)], clippedTokens: 0 })
  })
})

describe('ppoTokenLosses with TRL’s two-sided clip δ', () => {
  const withDelta = (ratio: number, advantage: number, delta: number, dualClip: number | null = null) => {
    const [logProb, oldLogProb] = tokenFor(ratio)
    const { tokenLoss, clippedTokens } = ppoTokenLosses({ logProbs: [[logProb]], oldLogProbs: [[oldLogProb]], advantages: [[advantage]] }, CLIP, dualClip, delta)
    return { loss: tokenLoss[0][0], clipped: clippedTokens }
  }

  it('caps a negative advantage’s loss at −A·δ, and counts no clip for it', () => {
    // A = −1, r = 2, δ = 1.5: max(1·min(2, 1.5), 1·1.25) = 1.5; without δ it is 2
    expect(withDelta(2, -1, 1.5)).toEqual({ loss: 1.5, clipped: 0 })
    expect(ppo(2, -1)).toEqual({ loss: 2, clipped: 0 })
    // A = −2, r = 1.25 under δ = 1.5: the cap does not bind, 2·1.25
    expect(withDelta(1.25, -2, 1.5)).toEqual({ loss: 2.5, clipped: 0 })
  })

  it('leaves positive advantages and low ratios to the clip', () => {
    // A = 2, r = 2, δ = 1.5: max(−2·1.5, −2·1.25) = −2.5, clipped as without δ
    expect(withDelta(2, 2, 1.5)).toEqual({ loss: -2.5, clipped: 1 })
    // A = −1, r = 0.5: max(0.5, 0.75) = 0.75, clipped low
    expect(withDelta(0.5, -1, 1.5)).toEqual({ loss: 0.75, clipped: 1 })
  })

  it('takes the dual clip after it: min(ℓ, −A·C)', () => {
    // A = −1, r = 2, δ = 1.5 (ℓ = 1.5), C = 1.25: 1.25
    expect(withDelta(2, -1, 1.5, 1.25)).toEqual({ loss: 1.25, clipped: 0 })
  })
})
