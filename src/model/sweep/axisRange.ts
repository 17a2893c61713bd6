import { RANGE_DIGITS } from './limits'

/**
 * `count` points from `lo` to `hi`, both included, evenly spaced or (log) evenly spaced in log:
 *   linear  v_i = lo + (hi − lo)·i/(N − 1)
 *   log     v_i = exp(ln lo + (ln hi − ln lo)·i/(N − 1))
 * each rounded to RANGE_DIGITS significant digits; the endpoints are lo and hi exactly. The caller
 * checks count ≥ 2, lo < hi and, for log, lo > 0.
 */
export function rangePoints(lo: number, hi: number, count: number, log: boolean): number[] {
  const last = count - 1
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return lo
    if (i === last) return hi
    const fraction = i / last
    const value = log ? Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * fraction) : lo + (hi - lo) * fraction
    return Number(value.toPrecision(RANGE_DIGITS))
  })
}
