import { describe, expect, it } from 'vitest'
import { opoAdvantages } from './opo'

describe('opoAdvantages', () => {
  it('subtracts the length-weighted group mean b = Σ l r / Σ l', () => {
    // rewards (1, 0, 0) with lengths (1, 2, 1): b = 1/4 → (0.75, −0.25, −0.25); the plain mean would be 1/3
    expect(Array.from(opoAdvantages([1, 0, 0], [3], [1, 2, 1]))).toEqual([0.75, -0.25, -0.25])
    // (2, 4) with lengths (3, 1): b = (6 + 4)/4 = 2.5 → (−0.5, 1.5); then (5, 1) with (1, 1): b = 3
    expect(Array.from(opoAdvantages([2, 4, 5, 1], [2, 2], [3, 1, 1, 1]))).toEqual([-0.5, 1.5, 2, -2])
  })

  it('gives equal lengths the plain group mean, all-equal rewards exactly 0 and a lone completion 0', () => {
    expect(Array.from(opoAdvantages([1, 2, 6], [3], [5, 5, 5]))).toEqual([-2, -1, 3])
    // (0.1·1 + 0.1·2)/3 is not 0.1 in binary; around the first reward it is
    expect(Array.from(opoAdvantages([0.1, 0.1], [2], [1, 2]))).toEqual([0, 0])
    expect(Array.from(opoAdvantages([4], [1], [9]))).toEqual([0])
  })

  it('refuses lengths that are not one whole number ≥ 1 per completion', () => {
    expect(() => opoAdvantages([1, 2], [2], [1])).toThrow('1 lengths for 2 completions')
    expect(() => opoAdvantages([1, 2], [2], [1, 0])).toThrow('length 1 must be a whole number of at least 1, got 0')
    expect(() => opoAdvantages([1, 2], [2], [1, 1.5])).toThrow('got 1.5')
  })
})
