import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../core/envs/registry'
import { segmentPreferencePairs } from '../core/preferences/segmentPairs'
import { CARTPOLE_STEP_FEATURE_NAMES } from '../core/preferences/stepFeatures'
import { drawCurrentSegmentPairs, drawSegmentPairs } from './segmentDraws'

/* The panel's segment pairs: fresh on every request, and the very pairs `preferences --env ID --seed S` writes, labels included. */

describe('drawSegmentPairs', () => {
  it('continues the walk from request to request, as the command line draws its pairs', () => {
    const environment = resolveEnvironment('cartpole')
    const drawn = [...drawSegmentPairs(environment, 6, 3, { temperature: 1 }), ...drawSegmentPairs(environment, 6, 2, { temperature: 1 })]
    const written = [...segmentPreferencePairs({ environment, seed: 6, count: 5, segmentSteps: 25, temperature: 1 })]
    expect(drawn.map((pair) => [pair.a.features, pair.b.gold, pair.label])).toEqual(written.map((pair) => [Array.from(pair.a.features), pair.b.gold, { probability: pair.probability, label: pair.label }]))
    expect(drawn[0].env).toBe('cartpole')
    expect(drawn[0].featureNames).toEqual(CARTPOLE_STEP_FEATURE_NAMES)
    expect(drawn[0].a.states).toEqual(written[0].a.states)
  })

  it('starts a new walk for another seed or other parameters, and leaves the label out when no labeler is asked for', () => {
    const grid = resolveEnvironment('gridworld', { map: 'cliff' })
    const [pair] = drawSegmentPairs(grid, 1, 1, null)
    expect(pair.label).toBeUndefined()
    expect(pair.a.actions.length).toBeLessThanOrEqual(10)
    const [first] = [...segmentPreferencePairs({ environment: grid, seed: 1, count: 1, segmentSteps: 10, temperature: 1 })]
    expect(pair.a.states).toEqual(first.a.states)
  })
})

describe('drawCurrentSegmentPairs', () => {
  /** Six segments told apart by their gold 0 … 5. */
  const segments = Array.from({ length: 6 }, (_, k) => ({ states: [[k], [k + 1]], actions: [k % 2], features: Float64Array.from([1, k]), gold: k }))

  it('pairs the segments two by two after a shuffle, each at most once a request, up to the count asked', () => {
    const pairs = drawCurrentSegmentPairs('cartpole', ['steps', 'k'], segments, 9, 10, null)
    expect(pairs).toHaveLength(3)
    const golds = pairs.flatMap((pair) => [pair.a.gold, pair.b.gold]).sort()
    expect(golds).toEqual([0, 1, 2, 3, 4, 5])
    expect(pairs[0].env).toBe('cartpole')
    expect(pairs[0].featureNames).toEqual(['steps', 'k'])
    expect(pairs[0].label).toBeUndefined()
    expect(drawCurrentSegmentPairs('cartpole', ['steps', 'k'], segments, 9, 2, null)).toHaveLength(2)
  })

  it('labels with P(a ≻ b) = σ((g_a − g_b)/T), and a request after another pairs the segments afresh', () => {
    const first = drawCurrentSegmentPairs('cartpole', ['steps', 'k'], segments, 11, 3, { temperature: 2 })
    for (const pair of first) expect(pair.label!.probability).toBeCloseTo(1 / (1 + Math.exp(-(pair.a.gold - pair.b.gold) / 2)), 14)
    const orders = [first, ...Array.from({ length: 4 }, () => drawCurrentSegmentPairs('cartpole', ['steps', 'k'], segments, 11, 3, { temperature: 2 }))].map((pairs) => pairs.map((pair) => `${pair.a.gold}-${pair.b.gold}`).join(' '))
    expect(new Set(orders).size).toBeGreaterThan(1)
  })
})
