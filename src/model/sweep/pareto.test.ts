import { describe, expect, it } from 'vitest'
import { paretoFront } from './pareto'

/* The Pareto front on hand-made points: dominance, ties, a lower-is-better figure, missing values. */

/** The front by its definition: the points no other point is at least as good as on both and better on one. */
function bruteForce(scores: [number, number][], higher: [boolean, boolean]): number[] {
  const better = (a: number, b: number, k: number) => (higher[k] ? a > b : a < b)
  const atLeast = (a: number, b: number, k: number) => (higher[k] ? a >= b : a <= b)
  return scores.flatMap((a, i) => (scores.some((b) => atLeast(b[0], a[0], 0) && atLeast(b[1], a[1], 1) && (better(b[0], a[0], 0) || better(b[1], a[1], 1))) ? [] : [i]))
}

describe('paretoFront', () => {
  it('keeps the points nothing beats on both figures', () => {
    // (1, 5) and (4, 4) and (5, 1) trade off; (2, 2) is beaten by (4, 4); (3, 3.5) is beaten by (4, 4).
    expect(paretoFront([[1, 5], [2, 2], [4, 4], [3, 3.5], [5, 1]], [true, true])).toEqual([0, 2, 4])
  })

  it('keeps tied points together, and drops a point that only ties on one figure and loses on the other', () => {
    // Points 0 and 1 are the same: neither dominates the other. Point 2 ties point 0 on the first figure and is worse on the second.
    expect(paretoFront([[3, 3], [3, 3], [3, 1], [1, 4], [1, 4]], [true, true])).toEqual([0, 1, 3, 4])
    // Point 1 ties point 0 on the second figure and is worse on the first.
    expect(paretoFront([[5, 2], [4, 2]], [true, true])).toEqual([0])
    expect(paretoFront([[2, 2]], [true, true])).toEqual([0])
    expect(paretoFront([], [true, true])).toEqual([])
  })

  it('turns a lower-is-better figure around', () => {
    // Objective up, length down: (0.9, 30) beats (0.8, 40); (0.95, 50) and (0.7, 10) trade off with it.
    const points: [number, number][] = [[0.9, 30], [0.8, 40], [0.95, 50], [0.7, 10]]
    expect(paretoFront(points, [true, false])).toEqual([0, 2, 3])
    expect(paretoFront(points, [true, true])).toEqual([2])
    expect(paretoFront(points, [false, false])).toEqual([3])
  })

  it('leaves out a point missing either figure', () => {
    expect(paretoFront([[null, 10], [1, 1], [2, null], [0, 2]], [true, true])).toEqual([1, 3])
    expect(paretoFront([[null, null]], [true, true])).toEqual([])
  })

  it('agrees with the definition on many random points with ties', () => {
    let state = 12345
    const draw = () => {
      // A small linear congruential generator: the same points every run.
      state = (state * 1103515245 + 12345) % 2 ** 31
      return state % 7
    }
    for (let trial = 0; trial < 200; trial++) {
      const scores = Array.from({ length: 1 + (trial % 25) }, (): [number, number] => [draw(), draw()])
      for (const higher of [[true, true], [true, false], [false, true], [false, false]] as [boolean, boolean][]) expect(paretoFront(scores, higher)).toEqual(bruteForce(scores, higher))
    }
  })
})
