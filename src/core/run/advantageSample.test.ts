import { describe, expect, it } from 'vitest'
import { sampleAdvantages } from './advantageSample'

describe('sampleAdvantages', () => {
  it('keeps every value when there are few', () => {
    expect(Array.from(sampleAdvantages([0.5, -1, 2], 8))).toEqual([0.5, -1, 2])
  })

  it('strides evenly and never exceeds the bound', () => {
    const values = Array.from({ length: 10 }, (_, i) => i)
    // stride ⌈10 / 4⌉ = 3 → indices 0, 3, 6, 9
    expect(Array.from(sampleAdvantages(values, 4))).toEqual([0, 3, 6, 9])
    expect(sampleAdvantages(new Float32Array(100_000)).length).toBeLessThanOrEqual(2048)
  })
})
