import type { PairAccuracy } from '../core/preferences/rewardModelAccuracy'
import { countOf } from '../core/plural'

/** The fewest pairs a share is quoted as a percentage of: below, a percentage moves in steps of 5 points or more, so the count is given as it is ("3 of 4 pairs"). */
export const MIN_PAIRS_FOR_PERCENT = 20

/** "87.5% of 40 pairs" from 20 pairs on, "3 of 4 pairs" below; k = round(fraction · n). */
function shareText(fraction: number, pairs: number): string {
  if (pairs >= MIN_PAIRS_FOR_PERCENT) return `${(100 * fraction).toFixed(1)}% of ${countOf(pairs, 'pair')}`
  return `${Math.round(fraction * pairs)} of ${countOf(pairs, 'pair')}`
}

/**
 * One part's figures as `reward-model fit` prints them, in words that hold for any count: ordered
 * as labelled (over the part's `pairs`), and as the gold orders them (over its pairs of different
 * gold; none says so).
 */
export function fitAccuracyText(figures: PairAccuracy | null, pairs: number): string {
  if (figures === null || pairs === 0) return 'none held out'
  const labelled = `${shareText(figures.accuracy, pairs)} ordered as labelled`
  if (figures.goldAccuracy === null || figures.goldPairs === 0) return `${labelled}; no pair of different gold to judge it against the gold`
  return `${labelled}, ${shareText(figures.goldAccuracy, figures.goldPairs)} of different gold ordered as the gold`
}

/** What Use as reward did, said back: "Reward model added as component rm, weight 1" (or "replaced rm"), with its refit. */
export function useAsRewardText({ name, weight, replaced, refit }: { name: string; weight: number; replaced: boolean; refit: { every: number; pairs: number } | null }): string {
  const what = replaced ? `Reward model replaced component ${name}` : `Reward model added as component ${name}`
  const refitting = refit === null ? '' : `, refitted every ${countOf(refit.every, 'update')} on ${countOf(refit.pairs, 'fresh pair')}`
  return `${what}, weight ${weight}${refitting}.`
}
