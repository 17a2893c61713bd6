/*
 * Observation normalisation with running statistics, as Gymnasium's NormalizeObservation does it:
 * every batch of observations the copies return first updates a running mean and (population)
 * variance per dimension, then is replaced in place by (o − μ) / √(σ² + ε). The statistics start
 * at μ = 0, σ² = 1 with a pseudo-count of 1e-4, so the first batch all but replaces them.
 */

/** Gymnasium's RunningMeanStd starting count. */
export const START_COUNT = 1e-4
/** Added to the variance under the square root (Gymnasium's NormalizeObservation epsilon). */
export const VARIANCE_EPSILON = 1e-8
/** Normalised observations are clipped to ±CLIP, as CleanRL does after normalising. */
export const CLIP = 10

export class ObservationNormalizer {
  readonly mean: Float64Array
  readonly variance: Float64Array
  count = START_COUNT

  constructor(readonly size: number) {
    this.mean = new Float64Array(size)
    this.variance = new Float64Array(size).fill(1)
  }

  /**
   * Fold a batch of `rows` observations into the statistics (Chan et al.'s parallel update):
   *   δ = μ_B − μ,  N' = N + n,  μ' = μ + δ·n/N',  σ²' = (σ²·N + σ²_B·n + δ²·N·n/N') / N'
   * with μ_B, σ²_B the batch's mean and population variance.
   */
  update(batch: Float32Array, rows: number): void {
    const { size } = this
    const total = this.count + rows
    for (let d = 0; d < size; d++) {
      let batchMean = 0
      for (let r = 0; r < rows; r++) batchMean += batch[r * size + d]
      batchMean /= rows
      let batchVariance = 0
      for (let r = 0; r < rows; r++) batchVariance += (batch[r * size + d] - batchMean) ** 2
      batchVariance /= rows
      const delta = batchMean - this.mean[d]
      this.mean[d] += (delta * rows) / total
      this.variance[d] = (this.variance[d] * this.count + batchVariance * rows + (delta * delta * this.count * rows) / total) / total
    }
    this.count = total
  }

  /** o ← clip((o − μ) / √(σ² + ε), −CLIP, CLIP) for the first `rows` rows, in place; the statistics do not change. */
  normalize(batch: Float32Array, rows: number): void {
    const { size } = this
    for (let r = 0; r < rows; r++) {
      for (let d = 0; d < size; d++) {
        const index = r * size + d
        const z = (batch[index] - this.mean[d]) / Math.sqrt(this.variance[d] + VARIANCE_EPSILON)
        batch[index] = Math.max(-CLIP, Math.min(CLIP, z))
      }
    }
  }
}
