/*
 * The Pareto front of points scored on two figures: the points no other point dominates, where b
 * dominates a when b is at least as good as a on both figures and better on one. Points with the
 * same scores do not dominate each other, so ties are on the front together.
 */

/** A figure to judge points by, and which way is better. */
export interface ParetoFigure {
  name: string
  higherIsBetter: boolean
}

/**
 * The indices (ascending) of the points on the front. A point without a value for either figure
 * (null: no run of it had one) is on no front and dominates none. Sorted by the first figure, best
 * first, a point is on the front when it is best on the second within its tie on the first and
 * strictly better on the second than every point better on the first: O(n log n).
 */
export function paretoFront(scores: readonly (readonly [number | null, number | null])[], higherIsBetter: readonly [boolean, boolean]): number[] {
  // Both figures as higher-is-better: x = ±first, y = ±second.
  const candidates = scores.flatMap(([first, second], index) => (first === null || second === null ? [] : [{ index, x: higherIsBetter[0] ? first : -first, y: higherIsBetter[1] ? second : -second }]))
  candidates.sort((a, b) => b.x - a.x)
  const front: number[] = []
  let bestYBefore = -Infinity
  for (let start = 0; start < candidates.length; ) {
    let end = start
    while (end < candidates.length && candidates[end].x === candidates[start].x) end++
    const tie = candidates.slice(start, end)
    const bestY = tie.reduce((best, candidate) => Math.max(best, candidate.y), -Infinity)
    // Within the tie, only the best second figure survives; it must beat every point with a better first figure.
    if (bestY > bestYBefore) for (const candidate of tie) if (candidate.y === bestY) front.push(candidate.index)
    bestYBefore = Math.max(bestYBefore, bestY)
    start = end
  }
  return front.sort((a, b) => a - b)
}
