import { describe, expect, it } from 'vitest'
import { extraSeed, MAX_SEEDS_AT_ONCE, parseSeedCount, seedsAvailable } from './seedFleet'
import { MAX_SEED } from '../../model/design'

describe('seeds at once', () => {
  it('offers one seed per core, at least one and at most the cap', () => {
    expect(seedsAvailable(2)).toBe(2)
    expect(seedsAvailable(0)).toBe(1)
    expect(seedsAvailable(undefined)).toBe(1)
    expect(seedsAvailable(64)).toBe(MAX_SEEDS_AT_ONCE)
  })

  it('gives the extra runs the next seeds, wrapping past the largest seed', () => {
    expect([1, 2, 3].map((k) => extraSeed(7, k))).toEqual([8, 9, 10])
    expect(extraSeed(MAX_SEED, 1)).toBe(0)
    expect(extraSeed(MAX_SEED - 1, 2)).toBe(0)
  })

  it('reads a count from a link and names what it refuses', () => {
    expect(parseSeedCount('2', 4)).toEqual({ count: 2 })
    for (const bad of ['0', '5', '1.5', '', 'two', '<b>3</b>']) {
      expect(parseSeedCount(bad, 4)).toEqual({ problem: expect.stringContaining('accepted: a whole number from 1 to 4') })
    }
  })
})
