import { describe, expect, it } from 'vitest'
import { lagrangeUpdateProblem, nextLagrangeMultiplier } from './lagrangeMultiplier'

describe('nextLagrangeMultiplier', () => {
  it('rises while the mean cost is over budget, falls once it is under, and stops at 0', () => {
    // η = 0.5, c = 1, λ_0 = 0; mean costs 3, 2, 0.5, 0, 0, 0
    // λ_1 = 0 + 0.5(3 − 1) = 1; λ_2 = 1 + 0.5(2 − 1) = 1.5; λ_3 = 1.5 + 0.5(0.5 − 1) = 1.25;
    // λ_4 = 1.25 + 0.5(0 − 1) = 0.75; λ_5 = 0.25; λ_6 = max(0, 0.25 − 0.5) = 0
    const costs = [3, 2, 0.5, 0, 0, 0]
    const multipliers: number[] = []
    let multiplier = 0
    for (const meanCost of costs) {
      multiplier = nextLagrangeMultiplier({ multiplier, meanCost, budget: 1, stepSize: 0.5 })
      multipliers.push(multiplier)
    }
    expect(multipliers).toEqual([1, 1.5, 1.25, 0.75, 0.25, 0])
  })

  it('stays at 0 while the constraint holds, and is unchanged where the cost is on budget', () => {
    expect(nextLagrangeMultiplier({ multiplier: 0, meanCost: -2, budget: 0.5, stepSize: 10 })).toBe(0)
    expect(nextLagrangeMultiplier({ multiplier: 2.5, meanCost: 0.25, budget: 0.25, stepSize: 3 })).toBe(2.5)
    // a negative budget: λ = 0.1 + 2(0 − (−1)) = 2.1
    expect(nextLagrangeMultiplier({ multiplier: 0.1, meanCost: 0, budget: -1, stepSize: 2 })).toBeCloseTo(2.1, 12)
  })

  it('refuses a negative or non-finite λ, a non-finite cost or budget, and η not above 0', () => {
    const good = { multiplier: 1, meanCost: 1, budget: 1, stepSize: 0.1 }
    expect(lagrangeUpdateProblem(good)).toBeNull()
    expect(lagrangeUpdateProblem({ ...good, multiplier: -0.1 })).toBe('the multiplier λ is -0.1; it must be a finite number of at least 0')
    expect(lagrangeUpdateProblem({ ...good, multiplier: Number.POSITIVE_INFINITY })).toMatch(/^the multiplier λ is Infinity/)
    expect(lagrangeUpdateProblem({ ...good, meanCost: Number.NaN })).toBe('the mean cost Ĉ is NaN; it must be a finite number')
    expect(lagrangeUpdateProblem({ ...good, budget: Number.NEGATIVE_INFINITY })).toBe('the budget c is -Infinity; it must be a finite number')
    expect(lagrangeUpdateProblem({ ...good, stepSize: 0 })).toBe('the step size η is 0; it must be a finite number above 0')
    expect(lagrangeUpdateProblem({ ...good, stepSize: -1 })).toMatch(/^the step size η is -1/)
    expect(() => nextLagrangeMultiplier({ ...good, stepSize: Number.NaN })).toThrow('nextLagrangeMultiplier: the step size η is NaN')
    // Finite inputs whose update overflows
    expect(() => nextLagrangeMultiplier({ multiplier: 0, meanCost: 1e308, budget: -1e308, stepSize: 10 })).toThrow(/too large to compute with/)
  })
})
