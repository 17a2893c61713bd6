import { describe, expect, it } from 'vitest'
import { appendPoint, curvePointOf, type CurvePoint } from './series'
import { cartpoleFrame } from './testFrames'

const point = (envSteps: number, value: number): CurvePoint => ({
  envSteps,
  wallSeconds: envSteps / 100,
  shapedReturn: value,
  objective: value * 2,
  contributions: { a: value, b: -value },
})

describe('appendPoint', () => {
  it('appends without touching the original array', () => {
    const original = [point(1, 1)]
    const next = appendPoint(original, point(2, 3))
    expect(original).toHaveLength(1)
    expect(next.map((p) => p.envSteps)).toEqual([1, 2])
  })

  it('halves a full series by averaging pairs, then appends', () => {
    let series: CurvePoint[] = []
    for (let i = 1; i <= 4; i++) series = appendPoint(series, point(i, i), 4)
    series = appendPoint(series, point(5, 5), 4)
    // Pairs (1,2) and (3,4) merge to means 1.5 and 3.5 at steps 2 and 4; then 5 is appended.
    expect(series.map((p) => p.envSteps)).toEqual([2, 4, 5])
    expect(series.map((p) => p.shapedReturn)).toEqual([1.5, 3.5, 5])
    expect(series[0].contributions).toEqual({ a: 1.5, b: -1.5 })
    expect(series[1].objective).toBe(7)
  })

  it('never grows past the bound over a long run', () => {
    let series: CurvePoint[] = []
    for (let i = 0; i < 10_000; i++) series = appendPoint(series, point(i, i % 7), 100)
    expect(series.length).toBeLessThanOrEqual(100)
    expect(series[series.length - 1].envSteps).toBe(9999)
  })
})

describe('the KL of a curve point', () => {
  it('averages two points’ KLs when a full series halves, and keeps the one there is', () => {
    let series: CurvePoint[] = []
    for (const kl of [0.2, 0.4, undefined, 1]) series = appendPoint(series, { ...point(series.length + 1, 1), ...(kl === undefined ? {} : { kl }) }, 4)
    series = appendPoint(series, point(5, 5), 4)
    expect(series.map((p) => p.kl)).toEqual([0.30000000000000004, 1, undefined])
  })
})

describe('curvePointOf', () => {
  it('carries the frame’s kl diagnostic when it is finite, and nothing otherwise', () => {
    const frame = cartpoleFrame(100, 20)
    expect(curvePointOf({ ...frame, diagnostics: { kl: 0.25, entropy: 1 } })?.kl).toBe(0.25)
    expect(curvePointOf({ ...frame, diagnostics: { entropy: 1 } })).not.toHaveProperty('kl')
    expect(curvePointOf({ ...frame, diagnostics: { kl: Number.NaN } })).not.toHaveProperty('kl')
  })
})

describe('the scheduled weights of a curve point', () => {
  it('come from the frame, and are absent without schedules', () => {
    expect('weights' in curvePointOf(cartpoleFrame(100, 10))!).toBe(false)
    expect(curvePointOf({ ...cartpoleFrame(100, 10), scheduledWeights: { alive: 0.5 } })!.weights).toEqual({ alive: 0.5 })
  })

  it('are averaged when the series halves; a weight only one point has is kept as it is', () => {
    const point = (envSteps: number, weights?: Record<string, number>): CurvePoint => ({ envSteps, wallSeconds: 0, shapedReturn: 0, objective: 0, contributions: {}, ...(weights ? { weights } : {}) })
    let series: CurvePoint[] = [point(1, { alive: 1, upright: 2 }), point(2, { alive: 0 })]
    series = appendPoint(series, point(3), 2)
    expect(series[0].weights).toEqual({ alive: 0.5, upright: 2 })
    expect('weights' in series[1]).toBe(false)
    expect(appendPoint([point(1), point(2, { alive: 2 })], point(3), 2)[0].weights).toEqual({ alive: 2 })
  })
})
