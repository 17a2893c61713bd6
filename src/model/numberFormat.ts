/*
 * How the page writes numbers, one rule each, for model/ and lessons/ text as for ui/ (which
 * re-exports them from ui/common/format.ts).
 */

/** Environment steps on an axis: 950, 1.25k, 12.5k, 1.5M. */
export function formatSteps(steps: number): string {
  // From 999,500 on, steps round to 1000k: they read as millions.
  if (steps >= 999_500) return `${shortDecimal(steps / 1e6)}M`
  if (steps >= 1e3) return `${shortDecimal(steps / 1e3)}k`
  return String(steps)
}

/** Three significant digits at most (two decimals below 10, one below 100), trailing zeros dropped: axis ticks 1k, 1.2k, 1.25k stay apart. */
function shortDecimal(value: number): string {
  const decimals = value < 10 ? 2 : value < 100 ? 1 : 0
  return String(Number(value.toFixed(decimals)))
}

/**
 * Whole numbers with thousands separators (204,288). One formatter made when the page loads: the
 * first toLocaleString() call sets up number formatting, tens of milliseconds paid mid-training.
 */
const COUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value)
}

/** A number with `decimals` places, never "-0.0": a value that rounds to zero reads as zero. */
export function formatFixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals)
  return Number(text) === 0 ? (0).toFixed(decimals) : text
}

/** A change the alert quotes: two decimals, or two significant digits when smaller (never "0.00"). */
export function formatChange(value: number): string {
  return Math.abs(value) >= 0.01 || value === 0 ? value.toFixed(2) : value.toPrecision(2)
}

/** Below this magnitude a figure is zero for every purpose a reader has: printed as "< 1e-9", not as 4.11e-280. */
export const NEGLIGIBLE = 1e-9

/**
 * A learner's figure of any size: 0 as 0.0000; a magnitude under NEGLIGIBLE as "< 1e-9" (or
 * "> -1e-9"); under 1e-3 or from 1e5 on, three significant digits in exponent form (3.20e-5);
 * else four decimals.
 */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const magnitude = Math.abs(value)
  if (magnitude !== 0 && magnitude < NEGLIGIBLE) return value > 0 ? `< ${NEGLIGIBLE.toExponential(0)}` : `> -${NEGLIGIBLE.toExponential(0)}`
  return magnitude !== 0 && (magnitude < 1e-3 || magnitude >= 1e5) ? value.toExponential(2) : value.toFixed(4)
}
