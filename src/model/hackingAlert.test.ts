import { describe, expect, it } from 'vitest'
import { hackingNoticeShown, latchHackingAlert, type HackingAlert } from './hackingAlert'
import type { CurvePoint } from './series'

/** Points 1000 steps apart from `fromStep`, each with this shaped return and objective. */
function points(count: number, shapedReturn: number, objective: number, fromStep: number): CurvePoint[] {
  return Array.from({ length: count }, (_, k) => ({ envSteps: fromStep + k * 1000, wallSeconds: 0, shapedReturn, objective, contributions: {} }))
}

/** Feed the series point by point from its `from`-th point on, as frames arrive; the alert at the end. */
function feed(series: CurvePoint[], higherIsBetter = true, start: HackingAlert | null = null, from = 1): HackingAlert | null {
  let alert = start
  for (let k = from; k <= series.length; k++) alert = latchHackingAlert(alert, series.slice(0, k), higherIsBetter)
  return alert
}

describe('the latched reward-hacking alert', () => {
  // 10 points doing the task (objective 1, return 0), then 10 farming the reward (objective 0, return 5)
  const honest = points(10, 0, 1, 1000)
  const hacked = points(10, 5, 0, 11_000)

  it('latches where the check fires, with the figures that fired it', () => {
    const alert = feed([...honest, ...hacked])!
    // window 20: older half mean objective 1, return 0; newer half 0 and 5
    expect(alert).toEqual({ fromStep: 11_000, detectedAt: 20_000, returnChange: 5, objectiveChange: -1, window: 20, objectiveBefore: 1, returnBefore: 0, beforeFromStep: 1000, beforeToStep: 10_000, recoveredAt: null, dismissed: false })
    expect(hackingNoticeShown(alert)).toBe(true)
  })

  it('stays, unchanged, while the objective stays down, though the check itself no longer fires', () => {
    const series = [...honest, ...hacked, ...points(30, 5, 0, 21_000)]
    const first = feed(series.slice(0, 20))!
    let alert: HackingAlert | null = first
    for (let k = 21; k <= series.length; k++) {
      alert = latchHackingAlert(alert, series.slice(0, k), true)
      // the very same object: the figures it quotes are the ones that fired it
      expect(alert).toBe(first)
    }
  })

  it('is marked recovered once the latest half-window’s objective is back to its level before', () => {
    const series = [...honest, ...hacked, ...points(9, 5, 1, 21_000)]
    expect(feed(series)!.recoveredAt).toBeNull()
    // the tenth point back at 1: the newer half-window's mean is 1 = objectiveBefore
    const recovered = feed([...series, ...points(1, 5, 1, 30_000)])!
    expect(recovered.recoveredAt).toBe(30_000)
    expect(hackingNoticeShown(recovered)).toBe(false)
  })

  it('reads "back" the other way when lower is better', () => {
    // steps to goal: 100 while honest, 200 while hacked
    const alert = feed([...points(10, 0, 100, 1000), ...points(10, 5, 200, 11_000)], false)!
    expect(alert.objectiveBefore).toBe(100)
    expect(alert.objectiveChange).toBe(100)
    const series = [...points(10, 0, 100, 1000), ...points(10, 5, 200, 11_000), ...points(10, 5, 90, 21_000)]
    expect(feed(series, false, alert, 21)!.recoveredAt).toBe(30_000)
  })

  it('a dismissed alert hides its notice and is not raised again until it has recovered; then a new divergence is a new alert', () => {
    const alert = { ...feed([...honest, ...hacked])!, dismissed: true }
    expect(hackingNoticeShown(alert)).toBe(false)
    const later = [...honest, ...hacked, ...points(10, 0, 1, 21_000)]
    // while it is down, dismissed stays dismissed
    expect(feed([...honest, ...hacked, ...points(5, 5, 0, 21_000)], true, alert, 21)).toBe(alert)
    const recovered = feed(later, true, alert, 21)
    expect(recovered!.dismissed).toBe(true)
    expect(recovered!.recoveredAt).toBe(30_000)
    const again = feed([...later, ...points(10, 9, 0, 31_000)], true, recovered, 31)!
    expect(again.recoveredAt).toBeNull()
    expect(again.dismissed).toBe(false)
    // the new alert's window began after the first one's recovery and before the new farming started
    expect(again.detectedAt).toBeGreaterThan(31_000)
    expect(again.fromStep).toBeGreaterThan(21_000)
    expect(again.fromStep).toBeLessThanOrEqual(31_000)
    expect(again.returnChange).toBeGreaterThan(0)
  })

  it('does not fire on a curve too short for its window or one that improves together', () => {
    expect(feed([...honest.slice(0, 5), ...hacked])).toBeNull()
    expect(feed([...points(10, 0, 0, 1000), ...points(10, 5, 1, 11_000)])).toBeNull()
  })
})
