import type { HackingAlert } from './hackingAlert'
import type { CurvePoint } from './series'
import { formatChange, formatSteps } from './numberFormat'

/** The reward-hacking notice's figures: the curve's means before the divergence and now, each over a stated window of points. */
export interface HackingNoticeFigures {
  /** Points in each window: half the check's window. */
  points: number
  before: { fromStep: number; toStep: number; shapedReturn: number; objective: number }
  now: { fromStep: number; toStep: number; shapedReturn: number; objective: number }
}

/**
 * What the notice quotes, read off the curve the chart draws: the mean shaped return and objective
 * over the half-window before the divergence (latched when the alert fired) and over the latest
 * half-window of the series now (the window recovery is judged on), so the figures follow the
 * chart as the run goes on instead of staying at the small change that first fired the check:
 *   before = (1/h)·Σ_{i ∈ older half at detection} x_i,   now = (1/h)·Σ_{i ∈ last h points} x_i
 */
export function hackingNoticeFigures(alert: HackingAlert, series: readonly CurvePoint[]): HackingNoticeFigures {
  const half = Math.floor(alert.window / 2)
  const recent = series.slice(Math.max(0, series.length - half))
  const mean = (key: 'shapedReturn' | 'objective') => recent.reduce((sum, point) => sum + point[key], 0) / Math.max(1, recent.length)
  return {
    points: half,
    before: { fromStep: alert.beforeFromStep, toStep: alert.beforeToStep, shapedReturn: alert.returnBefore, objective: alert.objectiveBefore },
    now: { fromStep: recent[0]?.envSteps ?? alert.detectedAt, toStep: recent[recent.length - 1]?.envSteps ?? alert.detectedAt, shapedReturn: mean('shapedReturn'), objective: mean('objective') },
  }
}

/** The notice in words: the figures before and now, the windows they are over, and when it goes away. */
export function hackingNoticeText(alert: HackingAlert, series: readonly CurvePoint[], objectiveName: string): string {
  const { points, before, now } = hackingNoticeFigures(alert, series)
  const steps = (window: { fromStep: number; toStep: number }) => `steps ${formatSteps(window.fromStep)}–${formatSteps(window.toStep)}`
  return (
    `Reward hacking? The shaped return went from ${formatChange(before.shapedReturn)} to ${formatChange(now.shapedReturn)} while ${objectiveName} went the wrong way, from ${formatChange(before.objective)} to ${formatChange(now.objective)} ` +
    `(means of ${points} points each: before the divergence, ${steps(before)}; the latest, ${steps(now)}). It stays until ${objectiveName} is back to ${formatChange(alert.objectiveBefore)}.`
  )
}
