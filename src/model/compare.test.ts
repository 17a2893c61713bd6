import { describe, expect, it } from 'vitest'
import { addPin, meanStd, removePin, renamePin, seedBand, valueAt, type PinnedRun, type PinSource } from './compare'
import { defaultDesign, type Design } from './design'

const run = (id: number, values: [number, number][]): PinnedRun => ({
  id,
  label: `run ${id}`,
  groupLabel: 'runs',
  name: null,
  envLabel: 'CliffWalking',
  design: defaultDesign('cliffwalking', id),
  sourceKey: `run ${id}`,
  designKey: 'd',
  seed: id,
  style: id - 1,
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
    let pins = addPin([], { envLabel: 'CliffWalking', name: null, sourceKey: 'a', design: defaultDesign('cliffwalking', 1), series, final }, 2)
    pins = addPin(pins, { envLabel: 'CliffWalking', name: 'my run', sourceKey: 'b', design: defaultDesign('cliffwalking', 2), series, final }, 2)
    expect(pins.map((pin) => pin.label)).toEqual(['#1 CliffWalking, qlearning, seed 1', '#2 my run'])
    expect(pins[0].designKey).toBe(pins[1].designKey)
    expect(pins[1]).toMatchObject({ seed: 2, points: [{ envSteps: 10, shapedReturn: 2, objective: 3 }], final })
    pins = addPin(pins, { envLabel: 'CartPole', name: null, sourceKey: 'c', design: defaultDesign('cartpole', 2), series, final }, 2)
    expect(pins.map((pin) => pin.id)).toEqual([2, 3])
    expect(pins[1].designKey).not.toBe(pins[0].designKey)
  })

  describe('names', () => {
    const series = [{ envSteps: 10, wallSeconds: 1, shapedReturn: 2, objective: 3, contributions: {} }]
    const final = { shapedReturn: 2, objective: 3, length: 4 }
    const source = (design: Design, sourceKey: string, name: string | null = null): PinSource => ({ envLabel: 'Token sequences', name, sourceKey, design, series, final })
    const grpo = defaultDesign('tokenseq', 1)
    const withEstimator = (center: 'mean' | 'median', seed: number): Design => ({ ...grpo, seed, learner: { ...grpo.learner, estimator: { ...(grpo.learner as { estimator: object }).estimator, center } } as Design['learner'] })

    it('names each pin by what differs between the pinned designs, and each group of seeds the same without the seed', () => {
      let pins = addPin([], source(withEstimator('mean', 1), 'a'), 8)
      // alone, nothing differs: environment, learner, seed
      expect(pins[0].label).toBe('#1 Token sequences, grpo, seed 1')
      pins = addPin(pins, source(withEstimator('mean', 2), 'b'), 8)
      pins = addPin(pins, source(withEstimator('median', 1), 'c'), 8)
      pins = addPin(pins, source({ ...withEstimator('mean', 1), weights: { ...grpo.weights, length: 2 } }, 'd'), 8)
      expect(pins.map((pin) => pin.label)).toEqual([
        '#1 Token sequences, grpo, estimator.center mean, w.length 0, seed 1',
        '#2 Token sequences, grpo, estimator.center mean, w.length 0, seed 2',
        '#3 Token sequences, Median centre, estimator.center median, w.length 0, seed 1',
        '#4 Token sequences, grpo, estimator.center mean, w.length 2, seed 1',
      ])
      expect(pins[0].groupLabel).toBe(pins[1].groupLabel)
      expect(pins[0].groupLabel).toBe('Token sequences, grpo, estimator.center mean, w.length 0')
      // the median run unpinned: only the length weight tells the rest apart
      pins = removePin(pins, 3)
      expect(pins.map((pin) => pin.label)).toEqual(['#1 Token sequences, grpo, w.length 0, seed 1', '#2 Token sequences, grpo, w.length 0, seed 2', '#4 Token sequences, grpo, w.length 2, seed 1'])
    })

    it('lists at most three differing settings, then how many more', () => {
      const many = { ...grpo, weights: Object.fromEntries(Object.keys(grpo.weights).map((name) => [name, 0.5])) }
      const pins = addPin(addPin([], source(grpo, 'a'), 8), source(many, 'b'), 8)
      const differing = Object.keys(grpo.weights).filter((name) => grpo.weights[name] !== 0.5).length
      expect(differing).toBeGreaterThan(3)
      expect(pins[1].label).toMatch(new RegExp(`^#2 Token sequences, grpo, (w\\.[a-z_]+ 0\\.5, ){3}\\+${differing - 3} more, seed 1$`))
    })

    it('keeps the user’s name, renames (empty: automatic again), and never pins the same run twice', () => {
      let pins = addPin([], source(grpo, 'saved:x', 'baseline'), 8)
      expect(addPin(pins, source(grpo, 'saved:x', 'baseline'), 8)).toEqual(pins)
      pins = renamePin(pins, 1, '  GRPO as shipped ')
      expect(pins[0].label).toBe('#1 GRPO as shipped')
      pins = renamePin(pins, 1, '   ')
      expect(pins[0].label).toBe('#1 Token sequences, grpo, seed 1')
    })
  })
})

describe('meanStd near the largest double', () => {
  it('gives finite figures where the sum and the squares overflow', () => {
    const { mean, std } = meanStd([1.5e308, 1e308])
    expect(mean / 1.25e308).toBeCloseTo(1, 12)
    expect(std / (Math.SQRT1_2 * 0.5e308)).toBeCloseTo(1, 12)
    expect(meanStd([-1.7e308, -1.7e308, -1.7e308])).toEqual({ mean: -1.7e308, std: 0 })
  })
})
