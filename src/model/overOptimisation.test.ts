import { describe, expect, it } from 'vitest'
import { overOptimisationCurve } from './overOptimisation'
import type { CurvePoint } from './series'

const point = (kl: number | undefined, objective: number, rm: number): CurvePoint => ({ envSteps: 0, wallSeconds: 0, shapedReturn: rm, objective, contributions: { rm }, ...(kl === undefined ? {} : { kl }) })

describe('overOptimisationCurve', () => {
  it('bins the points by √KL and averages gold and the proxy in each bin', () => {
    // √KL = 0, 0.5, 1, 1.5, 2, 2 over 6 points: 3 bins of width 2/3
    const series = [point(0, 0.1, 0.2), point(0.25, 0.3, 0.4), point(1, 0.5, 0.6), point(2.25, 0.2, 0.9), point(4, 0, 1.2), point(4, 0.1, 1.0)]
    const curve = overOptimisationCurve(series, ['rm'])
    // bin 0 [0, 2/3): √KL 0 and 0.5; bin 1 [2/3, 4/3): 1; bin 2 [4/3, 2]: 1.5, 2, 2
    expect(curve.counts).toEqual([2, 1, 3])
    curve.sqrtKl.forEach((value, b) => expect(value).toBeCloseTo([1 / 3, 1, 5 / 3][b], 12))
    curve.gold.forEach((value, b) => expect(value).toBeCloseTo([0.2, 0.5, 0.1][b], 12))
    curve.proxies.rm.forEach((value, b) => expect(value).toBeCloseTo([0.3, 0.6, 31 / 30][b], 12))
  })

  it('leaves out points without a KL and empty bins, and counts a proxy a point lacks as 0', () => {
    // √KL 0, 0, 3, 3 (4 points → 2 bins of 1.5); one point has no KL; one lacks rm2
    const series = [point(0, 1, 1), point(0, 1, 1), point(undefined, 5, 5), point(9, 0, 3), { ...point(9, 0, 5), contributions: { rm: 5 } }]
    const curve = overOptimisationCurve(series, ['rm', 'rm2'])
    expect(curve.counts).toEqual([2, 2])
    expect(curve.sqrtKl).toEqual([0.75, 2.25])
    expect(curve.proxies.rm).toEqual([1, 4])
    expect(curve.proxies.rm2).toEqual([0, 0])
    expect(overOptimisationCurve([point(undefined, 1, 1)], ['rm'])).toEqual({ sqrtKl: [], gold: [], proxies: { rm: [] }, counts: [] })
  })

  it('draws at most 24 bins and a run that never moved as one bin at √KL 0.5', () => {
    const long = Array.from({ length: 200 }, (_, i) => point(i / 10, 0, 0))
    expect(overOptimisationCurve(long, []).counts).toHaveLength(24)
    const still = overOptimisationCurve([point(0, 0.3, 1), point(0, 0.5, 1)], ['rm'])
    expect(still.sqrtKl).toEqual([0.5])
    expect(still.gold).toEqual([0.4])
  })
})
