import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { drawPreference, preferenceProbability } from './labeler'

describe('the simulated labeler', () => {
  it('prefers a with probability σ((g_a − g_b)/T)', () => {
    // Δ/T = 0: 1/2; Δ/T = ln 3: σ = 1/(1 + 1/3) = 3/4; Δ/T = −ln 3: 1/4
    expect(preferenceProbability(2, 2, 1)).toBe(0.5)
    expect(preferenceProbability(1 + Math.log(3), 1, 1)).toBeCloseTo(0.75, 15)
    expect(preferenceProbability(1, 1 + Math.log(3), 1)).toBeCloseTo(0.25, 15)
    // Δ = 1, T = 1/ln 3 gives the same 3/4; T = 2: σ(1/2) = 1/(1 + e^−½) ≈ 0.6225
    expect(preferenceProbability(3, 2, 1 / Math.log(3))).toBeCloseTo(0.75, 15)
    expect(preferenceProbability(3, 2, 2)).toBeCloseTo(1 / (1 + Math.exp(-0.5)), 15)
    expect(preferenceProbability(3, 2, 2)).toBeCloseTo(0.6225, 4)
    // A hot labeler is a coin, whatever the scores
    expect(preferenceProbability(10, -10, 1e12)).toBeCloseTo(0.5, 10)
  })

  it('is a step at T = 0, with ties at 1/2', () => {
    expect(preferenceProbability(1, 0, 0)).toBe(1)
    expect(preferenceProbability(0, 1, 0)).toBe(0)
    expect(preferenceProbability(0.5, 0.5, 0)).toBe(0.5)
    expect(preferenceProbability(1e-300, 0, 0)).toBe(1)
    // T → 0⁺ approaches the step: Δ/T overflows to ±Infinity, and σ takes it to 1 or 0, never NaN
    expect(preferenceProbability(1, 0, 1e-320)).toBe(1)
    expect(preferenceProbability(0, 1, 1e-320)).toBe(0)
    expect(preferenceProbability(1, 1, 1e-320)).toBe(0.5)
    expect(preferenceProbability(1e308, -1e308, 1)).toBe(1)
  })

  it('refuses a temperature that is negative or not finite, and scores that are not finite', () => {
    for (const T of [-1, NaN, Infinity]) expect(() => preferenceProbability(1, 0, T)).toThrow('the temperature must be a finite number ≥ 0')
    expect(() => preferenceProbability(NaN, 0, 1)).toThrow('gold scores must be finite')
  })

  it('draws labels from the seeded rng at those probabilities, one uniform each', () => {
    const rng = new Rng(21)
    const draws = 20_000
    let a = 0
    for (let i = 0; i < draws; i++) if (drawPreference(1 + Math.log(3), 1, 1, rng) === 'a') a++
    // 3/4 with a standard error of √(3/16/20000) ≈ 0.003
    expect(Math.abs(a / draws - 0.75)).toBeLessThan(0.015)
    // The same seed gives the same labels, each the comparison of one uniform draw with P
    const labels = (seed: number) => {
      const generator = new Rng(seed)
      return Array.from({ length: 50 }, () => drawPreference(0.3, 0, 0.5, generator))
    }
    expect(labels(4)).toEqual(labels(4))
    const reference = new Rng(4)
    const p = preferenceProbability(0.3, 0, 0.5)
    expect(labels(4)).toEqual(Array.from({ length: 50 }, () => (reference.uniform() < p ? 'a' : 'b')))
  })

  it('draws deterministically at T = 0 and flips a fair coin on a tie', () => {
    const rng = new Rng(8)
    expect(Array.from({ length: 100 }, () => drawPreference(2, 1, 0, rng)).every((label) => label === 'a')).toBe(true)
    expect(Array.from({ length: 100 }, () => drawPreference(1, 2, 0, rng)).every((label) => label === 'b')).toBe(true)
    let a = 0
    for (let i = 0; i < 10_000; i++) if (drawPreference(1, 1, 0, rng) === 'a') a++
    // 1/2 with a standard error of 0.005
    expect(Math.abs(a / 10_000 - 0.5)).toBeLessThan(0.025)
  })
})
