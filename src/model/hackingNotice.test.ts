import { describe, expect, it } from 'vitest'
import { latchHackingAlert, type HackingAlert } from './hackingAlert'
import { hackingNoticeFigures, hackingNoticeText } from './hackingNotice'
import type { CurvePoint } from './series'

const point = (k: number, shapedReturn: number, objective: number): CurvePoint => ({ envSteps: (k + 1) * 1000, wallSeconds: 0, shapedReturn, objective, contributions: {} })

/** Latch the alert point by point, as frames arrive. */
function latched(series: CurvePoint[]): HackingAlert {
  let alert: HackingAlert | null = null
  for (let k = 1; k <= series.length; k++) alert = latchHackingAlert(alert, series.slice(0, k), true)
  return alert!
}

describe('the reward-hacking notice', () => {
  // 10 honest points (return −31, path efficiency 0.9), then a divergence that grows for 60 points: return up by 6.6 a point, efficiency down to 0.
  const honest = Array.from({ length: 10 }, (_, k) => point(k, -31, 0.9))
  const diverging = Array.from({ length: 60 }, (_, k) => point(10 + k, -31 + 6.6 * (k + 1), Math.max(0, 0.9 - 0.02 * (k + 1))))
  const series = [...honest, ...diverging]

  it('quotes the curve before the divergence and the latest points, not the small change that first fired it', () => {
    const alert = latched(series)
    // It fired early, on a small change…
    expect(alert.returnChange).toBeLessThan(40)
    const figures = hackingNoticeFigures(alert, series)
    // …but the notice reads the chart: the mean of the 10 points before (all −31, 0.9) and of the last 10 (points 60…69 of the run).
    expect(figures.before).toMatchObject({ fromStep: 1000, toStep: 10_000, shapedReturn: -31 })
    expect(figures.before.objective).toBeCloseTo(0.9, 12)
    const lastTen = series.slice(-10)
    expect(figures.now.shapedReturn).toBeCloseTo(lastTen.reduce((sum, p) => sum + p.shapedReturn, 0) / 10, 12)
    expect(figures.now.objective).toBeCloseTo(0, 12)
    expect(figures.now).toMatchObject({ fromStep: 61_000, toStep: 70_000 })
    expect(figures.points).toBe(10)
    expect(hackingNoticeText(alert, series, 'path efficiency')).toBe(
      `Reward hacking? The shaped return went from -31.00 to ${figures.now.shapedReturn.toFixed(2)} while path efficiency went the wrong way, from 0.90 to 0.00 (means of 10 points each: before the divergence, steps 1k–10k; the latest, steps 61k–70k). It stays until path efficiency is back to 0.90.`,
    )
  })

  it('follows the curve as it goes on: later points change the "now" figures, never the "before" ones', () => {
    const alert = latched(series.slice(0, 30))
    const early = hackingNoticeFigures(alert, series.slice(0, 30))
    const late = hackingNoticeFigures(alert, series)
    expect(late.before).toEqual(early.before)
    expect(late.now.shapedReturn).toBeGreaterThan(early.now.shapedReturn)
    expect(late.now.objective).toBeLessThan(early.now.objective)
  })
})
