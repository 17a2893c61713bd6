import { describe, expect, it } from 'vitest'
import { tokenAdvantages } from './tokenAdvantages'

describe('tokenAdvantages', () => {
  it('gives every token of a completion its completion’s advantage, in float32', () => {
    expect(Array.from(tokenAdvantages([0.5, -1, 2], [2, 1, 3]))).toEqual([0.5, 0.5, -1, 2, 2, 2])
    expect(tokenAdvantages(new Float64Array([0.1]), [2])).toEqual(new Float32Array([0.1, 0.1]))
  })

  it('copies one advantage per token as it is', () => {
    expect(Array.from(tokenAdvantages([1, 2, 3, 4], [1, 3]))).toEqual([1, 2, 3, 4])
  })

  it('refuses advantages that are neither one per completion nor one per token, and empty completions', () => {
    expect(() => tokenAdvantages([1, 2, 3], [2, 2])).toThrow('3 advantages for 2 completions of 4 tokens; give one per completion or one per token')
    expect(() => tokenAdvantages([1, 2], [0, 2])).toThrow('length 0 must be a whole number of at least 1, got 0')
  })
})
