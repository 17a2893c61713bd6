import type { CurvePoint } from './series'

/** Gold and proxy against the distance the policy has moved from where it started, binned. */
export interface OverOptimisationCurve {
  /** √KL at each bin's centre, ascending. */
  sqrtKl: number[]
  /** The true objective's mean over the bin's points. */
  gold: number[]
  /** Each named proxy component's mean contribution over the bin's points. */
  proxies: Record<string, number[]>
  /** Curve points in each bin. */
  counts: number[]
}

/** The most bins the curve is drawn with: enough for its shape, few enough that each bin averages several points. */
export const MAX_BINS = 24

/**
 * The over-optimisation curve of a run (Gao, Schulman & Hilton 2023 plot gold and proxy reward
 * against d = √KL(π‖π_ref)): the curve points that carry a KL, in equal-width bins of √KL from 0
 * to the largest seen (at most MAX_BINS, and no more bins than half the points), each bin's mean
 * gold and mean contribution of each proxy component. Empty bins are left out. A proxy component
 * a point lacks (added live later) counts as 0 there, as the learning curve counts it.
 */
export function overOptimisationCurve(series: readonly CurvePoint[], proxyNames: readonly string[]): OverOptimisationCurve {
  const points = series.filter((point): point is CurvePoint & { kl: number } => point.kl !== undefined && point.kl >= 0)
  const empty: OverOptimisationCurve = { sqrtKl: [], gold: [], proxies: Object.fromEntries(proxyNames.map((name) => [name, []])), counts: [] }
  if (points.length === 0) return empty
  const distances = points.map((point) => Math.sqrt(point.kl))
  const largest = Math.max(...distances)
  const bins = Math.max(1, Math.min(MAX_BINS, Math.floor(points.length / 2)))
  const width = largest > 0 ? largest / bins : 1
  const gold = new Array<number>(bins).fill(0)
  const proxies = proxyNames.map(() => new Array<number>(bins).fill(0))
  const counts = new Array<number>(bins).fill(0)
  points.forEach((point, i) => {
    // bin b holds √KL in [b·width, (b + 1)·width); the largest goes in the last
    const bin = Math.min(bins - 1, Math.floor(distances[i] / width))
    gold[bin] += point.objective
    proxyNames.forEach((name, k) => (proxies[k][bin] += Object.hasOwn(point.contributions, name) ? point.contributions[name] : 0))
    counts[bin]++
  })
  const curve = empty
  for (let bin = 0; bin < bins; bin++) {
    if (counts[bin] === 0) continue
    curve.sqrtKl.push((bin + 0.5) * width)
    curve.gold.push(gold[bin] / counts[bin])
    proxyNames.forEach((name, k) => curve.proxies[name].push(proxies[k][bin] / counts[bin]))
    curve.counts.push(counts[bin])
  }
  return curve
}
