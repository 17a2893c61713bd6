import { describe, expect, it } from 'vitest'
import { BradleyTerryFitError } from './fitError'
import { preferenceAccuracy, preferenceDifferences } from './preferencePairs'

describe('preference pairs', () => {
  const pairs = {
    count: 3,
    features: 2,
    preferred: Float64Array.from([1, 0, 0, 2, 1, 1]),
    rejected: Float64Array.from([0, 1, 0, 0, 1, 1]),
  }

  it('subtract the rejected side from the preferred one', () => {
    expect(preferenceDifferences(pairs)).toEqual({ count: 3, features: 2, values: Float64Array.from([1, -1, 0, 2, 0, 0]) })
  })

  it('count a pair as right only when w·x_w > w·x_l strictly', () => {
    // w = (1, 1): scores (1 vs 1, 2 vs 0, 2 vs 2): only the second pair is right
    expect(preferenceAccuracy(pairs, [1, 1])).toBeCloseTo(1 / 3, 15)
    // w = (1, 0): (1 vs 0, 0 vs 0, 1 vs 1)
    expect(preferenceAccuracy(pairs, [1, 0])).toBeCloseTo(1 / 3, 15)
    // w = (2, 1): (2 vs 1, 2 vs 0, 3 vs 3)
    expect(preferenceAccuracy(pairs, [2, 1])).toBeCloseTo(2 / 3, 15)
    expect(preferenceAccuracy(pairs, [-1, -1])).toBe(0)
  })

  it('refuse a difference that overflows, naming the pair and the feature', () => {
    const huge = { count: 2, features: 2, preferred: Float64Array.from([0, 0, 1, 1e308]), rejected: Float64Array.from([0, 0, 0, -1e308]) }
    expect(() => preferenceDifferences(huge)).toThrow(BradleyTerryFitError)
    expect(() => preferenceDifferences(huge)).toThrow('pair 1: feature 1 of the preferred side minus the rejected side came out as Infinity')
  })

  it('refuse matrices that do not match the count', () => {
    expect(() => preferenceDifferences({ ...pairs, count: 4 })).toThrow('4 pairs of 2 features need 8 values per side, got 6 and 6')
    expect(() => preferenceAccuracy(pairs, [1])).toThrow('1 weights for 2 features')
  })
})
