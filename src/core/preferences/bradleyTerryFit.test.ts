import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { bradleyTerryGradient, bradleyTerryLoss } from './bradleyTerry'
import { fitBradleyTerry, GRADIENT_TOLERANCE } from './bradleyTerryFit'
import { BradleyTerryFitError, type BradleyTerryFailure } from './fitError'
import { drawPreference } from './labeler'
import type { PreferenceDifferences } from './preferencePairs'

function differences(rows: number[][]): PreferenceDifferences {
  return { count: rows.length, features: rows[0].length, values: Float64Array.from(rows.flat()) }
}

function norm(values: ArrayLike<number>): number {
  return Math.sqrt(Array.from(values).reduce((total, value) => total + value * value, 0))
}

/** The failure a fit throws, or null when it returns. */
function failureOf(data: PreferenceDifferences, l2: number): { failure: BradleyTerryFailure; message: string } | null {
  try {
    fitBradleyTerry(data, l2)
    return null
  } catch (error) {
    if (!(error instanceof BradleyTerryFitError)) throw error
    return { failure: error.failure, message: error.message }
  }
}

/** In one dimension ∂L/∂w = −Σ σ(−w d_i) d_i + λw is increasing: its root, by bisection alone. */
function rootByBisection(ds: number[], l2: number): number {
  const derivative = (w: number) => ds.reduce((total, d) => total - d / (1 + Math.exp(w * d)), l2 * w)
  let lo = -50
  let hi = 50
  for (let step = 0; step < 200; step++) {
    const mid = (lo + hi) / 2
    if (derivative(mid) > 0) hi = mid
    else lo = mid
  }
  return (lo + hi) / 2
}

/** Plain gradient descent, w ← w − ∇L/M with M = λ + ¼ Σ‖d_i‖² ≥ the largest curvature: slow, but sure. */
function gradientDescent(data: PreferenceDifferences, l2: number, steps: number): Float64Array {
  let curvature = l2
  for (let j = 0; j < data.values.length; j++) curvature += data.values[j] ** 2 / 4
  const weights = new Float64Array(data.features)
  for (let step = 0; step < steps; step++) {
    const gradient = bradleyTerryGradient(data, l2, weights)
    for (let k = 0; k < weights.length; k++) weights[k] -= gradient[k] / curvature
  }
  return weights
}

