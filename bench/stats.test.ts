import { describe, expect, it } from 'vitest'
import { median, ratio } from './stats'

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
