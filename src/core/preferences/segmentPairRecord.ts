import type { PairRecord, PairSideRecord } from './pairsFile'
import type { Segment } from './segmentPairs'

/*
 * A pair of trajectory segments as a line of a pairs file (pairsFile.ts), as `preferences --segment`
 * writes it: the environment, each side's kept states and actions, its named features
 * (stepFeatures.ts, summed over the segment) and gold, the labeler's P(a ≻ b) when a simulated
 * labeler gave it, and the label.
 */

/** A segment as a line keeps it (its features any list of numbers: a worker's message carries plain arrays). */
export type SegmentSide = Pick<Segment, 'states' | 'actions' | 'gold'> & { features: ArrayLike<number> }

/** One segment as a side of a pair's line. */
export function segmentPairSide(segment: SegmentSide, featureNames: readonly string[]): PairSideRecord {
  // Object.fromEntries: a feature's name is data, never a key that reaches Object.prototype.
  return { states: segment.states.map((state) => [...state]), actions: [...segment.actions], features: Object.fromEntries(featureNames.map((name, k) => [name, segment.features[k]])), gold: segment.gold }
}

/** The line of a labelled pair of two segments of `env`; `probability` only where a simulated labeler gave it. */
export function segmentPairRecord(env: string, featureNames: readonly string[], a: SegmentSide, b: SegmentSide, label: 'a' | 'b', probability?: number): PairRecord {
  const record: PairRecord = { env, a: segmentPairSide(a, featureNames), b: segmentPairSide(b, featureNames), label }
  if (probability !== undefined) record.probability = probability
  return record
}
