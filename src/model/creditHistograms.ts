import { advantageHistograms, sharedAdvantageReach, type AdvantageHistograms } from './creditViews'
import { estimatorComparison, type ComparedAdvantages, type EstimatorComparison } from './estimatorComparison'

/** Every advantage histogram the Credit view draws, on one axis. */
export interface CreditHistograms {
  /** The batch's histogram with its what-if bars; null before the first update. */
  main: AdvantageHistograms | null
  /** The two estimators compared, where the view shows them; else null. */
  comparison: EstimatorComparison | null
}

/**
 * The Credit view's histograms binned alike: one reach m, worked out once from every value any of
 * them draws (the batch's advantages, its what-if, both sides of the comparison), so the main and
 * the small histograms share one x axis, [−m, m], and one set of bins.
 */
export function creditHistograms(advantages: Float32Array | null, whatIf: Float32Array | Float64Array | null, compared: ComparedAdvantages | null): CreditHistograms {
  const reach = sharedAdvantageReach([advantages, whatIf, compared?.running, compared?.other])
  return { main: advantageHistograms(advantages, whatIf, reach), comparison: compared === null ? null : estimatorComparison(compared, reach) }
}
