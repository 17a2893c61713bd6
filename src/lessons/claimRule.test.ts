import { describe, expect, it } from 'vitest'
import { judgeClaim } from './claimRule'

describe('the claim rule', () => {
  it('holds for a bound met on every seed, beyond twice the standard error', () => {
    // steps to goal ≤ 150: margins 150 − x = 20, 30, 10, 25, 15; mean 20, s = √62.5 ≈ 7.906, SE ≈ 3.536
    const verdict = judgeClaim({ kind: 'atMost', value: 150 }, [130, 120, 140, 125, 135])
    expect(verdict.margins).toEqual([20, 30, 10, 25, 15])
    expect(verdict.meanMargin).toBe(20)
    expect(verdict.standardError).toBeCloseTo(Math.sqrt(62.5 / 5), 12)
    expect(verdict).toMatchObject({ holds: true, seedsHolding: 5, seeds: 5, failure: null })
  })

  it('holds for a bound met exactly with no spread (the car stays at 200)', () => {
    expect(judgeClaim({ kind: 'atLeast', value: 200 }, [200, 200, 200])).toMatchObject({ holds: true, meanMargin: 0, standardError: 0 })
  })

  it('fails on the mean when the means go the other way', () => {
    const verdict = judgeClaim({ kind: 'atLeast', value: 0.5 }, [0.4, 0.3, 0.6])
    expect(verdict.holds).toBe(false)
    expect(verdict.failure).toBe('the means go the other way')
  })

  it('fails on the spread when the mean margin is within twice its standard error', () => {
    // above: margins 5, −1, 6, −2 → mean 2, s = √(9+9+16+16)/3 = √(50/3) ≈ 4.082, SE ≈ 2.041 > 1
    const verdict = judgeClaim({ kind: 'above', variant: 0 }, [15, 9, 16, 8], [10, 10, 10, 10])
    expect(verdict.meanMargin).toBe(2)
    expect(verdict.holds).toBe(false)
    expect(verdict.failure).toMatch(/^the mean margin 2 is within twice its standard error \(2\.041\)$/)
  })

  it('fails when it holds on fewer than K − 1 seeds, however large the mean', () => {
    // margins 100, 100, 100, −1, −1: mean 59.6, SE ≈ 24.5, so tests 1 and 2 pass; only 3 of 5 seeds hold
    const verdict = judgeClaim({ kind: 'below', variant: 1 }, [-100, -100, -100, 1, 1], [0, 0, 0, 0, 0])
    expect(verdict.meanMargin).toBeCloseTo(59.6, 12)
    expect(verdict.failure).toBe('it holds on only 3 of 5 seeds (needs 4)')
  })

  it('a comparison is strict: equal figures do not make one variant better', () => {
    expect(judgeClaim({ kind: 'above', variant: 1 }, [1, 1, 1], [1, 1, 1])).toMatchObject({ holds: false, failure: 'the means go the other way' })
  })

  it('names seeds without a figure and refuses fewer than two seeds', () => {
    expect(judgeClaim({ kind: 'atMost', value: 1 }, [0, Number.NaN, 0]).failure).toBe('no figure on 1 of 3 seeds (no episode finished within the budget)')
    expect(() => judgeClaim({ kind: 'atMost', value: 1 }, [0])).toThrow('a claim needs at least 2 seeds to be judged, got 1')
    expect(() => judgeClaim({ kind: 'above', variant: 1 }, [0, 1], [0])).toThrow('the compared variant has 1 seeds, not 2')
  })
})
