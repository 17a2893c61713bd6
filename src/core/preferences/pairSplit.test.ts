import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { bootstrapSample, holdOutPairs } from './pairSplit'

describe('holdOutPairs', () => {
  it('holds out ⌊fraction·count⌋ pairs, the rest train, every pair once', () => {
    for (const [count, fraction, heldOut] of [
      [10, 0.2, 2],
      [7, 0.5, 3],
      [100, 0.29, 29],
      [1, 0.5, 0],
      [5, 0, 0],
      [3, 0.99, 2],
    ]) {
      const split = holdOutPairs(count, fraction, new Rng(1))
      expect(split.heldOut.length).toBe(heldOut)
      expect(split.train.length).toBe(count - heldOut)
      expect([...split.train, ...split.heldOut].sort((x, y) => x - y)).toEqual(Array.from({ length: count }, (_, i) => i))
      expect(Array.from(split.train)).toEqual(Array.from(split.train).sort((x, y) => x - y))
    }
  })

  it('is the same split for the same seed, another for another', () => {
    const split = holdOutPairs(1000, 0.2, new Rng(7))
    expect(holdOutPairs(1000, 0.2, new Rng(7))).toEqual(split)
    expect(holdOutPairs(1000, 0.2, new Rng(8)).heldOut).not.toEqual(split.heldOut)
  })

  it('refuses a fraction outside [0, 1) and a count below 1', () => {
    expect(() => holdOutPairs(10, 1, new Rng(1))).toThrow('the held-out fraction must be at least 0 and below 1, got 1')
    expect(() => holdOutPairs(10, -0.1, new Rng(1))).toThrow('got -0.1')
    expect(() => holdOutPairs(0, 0.2, new Rng(1))).toThrow('needs a whole number of pairs, at least 1, got 0')
  })
})

describe('bootstrapSample', () => {
  it('draws as many indices as given, with replacement, from those given', () => {
    const indices = Int32Array.from([3, 5, 8, 13, 21])
    const sample = bootstrapSample(indices, new Rng(2))
    expect(sample.length).toBe(5)
    for (const index of sample) expect(Array.from(indices)).toContain(index)
    // Over many draws each index comes up about equally often (1/5 each)
    const many = bootstrapSample(Int32Array.from({ length: 50_000 }, (_, i) => i % 5), new Rng(3))
    for (let value = 0; value < 5; value++) expect(many.filter((x) => x === value).length / 50_000).toBeCloseTo(0.2, 2)
    expect(bootstrapSample(indices, new Rng(2))).toEqual(sample)
  })
})
