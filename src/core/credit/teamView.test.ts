import { describe, expect, it } from 'vitest'
import { summariseTeams, teamEffortChart } from './teamView'
import type { StepRecord } from '../run/stepRecord'

describe('summariseTeams', () => {
  it('credits each recorded round under every method and averages over rounds', () => {
    // Two agents, synergy 0.5: v(S) = Σ_{i∈S} e_i + 0.5·Σ_{i<j∈S} e_i·e_j.
    // Round 1: efforts (2, 0): v(N) = 2, v({0}) = 2, v({1}) = 0.
    // Round 2: efforts (2, 2): v(N) = 4 + 0.5·4 = 6, v({0}) = v({1}) = 2.
    const record: StepRecord = {
      names: ['team', 'effort', 'local'],
      components: Float64Array.of(0, 0, 2, 0, 0, 0, 0, 0, 2, 0, 0, 2),
      copies: Int32Array.of(0, 1, 0, 1),
      ends: new Uint8Array(4),
      cuts: new Uint8Array(4),
      rows: 4,
      visits: null,
      reached: null,
      latestEpisode: null,
    }
    const summary = summariseTeams(record, { agents: 2, synergy: 0.5 })!
    expect(summary.rounds).toBe(2)
    expect(summary.effort).toEqual([2, 1])
    // shared: (2 + 6)/2 = 4 each; equal: (1 + 3)/2 = 2 each
    expect(summary.credit.shared).toEqual([4, 4])
    expect(summary.credit.equal).toEqual([2, 2])
    // difference: round 1 (2 − 0, 2 − 2) = (2, 0); round 2 (6 − 2, 6 − 2) = (4, 4) → (3, 2)
    expect(summary.credit.difference).toEqual([3, 2])
    // Shapley: round 1 (2, 0); round 2 (3, 3) → (2.5, 1.5); local: mean efforts (2, 1)
    expect(summary.credit.shapley).toEqual([2.5, 1.5])
    expect(summary.credit.local).toEqual([2, 1])
  })
})

describe('teamEffortChart', () => {
  it('spans the x axis from the first point drawn to the last, whatever the steps were before the history began', () => {
    // The history keeps its latest points: here records at 12,288 to 14,336 steps, one per 1,024.
    const history = [12_288, 13_312, 14_336].map((envSteps, k) => ({ envSteps, effort: [k / 2, 2 - k / 2] }))
    const chart = teamEffortChart(history)
    expect(chart.domain).toEqual([12_288, 14_336])
    expect(Array.from(chart.x)).toEqual([12_288, 13_312, 14_336])
    expect(chart.efforts.map((line) => Array.from(line))).toEqual([
      [0, 0.5, 1],
      [2, 1.5, 1],
    ])
  })

  it('has a one-point range for a lone point, and none without a point', () => {
    expect(teamEffortChart([{ envSteps: 512, effort: [1, 1, 1, 1] }]).domain).toEqual([512, 512])
    expect(teamEffortChart([])).toEqual({ x: new Float64Array(0), efforts: [], domain: null })
  })

  it('draws a gap where a point lacks an agent’s effort', () => {
    const chart = teamEffortChart([
      { envSteps: 100, effort: [1] },
      { envSteps: 200, effort: [1, 2] },
    ])
    expect(Array.from(chart.efforts[1])).toEqual([NaN, 2])
  })
})
