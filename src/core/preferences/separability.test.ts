import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import type { PreferenceDifferences } from './preferencePairs'
import { separatingDirection } from './separability'

function differences(rows: number[][]): PreferenceDifferences {
  return { count: rows.length, features: rows[0].length, values: Float64Array.from(rows.flat()) }
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((total, value, k) => total + value * b[k], 0)

/** v orders every pair (d_i·v ≥ 0, to rounding) and at least one strictly. */
function expectOrdersEveryPair(rows: number[][], v: Float64Array): void {
  const size = Math.sqrt(dot(v, v))
  for (const d of rows) expect(dot(d, v) / (size * Math.sqrt(dot(d, d)) || 1)).toBeGreaterThanOrEqual(-1e-9)
  expect(Math.max(...rows.map((d) => dot(d, v)))).toBeGreaterThan(0)
}

/**
 * In the plane, by brute force: the directions v with d_i·v ≥ 0 for all i form a cone whose edges
 * are perpendicular to some d_j (a half-plane, when they are opposite, holds d_j itself), so if any
 * v orders the pairs, an edge, a sum of two edges or some d_j does.
 */
function separableInThePlane(rows: number[][]): boolean {
  const edges = rows.flatMap(([x, y]) => [
    [-y, x],
    [y, -x],
  ])
  const candidates = [...rows, ...edges, ...edges.flatMap((a) => edges.map((b) => [a[0] + b[0], a[1] + b[1]]))]
  return candidates.some((v) => rows.every((d) => dot(d, v) >= -1e-12) && rows.some((d) => dot(d, v) > 1e-9))
}

describe('separatingDirection', () => {
  it('finds none where some y > 0 has Σ y_i d_i = 0', () => {
    expect(separatingDirection(differences([[1], [-1]]))).toBeNull()
    expect(separatingDirection(differences([[2], [-0.001], [5]]))).toBeNull()
    expect(
      separatingDirection(
        differences([
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
          [1, 1],
        ]),
      ),
    ).toBeNull()
    // Equal sides everywhere: nothing is ordered either way
    expect(separatingDirection(differences([[0, 0]]))).toBeNull()
  })

  it('finds a direction that orders every pair where one exists, and says how many it orders strictly', () => {
    const one = separatingDirection(differences([[3]]))
    expect(one?.ordered).toBe(1)
    expect(one!.direction[0]).toBeGreaterThan(0)
    const quasi = [
      [1, 0],
      [0, 1],
      [0, -1],
    ]
    const found = separatingDirection(differences(quasi))
    expect(found?.ordered).toBe(1)
    expectOrdersEveryPair(quasi, found!.direction)
    expect(found!.direction[1]).toBeCloseTo(0, 12)
  })

  it('agrees with a brute-force search in the plane on 300 random small sets of pairs', () => {
    const rng = new Rng(5)
    let separable = 0
    for (let trial = 0; trial < 300; trial++) {
      const rows = Array.from({ length: 2 + rng.int(5) }, () => [rng.int(7) - 3, rng.int(7) - 3])
      const found = separatingDirection(differences(rows))
      expect(found !== null, JSON.stringify(rows)).toBe(separableInThePlane(rows))
      if (found !== null) {
        expectOrdersEveryPair(rows, found.direction)
        separable++
      }
    }
    // Both answers occur often enough to test
    expect(separable).toBeGreaterThan(50)
    expect(separable).toBeLessThan(250)
  })

  it('finds the direction of a deterministic labeler’s gold reward in five dimensions, and none once labels are noisy', () => {
    const rng = new Rng(9)
    const gold = [1, -2, 0.5, 0, 3]
    const items = () => Array.from({ length: 400 }, () => gold.map(() => rng.normal()))
    // T = 0: every pair is ordered by the gold reward, so the pairs are separable
    const exact = items().map((d) => (dot(d, gold) >= 0 ? d : d.map((x) => -x)))
    const found = separatingDirection(differences(exact))
    expect(found).not.toBeNull()
    expectOrdersEveryPair(exact, found!.direction)
    // A fifth of the labels flipped: no direction orders them all
    const noisy = exact.map((d) => (rng.uniform() < 0.2 ? d.map((x) => -x) : d))
    expect(separatingDirection(differences(noisy))).toBeNull()
  })
})
