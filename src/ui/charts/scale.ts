/*
 * Scales and "nice" ticks for the chart kit: pure functions, no DOM.
 */

/** A closed interval [min, max] of data values. */
export type Domain = readonly [number, number]

/**
 * The smallest and largest finite value over several series (non-finite values are skipped);
 * `include` values (0 for a value axis) always lie inside. Null when nothing finite is given.
 */
export function extent(series: readonly ArrayLike<number>[], include: readonly number[] = []): Domain | null {
  let min = Infinity
  let max = -Infinity
  for (const values of [...series, include]) {
    for (let i = 0; i < values.length; i++) {
      const value = values[i]
      if (!Number.isFinite(value)) continue
      if (value < min) min = value
      if (value > max) max = value
    }
  }
  return min <= max ? [min, max] : null
}

/**
 * A domain with some width: an empty one becomes [0, 1]; a constant value v becomes
 * [v − 1, v + 1] (or [v − |v|/10, v + |v|/10] when larger), so a lone point sits mid-axis.
 */
export function widen(domain: Domain | null): Domain {
  if (!domain) return [0, 1]
  const [min, max] = domain
  if (max > min) return domain
  const pad = Math.max(1, Math.abs(min) / 10)
  return [min - pad, max + pad]
}

/**
 * A "nice" tick step for about `count` ticks over `span`: 1, 2 or 5 × 10^k, the one nearest
 * span / count on a log scale (the step thresholds √2, √10, √50 as in d3).
 */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count)
  if (!(raw > 0) || !Number.isFinite(raw)) return 1
  const power = 10 ** Math.floor(Math.log10(raw))
  const fraction = raw / power
  const factor = fraction >= Math.sqrt(50) ? 10 : fraction >= Math.sqrt(10) ? 5 : fraction >= Math.sqrt(2) ? 2 : 1
  return factor * power
}

/** `k · step` without floating-point crumbs (0.30000000000000004 → 0.3). */
function multiple(k: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)))
  return Number((k * step).toFixed(Math.min(20, decimals)))
}

/**
 * A value axis: the domain widened outwards to whole tick steps, and its ticks.
 * [0, 137] with 5 ticks → domain [0, 140], ticks 0, 20, …, 140.
 */
export function niceAxis(domain: Domain | null, count = 5, clearOfFrame = false): { domain: Domain; ticks: number[] } {
  const [min, max] = widen(domain)
  const step = niceStep(max - min, count)
  // With clearOfFrame, data that would lie on the axis's end (a flat −200 on the chart's frame)
  // gets one more step of room; 0, the value axis's anchor, may stay on the frame.
  const first = Math.floor(min / step) - (clearOfFrame && min !== 0 && min % step === 0 ? 1 : 0)
  const last = Math.ceil(max / step) + (clearOfFrame && max !== 0 && max % step === 0 ? 1 : 0)
  const ticks: number[] = []
  for (let k = first; k <= last; k++) ticks.push(multiple(k, step))
  return { domain: [ticks[0], ticks[ticks.length - 1]], ticks }
}

/**
 * Ticks at whole steps inside a domain kept as it is (an x axis from the first to the last point).
 * [3, 137] with 5 ticks → 20, 40, …, 120.
 */
export function ticksWithin(domain: Domain, count = 5): number[] {
  const [min, max] = domain
  const step = niceStep(max - min, count)
  const ticks: number[] = []
  for (let k = Math.ceil(min / step - 1e-9); k * step <= max + step * 1e-9; k++) ticks.push(multiple(k, step))
  return ticks
}

/**
 * At most `room` of `ticks` (at least the two ends), for an axis too short to label them all: the
 * first and the last always, and between them every stride-th, stride = ⌈(n − 1) / (room − 1)⌉, none
 * closer than a stride to the last. [0, 20, …, 120] with room for 3 → 0, 60, 120.
 */
export function thinTicks(ticks: readonly number[], room: number): number[] {
  if (ticks.length <= Math.max(2, room)) return [...ticks]
  const last = ticks.length - 1
  const stride = Math.ceil(last / (Math.max(2, room) - 1))
  return ticks.filter((_, i) => i === last || (i % stride === 0 && last - i >= stride))
}

/** A linear map from `domain` onto `range` (pixels); a zero-width domain maps to the range's middle. */
export function linearScale(domain: Domain, range: readonly [number, number]): (value: number) => number {
  const [d0, d1] = domain
  const [r0, r1] = range
  if (d1 === d0) return () => (r0 + r1) / 2
  const factor = (r1 - r0) / (d1 - d0)
  return (value) => r0 + (value - d0) * factor
}

/** The index of the value in ascending `values` nearest to `target` (−1 when empty). */
export function nearestIndex(values: ArrayLike<number>, target: number): number {
  if (values.length === 0) return -1
  let lo = 0
  let hi = values.length - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (values[mid] < target) lo = mid
    else hi = mid
  }
  return Math.abs(values[lo] - target) <= Math.abs(values[hi] - target) ? lo : hi
}
