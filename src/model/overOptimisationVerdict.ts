import type { OverOptimisationCurve } from './overOptimisation'

/**
 * What the over-optimisation chart says of a run, in one rule:
 *   unpaid         no reward model is paid (every one weighted 0): its proxy steers nothing, so
 *                  nothing is being over-optimised, whatever gold does;
 *   tooFew         fewer than MIN_BINS bins: no shape to read yet;
 *   overOptimised  gold has fallen from its peak while the paid proxy rose;
 *   notParted      otherwise: gold has not fallen from its peak while the proxy rose.
 * The figures are the chart's own: the binned means at gold's peak bin and at the last bin.
 */
export type OverOptimisationVerdict =
  | { kind: 'unpaid'; unpaid: string[] }
  | { kind: 'tooFew' }
  | { kind: 'overOptimised' | 'notParted'; peakSqrtKl: number; lastSqrtKl: number; goldPeak: number; goldLast: number; proxyAtPeak: number; proxyLast: number }

/** The fewest bins with a shape to read: a start, a middle and an end. */
export const MIN_BINS = 3

/** The share of a series' spread over the bins (max − min) that a fall of gold or a rise of the proxy must exceed to count. */
export const MIN_CHANGE = 0.1

/**
 * The verdict on a curve, given each reward model's weight in the design. The proxy is the sum of
 * the paid reward models' contributions per bin. With gold's best bin p (the first best one; the
 * lowest when lower is better) and the last bin L:
 *   gold fell   ⇔ p < L and better(g_p) − better(g_L) > MIN_CHANGE · (max g − min g)
 *   proxy rose  ⇔ x_L − x_p > MIN_CHANGE · (max x − min x)
 * and over-optimised ⇔ both.
 */
export function overOptimisationVerdict(curve: OverOptimisationCurve, weights: Readonly<Record<string, number>>, higherIsBetter = true): OverOptimisationVerdict {
  const names = Object.keys(curve.proxies)
  const paid = names.filter((name) => (weights[name] ?? 0) !== 0)
  if (names.length === 0 || paid.length === 0) return { kind: 'unpaid', unpaid: names }
  const bins = curve.gold.length
  if (bins < MIN_BINS) return { kind: 'tooFew' }
  const proxy = curve.gold.map((_, b) => paid.reduce((sum, name) => sum + curve.proxies[name][b], 0))
  // Gold as "better is higher", so one comparison serves both directions.
  const better = curve.gold.map((value) => (higherIsBetter ? value : -value))
  let peak = 0
  for (let b = 1; b < bins; b++) if (better[b] > better[peak]) peak = b
  const last = bins - 1
  const spread = (values: readonly number[]) => Math.max(...values) - Math.min(...values)
  const goldFell = peak < last && better[peak] - better[last] > MIN_CHANGE * spread(curve.gold)
  const proxyRose = proxy[last] - proxy[peak] > MIN_CHANGE * spread(proxy)
  return {
    kind: goldFell && proxyRose ? 'overOptimised' : 'notParted',
    peakSqrtKl: curve.sqrtKl[peak],
    lastSqrtKl: curve.sqrtKl[last],
    goldPeak: curve.gold[peak],
    goldLast: curve.gold[last],
    proxyAtPeak: proxy[peak],
    proxyLast: proxy[last],
  }
}

/** Gold to three significant digits at most (0.011, 0.045, 12.3), the proxy to one decimal. */
const goldText = (value: number) => String(Number(value.toPrecision(3)))
const proxyText = (value: number) => value.toFixed(1)

/** The caption's verdict, after "Gold and proxy against √KL to the start policy (N points in B bins)". */
export function overOptimisationVerdictText(verdict: OverOptimisationVerdict, points: number): string {
  if (points === 0) return ': drawn once updates report their KL.'
  switch (verdict.kind) {
    case 'unpaid':
      return `. No verdict: ${verdict.unpaid.join(', ')} ${verdict.unpaid.length === 1 ? 'is' : 'are'} weighted 0, so the policy is not optimising ${verdict.unpaid.length === 1 ? 'it' : 'them'}.`
    case 'tooFew':
      return `. No verdict yet: it needs ${MIN_BINS} bins.`
    case 'overOptimised':
      return `: gold fell from ${goldText(verdict.goldPeak)} (its best, at √KL ${verdict.peakSqrtKl.toFixed(2)}) to ${goldText(verdict.goldLast)} (at √KL ${verdict.lastSqrtKl.toFixed(2)}) while the proxy rose from ${proxyText(verdict.proxyAtPeak)} to ${proxyText(verdict.proxyLast)}: the reward model is being over-optimised.`
    case 'notParted':
      return `: gold has not fallen from its best while the proxy rose (gold ${goldText(verdict.goldPeak)} at its best, ${goldText(verdict.goldLast)} now; proxy ${proxyText(verdict.proxyAtPeak)} then, ${proxyText(verdict.proxyLast)} now): no sign of over-optimisation.`
  }
}
