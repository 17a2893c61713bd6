/*
 * An ensemble of K reward models scores the same items; these turn the K scores of each item into
 * one. The mean is the ensemble's estimate; the minimum and the mean less λ standard deviations (a
 * lower confidence bound, in the scores' own units) are pessimistic: they pay less where the
 * members disagree, which is where a policy exploiting one model's errors goes. Coste et al.
 * (2024) compare the mean, the minimum and a penalised mean against overoptimisation; theirs
 * subtracts λ times the variance.
 */

export type EnsembleAggregation = { kind: 'mean' } | { kind: 'min' } | { kind: 'meanMinusStd'; lambda: number }

/** `members[k][i]` is member k's score of item i; returns one aggregated score per item. */
export function aggregateEnsemble(members: readonly ArrayLike<number>[], aggregation: EnsembleAggregation): Float64Array {
  const K = members.length
  if (K === 0) throw new Error('aggregateEnsemble: needs at least one member')
  const items = members[0].length
  members.forEach((scores, k) => {
    if (scores.length !== items) throw new Error(`aggregateEnsemble: member ${k} scores ${scores.length} items, member 0 scores ${items}`)
  })
  if (aggregation.kind === 'meanMinusStd' && !(Number.isFinite(aggregation.lambda) && aggregation.lambda >= 0)) {
    throw new Error(`aggregateEnsemble: λ must be a finite number ≥ 0 (a pessimism weight), got ${aggregation.lambda}`)
  }
  const out = new Float64Array(items)
  for (let i = 0; i < items; i++) {
    if (aggregation.kind === 'min') {
      let least = Infinity
      for (let k = 0; k < K; k++) least = Math.min(least, members[k][i])
      out[i] = least
      continue
    }
    const mean = membersMean(members, i)
    if (aggregation.kind === 'mean') {
      out[i] = mean
      continue
    }
    // mean − λ·std
    out[i] = mean - aggregation.lambda * membersStd(members, i, mean)
  }
  return out
}

/** The members' mean score of item i: s̄ = s_0 + Σ_k (s_k − s_0)/K, around the first score, so that equal members give that score exactly. */
export function membersMean(members: readonly ArrayLike<number>[], i: number): number {
  const K = members.length
  const first = members[0][i]
  let offsets = 0
  for (let k = 0; k < K; k++) offsets += members[k][i] - first
  return first + offsets / K
}

/**
 * The members' population std of item i, `mean` their mean (membersMean): √(Σ_k (s_k − s̄)²/K),
 * dividing by K, not K − 1: the K members are the whole ensemble whose spread is meant, not a
 * sample from a larger one (and K = 1 gives 0, not 0/0).
 */
export function membersStd(members: readonly ArrayLike<number>[], i: number, mean: number): number {
  const K = members.length
  let squares = 0
  for (let k = 0; k < K; k++) squares += (members[k][i] - mean) ** 2
  return Math.sqrt(squares / K)
}
