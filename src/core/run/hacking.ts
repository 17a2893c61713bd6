/** What the reward-hacking check saw over its window. */
export interface HackingSignal {
  /** Mean shaped return, newer half minus older half (> 0: rising). */
  returnChange: number
  /** Mean true objective, newer half minus older half, in its own units (signed as measured). */
  objectiveChange: number
  window: number
}

/** Points the check looks back over, as the page runs it. */
export const HACKING_WINDOW = 20

/** Fraction of the objective's spread a fall must exceed before it counts. */
const MIN_FALL = 0.1

/**
 * Reward hacking, as the learning curves show it: over the last `window` points the shaped return
 * rose while the true objective got worse. The window is split in two halves A (older) and B (newer):
 *   Δr = mean_B(r) − mean_A(r),  Δo = mean_B(o) − mean_A(o),
 * and the signal fires when Δr > 0 and the objective moved the wrong way by more than MIN_FALL of
 * its spread over the window (max − min, at least 1e-9). Returns null when it does not fire.
 */
export function detectRewardHacking(points: readonly { shapedReturn: number; objective: number }[], higherIsBetter: boolean, window = HACKING_WINDOW): HackingSignal | null {
  if (points.length < window) return null
  const recent = points.slice(points.length - window)
  const half = Math.floor(window / 2)
  const mean = (from: number, to: number, key: 'shapedReturn' | 'objective') => {
    let sum = 0
    for (let i = from; i < to; i++) sum += recent[i][key]
    return sum / (to - from)
  }
  const returnChange = mean(window - half, window, 'shapedReturn') - mean(0, half, 'shapedReturn')
  const objectiveChange = mean(window - half, window, 'objective') - mean(0, half, 'objective')
  let lo = Infinity
  let hi = -Infinity
  for (const point of recent) {
    lo = Math.min(lo, point.objective)
    hi = Math.max(hi, point.objective)
  }
  const worse = higherIsBetter ? -objectiveChange : objectiveChange
  const fires = returnChange > 0 && worse > MIN_FALL * Math.max(hi - lo, 1e-9)
  return fires ? { returnChange, objectiveChange, window } : null
}
