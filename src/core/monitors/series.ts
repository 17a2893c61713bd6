import type { MonitorFrame } from './frames'
import type { MonitorResult } from './types'

/** One figure of a run's frames: the frames that carry it as a finite number (index into the frames), its values and their env steps. */
export interface FigureSeries {
  frames: number[]
  envSteps: number[]
  values: number[]
}

/** The frames' `read` figure, skipping every frame where it is absent, NaN or ±Infinity (never used). */
export function seriesOf(frames: readonly MonitorFrame[], read: (frame: MonitorFrame) => number | null | undefined): FigureSeries {
  const series: FigureSeries = { frames: [], envSteps: [], values: [] }
  frames.forEach((frame, index) => {
    const value = read(frame)
    if (value === null || value === undefined || !Number.isFinite(value)) return
    series.frames.push(index)
    series.envSteps.push(frame.envSteps)
    series.values.push(value)
  })
  return series
}

/** A learner diagnostic of the frames, by name. */
export function diagnosticSeries(frames: readonly MonitorFrame[], name: string): FigureSeries {
  return seriesOf(frames, (frame) => (Object.hasOwn(frame.diagnostics, name) ? frame.diagnostics[name] : undefined))
}

/** (1/n)·Σ_i x_i over values[from, to). */
export function meanOf(values: readonly number[], from: number, to: number): number {
  let sum = 0
  for (let i = from; i < to; i++) sum += values[i]
  return sum / (to - from)
}

/**
 * The least-squares slope of y against x over [from, to):
 *   β = Σ_i (x_i − x̄)(y_i − ȳ) / Σ_i (x_i − x̄)²,
 * null where the x values have no spread.
 */
export function slopeOf(x: readonly number[], y: readonly number[], from: number, to: number): number | null {
  const xMean = meanOf(x, from, to)
  const yMean = meanOf(y, from, to)
  let cross = 0
  let squares = 0
  for (let i = from; i < to; i++) {
    cross += (x[i] - xMean) * (y[i] - yMean)
    squares += (x[i] - xMean) ** 2
  }
  return squares > 0 ? cross / squares : null
}

/** A number for a monitor's "why": three significant digits. */
export function shown(value: number): string {
  return String(Number(value.toPrecision(3)))
}

/**
 * Scan a figure's series as the run grows: for each end = needed … n, `rule(end)` looks at
 * values[0, end) and says why it fires, or null. The result is the first firing (at the frame of
 * values[end − 1]); quiet when none fires; unmeasurable when fewer than `needed` frames carry the
 * figure (`figure` names it for the message).
 */
export function scanSeries(series: FigureSeries, needed: number, figure: string, rule: (end: number) => string | null, quietWhy: string): MonitorResult {
  const n = series.values.length
  if (n === 0) return { kind: 'unmeasurable', why: `not measurable on this run: no ${figure} in its frames` }
  if (n < needed) return { kind: 'unmeasurable', why: `not measurable on this run: ${n} frames with ${figure}, it needs ${needed}` }
  for (let end = needed; end <= n; end++) {
    const why = rule(end)
    if (why !== null) return { kind: 'fired', frame: series.frames[end - 1], envSteps: series.envSteps[end - 1], why }
  }
  return { kind: 'quiet', why: quietWhy }
}
