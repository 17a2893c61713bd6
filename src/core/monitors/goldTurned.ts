import type { MonitorRun } from './types'
import { meanOf, seriesOf } from './series'

/** Where the true objective turned: the frame, its env steps, and the fall that made it count. */
export interface GoldTurn {
  frame: number
  envSteps: number
  /** The smoothed objective's best so far and its value at the turn, in the objective's units. */
  peak: number
  value: number
}

export interface GoldTurnOptions {
  /** Frames the objective is smoothed over (a running mean). */
  window: number
  /** The fall that counts, as a fraction of the larger of the smoothed objective's spread over the whole run and its peak's size. */
  margin: number
}

export const GOLD_TURN_DEFAULTS: GoldTurnOptions = { window: 5, margin: 0.25 }

/**
 * The gold turned: the true objective fell from its running peak by the margin. With o_t the mean
 * objective of the W frames up to t (over the frames that have one), b_t = o_t where higher is
 * better and −o_t where lower is, R = max_t b_t − min_t b_t its spread over the whole run and
 * P_t = max_{s ≤ t} b_s its running peak, it turned at the first t where
 *   P_t − b_t ≥ margin · max(R, |P_t|)   and   R > 0.
 * The run's own scale, so one margin serves objectives in any units; |P_t| keeps a run that
 * barely moves near a good objective (spread 0.05 about 0.9) from turning on its noise. This is
 * the label the monitors are scored against, read after the run, never a monitor itself.
 * Null when it never turned (or fewer than W frames have an objective).
 */
export function goldTurned(run: MonitorRun, options: GoldTurnOptions = GOLD_TURN_DEFAULTS): GoldTurn | null {
  const { window, margin } = options
  if (!(Number.isInteger(window) && window >= 1)) throw new Error(`goldTurned: the window must be a whole number of frames of at least 1, got ${window}`)
  if (!(Number.isFinite(margin) && margin > 0)) throw new Error(`goldTurned: the margin must be a finite fraction above 0, got ${margin}`)
  const series = seriesOf(run.frames, (frame) => frame.objective)
  const sign = run.higherIsBetter ? 1 : -1
  const smoothed: number[] = []
  for (let end = window; end <= series.values.length; end++) smoothed.push(sign * meanOf(series.values, end - window, end))
  if (smoothed.length === 0) return null
  const spread = Math.max(...smoothed) - Math.min(...smoothed)
  if (!(spread > 0)) return null
  let peak = -Infinity
  for (let i = 0; i < smoothed.length; i++) {
    peak = Math.max(peak, smoothed[i])
    if (peak - smoothed[i] >= margin * Math.max(spread, Math.abs(peak))) {
      const at = i + window - 1
      return { frame: series.frames[at], envSteps: series.envSteps[at], peak: sign * peak, value: sign * smoothed[i] }
    }
  }
  return null
}
