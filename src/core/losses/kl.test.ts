import { describe, expect, it } from 'vitest'
import { klPerToken, tokenKl, tokenKlSlope } from './kl'

/* d = log π_ref − log π. */
describe('tokenKl', () => {
  it('gives k1 = −d, k2 = ½d², k3 = e^d − d − 1', () => {
    // log π = −1, log π_ref = −2: d = −1
    expect(tokenKl(-1, -2, 'k1')).toBe(1)
    expect(tokenKl(-1, -2, 'k2')).toBe(0.5)
    expect(tokenKl(-1, -2, 'k3')).toBeCloseTo(Math.exp(-1), 15) // e^−1 + 1 − 1
    // log π = −2, log π_ref = −1: d = 1
    expect(tokenKl(-2, -1, 'k1')).toBe(-1)
    expect(tokenKl(-2, -1, 'k2')).toBe(0.5)
    expect(tokenKl(-2, -1, 'k3')).toBeCloseTo(Math.E - 2, 15)
  })

  it('is zero where the policies agree', () => {
    for (const estimator of ['k1', 'k2', 'k3'] as const) expect(tokenKl(-0.7, -0.7, estimator)).toBe(0)
  })

  it('caps k3 at 10 and clamps its d to ±20; k1 and k2 have no clamp', () => {
    // d = 2.5: e^2.5 − 3.5 ≈ 8.68, below the cap; d = 3: e^3 − 4 ≈ 16.1, capped
    expect(tokenKl(0, 2.5, 'k3')).toBeCloseTo(Math.exp(2.5) - 3.5, 14)
    expect(tokenKl(0, 3, 'k3')).toBe(10)
    // d = −25: e^−20 + 19 ≈ 19 → 10; d = 25 → 10
    expect(tokenKl(0, -25, 'k3')).toBe(10)
    expect(tokenKl(-25, 0, 'k3')).toBe(10)
    expect(tokenKl(0, -25, 'k1')).toBe(25)
    expect(tokenKl(0, -25, 'k2')).toBe(312.5)
    // d = +∞ (1e308 − (−1e308) overflows): without the clamp e^∞ − ∞ would be NaN
    expect(tokenKl(-1e308, 1e308, 'k3')).toBe(10)
  })
})

describe('klPerToken', () => {
  it('keeps the layout of unequal sequences', () => {
    expect(klPerToken([[-1, -2], [-3]], [[-2, -1], [-3]], 'k2')).toEqual([Float64Array.of(0.5, 0.5), Float64Array.of(0)])
  })
})

describe('tokenKlSlope', () => {
  it('gives ∂k1/∂log π = 1, ∂k2/∂log π = −d, ∂k3/∂log π = 1 − e^d', () => {
    // log π = −1, log π_ref = −2: d = −1
    expect(tokenKlSlope(-1, -2, 'k1')).toBe(1)
    expect(tokenKlSlope(-1, -2, 'k2')).toBe(1)
    expect(tokenKlSlope(-1, -2, 'k3')).toBe(1 - Math.exp(-1))
    // d = ln 2: 1 − 2 = −1
    expect(tokenKlSlope(0, Math.LN2, 'k3')).toBeCloseTo(-1, 15)
    expect(tokenKlSlope(0, Math.LN2, 'k2')).toBe(-Math.LN2)
  })

  it('matches a central difference of tokenKl away from the clamps', () => {
    const h = 1e-6
    for (const estimator of ['k1', 'k2', 'k3'] as const) {
      for (const [logProb, ref] of [[-0.3, -1.2], [-2, -0.4], [-0.9, -0.9]]) {
        const difference = (tokenKl(logProb + h, ref, estimator) - tokenKl(logProb - h, ref, estimator)) / (2 * h)
        expect(tokenKlSlope(logProb, ref, estimator)).toBeCloseTo(difference, 7)
      }
    }
  })

  it('is 0 where k3 is capped at 10 or its d clamped, and not on the cap’s near side', () => {
    // d = 3: e^3 − 4 ≈ 16.1 > 10, capped; d = −25 and 25 clamped
    expect(tokenKlSlope(0, 3, 'k3')).toBe(0)
    expect(tokenKlSlope(0, -25, 'k3')).toBe(0)
    expect(tokenKlSlope(-25, 0, 'k3')).toBe(0)
    // d = 2.5: e^2.5 − 3.5 ≈ 8.68 < 10
    expect(tokenKlSlope(0, 2.5, 'k3')).toBe(1 - Math.exp(2.5))
    // k1 and k2 have no clamp
    expect(tokenKlSlope(0, -25, 'k2')).toBe(25)
  })
})

describe('abs and the straight-through k1+ and k3+', () => {
  it('abs = |d|; k1+ and k3+ have the values of k1 and k3, clamps and cap included', () => {
    // log π = −1, log π_ref = −2: d = −1; and the other way round, d = 1
    expect(tokenKl(-1, -2, 'abs')).toBe(1)
    expect(tokenKl(-2, -1, 'abs')).toBe(1)
    expect(tokenKl(-0.7, -0.7, 'abs')).toBe(0)
    expect(tokenKl(-1, -2, 'k1+')).toBe(1)
    expect(tokenKl(-2, -1, 'k1+')).toBe(-1)
    expect(tokenKl(-2, -1, 'k3+')).toBeCloseTo(Math.E - 2, 15)
    expect(tokenKl(0, 3, 'k3+')).toBe(10)
    expect(tokenKl(0, -25, 'k3+')).toBe(10)
  })

  it('descends sign(log π − log π_ref) for abs, and k2’s −d for k1+ and k3+, whatever k3’s clamps', () => {
    expect(tokenKlSlope(-1, -2, 'abs')).toBe(1)
    expect(tokenKlSlope(-2, -1, 'abs')).toBe(-1)
    expect(tokenKlSlope(-0.7, -0.7, 'abs')).toBe(0)
    // d = −1: −d = 1, where k1's own slope is also 1 but k3's is 1 − e^−1
    expect(tokenKlSlope(-1, -2, 'k1+')).toBe(1)
    expect(tokenKlSlope(-1, -2, 'k3+')).toBe(1)
    // d = ln 2: −ln 2 for both, where k1's is 1 and k3's is −1
    expect(tokenKlSlope(0, Math.LN2, 'k1+')).toBe(-Math.LN2)
    expect(tokenKlSlope(0, Math.LN2, 'k3+')).toBe(-Math.LN2)
    // d = −25, where k3 is clamped and its own slope 0: k3+ still descends 25
    expect(tokenKlSlope(0, -25, 'k3+')).toBe(25)
  })

  it('abs’s slope matches a central difference of its value away from 0', () => {
    const h = 1e-6
    for (const [logProb, ref] of [[-0.3, -1.2], [-2, -0.4]]) {
      const difference = (tokenKl(logProb + h, ref, 'abs') - tokenKl(logProb - h, ref, 'abs')) / (2 * h)
      expect(tokenKlSlope(logProb, ref, 'abs')).toBeCloseTo(difference, 7)
    }
  })
})