describe('fitBradleyTerry', () => {
  it('finds the one-dimensional minimiser that bisection on the gradient finds', () => {
    for (const [ds, l2] of [
      [[1, 2, -1, 0.5], 0.5],
      [[1, 2, -1, 0.5], 0],
      [[3, -0.2, 0.7, 0.7, -1.5], 2],
      [[1], 1],
    ] as [number[], number][]) {
      const fit = fitBradleyTerry(differences(ds.map((d) => [d])), l2)
      expect(fit.weights[0]).toBeCloseTo(rootByBisection(ds, l2), 12)
      expect(fit.gradientNorm).toBeLessThan(GRADIENT_TOLERANCE)
      expect(fit.loss).toBe(bradleyTerryLoss(differences(ds.map((d) => [d])), l2, fit.weights))
    }
    // One pair, λ = 1: ∂L/∂w = −σ(−w) + w = 0, so w(1 + e^w) = 1: 0.40106 × (1 + 1.49339) ≈ 1.0000
    const [w] = fitBradleyTerry(differences([[1]]), 1).weights
    expect(w).toBeCloseTo(0.40106, 5)
    expect(w * (1 + Math.exp(w))).toBeCloseTo(1, 14)
  })

  it('fits labels drawn from a known reward: gradient ≈ 0, and plain gradient descent run long agrees', () => {
    const rng = new Rng(11)
    const gold = [1.5, -0.5]
    const rows: number[][] = []
    for (let i = 0; i < 40; i++) {
      const a = [rng.normal(), rng.normal()]
      const b = [rng.normal(), rng.normal()]
      const preferA = drawPreference(gold[0] * a[0] + gold[1] * a[1], gold[0] * b[0] + gold[1] * b[1], 1, rng) === 'a'
      rows.push(preferA ? [a[0] - b[0], a[1] - b[1]] : [b[0] - a[0], b[1] - a[1]])
    }
    const data = differences(rows)
    const l2 = 0.1
    const fit = fitBradleyTerry(data, l2)
    expect(norm(bradleyTerryGradient(data, l2, fit.weights))).toBeLessThan(GRADIENT_TOLERANCE)
    expect(fit.iterations).toBeLessThan(15)
    const descended = gradientDescent(data, l2, 20_000)
    expect(fit.weights[0]).toBeCloseTo(descended[0], 9)
    expect(fit.weights[1]).toBeCloseTo(descended[1], 9)
    expect(fit.loss).toBeLessThanOrEqual(bradleyTerryLoss(data, l2, descended))
    // The fit recovers the direction of the gold reward
    expect(fit.weights[0]).toBeGreaterThan(0)
    expect(fit.weights[1]).toBeLessThan(0)
  })

  it('fits without a penalty when no weights order every pair', () => {
    // y = (1, 2, 1, 2, 1) > 0 has Σ y_i d_i = 0, so a finite minimiser exists
    const data = differences([
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
      [1, 1],
    ])
    const fit = fitBradleyTerry(data, 0)
    expect(fit.gradientNorm).toBeLessThan(GRADIENT_TOLERANCE)
    expect(norm(bradleyTerryGradient(data, 0, fit.weights))).toBeLessThan(GRADIENT_TOLERANCE)
    // Symmetric in the two features
    expect(fit.weights[0]).toBeCloseTo(fit.weights[1], 12)
  })

  it('says there is no finite minimiser for separable pairs without a penalty, where Newton alone would stop at a large w', () => {
    // One pair: L = softplus(−w) falls for ever; its gradient passes 1e-10 near w = 23
    expect(failureOf(differences([[1]]), 0)).toEqual({
      failure: 'separable',
      message: 'the pairs are separable: the weights [1] score the preferred side at least as high in every pair (higher in 1 of 1), so the loss keeps falling as they grow and no finite weights minimise it',
    })
    // Quasi-complete: (1, 0) orders the first pair strictly and leaves the other two tied
    const quasi = failureOf(
      differences([
        [1, 0],
        [0, 1],
        [0, -1],
      ]),
      0,
    )
    expect(quasi?.failure).toBe('separable')
    expect(quasi?.message).toContain('the weights [1, 0] score the preferred side at least as high in every pair (higher in 1 of 3)')
    // Separable in a direction no axis shows: 2x₁ − x₂ > 0 for every pair
    const oblique = failureOf(
      differences([
        [1, 1],
        [2, 3],
        [0.5, -1],
      ]),
      0,
    )
    expect(oblique?.failure).toBe('separable')
    // Any penalty gives a finite fit of the same pairs
    expect(failureOf(differences([[1]]), 1e-6)).toBeNull()
  })

  it('says the weights are not determined when a direction leaves every pair tied, without a penalty', () => {
    // The second feature is equal on both sides of every pair: L is flat along (0, 1), even at ∇L = 0
    const tied = differences([
      [1, 0],
      [-1, 0],
    ])
    expect(failureOf(tied, 0)?.failure).toBe('undetermined')
    expect(failureOf(differences([[0], [0]]), 0)?.failure).toBe('undetermined')
    // With λ > 0 the penalty decides: w = 0
    expect(Array.from(fitBradleyTerry(tied, 1).weights)).toEqual([0, 0])
    // A penalty too small to tell H from singular in double precision
    expect(failureOf(tied, 1e-300)?.failure).toBe('singular')
  })

  it('refuses features whose Hessian overflows, and a penalty that is not finite and ≥ 0', () => {
    const huge = failureOf(differences([[1e200], [-3e200]]), 1)
    expect(huge?.failure).toBe('overflow')
    expect(huge?.message).toContain('came out as Infinity')
    for (const l2 of [-1, NaN, Infinity]) expect(() => fitBradleyTerry(differences([[1]]), l2)).toThrow('the L2 penalty must be a finite number ≥ 0')
  })

  it('stops at the rounding floor when many pairs put 1e-10 out of double precision’s reach', () => {
    // 100,000 pairs of features near 100: w is known only to ε‖w‖, which moves the gradient by
    // about ‖H‖ε‖w‖ ≈ 1e8 · 2e-16 · 0.04 ≈ 1e-9; and the loss (≈ 3e4) cannot resolve the last steps
    const rng = new Rng(3)
    const rows = Array.from({ length: 100_000 }, () => {
      const d = [rng.normal() * 100, rng.normal() * 100]
      return rng.uniform() < 1 / (1 + Math.exp(-(0.03 * d[0] - 0.02 * d[1]))) ? d : [-d[0], -d[1]]
    })
    const data = differences(rows)
    const fit = fitBradleyTerry(data, 1)
    // Near the gold (0.03, −0.02), and the gradient tiny against its terms (Σ σ(−z)‖d‖ ≈ 3e6)
    expect(fit.weights[0]).toBeCloseTo(0.03, 2)
    expect(fit.weights[1]).toBeCloseTo(-0.02, 2)
    expect(fit.gradientNorm).toBeLessThan(1e-7)
    expect(fit.iterations).toBeLessThan(20)
  })
})
