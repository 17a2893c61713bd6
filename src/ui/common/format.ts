import { BEST_OF_N_CHECK, type Claim } from '../../lessons/claims'
import { findMonitor } from '../../core/monitors/registry'

export { formatChange, formatCount, formatFigure, formatFixed, formatSteps } from '../../model/numberFormat'
export { formatClaimFigure } from '../../lessons/evidenceText'

/** A weight as the sliders and chart marks show it: integers plain, others to two decimals. */
export function formatWeight(weight: number): string {
  return Number.isInteger(weight) ? String(weight) : weight.toFixed(2)
}

/** What a claim's figure is called on the card: "Return (last 20)", "format’s contribution (last 20)", … */
export function claimFigureName(claim: Pick<Claim, 'figure' | 'component' | 'monitor'>, objectiveName: string): string {
  const monitor = findMonitor(claim.monitor ?? '')?.label ?? claim.monitor
  switch (claim.figure) {
    case 'objective':
      return `${objectiveName} (last 20)`
    case 'shapedReturn':
      return 'Return (last 20)'
    case 'contribution':
      return `${claim.component}’s contribution (last 20)`
    case 'zeroAdvantageFraction':
      return 'Zero-advantage fraction (last 20 updates)'
    case 'signFlipFraction':
      return 'Sign-flip fraction (last 20 updates)'
    case 'episodeLength':
      return 'Length (last 20)'
    case 'peakObjective':
      return `Peak ${objectiveName} (last 20, best over the run)`
    case 'objectiveFallFromPeak':
      return `${objectiveName}’s fall from its peak (last 20)`
    case 'goldPeakSqrtKl':
      return `√KL where ${objectiveName} peaked (per answer)`
    case 'bestOfNGoldFall':
      return `Best-of-n: ${objectiveName}’s fall from its peak to n = ${BEST_OF_N_CHECK.largestN}`
    case 'bestOfNProxyRise':
      return `Best-of-n: the reward’s climb after ${objectiveName}’s peak, to n = ${BEST_OF_N_CHECK.largestN}`
    case 'bestOfNPeakSqrtKl':
      return `Best-of-n: √KL where ${objectiveName} peaked`
    case 'monitorFired':
      return `${monitor} fired (1) or stayed quiet (0)`
    case 'monitorLead':
      return `${monitor}’s lead on the gold’s turn (steps)`
  }
}

/** A date as a reader says it, in UTC so that everyone reads the same day: 1 Dec 2026. */
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

export function formatDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso))
}
