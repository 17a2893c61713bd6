import type { PreferencePairs } from './preferencePairs'

/*
 * Labelled pairs as a reward-model fit reads them: the preferred side's and the other side's
 * features (row-major, pair × feature, as PreferencePairs), and each side's gold score, which says
 * how the task's true objective orders the pair whatever the label says.
 */

export interface GoldPairs extends PreferencePairs {
  readonly preferredGold: Float64Array
  readonly rejectedGold: Float64Array
}

/** The pairs at `indices`, in that order (an index may repeat, as in a bootstrap sample). */
export function selectPairs(pairs: GoldPairs, indices: ArrayLike<number>): GoldPairs {
  const { features } = pairs
  const count = indices.length
  const preferred = new Float64Array(count * features)
  const rejected = new Float64Array(count * features)
  const preferredGold = new Float64Array(count)
  const rejectedGold = new Float64Array(count)
  for (let j = 0; j < count; j++) {
    const i = indices[j]
    if (!(Number.isInteger(i) && i >= 0 && i < pairs.count)) throw new Error(`selectPairs: index ${i} is not a pair of ${pairs.count}`)
    preferred.set(pairs.preferred.subarray(i * features, (i + 1) * features), j * features)
    rejected.set(pairs.rejected.subarray(i * features, (i + 1) * features), j * features)
    preferredGold[j] = pairs.preferredGold[i]
    rejectedGold[j] = pairs.rejectedGold[i]
  }
  return { count, features, preferred, rejected, preferredGold, rejectedGold }
}
