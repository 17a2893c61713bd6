import { describe, expect, it } from 'vitest'
import { Rng } from '../core/rng'
import { orthogonal } from './orthogonal'

/** (AᵀA) or (AAᵀ) of a row-major rows × cols matrix, whichever is the smaller Gram matrix. */
function gram(matrix: Float32Array, rows: number, cols: number): number[][] {
  const tall = rows >= cols
  const size = tall ? cols : rows
  const length = tall ? rows : cols
  const at = (vector: number, k: number) => (tall ? matrix[k * cols + vector] : matrix[vector * cols + k])
  return Array.from({ length: size }, (_, a) =>
    Array.from({ length: size }, (_, b) => {
      let dot = 0
      for (let k = 0; k < length; k++) dot += at(a, k) * at(b, k)
      return dot
    }),
  )
}

describe('orthogonal', () => {
  it.each([
    [64, 4, Math.SQRT2],
    [4, 64, Math.SQRT2],
    [64, 64, Math.SQRT2],
    [64, 2, 0.01],
    [64, 1, 1],
  ])('a %i × %i matrix with gain %f has orthogonal columns or rows of length gain', (rows, cols, gain) => {
    const matrix = orthogonal(rows, cols, gain, new Rng(9))
    expect(matrix.length).toBe(rows * cols)
    const products = gram(matrix, rows, cols)
    // QᵀQ = gain²·I
    products.forEach((row, a) => row.forEach((value, b) => expect(value).toBeCloseTo(a === b ? gain * gain : 0, 5)))
  })

  it('is reproducible per seed and differs between seeds', () => {
    expect(orthogonal(8, 3, 1, new Rng(1))).toEqual(orthogonal(8, 3, 1, new Rng(1)))
    expect(orthogonal(8, 3, 1, new Rng(1))).not.toEqual(orthogonal(8, 3, 1, new Rng(2)))
  })
})
