import { describe, expect, it } from 'vitest'
import { geoMeanTokenLosses, pessimisticLogRatio } from './geoMean'

/* ε_low = ε_high = 0.2: each log-ratio x is clamped to [−0.2, 0.2] where that lowers A's objective. */
const CLIP = { low: 0.2, high: 0.2 }

function gmpo(logRatios: number[][], advantages: number[][]) {
  const { tokenLoss, clippedTokens } = geoMeanTokenLosses({ logProbs: logRatios, oldLogProbs: logRatios.map((sequence) => sequence.map(() => 0)), advantages }, CLIP)
  return { losses: tokenLoss.map((sequence) => Array.from(sequence)), clipped: clippedTokens }
}

describe('pessimisticLogRatio', () => {
  it('clips above for A > 0, below for A < 0, and gives 0 for A = 0', () => {
    expect(pessimisticLogRatio(0.5, 1, CLIP)).toBe(0.2)
    expect(pessimisticLogRatio(-0.4, 1, CLIP)).toBe(-0.4)
    expect(pessimisticLogRatio(0.5, -3, CLIP)).toBe(0.5)
    expect(pessimisticLogRatio(-0.4, -3, CLIP)).toBe(-0.2)
    expect(pessimisticLogRatio(0.1, 2, CLIP)).toBe(0.1)
    expect(pessimisticLogRatio(0.5, 0, CLIP) === 0).toBe(true)
  })
})

describe('geoMeanTokenLosses', () => {
  it('gives every token of a sequence −Ā·exp(mean x′), and counts each log-ratio outside the range with A ≠ 0', () => {
    // Sequence 0, A = 1: x = (0.5, −0.4, 0.1) → x′ = (0.2, −0.4, 0.1), mean −0.1/3: ℓ = −e^(−1/30)
    // Sequence 1, A = −1: x = (0.5, −0.4) → x′ = (0.5, −0.2), mean 0.15: ℓ = e^0.15
    const { losses, clipped } = gmpo([[0.5, -0.4, 0.1], [0.5, -0.4]], [[1, 1, 1], [-1, -1]])
    losses[0].forEach((loss) => expect(loss).toBeCloseTo(-Math.exp(-1 / 30), 15))
    losses[1].forEach((loss) => expect(loss).toBeCloseTo(Math.exp(0.15), 15))
    // verl counts 0.5 and −0.4 in both sequences, though min keeps −0.4 (A > 0) and 0.5 (A < 0) as they are
    expect(clipped).toBe(4)
  })

  it('averages the advantages of a sequence, and a token with A = 0 adds x′ = 0 and no clip', () => {
    // x = (0.5, 0.5), A = (2, 0): x′ = (0.2, 0), mean 0.1; Ā = 1: ℓ = −e^0.1
    const { losses, clipped } = gmpo([[0.5, 0.5]], [[2, 0]])
    losses[0].forEach((loss) => expect(loss).toBeCloseTo(-Math.exp(0.1), 15))
    expect(clipped).toBe(1)
  })

  it('does not clamp the log-ratio at ±20 (verl leaves that clamp out)', () => {
    // A = −1, x = 30: x′ = 30, ℓ = e^30
    expect(gmpo([[30]], [[-1]]).losses[0][0]).toBe(Math.exp(30))
  })
})
