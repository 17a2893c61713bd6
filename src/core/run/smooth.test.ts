import { describe, expect, it } from 'vitest'
import { smooth } from './smooth'

describe('smooth', () => {
  it('is a bias-corrected exponential moving average', () => {
    // α = 0.5: m = 0.5·0 + 0.5·2 = 1, w = 0.5 → 2; m = 0.5·1 + 0.5·4 = 2.5, w = 0.75 → 10/3
    const [first, second] = smooth([2, 4], 0.5)
    expect(first).toBe(2)
    expect(second).toBeCloseTo(10 / 3, 12)
  })

  it('leaves values alone at α = 0 and passes non-finite ones through', () => {
    expect(smooth([1, 5, 3], 0)).toEqual([1, 5, 3])
    const out = smooth([1, NaN, 1], 0.9)
    expect(out[0]).toBe(1)
    expect(out[1]).toBeNaN()
    expect(out[2]).toBeCloseTo(1, 12)
  })
})
