import { describe, expect, it } from 'vitest'
import { pearson } from './pearson'

describe('pearson', () => {
  it('gives r of a hand-worked sample', () => {
    // x = (1, 2, 3), y = (2, 1, 4): x̄ = 2, ȳ = 7/3; Σ dx·dy = (−1)(−1/3) + 0 + (1)(5/3) = 2,
    // Σ dx² = 2, Σ dy² = 1/9 + 16/9 + 25/9 = 42/9 → r = 2/√(2·42/9) = 2/√(28/3)
    expect(pearson([1, 2, 3], [2, 1, 4])).toBeCloseTo(2 / Math.sqrt(28 / 3), 14)
    expect(pearson([1, 2, 3], [-2, -4, -6])).toBe(-1)
  })

  it('is null for fewer than two pairs or a sample without spread, however its mean rounds', () => {
    expect(pearson([1], [2])).toBeNull()
    expect(pearson([0.1, 0.1, 0.1], [1, 2, 3])).toBeNull()
    expect(pearson([1, 2, 3], [7, 7, 7])).toBeNull()
    expect(() => pearson([1, 2], [1])).toThrow('pearson: 2 x values but 1 y values')
  })
})
