import { detectRewardHacking } from '../core/run/hacking'
import type { CurvePoint } from './series'

/**
 * The reward-hacking alert as the page keeps it: latched at the first point where the check fires
 * (core/run/hacking.ts), with the figures that fired it, and kept until the true objective recovers
 * or the user dismisses it, so it does not blink with every new point.
 */
export interface HackingAlert {
  /** Step of the first point of the newer half-window when it fired: where the divergence began. */
  fromStep: number
  /** Step of the point at which it fired. */
  detectedAt: number
  /** The figures that fired it (newer half minus older half of the window), never recomputed. */
  returnChange: number
  objectiveChange: number
  window: number
  /** Mean objective over the older half at detection: recovering means getting back to it. */
  objectiveBefore: number
  /** Mean shaped return over the same older half: where the return was before it rose. */
  returnBefore: number
  /** Steps of the older half's first and last points: the window the two "before" means are over. */
  beforeFromStep: number
  beforeToStep: number
  /** Step at which the objective's newer-half mean got back to objectiveBefore; null while hacked. */
  recoveredAt: number | null
  /** The user closed the notice; the band on the chart stays. */
  dismissed: boolean
}

/**
 * The alert after the curve grew. While an alert is unrecovered it stays as it is (dismissed or
 * not) until the mean objective of the latest half-window is at least as good as objectiveBefore;
 * then it is marked recovered. With no alert, or a recovered one, the check runs again and a new
 * firing starts a new alert. Returns `alert` itself when nothing changed.
 */
export function latchHackingAlert(alert: HackingAlert | null, series: readonly CurvePoint[], higherIsBetter: boolean, window = 20): HackingAlert | null {
  const latest = series[series.length - 1]
  if (!latest) return alert
  if (alert && alert.recoveredAt === null) {
    const half = Math.floor(alert.window / 2)
    if (series.length < half) return alert
    let sum = 0
    for (let i = series.length - half; i < series.length; i++) sum += series[i].objective
    const recent = sum / half
    const recovered = higherIsBetter ? recent >= alert.objectiveBefore : recent <= alert.objectiveBefore
    return recovered && latest.envSteps > alert.detectedAt ? { ...alert, recoveredAt: latest.envSteps } : alert
  }
  const signal = detectRewardHacking(series, higherIsBetter, window)
  if (!signal) return alert
  const half = Math.floor(window / 2)
  const start = series.length - window
  let before = 0
  let returnBefore = 0
  for (let i = start; i < start + half; i++) {
    before += series[i].objective
    returnBefore += series[i].shapedReturn
  }
  return {
    fromStep: series[series.length - (window - half)].envSteps,
    detectedAt: latest.envSteps,
    returnChange: signal.returnChange,
    objectiveChange: signal.objectiveChange,
    window,
    objectiveBefore: before / half,
    returnBefore: returnBefore / half,
    beforeFromStep: series[start].envSteps,
    beforeToStep: series[start + half - 1].envSteps,
    recoveredAt: null,
    dismissed: false,
  }
}

/** Whether the notice shows: latched, not recovered, not dismissed. */
export function hackingNoticeShown(alert: HackingAlert | null): alert is HackingAlert {
  return alert !== null && alert.recoveredAt === null && !alert.dismissed
}
