import type { LeftOut } from '../../core/rollouts/rolloutTable'
import { countOf } from '../../core/plural'
import { formatCount, formatFixed } from '../numberFormat'
import { wholePercentages } from '../creditViews'

/*
 * The "Your rollouts" panel's words, as plain text: what is read so far, what was left out and
 * where, the silent groups, each component's share of the credit, and the advantage–length
 * correlations (characters, and tokens where the file gives them).
 */

/** "12.5 MB of 229.0 MB read", or without the total where it is not known. */
export function readProgressText(bytesRead: number, totalBytes: number | null): string {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
  return totalBytes === null ? `${mb(bytesRead)} read` : `${mb(bytesRead)} of ${mb(totalBytes)} read`
}

/** One line per kind of completion left out, with the first places; an empty list when nothing is. */
export function leftOutLines(leftOut: LeftOut): string[] {
  const where = (entry: { count: number; places: string[] }) => `${entry.places.join(', ')}${entry.count > entry.places.length ? `, and ${formatCount(entry.count - entry.places.length)} more` : ''}`
  const lines: string[] = []
  const { unscored, groupsOfOne } = leftOut
  if (unscored.count > 0) lines.push(`${countOf(unscored.count, 'completion')} left out, no reward component applying (every value null): ${where(unscored)}.`)
  if (groupsOfOne.count > 0) lines.push(`${countOf(groupsOfOne.count, 'group')} of one completion left out (a group baseline needs at least 2): ${where(groupsOfOne)}.`)
  return lines
}

/** "1 of 96 groups silent (every reward equal: no signal under a group centre)". */
export function silentGroupsText(silent: number, groups: number): string {
  return `${formatCount(silent)} of ${countOf(groups, 'group')} silent (every reward equal: no signal under a group centre)`
}

/** Each component's share of the credit in whole percentages that add up to 100, or null where no credit was attributed. */
export function creditPercents(shares: readonly (number | null)[]): (number | null)[] {
  if (shares.every((share) => share === null)) return shares.map(() => null)
  const percents = wholePercentages(shares.map((share) => share ?? 0))
  return shares.map((share, k) => (share === null ? null : percents[k]))
}

/** "r = −0.13 between advantage and length (characters)", or why there is none. */
export function lengthCorrelationText(r: number | null): string {
  return r === null ? 'Advantage–length correlation: none (under two completions, or no spread)' : `Advantage–length correlation: r = ${formatFixed(r, 2)} (length in characters)`
}

/** The same with the length in tokens, over the completions whose record gives it. */
export function tokenCorrelationText(r: number | null): string {
  return r === null ? '…with length in tokens: none (under two completions with tokens, or no spread)' : `…with length in tokens: r = ${formatFixed(r, 2)}`
}
