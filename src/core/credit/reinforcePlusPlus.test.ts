import { describe, expect, it } from 'vitest'
import { reinforcePlusPlusAdvantages } from './reinforcePlusPlus'

describe('reinforcePlusPlusAdvantages (REINFORCE++, OpenRLHF)', () => {
  it('normalises the returns-to-go of the task reward and the per-token KL penalties over the batch’s tokens', () => {
    // Completion 0: 2 tokens, R = 1, p = (−0.1, −0.2) → G = (1 − 0.3, 1 − 0.2) = (0.7, 0.8).
    // Completion 1: 1 token, R = 0, p = (−0.3) → G = (−0.3).
    // μ = 1.2/3 = 0.4, deviations (0.3, 0.4, −0.7), σ² = (0.09 + 0.16 + 0.49)/3 = 0.74/3.
    const sigma = Math.sqrt(0.74 / 3)
    const advantages = Array.from(reinforcePlusPlusAdvantages([1, 0], [2, 1], [-0.1, -0.2, -0.3]))
    ;[0.3 / sigma, 0.4 / sigma, -0.7 / sigma].forEach((value, t) => expect(advantages[t]).toBeCloseTo(value, 14))
  })

  it('without a KL in the reward gives every token its completion’s reward, normalised over tokens', () => {
    // G = (1, 1, 0): μ = 2/3, σ² = (1/9 + 1/9 + 4/9)/3 = 2/9, σ = √2/3 → (1/√2, 1/√2, −√2)
    const advantages = Array.from(reinforcePlusPlusAdvantages([1, 0], [2, 1], null))
    ;[1 / Math.SQRT2, 1 / Math.SQRT2, -Math.SQRT2].forEach((value, t) => expect(advantages[t]).toBeCloseTo(value, 14))
  })

  it('gives all-equal returns exactly 0 (the variance floor 1e-8 keeps the divisor finite) and an empty batch nothing', () => {
    expect(Array.from(reinforcePlusPlusAdvantages([0.1, 0.1], [1, 1], null))).toEqual([0, 0])
    // A spread below the floor is divided by √1e-8 = 1e-4, not by itself: (±1e-6)/1e-4 = ±0.01
    const tiny = Array.from(reinforcePlusPlusAdvantages([1e-6, -1e-6], [1, 1], null))
    expect(tiny[0]).toBeCloseTo(0.01, 12)
    expect(tiny[1]).toBeCloseTo(-0.01, 12)
    expect(reinforcePlusPlusAdvantages([], [], null)).toHaveLength(0)
  })

  it('refuses lengths and penalties that do not fit the batch', () => {
    expect(() => reinforcePlusPlusAdvantages([1], [1, 1], null)).toThrow('2 lengths for 1 completions')
    expect(() => reinforcePlusPlusAdvantages([1], [0], null)).toThrow('length 0 must be a whole number of at least 1, got 0')
    expect(() => reinforcePlusPlusAdvantages([1], [2], [0])).toThrow('1 penalties for 2 tokens')
  })
})
