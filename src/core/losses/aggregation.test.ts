import { describe, expect, it } from 'vitest'
import { aggregate, AGGREGATIONS } from './aggregation'

/* Two sequences of unequal length, (1, 2, 3) and (4): Σ = 10 over 4 tokens, sequence sums 6 and 4. */
const VALUES = [[1, 2, 3], [4]]

describe('aggregate', () => {
  it('gives each of verl’s five aggregations on unequal sequences', () => {
    expect(aggregate(VALUES, 'token-mean')).toBe(2.5) // 10/4
    expect(aggregate(VALUES, 'token-sum')).toBe(10)
    expect(aggregate(VALUES, 'seq-mean-token-mean')).toBe(3) // (6/3 + 4/1)/2
    expect(aggregate(VALUES, 'seq-mean-token-sum')).toBe(5) // (6 + 4)/2
    expect(aggregate(VALUES, 'seq-mean-token-sum-norm', 4)).toBe(1.25) // 10/(2·4)
    expect(aggregate(VALUES, 'seq-mean-token-sum-norm', 3)).toBe(10 / 6)
  })

  it('gives a single token its own value, except that the norm divides by L', () => {
    for (const aggregation of AGGREGATIONS) expect(aggregate([[7]], aggregation, 1)).toBe(7)
    expect(aggregate([[7]], 'seq-mean-token-sum-norm', 2)).toBe(3.5)
  })

  it('agrees on sequences of one length where it should', () => {
    // Equal lengths: token-mean = seq-mean-token-mean; the norm with L = that length is token-mean too
    const equal = [[1, 3], [2, 6]]
    expect(aggregate(equal, 'token-mean')).toBe(3)
    expect(aggregate(equal, 'seq-mean-token-mean')).toBe(3)
    expect(aggregate(equal, 'seq-mean-token-sum-norm', 2)).toBe(3)
  })

  it('refuses what has no aggregate', () => {
    expect(() => aggregate([], 'token-mean')).toThrow('needs at least one sequence')
    expect(() => aggregate([[1], []], 'seq-mean-token-mean')).toThrow('sequence 1 is empty')
    expect(() => aggregate(VALUES, 'seq-mean-token-sum-norm')).toThrow('needs the maximum length L')
    expect(() => aggregate(VALUES, 'seq-mean-token-sum-norm', 2)).toThrow('at least 3, the longest sequence, got 2')
    expect(() => aggregate(VALUES, 'seq-mean-token-sum-norm', 3.5)).toThrow('whole number')
  })
})
