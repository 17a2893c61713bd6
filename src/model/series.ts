import type { MetricsFrame } from '../core/run/frame'
/** One point of the learning curve: episode means over one metrics frame. */
export interface CurvePoint {
  envSteps: number
  wallSeconds: number
  shapedReturn: number
  objective: number
  /** Mean contribution of each component, by name (a live design change may add or remove some). */
  contributions: Record<string, number>
  /** The GRPO family's KL(π‖π_ref), the estimator's mean per token in the frame's latest update; absent for learners without a reference policy. */
  kl?: number
  /** The scheduled components' weights in force at the point, by name; absent for a run without schedules. */
  weights?: Record<string, number>
}

/** The diagnostic the GRPO family reports its KL to the reference policy under. */
const KL_DIAGNOSTIC = 'kl'


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
    ...klOf(frame),
    ...(frame.scheduledWeights === undefined ? {} : { weights: { ...frame.scheduledWeights } }),
  }
}

function klOf(frame: MetricsFrame): Pick<CurvePoint, 'kl'> {
  const kl = Object.hasOwn(frame.diagnostics, KL_DIAGNOSTIC) ? frame.diagnostics[KL_DIAGNOSTIC] : undefined
  return kl !== undefined && Number.isFinite(kl) ? { kl } : {}
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
    // The mean of the two KLs, or the one there is.
    ...(a.kl !== undefined && b.kl !== undefined ? { kl: (a.kl + b.kl) / 2 } : a.kl !== undefined ? { kl: a.kl } : b.kl !== undefined ? { kl: b.kl } : {}),
    ...averageWeights(a.weights, b.weights),
  }
}

/** The mean of two points' scheduled weights where both have one, else the one there is (a schedule set or removed between them). */
function averageWeights(a: Record<string, number> | undefined, b: Record<string, number> | undefined): Pick<CurvePoint, 'weights'> {
  if (a === undefined || b === undefined) return a !== undefined ? { weights: a } : b !== undefined ? { weights: b } : {}
  const names = new Set([...Object.keys(a), ...Object.keys(b)])
  return { weights: Object.fromEntries([...names].map((name) => [name, Object.hasOwn(a, name) && Object.hasOwn(b, name) ? (a[name] + b[name]) / 2 : Object.hasOwn(a, name) ? a[name] : b[name]])) }
}

/** Mean of two points' contributions; a component present in only one counts as 0 in the other. */
function averageContributions(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const merged: Record<string, number> = {}
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) merged[name] = ((a[name] ?? 0) + (b[name] ?? 0)) / 2
  return merged
}
