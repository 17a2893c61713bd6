/** Median of numbers; null where a run did not reach its goal counts as slower than any that did. */
export function median(values: (number | null)[]): number | null {
  if (values.length === 0) return null
  const sorted = values.map((value) => value ?? Infinity).sort((a, b) => a - b)
  const middle = sorted.length / 2
  const result = sorted.length % 2 === 1 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2
  return Number.isFinite(result) ? result : null
}

/**
 * The p-th percentile by nearest rank: the ⌈p/100 · n⌉-th smallest of the n values (p90 of 20
 * values is the 18th). Null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null
  if (!(p > 0 && p <= 100)) throw new Error(`percentile: p must be in (0, 100]; got ${p}`)
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]
}

/** Round to `digits` significant digits, for readable JSON. */
export function round(value: number, digits = 4): number {
  return Number(value.toPrecision(digits))
}

/** Progress for the person watching: always on stderr, so `--json` keeps stdout clean. */
export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`)
}

/** numerator ÷ denominator, or null when either is missing or the denominator is not positive. */
export function ratio(numerator: number | null | undefined, denominator: number | null | undefined): number | null {
  if (numerator == null || denominator == null || !(denominator > 0)) return null
  return numerator / denominator
}

/**
 * A time-to-target figure's `name`, `name_min` and `name_max` over seeds: the median and the
 * fastest and slowest seed. A seed that missed the target counts as slower than any that reached
 * it, as in `median`: `_max` is then null, and so is the median once half of them missed.
 */
export function withSpread(name: string, values: (number | null)[], digits = 4): Record<string, number | null> {
  const reached = values.filter((value): value is number => value !== null)
  const middle = median(values)
  return {
    [name]: middle === null ? null : round(middle, digits),
    [`${name}_min`]: reached.length === 0 ? null : round(Math.min(...reached), digits),
    [`${name}_max`]: reached.length < values.length || reached.length === 0 ? null : round(Math.max(...reached), digits),
  }
}
