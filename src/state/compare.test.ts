import { describe, expect, it } from 'vitest'
import { seedBand, valueAt, type PinnedRun } from './compare'

const run = (id: number, values: [number, number][]): PinnedRun => ({
  id,
  label: `run ${id}`,
  designKey: 'd',
  seed: id,
  points: values.map(([envSteps, shapedReturn]) => ({ envSteps, shapedReturn, objective: shapedReturn / 10 })),
  final: { shapedReturn: 0, objective: 0, length: 0 },
})

describe('comparing pinned runs', () => {
  it('interpolates a curve between its points and holds it beyond its ends', () => {
    const points = run(1, [
      [100, 0],
      [200, 10],
    ]).points
    expect(valueAt(points, 'shapedReturn', 150)).toBe(5)
    expect(valueAt(points, 'shapedReturn', 50)).toBe(0)
    expect(valueAt(points, 'shapedReturn', 500)).toBe(10)
    expect(valueAt(points, 'objective', 150)).toBe(0.5)
  })

  it('gives the mean and the Bessel standard deviation over seeds up to the shortest run', () => {
    const a = run(1, [
      [0, 0],
      [100, 10],
    ])
    const b = run(2, [
      [0, 0],
      [100, 30],
      [200, 50],
    ])
    const band = seedBand([a, b], 'shapedReturn', 2)
    // at 50: (5, 15) → mean 10, std √((25 + 25)/1) = √50; at 100: (10, 30) → mean 20, std √200
    expect(band.map((p) => p.envSteps)).toEqual([50, 100])
    expect(band[0].mean).toBe(10)
    expect(band[0].hi - band[0].mean).toBeCloseTo(Math.sqrt(50), 12)
    expect(band[1].mean).toBe(20)
    expect(band[1].lo).toBeCloseTo(20 - Math.sqrt(200), 12)
  })
})
