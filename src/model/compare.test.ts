import { describe, expect, it } from 'vitest'
import { addPin, seedBand, valueAt, type PinnedRun } from './compare'
import { defaultDesign } from './design'

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

  it('adds a pin numbered after the last, grouped by design less its seed, keeping the latest few', () => {
    const series = [{ envSteps: 10, wallSeconds: 1, shapedReturn: 2, objective: 3, contributions: { step: 2 } }]
    const final = { shapedReturn: 2, objective: 3, length: 4 }
    let pins = addPin([], { label: 'CliffWalking, qlearning, seed 1', design: defaultDesign('cliffwalking', 1), series, final }, 2)
    pins = addPin(pins, { label: 'my run', design: defaultDesign('cliffwalking', 2), series, final }, 2)
    expect(pins.map((pin) => pin.label)).toEqual(['#1 CliffWalking, qlearning, seed 1', '#2 my run'])
    expect(pins[0].designKey).toBe(pins[1].designKey)
    expect(pins[1]).toMatchObject({ seed: 2, points: [{ envSteps: 10, shapedReturn: 2, objective: 3 }], final })
    pins = addPin(pins, { label: 'cartpole', design: defaultDesign('cartpole', 2), series, final }, 2)
    expect(pins.map((pin) => pin.id)).toEqual([2, 3])
    expect(pins[1].designKey).not.toBe(pins[0].designKey)
  })
})
