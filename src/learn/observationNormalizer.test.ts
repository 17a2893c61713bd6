import { describe, expect, it } from 'vitest'
import { CLIP, ObservationNormalizer } from './observationNormalizer'

describe('ObservationNormalizer (Gymnasium NormalizeObservation)', () => {
  it('folds a first batch into μ = 0, σ² = 1, N = 1e-4 by the parallel update, by hand', () => {
    // batch [1, 3]: μ_B = 2, σ²_B = 1, n = 2; N' = 2.0001, δ = 2
    // μ' = 2·2/2.0001 = 1.99990000499975; σ²' = (1·1e-4 + 1·2 + 4·1e-4·2/2.0001)/2.0001 = 1.0001999800015
    const normalizer = new ObservationNormalizer(1)
    normalizer.update(Float32Array.of(1, 3), 2)
    expect(normalizer.count).toBeCloseTo(2.0001, 12)
    expect(normalizer.mean[0]).toBeCloseTo(1.99990000499975, 12)
    expect(normalizer.variance[0]).toBeCloseTo(1.0001999800015, 12)
    const batch = Float32Array.of(1, 3)
    normalizer.normalize(batch, 2)
    // (3 − μ')/√(σ²' + 1e-8) = 1.000000005, (1 − μ')/√(σ²' + 1e-8) = −0.99980003
    expect(batch[1]).toBeCloseTo(1.000000005, 6)
    expect(batch[0]).toBeCloseTo(-0.99980003, 6)
  })

  it('keeps each dimension apart and converges on the data’s mean and population variance', () => {
    const normalizer = new ObservationNormalizer(2)
    const rows: number[][] = []
    for (let k = 0; k < 50; k++) {
      const batch = new Float32Array(8)
      for (let r = 0; r < 4; r++) {
        const x = Math.sin(k * 4 + r) * 0.07
        const y = 5 + ((k * 4 + r) % 7)
        batch[r * 2] = x
        batch[r * 2 + 1] = y
        rows.push([batch[r * 2], y])
      }
      normalizer.update(batch, 4)
    }
    for (const d of [0, 1]) {
      const values = rows.map((row) => row[d])
      // the start is a pseudo-sample of weight c = 1e-4 at 0 with variance 1, pooled with the data:
      //   μ = Σx / (N + c),  σ² = (c·(1 + μ²) + Σ(x − μ)²) / (N + c)
      const c = 1e-4
      const mean = values.reduce((sum, v) => sum + v, 0) / (values.length + c)
      const variance = (c * (1 + mean ** 2) + values.reduce((sum, v) => sum + (v - mean) ** 2, 0)) / (values.length + c)
      expect(normalizer.mean[d]).toBeCloseTo(mean, 10)
      expect(normalizer.variance[d]).toBeCloseTo(variance, 10)
    }
  })

  it('clips normalised values to ±10 and leaves the statistics alone when normalising', () => {
    const normalizer = new ObservationNormalizer(1)
    normalizer.update(Float32Array.of(0, 0.02, -0.02, 0), 4)
    const before = [normalizer.mean[0], normalizer.variance[0], normalizer.count]
    const batch = Float32Array.of(1000, -1000)
    normalizer.normalize(batch, 2)
    expect([...batch]).toEqual([CLIP, -CLIP])
    expect([normalizer.mean[0], normalizer.variance[0], normalizer.count]).toEqual(before)
  })
})
