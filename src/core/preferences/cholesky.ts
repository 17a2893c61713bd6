/*
 * Solving H x = b for a symmetric positive definite H (a Newton step, a least-squares fit) by its
 * Cholesky factor H = L Lᵀ.
 */

/**
 * A pivot below this fraction of H's largest diagonal entry counts as zero: the system is then
 * singular as far as double precision can tell (its condition number passes 1e12, where a solve
 * keeps no more than four digits).
 */
const RELATIVE_PIVOT_TOLERANCE = 1e-12

/** x with H x = b, H size × size row-major; null when H is not (numerically) positive definite. */
export function choleskySolve(matrix: ArrayLike<number>, size: number, rhs: ArrayLike<number>): Float64Array | null {
  if (matrix.length !== size * size || rhs.length !== size) throw new Error(`choleskySolve: a ${size} × ${size} system needs ${size * size} matrix entries and ${size} right-hand sides`)
  let largestDiagonal = 0
  for (let j = 0; j < size; j++) largestDiagonal = Math.max(largestDiagonal, matrix[j * size + j])
  const factor = new Float64Array(size * size)
  for (let j = 0; j < size; j++) {
    // L_jj = √(H_jj − Σ_{k<j} L_jk²)
    let pivot = matrix[j * size + j]
    for (let k = 0; k < j; k++) pivot -= factor[j * size + k] ** 2
    if (!(pivot > RELATIVE_PIVOT_TOLERANCE * largestDiagonal) || !Number.isFinite(pivot)) return null
    const diagonal = Math.sqrt(pivot)
    factor[j * size + j] = diagonal
    // L_ij = (H_ij − Σ_{k<j} L_ik L_jk)/L_jj
    for (let i = j + 1; i < size; i++) {
      let value = matrix[i * size + j]
      for (let k = 0; k < j; k++) value -= factor[i * size + k] * factor[j * size + k]
      factor[i * size + j] = value / diagonal
    }
  }
  // L y = b, then Lᵀ x = y
  const x = Float64Array.from(rhs)
  for (let i = 0; i < size; i++) {
    for (let k = 0; k < i; k++) x[i] -= factor[i * size + k] * x[k]
    x[i] /= factor[i * size + i]
  }
  for (let i = size - 1; i >= 0; i--) {
    for (let k = i + 1; k < size; k++) x[i] -= factor[k * size + i] * x[k]
    x[i] /= factor[i * size + i]
  }
  return x
}
