import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../envs/registry'
import { checkRewardDesign } from './checkRewardDesign'
import { constraintProblems, CostConstraintsSchema, meanEpisodeCost } from './costConstraint'
import { parseRewardDesign } from './designSchema'

const bandit = resolveEnvironment('bandit', { contexts: 2 })

describe('cost constraints', () => {
  it('take a budget and a step size, λ₀ 0 unless given; refuse a step size of 0 and a negative λ₀', () => {
    expect(CostConstraintsSchema.parse({ payout: { budget: 0.5, stepSize: 0.1 } })).toEqual({ payout: { budget: 0.5, stepSize: 0.1, initial: 0 } })
    expect(CostConstraintsSchema.safeParse({ payout: { budget: 0.5, stepSize: 0 } }).error?.issues[0].message).toMatch(/stepSize: a finite number above 0/)
    expect(CostConstraintsSchema.safeParse({ payout: { budget: 0.5, stepSize: 1, initial: -1 } }).error?.issues[0].message).toMatch(/initial: a finite number of at least 0/)
    expect(CostConstraintsSchema.safeParse({ payout: { budget: 0.5, stepSize: 1, cap: 2 } }).error?.issues[0].message).toMatch(/unknown key "cap" in a cost constraint/)
  })

  it('leave a design without them as it was: no constraints key at all', () => {
    const parsed = parseRewardDesign({ weights: { payout: 1 } })
    expect(parsed.ok && 'constraints' in parsed.design).toBe(false)
  })

  it('name one problem each: an unknown component, a component that also follows a schedule', () => {
    expect(constraintProblems({ nope: { budget: 1, stepSize: 1, initial: 0 } }, ['payout', 'expected'], [])).toEqual(['constraints.nope: there is no component "nope" to give a budget; accepted: payout, expected'])
    const checked = checkRewardDesign({ schedules: { payout: { kind: 'step', from: 1, to: 0, steps: 10 } }, constraints: { payout: { budget: 1, stepSize: 1 } } }, bandit.spec)
    expect(checked).toEqual({ ok: false, problems: ['constraints.payout: "payout" follows a schedule, and a cost\'s weight is its multiplier; accepted: a schedule or a budget, not both'] })
  })

  it('may name a component the design adds (a custom term)', () => {
    expect(checkRewardDesign({ terms: [{ name: 'work', expression: 'action' }], constraints: { work: { budget: 1, stepSize: 1 } } }, bandit.spec).ok).toBe(true)
  })

  it('read Ĉ as the mean Σ_t c_k,t of the episodes whose sums cover them, null with none', () => {
    // Component 1 of three episodes, one with no sums: (2 + 5) / 2 = 3.5.
    expect(meanEpisodeCost([{ componentSums: [0, 2] }, { componentSums: null }, { componentSums: [9, 5] }], 1)).toBe(3.5)
    expect(meanEpisodeCost([{ componentSums: null }], 0)).toBeNull()
    expect(meanEpisodeCost([], 0)).toBeNull()
  })
})
