import type { MetricsFrame } from '../core/run/frame'
/** One point of the learning curve: episode means over one metrics frame. */
export interface CurvePoint {
  envSteps: number
  wallSeconds: number
  shapedReturn: number
  objective: number
  /** Mean contribution of each component, by name (a live design change may add or remove some). */
  contributions: Record<string, number>
}

/** A frame's curve point: the means over the episodes it saw; null when no episode finished in it. */
export function curvePointOf(frame: MetricsFrame): CurvePoint | null {
  if (frame.meanReturn === null || frame.meanObjective === null || frame.meanContributions === null) return null
  const contributions = frame.meanContributions
  return {
    envSteps: frame.envSteps,
    wallSeconds: frame.wallSeconds,
    shapedReturn: frame.meanReturn,
    objective: frame.meanObjective,
    contributions: Object.fromEntries(frame.componentNames.map((name, k) => [name, contributions[k] ?? 0])),
  }
}

/** The most points a run keeps; older history is merged pairwise so memory stays bounded. */
export const MAX_CURVE_POINTS = 1200

/**
 * Append a point; when the series is full, halve it by averaging neighbouring pairs. Long runs
 * therefore keep their whole history at a resolution that coarsens as they grow.
 */
export function appendPoint(series: CurvePoint[], point: CurvePoint, maxPoints = MAX_CURVE_POINTS): CurvePoint[] {
  const next = series.length >= maxPoints ? halve(series) : series.slice()
  next.push(point)
  return next
}

function halve(series: CurvePoint[]): CurvePoint[] {
  const merged: CurvePoint[] = []
  for (let i = 0; i + 1 < series.length; i += 2) merged.push(average(series[i], series[i + 1]))
  if (series.length % 2 === 1) merged.push(series[series.length - 1])
  return merged
}

// A merged point sits at the later of the two steps and carries the mean of their values.
function average(a: CurvePoint, b: CurvePoint): CurvePoint {
  return {
    envSteps: b.envSteps,
    wallSeconds: b.wallSeconds,
    shapedReturn: (a.shapedReturn + b.shapedReturn) / 2,
    objective: (a.objective + b.objective) / 2,
    contributions: averageContributions(a.contributions, b.contributions),
  }
}

/** Mean of two points' contributions; a component present in only one counts as 0 in the other. */
function averageContributions(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const merged: Record<string, number> = {}
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) merged[name] = ((a[name] ?? 0) + (b[name] ?? 0)) / 2
  return merged
}
