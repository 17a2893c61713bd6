import { describe, expect, it } from 'vitest'
import { aggregateEnsemble } from './ensemble'

describe('aggregateEnsemble', () => {
  // Three members scoring two items: item 0 gets (1, 3, 5), item 1 gets (2, 2, 2)
  const members = [
    [1, 2],
    [3, 2],
    [5, 2],
  ]

  it('takes the mean and the minimum of each item’s scores', () => {
    expect(Array.from(aggregateEnsemble(members, { kind: 'mean' }))).toEqual([3, 2])
    expect(Array.from(aggregateEnsemble(members, { kind: 'min' }))).toEqual([1, 2])
    expect(Array.from(aggregateEnsemble([[-1, 4], [-7, 9]], { kind: 'min' }))).toEqual([-7, 4])
  })

  it('subtracts λ population standard deviations (dividing by K, not K − 1)', () => {
    // Item 0: mean 3, deviations (−2, 0, 2), population std √(8/3) ≈ 1.633 (Bessel's would be √(8/2) = 2)
    const [pessimistic, agreed] = aggregateEnsemble(members, { kind: 'meanMinusStd', lambda: 0.5 })
    expect(pessimistic).toBeCloseTo(3 - 0.5 * Math.sqrt(8 / 3), 14)
    expect(pessimistic).not.toBeCloseTo(3 - 0.5 * 2, 3)
    // Members that agree have std 0: the mean itself
    expect(agreed).toBe(2)
    // λ = 0 is the mean; two members (0, 4): std 2, so mean − 1.5·std = 2 − 3 = −1
    expect(Array.from(aggregateEnsemble(members, { kind: 'meanMinusStd', lambda: 0 }))).toEqual([3, 2])
    expect(Array.from(aggregateEnsemble([[0], [4]], { kind: 'meanMinusStd', lambda: 1.5 }))).toEqual([-1])
    // One member: std 0, not 0/0
    expect(Array.from(aggregateEnsemble([[7, -2]], { kind: 'meanMinusStd', lambda: 3 }))).toEqual([7, -2])
  })

  it('gives equal members’ score exactly, not a rounding of it', () => {
    // (0.1 + 0.1 + 0.1)/3 is 0.10000000000000002; the mean around the first score is 0.1
    const equal = [[0.1], [0.1], [0.1]]
    expect(Array.from(aggregateEnsemble(equal, { kind: 'mean' }))).toEqual([0.1])
    expect(Array.from(aggregateEnsemble(equal, { kind: 'meanMinusStd', lambda: 2 }))).toEqual([0.1])
  })

  it('refuses no members, members of unequal lengths and a λ that is negative or not finite', () => {
    expect(() => aggregateEnsemble([], { kind: 'mean' })).toThrow('needs at least one member')
    expect(() => aggregateEnsemble([[1, 2], [3]], { kind: 'min' })).toThrow('member 1 scores 1 items, member 0 scores 2')
    for (const lambda of [-1, NaN, Infinity]) expect(() => aggregateEnsemble(members, { kind: 'meanMinusStd', lambda })).toThrow('λ must be a finite number ≥ 0')
  })
})
