import { describe, expect, it } from 'vitest'
import { reinforceTokenLosses } from './reinforce'

describe('reinforceTokenLosses', () => {
  it('gives −A·log π per token and never clips', () => {
    // −A·log π: (−2·(−0.5), 1·(−2) | −0·(−3)) = (1, −2 | 0)
    const { tokenLoss, clippedTokens } = reinforceTokenLosses({ logProbs: [[-0.5, -2], [-3]], advantages: [[2, -1], [0]] })
    expect(tokenLoss).toEqual([Float64Array.of(1, -2), Float64Array.of(0)])
    expect(clippedTokens).toBe(0)
  })
})
