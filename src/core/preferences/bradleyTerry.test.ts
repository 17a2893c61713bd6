import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { bradleyTerryGradient, bradleyTerryHessian, bradleyTerryLoss } from './bradleyTerry'
import type { PreferenceDifferences } from './preferencePairs'

/** Differences d_i = x_w − x_l given row by row. */
function differences(rows: number[][]): PreferenceDifferences {
  return { count: rows.length, features: rows[0].length, values: Float64Array.from(rows.flat()) }
}

function expectClose(actual: ArrayLike<number>, expected: number[], digits: number): void {
  expect(actual.length).toBe(expected.length)
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, digits))
}

describe('the Bradley–Terry loss, gradient and Hessian', () => {
  // d = (1, 0), (0, 1), (−1, 1); at w = (ln 3, 0) the margins are z = (ln 3, 0, −ln 3).
  const data = differences([
    [1, 0],
    [0, 1],
    [-1, 1],
  ])
  const w = [Math.log(3), 0]

  it('give the hand-computed loss', () => {
    // −log σ(ln 3) = ln(4/3), −log σ(0) = ln 2, −log σ(−ln 3) = ln 4: the sum is ln(32/3)
    expect(bradleyTerryLoss(data, 0, w)).toBeCloseTo(Math.log(32 / 3), 14)
    // λ = 1 adds (1/2)‖w‖² = (ln 3)²/2
    expect(bradleyTerryLoss(data, 1, w)).toBeCloseTo(Math.log(32 / 3) + Math.log(3) ** 2 / 2, 14)
    // At w = 0 every pair costs ln 2
    expect(bradleyTerryLoss(data, 5, [0, 0])).toBe(3 * Math.LN2)
  })

  it('give the hand-computed gradient', () => {
    // σ(−z) = (1/4, 1/2, 3/4): −Σ σ(−z_i) d_i = −((1/4 − 3/4), (1/2 + 3/4)) = (1/2, −5/4)
    expectClose(bradleyTerryGradient(data, 0, w), [0.5, -1.25], 14)
    // λ = 1 adds λw = (ln 3, 0)
    expectClose(bradleyTerryGradient(data, 1, w), [0.5 + Math.log(3), -1.25], 14)
  })

  it('give the hand-computed Hessian', () => {
    // σ(z)σ(−z) = (3/16, 1/4, 3/16): 3/16·[[1, 0], [0, 0]] + 1/4·[[0, 0], [0, 1]] + 3/16·[[1, −1], [−1, 1]] + λI
    expectClose(bradleyTerryHessian(data, 0, w), [6 / 16, -3 / 16, -3 / 16, 7 / 16], 14)
    expectClose(bradleyTerryHessian(data, 1, w), [22 / 16, -3 / 16, -3 / 16, 23 / 16], 14)
  })

  it('have the gradient and Hessian that central finite differences give', () => {
    const rng = new Rng(7)
    const features = 3
    const rows = Array.from({ length: 25 }, () => Array.from({ length: features }, () => rng.normal() * 2))
    const random = differences(rows)
    const l2 = 0.3
    const weights = [0.4, -1.1, 0.7]
    const h = 1e-5
    const shifted = (k: number, by: number) => weights.map((value, j) => (j === k ? value + by : value))
    const gradient = bradleyTerryGradient(random, l2, weights)
    const hessian = bradleyTerryHessian(random, l2, weights)
    for (let k = 0; k < features; k++) {
      // ∂L/∂w_k ≈ (L(w + h e_k) − L(w − h e_k))/(2h), error O(h²)
      const numeric = (bradleyTerryLoss(random, l2, shifted(k, h)) - bradleyTerryLoss(random, l2, shifted(k, -h))) / (2 * h)
      expect(gradient[k]).toBeCloseTo(numeric, 7)
      const up = bradleyTerryGradient(random, l2, shifted(k, h))
      const down = bradleyTerryGradient(random, l2, shifted(k, -h))
      for (let j = 0; j < features; j++) expect(hessian[j * features + k]).toBeCloseTo((up[j] - down[j]) / (2 * h), 7)
    }
  })

  it('stay exact and finite for margins of 1e3 and beyond', () => {
    const one = differences([[1]])
    // z = 1000: −log σ(1000) = softplus(−1000) = 0; z = −1000: 1000, where log(1 + e^1000) overflows
    expect(bradleyTerryLoss(one, 0, [1000])).toBe(0)
    expect(bradleyTerryLoss(one, 0, [-1000])).toBe(1000)
    expect(bradleyTerryLoss(one, 0, [-1e6])).toBe(1e6)
    // ∇ = −σ(−z)·1: −σ(1000) = −1 and −σ(−1000) = −0
    expect(Array.from(bradleyTerryGradient(one, 0, [-1000]))).toEqual([-1])
    expect(Math.abs(bradleyTerryGradient(one, 0, [1000])[0])).toBe(0)
    // σ(z)σ(−z) underflows to 0, not NaN
    expect(Array.from(bradleyTerryHessian(one, 0, [1000]))).toEqual([0])
    expect(Array.from(bradleyTerryHessian(one, 2, [-1e6]))).toEqual([2])
  })

  it('refuse weights of the wrong length', () => {
    expect(() => bradleyTerryLoss(data, 0, [1])).toThrow('bradleyTerryLoss: 1 weights for 2 features')
    expect(() => bradleyTerryGradient(data, 0, [1, 2, 3])).toThrow('3 weights for 2 features')
    expect(() => bradleyTerryHessian(data, 0, [])).toThrow('0 weights for 2 features')
  })
})
