import { describe, expect, it } from 'vitest'
import { remaxAdvantages } from './remax'

describe('remaxAdvantages', () => {
  it('subtracts each group’s greedy reward', () => {
    // group 0 (1, 0, 0.5) against greedy 0.5; group 1 (2) against 3; group 2 empty
    expect(Array.from(remaxAdvantages([1, 0, 0.5, 2], [3, 1, 0], [0.5, 3, 7]))).toEqual([0.5, -0.5, 0, -1])
  })

  it('refuses a greedy reward count that is not one per group', () => {
    expect(() => remaxAdvantages([1, 2], [2], [0, 0])).toThrow('2 greedy rewards for 1 groups')
  })
})
