import { describe, expect, it } from 'vitest'
import { groupSizeProblem, pairsPerGroup } from './tokenPairs'

describe('pairing a group of completions', () => {
  it('makes ⌊G/2⌋ pairs, and none of a group of one', () => {
    expect([8, 5, 2, 1].map(pairsPerGroup)).toEqual([4, 2, 1, 0])
    expect(groupSizeProblem(2)).toBeNull()
    expect(groupSizeProblem(1)).toBe("tokenseq's group_size is 1; a pair is two completions of one prompt, so group_size must be at least 2")
  })
})
