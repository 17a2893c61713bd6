import type { Rng } from '../core/rng'

/**
 * A rows × cols matrix (row-major) drawn uniformly from the semi-orthogonal ones, scaled by `gain`:
 * orthonormal columns when rows ≥ cols, orthonormal rows otherwise (Saxe et al. 2014; the
 * initialisation PyTorch's `orthogonal_` gives CleanRL). All randomness comes from `rng`.
 */
export function orthogonal(rows: number, cols: number, gain: number, rng: Rng): Float32Array {
  const long = Math.max(rows, cols)
  const short = Math.min(rows, cols)
  // Gram–Schmidt on Gaussian vectors is QR with diag(R) > 0, so the result is Haar-distributed.
  const basis: Float64Array[] = []
  while (basis.length < short) {
    const vector = new Float64Array(long)
    for (let r = 0; r < long; r++) vector[r] = rng.normal()
    // v ← v − Σ_k (q_k · v) q_k (modified Gram–Schmidt, twice for numerical orthogonality)
    for (let pass = 0; pass < 2; pass++) {
      for (const q of basis) {
        let dot = 0
        for (let r = 0; r < long; r++) dot += q[r] * vector[r]
        for (let r = 0; r < long; r++) vector[r] -= dot * q[r]
      }
    }
    let norm = 0
    for (let r = 0; r < long; r++) norm += vector[r] * vector[r]
    norm = Math.sqrt(norm)
    // A draw inside the span of the others (probability zero) is simply redrawn.
    if (norm < 1e-10) continue
    for (let r = 0; r < long; r++) vector[r] /= norm
    basis.push(vector)
  }
  const matrix = new Float32Array(rows * cols)
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      // W = gain·Q when tall, gain·Qᵀ when wide
      matrix[r * cols + c] = gain * (rows >= cols ? basis[c][r] : basis[r][c])
    }
  }
  return matrix
}
