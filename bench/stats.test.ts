import { describe, expect, it } from 'vitest'
import { median, percentile, ratio, withSpread } from './stats'

describe('ratio', () => {
  it('divides the first figure by the second', () => {
    expect(ratio(48_000, 12_000)).toBe(4)
    expect(ratio(3, 4)).toBe(0.75)
  })

  it('is null when either figure is missing or the denominator is not positive', () => {
    expect(ratio(null, 12_000)).toBeNull()
    expect(ratio(48_000, null)).toBeNull()
    expect(ratio(undefined, 12_000)).toBeNull()
    expect(ratio(48_000, 0)).toBeNull()
    expect(ratio(48_000, -1)).toBeNull()
    expect(ratio(48_000, NaN)).toBeNull()
  })
})

describe('median', () => {
  it('counts a missing run as slower than any that finished', () => {
    expect(median([3, null, 1])).toBe(3)
    expect(median([null, null, 1])).toBeNull()
  })
})

describe('percentile', () => {
  it('takes the value at the nearest rank ⌈p/100 · n⌉', () => {
    const twenty = Array.from({ length: 20 }, (_, k) => 20 - k) // 20, 19, …, 1
    expect(percentile(twenty, 90)).toBe(18)
    expect(percentile(twenty, 50)).toBe(10)
    expect(percentile(twenty, 100)).toBe(20)
    expect(percentile([7, 3, 5], 90)).toBe(7)
    expect(percentile([4], 90)).toBe(4)
  })

  it('is null for no values and refuses a p outside (0, 100]', () => {
    expect(percentile([], 90)).toBeNull()
    expect(() => percentile([1], 0)).toThrow('p must be in (0, 100]')
    expect(() => percentile([1], 101)).toThrow('p must be in (0, 100]')
  })
})

describe('withSpread', () => {
  it('gives the median of the seeds with the fastest and slowest beside it', () => {
    // sorted 2.1, 2.4, 2.6, 3.0, 5.2: median the 3rd, 2.6; min 2.1; max 5.2
    expect(withSpread('t', [3.0, 2.1, 5.2, 2.6, 2.4])).toEqual({ t: 2.6, t_min: 2.1, t_max: 5.2 })
  })

  it('counts a seed that missed as the slowest: no max, and no median once half missed', () => {
    // sorted 2.1, 2.4, 3.0, ∞, ∞: median 3.0; max ∞ → null
    expect(withSpread('t', [3.0, null, 2.1, null, 2.4])).toEqual({ t: 3.0, t_min: 2.1, t_max: null })
    // sorted 2.4, ∞, ∞: median ∞ → null
    expect(withSpread('t', [null, 2.4, null])).toEqual({ t: null, t_min: 2.4, t_max: null })
    expect(withSpread('t', [null])).toEqual({ t: null, t_min: null, t_max: null })
  })
})
