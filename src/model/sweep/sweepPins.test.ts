import { describe, expect, it } from 'vitest'
import { addPin } from '../compare'
import { pointPinSources, sweepPinKey } from './sweepPins'
import { hazardSweep, record } from './testSweeps'

/* A sweep point's runs as the Compare view's pins: one per seed, one design, the figures each run has. */

describe('pointPinSources', () => {
  const sweep = hazardSweep(3)
  // Point 1 (w.hazard = 50) has runs 3, 4 and 5; run 4 finished no episode.
  const records = [record(sweep, 0, 1, -10), record(sweep, 5, 0.7, -30), record(sweep, 3, 0.5, -20), record(sweep, 4, null, null)]
  const kept = { id: 'sweep-a', envLabel: 'CliffWalking', sweep, records }

  it('pins each seed of the point that has figures, in seed order, as its final figures at its last step', () => {
    const { sources, withoutFigures } = pointPinSources(kept, 1)
    expect(withoutFigures).toBe(1)
    expect(sources.map((source) => [source.sourceKey, source.design.seed, source.design.weights.hazard])).toEqual([
      [sweepPinKey('sweep-a', 3), 5, 50],
      [sweepPinKey('sweep-a', 5), 7, 50],
    ])
    expect(sources[0].series).toEqual([{ envSteps: 600, wallSeconds: 0.25, shapedReturn: -20, objective: 0.5, contributions: { step: -20, hazard: 0, goal: 0, progress: 0 } }])
    expect(sources[0].final).toEqual({ shapedReturn: -20, objective: 0.5, length: NaN })
  })

  it('makes pins of one design, grouped as its seeds, each pinned once', () => {
    const { sources } = pointPinSources(kept, 1)
    let pins = sources.reduce((held, source) => addPin(held, source, 12), addPin([], pointPinSources(kept, 0).sources[0], 12))
    expect(pins.map((pin) => pin.seed)).toEqual([5, 5, 7])
    expect(new Set(pins.slice(1).map((pin) => pin.designKey)).size).toBe(1)
    expect(pins[1].designKey).not.toBe(pins[0].designKey)
    pins = addPin(pins, sources[0], 12)
    expect(pins).toHaveLength(3)
  })

  it('has nothing to pin of a point without finished runs', () => {
    expect(pointPinSources(kept, 2)).toEqual({ sources: [], withoutFigures: 0 })
  })
})
