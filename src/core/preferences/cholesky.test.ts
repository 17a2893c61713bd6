import { describe, expect, it } from 'vitest'
import { choleskySolve } from './cholesky'

describe('choleskySolve', () => {
  it('solves a symmetric positive definite system', () => {
    // [[4, 2], [2, 3]] x = (2, 1): det 8, x = (3·2 − 2·1, 4·1 − 2·2)/8 = (1/2, 0)
    expect(Array.from(choleskySolve([4, 2, 2, 3], 2, [2, 1])!)).toEqual([0.5, 0])
    // [[2, −1, 0], [−1, 2, −1], [0, −1, 2]] x = (1, 0, 1) has x = (1, 1, 1)
    const x = choleskySolve([2, -1, 0, -1, 2, -1, 0, -1, 2], 3, [1, 0, 1])!
    Array.from(x).forEach((value) => expect(value).toBeCloseTo(1, 14))
  })

  it('returns null for a singular, an indefinite or a non-finite matrix', () => {
    expect(choleskySolve([1, 1, 1, 1], 2, [1, 1])).toBeNull()
    expect(choleskySolve([1, 0, 0, 0], 2, [1, 1])).toBeNull()
    expect(choleskySolve([1, 2, 2, 1], 2, [1, 1])).toBeNull()
    expect(choleskySolve([Infinity, 0, 0, 1], 2, [1, 1])).toBeNull()
    // A pivot of 1e-13 next to a diagonal of 1: singular as far as double precision can tell
    expect(choleskySolve([1, 0, 0, 1e-13], 2, [1, 1])).toBeNull()
    expect(choleskySolve([1, 0, 0, 1e-11], 2, [1, 1])).not.toBeNull()
  })
})
