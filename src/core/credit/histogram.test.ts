import { describe, expect, it } from 'vitest'
import { advantageHistogram } from './histogram'

describe('advantageHistogram', () => {
  it('bins symmetrically about zero and counts signs and exact zeros', () => {
    // m = 2, 4 bins of width 1: [−2,−1) [−1,0) [0,1) [1,2]
    const h = advantageHistogram([-2, -0.5, 0, 0, 0.5, 2, NaN], 4)
    expect(h.edges).toEqual([-2, -1, 0, 1, 2])
    expect(h.counts).toEqual([1, 1, 3, 1])
    expect(h).toMatchObject({ total: 6, zeros: 2, positives: 2, negatives: 2 })
  })

  it('handles an all-zero batch (every group all-equal)', () => {
    const h = advantageHistogram(new Float32Array(8), 3)
    expect(h.zeros).toBe(8)
    expect(h.counts).toEqual([0, 8, 0])
  })
})
