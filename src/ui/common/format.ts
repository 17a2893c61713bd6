import type { Claim, ClaimFigure } from '../../lessons/claims'

/** A weight as the sliders and chart marks show it: integers plain, others to two decimals. */
export function formatWeight(weight: number): string {
  return Number.isInteger(weight) ? String(weight) : weight.toFixed(2)
}

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

/** A lesson figure as the run's readouts show it: returns and contributions to one decimal, the true objective and the zero-advantage fraction to two. */
export function formatClaimFigure(figure: ClaimFigure, value: number): string {
  return formatFixed(value, figure === 'shapedReturn' || figure === 'contribution' ? 1 : 2)
}

/** What a claim's figure is called on the card: "Return (last 20)", "format’s contribution (last 20)", … */
export function claimFigureName(claim: Pick<Claim, 'figure' | 'component'>, objectiveName: string): string {
  switch (claim.figure) {
    case 'objective':
      return `${objectiveName} (last 20)`
    case 'shapedReturn':
      return 'Return (last 20)'
    case 'contribution':
      return `${claim.component}’s contribution (last 20)`
    case 'zeroAdvantageFraction':
      return 'Zero-advantage fraction (last 20 updates)'
    case 'episodeLength':
      return 'Length (last 20)'
    case 'peakObjective':
      return `Peak ${objectiveName} (last 20, best over the run)`
    case 'objectiveFallFromPeak':
      return `${objectiveName}’s fall from its peak (last 20)`
  }
}

/** A date as a reader says it, in UTC so that everyone reads the same day: 1 Dec 2026. */
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

export function formatDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso))
}

/** A change the alert quotes: two decimals, or two significant digits when smaller (never "0.00"). */
export function formatChange(value: number): string {
  return Math.abs(value) >= 0.01 || value === 0 ? value.toFixed(2) : value.toPrecision(2)
}
