/** A histogram of advantages, symmetric about 0, with the counts that matter for credit. */
export interface AdvantageHistogram {
  /** Bin i covers [edges[i], edges[i + 1]). */
  edges: number[]
  counts: number[]
  total: number
  /** Exactly zero: no gradient from these (GRPO's all-equal groups). */
  zeros: number
  positives: number
  negatives: number
}

/**
 * Bin `values` into `bins` equal bins over [−m, m], m = max |v| (so 0 is always the centre), or
 * m = `reach` when given (to bin two batches alike); non-finite values are ignored.
 */
export function advantageHistogram(values: ArrayLike<number>, bins = 21, reachGiven?: number): AdvantageHistogram {
  let reach = 0
  let zeros = 0
  let positives = 0
  let negatives = 0
  let total = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (!Number.isFinite(v)) continue
    total++
    if (v === 0) zeros++
    else if (v > 0) positives++
    else negatives++
    reach = Math.max(reach, Math.abs(v))
  }
  if (reachGiven !== undefined) reach = Math.max(reach, reachGiven)
  if (reach === 0) reach = 1
  // width = 2m / bins; bin of v = ⌊(v + m) / width⌋, the top edge folded into the last bin
  const width = (2 * reach) / bins
  const counts = new Array<number>(bins).fill(0)
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (!Number.isFinite(v)) continue
    counts[Math.min(bins - 1, Math.floor((v + reach) / width))]++
  }
  const edges = Array.from({ length: bins + 1 }, (_, i) => -reach + i * width)
  return { edges, counts, total, zeros, positives, negatives }
}
