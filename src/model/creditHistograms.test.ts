import { describe, expect, it } from 'vitest'
import { ADVANTAGE_BINS } from './creditViews'
import { creditHistograms } from './creditHistograms'

describe('creditHistograms', () => {
  it('bins the batch, its what-if and both estimators compared over one axis: the largest |v| of all four, 4 here', () => {
    const { main, comparison } = creditHistograms(Float32Array.of(0.5, -0.5), Float64Array.of(2), { running: Float32Array.of(-1, 0, 1), other: Float32Array.of(-4, 4), why: null })
    const edges = main!.batch.edges
    expect(edges[0]).toBeCloseTo(-4, 12)
    expect(edges[ADVANTAGE_BINS]).toBeCloseTo(4, 12)
    // One set of bins for every histogram drawn.
    expect(main!.whatIf!.edges).toEqual(edges)
    expect(comparison!.running.histogram.edges).toEqual(edges)
    expect(comparison!.other!.histogram.edges).toEqual(edges)
    // Bins of width 8/21: 0.5 falls in ⌊(0.5 + 4)·21/8⌋ = 11, −0.5 in ⌊3.5·21/8⌋ = 9, 1 in ⌊5·21/8⌋ = 13.
    expect(main!.batch.counts[11]).toBe(1)
    expect(main!.batch.counts[9]).toBe(1)
    expect(comparison!.running.histogram.counts[13]).toBe(1)
    expect(comparison!.running.zeroFraction).toBeCloseTo(1 / 3, 12)
    // ±4 at the ends: the lowest bin and the top edge folded into the last.
    expect(comparison!.other!.histogram.counts[0]).toBe(1)
    expect(comparison!.other!.histogram.counts[ADVANTAGE_BINS - 1]).toBe(1)
  })

  it('reaches the values the other side draws even where it is the only one that far out', () => {
    // Without the comparison the batch and its what-if reach 2; with it, 3 (the running side's).
    expect(creditHistograms(Float32Array.of(1), Float64Array.of(-2), null).main!.batch.edges[0]).toBeCloseTo(-2, 12)
    const { main, comparison } = creditHistograms(Float32Array.of(1), Float64Array.of(-2), { running: Float32Array.of(3), other: null, why: 'no greedy completions' })
    expect(main!.batch.edges[0]).toBeCloseTo(-3, 12)
    expect(comparison!.running.histogram.edges).toEqual(main!.batch.edges)
    expect(comparison!.other).toBeNull()
    expect(comparison!.why).toBe('no greedy completions')
  })

  it('has no main histogram before the first update, and no comparison where none is shown', () => {
    expect(creditHistograms(null, null, null)).toEqual({ main: null, comparison: null })
  })
})
