import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../envs/registry'
import { Rng } from '../rng'
import { preferenceProbability } from './labeler'
import { defaultSegmentSteps, RandomPolicySegments, segmentPreferencePairs, segmentStepsProblem, type Segment } from './segmentPairs'
import { stepFeaturesFor } from './stepFeatures'

/* Segments of the random walk: their features are the sums of f(s′) over their steps, their gold the default reward's. */

/** Σ_t f(s′_t) over the states each step reached (all but the first kept state), computed afresh. */
function summedFeatures(id: string, params: Record<string, string>, segment: Segment): number[] {
  const features = stepFeaturesFor(resolveEnvironment(id, params).spec)!
  const sums = new Array<number>(features.names.length).fill(0)
  const out = new Float64Array(features.names.length)
  for (const state of segment.states.slice(1)) {
    features.featuresOf(state, 0, out, 0)
    out.forEach((value, k) => (sums[k] += value))
  }
  return sums
}

describe('RandomPolicySegments', () => {
  it('on CartPole: at most k steps, cut where the pole falls, gold +1 a step, features summed over the states reached', () => {
    const segments = new RandomPolicySegments(resolveEnvironment('cartpole'), new Rng(3))
    let cut = 0
    for (let j = 0; j < 200; j++) {
      const segment = segments.next(25)
      const steps = segment.actions.length
      expect(steps).toBeGreaterThanOrEqual(1)
      expect(steps).toBeLessThanOrEqual(25)
      expect(segment.states).toHaveLength(steps + 1)
      expect(segment.gold).toBe(steps)
      const summed = summedFeatures('cartpole', {}, segment)
      summed.forEach((value, k) => expect(segment.features[k]).toBeCloseTo(value, 12))
      expect(segment.features[0]).toBe(steps)
      if (steps < 25) {
        cut++
        // Cut short only by a fall: the last state is past a threshold (the time limit is 500).
        const [x, , theta] = segment.states[steps]
        expect(Math.abs(x) > 2.4 || Math.abs(theta) > (12 * 2 * Math.PI) / 360).toBe(true)
      }
    }
    // A random policy drops the pole within about 22 steps: many segments are cut.
    expect(cut).toBeGreaterThan(20)
  })

  it('on the cliff: gold is −1 a step and −100 a fall, by hand from the walk', () => {
    const segments = new RandomPolicySegments(resolveEnvironment('gridworld', { map: 'cliff' }), new Rng(1))
    let falls = 0
    for (let j = 0; j < 100; j++) {
      const segment = segments.next(10)
      // The cliff is row 3, columns 1–10; moves 0 up, 1 right, 2 down, 3 left, clamped to the 4×12 board.
      let expected = 0
      segment.actions.forEach((action, t) => {
        const [row, col] = segment.states[t]
        const targetRow = Math.min(3, Math.max(0, row + [-1, 0, 1, 0][action]))
        const targetCol = Math.min(11, Math.max(0, col + [0, 1, 0, -1][action]))
        const fell = targetRow === 3 && targetCol >= 1 && targetCol <= 10
        expected += fell ? -100 : -1
        if (fell) falls++
      })
      expect(segment.gold).toBe(expected)
      expect(Array.from(segment.features)).toEqual(summedFeatures('gridworld', { map: 'cliff' }, segment))
    }
    expect(falls).toBeGreaterThan(0)
  })

  it('takes 1 to 200 steps, and defaults to 25 on CartPole and 10 on a grid', () => {
    expect(segmentStepsProblem(0)).toBe('a segment is a whole number of steps from 1 to 200, got 0')
    expect(segmentStepsProblem(201)).toContain('from 1 to 200')
    expect(segmentStepsProblem(2.5)).toContain('from 1 to 200')
    expect(segmentStepsProblem(200)).toBeNull()
    expect(defaultSegmentSteps(resolveEnvironment('cartpole').spec)).toBe(25)
    expect(defaultSegmentSteps(resolveEnvironment('gridworld').spec)).toBe(10)
  })
})

describe('segmentPreferencePairs', () => {
  it('labels each pair with P(a ≻ b) = σ((g_a − g_b)/T) and is the same for the same seed', () => {
    const request = { environment: resolveEnvironment('cartpole'), seed: 4, count: 50, segmentSteps: 25, temperature: 2 }
    const pairs = [...segmentPreferencePairs(request)]
    expect(pairs).toHaveLength(50)
    for (const pair of pairs) expect(pair.probability).toBeCloseTo(1 / (1 + Math.exp(-(pair.a.gold - pair.b.gold) / 2)), 15)
    expect(pairs[0].probability).toBe(preferenceProbability(pairs[0].a.gold, pairs[0].b.gold, 2))
    expect(new Set(pairs.map((pair) => pair.label))).toEqual(new Set(['a', 'b']))
    expect([...segmentPreferencePairs(request)]).toEqual(pairs)
    expect([...segmentPreferencePairs({ ...request, seed: 5 })]).not.toEqual(pairs)
    // T = 0: the longer segment always wins
    for (const pair of segmentPreferencePairs({ ...request, temperature: 0 })) {
      if (pair.a.gold !== pair.b.gold) expect(pair.label).toBe(pair.a.gold > pair.b.gold ? 'a' : 'b')
    }
  })
})
