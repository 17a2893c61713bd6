import { describe, expect, it } from 'vitest'
import { teamValue } from '../envs/coop'
import { Rng } from '../rng'
import { mixCredit, teamCredit, TEAM_CREDIT_METHODS, type TeamCreditMethod } from './team'

function expectClose(actual: ArrayLike<number>, expected: number[], digits = 12): void {
  expect(actual.length).toBe(expected.length)
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, digits))
}

/** v(S) for every bitmask S of n agents. */
function game(n: number, v: (S: number) => number): Float64Array {
  return Float64Array.from({ length: 2 ** n }, (_, S) => v(S))
}

function members(S: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => i).filter((i) => (S >> i) & 1)
}

function creditsOf(n: number, values: ArrayLike<number>): Record<TeamCreditMethod, number[]> {
  return Object.fromEntries(TEAM_CREDIT_METHODS.map((method) => [method, Array.from(teamCredit(method, n, values))])) as Record<TeamCreditMethod, number[]>
}

describe('teamCredit', () => {
  it('credits a two-agent game by hand', () => {
    // v(∅) = 0, v({0}) = 1, v({1}) = 2, v({0, 1}) = 5
    const values = [0, 1, 2, 5]
    const credit = creditsOf(2, values)
    expect(credit.shared).toEqual([5, 5])
    expect(credit.equal).toEqual([2.5, 2.5])
    // v(N) − v(N ∖ {i}): (5 − 2, 5 − 1)
    expect(credit.difference).toEqual([3, 4])
    // φ_0 = ½·(v({0}) − v(∅)) + ½·(v(N) − v({1})) = ½·1 + ½·3 = 2
    // φ_1 = ½·(v({1}) − v(∅)) + ½·(v(N) − v({0})) = ½·2 + ½·4 = 3
    expectClose(credit.shapley, [2, 3])
  })

  it('agrees across all methods but shared in a symmetric additive game', () => {
    // v(S) = 2·|S| for three agents: each agent adds 2 whatever the others do.
    const credit = creditsOf(3, game(3, (S) => 2 * members(S, 3).length))
    expect(credit.shared).toEqual([6, 6, 6])
    expect(credit.equal).toEqual([2, 2, 2])
    expect(credit.difference).toEqual([2, 2, 2])
    expectClose(credit.shapley, [2, 2, 2])
  })

  it('gives each agent its own contribution in an additive game with unequal parts (but equal split does not)', () => {
    // v(S) = Σ_{i∈S} x_i, x = (1, 2, 3)
    const x = [1, 2, 3]
    const credit = creditsOf(3, game(3, (S) => members(S, 3).reduce((sum, i) => sum + x[i], 0)))
    expect(credit.difference).toEqual([1, 2, 3])
    expectClose(credit.shapley, [1, 2, 3])
    expect(credit.equal).toEqual([2, 2, 2])
  })

  it('tells the methods apart in a complementary game', () => {
    // Output only when all three work: v(N) = 1, every other v(S) = 0.
    const credit = creditsOf(3, game(3, (S) => (S === 7 ? 1 : 0)))
    expect(credit.shared).toEqual([1, 1, 1])
    expectClose(credit.equal, [1 / 3, 1 / 3, 1 / 3])
    // Each agent is pivotal, so difference rewards pay out 3 for an outcome of 1.
    expect(credit.difference).toEqual([1, 1, 1])
    // Only the last of the 3! orders to arrive contributes: probability 1/3 each.
    expectClose(credit.shapley, [1 / 3, 1 / 3, 1 / 3])
  })

  it('credits the coop environment’s team output over all coalitions of three agents', () => {
    // Efforts (2, 1, 1), synergy 0.5: v(S) = Σ_{i∈S} e_i + 0.5·Σ_{i<j∈S} e_i·e_j
    // v(∅) = 0, v{0} = 2, v{1} = 1, v{2} = 1, v{0,1} = 3 + 1 = 4, v{0,2} = 4, v{1,2} = 2 + 0.5 = 2.5,
    // v(N) = 4 + 0.5·(2 + 2 + 1) = 6.5
    const efforts = [2, 1, 1]
    const values = game(3, (S) => teamValue(efforts, S, { agents: 3, synergy: 0.5 }))
    expect(Array.from(values)).toEqual([0, 2, 1, 4, 1, 4, 2.5, 6.5])
    const credit = creditsOf(3, values)
    expect(credit.shared).toEqual([6.5, 6.5, 6.5])
    expectClose(credit.equal, [6.5 / 3, 6.5 / 3, 6.5 / 3])
    // v(N) − v(N ∖ {i}): 6.5 − 2.5, 6.5 − 4, 6.5 − 4
    expect(credit.difference).toEqual([4, 2.5, 2.5])
    // With pairwise synergy φ_i = e_i + (s/2)·e_i·Σ_{j≠i} e_j: 2 + 0.25·2·2 = 3, 1 + 0.25·1·3 = 1.75
    expectClose(credit.shapley, [3, 1.75, 1.75])
  })

  it('is efficient: the Shapley values add up to v(N) − v(∅)', () => {
    const rng = new Rng(7)
    for (const n of [1, 2, 4, 6]) {
      const values = game(n, () => rng.range(-5, 5))
      const total = Array.from(teamCredit('shapley', n, values)).reduce((sum, c) => sum + c, 0)
      expect(total).toBeCloseTo(values[2 ** n - 1] - values[0], 10)
    }
  })

  it('is symmetric: relabelling the agents relabels their Shapley values', () => {
    const n = 4
    const rng = new Rng(11)
    const values = game(n, () => rng.range(-3, 3))
    const permutation = [2, 0, 3, 1] // agent i is called permutation[i] in the relabelled game
    const relabel = (S: number): number => members(S, n).reduce((mask, i) => mask | (1 << permutation[i]), 0)
    const relabelled = new Float64Array(2 ** n)
    for (let S = 0; S < 2 ** n; S++) relabelled[relabel(S)] = values[S]
    const original = teamCredit('shapley', n, values)
    const renamed = teamCredit('shapley', n, relabelled)
    for (let i = 0; i < n; i++) expect(renamed[permutation[i]]).toBeCloseTo(original[i], 12)
    // Interchangeable agents get equal shares: agents 0 and 1 add the same to every coalition.
    const twins = teamCredit('shapley', 3, game(3, (S) => ((S & 1) + ((S >> 1) & 1)) * 3 + ((S >> 2) & 1) * 5 + (S === 7 ? 2 : 0)))
    expect(twins[0]).toBeCloseTo(twins[1], 12)
  })

  it('gives nothing to an agent who never adds anything (null player), and everything to one alone', () => {
    // Agent 2 is a null player: v(S ∪ {2}) = v(S).
    const values = game(3, (S) => [0, 1, 2, 5][S & 3])
    expectClose(teamCredit('shapley', 3, values), [2, 3, 0])
    expect(teamCredit('difference', 3, values)[2]).toBe(0)
    // One agent: every method pays it v(N) − v(∅) (difference, Shapley) or v(N).
    expect(Array.from(teamCredit('shapley', 1, [1, 4]))).toEqual([3])
    expect(Array.from(teamCredit('equal', 1, [1, 4]))).toEqual([4])
  })

  it('writes into a given buffer and rejects a value table of the wrong size', () => {
    const out = new Float64Array(2)
    expect(teamCredit('difference', 2, [0, 1, 2, 5], out)).toBe(out)
    expect(Array.from(out)).toEqual([3, 4])
    expect(() => teamCredit('shapley', 2, [0, 1, 2])).toThrow(/2\^2 = 4 coalition values, got 3/)
    expect(() => teamCredit('shapley', 0, [0])).toThrow(/n must be an integer/)
    expect(() => teamCredit('nope' as TeamCreditMethod, 1, [0, 1])).toThrow(/unknown method "nope"/)
  })
})

describe('mixCredit', () => {
  it('blends local and team credit: α·local + (1 − α)·team', () => {
    // α = 0.25: (0.25·1 + 0.75·3, 0.25·2 + 0.75·5) = (2.5, 4.25)
    expectClose(mixCredit([1, 2], [3, 5], 0.25), [2.5, 4.25])
    expect(Array.from(mixCredit([1, 2], [3, 5], 1))).toEqual([1, 2])
    expect(Array.from(mixCredit([1, 2], [3, 5], 0))).toEqual([3, 5])
    expect(() => mixCredit([1], [3, 5], 0.5)).toThrow(/1 local rewards but 2 team credits/)
  })
})
