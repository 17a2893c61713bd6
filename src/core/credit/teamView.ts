import { teamValue, type CoopGame } from '../envs/coop'
import type { StepRecord } from '../run/stepRecord'
import { teamCredit } from './team'

/** Each agent's mean effort and mean credit per round under every method, over the recorded rounds. */
export interface TeamSummary {
  agents: number
  rounds: number
  effort: number[]
  /** credit[method][agent] */
  credit: Record<'shared' | 'equal' | 'difference' | 'shapley' | 'local', number[]>
}

const METHODS = ['shared', 'equal', 'difference', 'shapley'] as const

/**
 * Read the team rounds out of a step record of the coop game (copy i is agent i mod A of team
 * ⌊i/A⌋; an agent's effort is its `local` component, its stand-alone output e_i) and credit every
 * round under every method from the coalition values v(S) of the efforts played:
 *   shared v(N), equal v(N)/A, difference v(N) − v(N∖{i}), Shapley φ_i, local e_i,
 * averaged over the recorded rounds of whole teams.
 */
export function summariseTeams(record: StepRecord, game: Pick<CoopGame, 'agents' | 'synergy'>): TeamSummary | null {
  const local = record.names.indexOf('local')
  if (local < 0) return null
  const A = game.agents
  const K = record.names.length
  const effortSum = new Float64Array(A)
  const sums = { shared: new Float64Array(A), equal: new Float64Array(A), difference: new Float64Array(A), shapley: new Float64Array(A), local: new Float64Array(A) }
  const efforts = new Float64Array(A)
  const values = new Float64Array(1 << A)
  let rounds = 0
  // Rows come a whole step at a time (all copies in order), so a team's round is A consecutive rows from a seat 0.
  for (let r = 0; r + A <= record.rows; r++) {
    if (record.copies[r] % A !== 0 || record.copies[r + A - 1] !== record.copies[r] + A - 1) continue
    for (let i = 0; i < A; i++) efforts[i] = record.components[(r + i) * K + local]
    for (let coalition = 0; coalition < values.length; coalition++) values[coalition] = teamValue(efforts, coalition, game)
    for (const method of METHODS) {
      const credit = teamCredit(method, A, values)
      for (let i = 0; i < A; i++) sums[method][i] += credit[i]
    }
    for (let i = 0; i < A; i++) {
      sums.local[i] += efforts[i]
      effortSum[i] += efforts[i]
    }
    rounds++
    r += A - 1
  }
  if (rounds === 0) return null
  const mean = (values: Float64Array) => Array.from(values, (value) => value / rounds)
  return {
    agents: A,
    rounds,
    effort: mean(effortSum),
    credit: { shared: mean(sums.shared), equal: mean(sums.equal), difference: mean(sums.difference), shapley: mean(sums.shapley), local: mean(sums.local) },
  }
}

/** One point of a team's effort history: the run's env steps at a step record, and each agent's mean effort over it. */
export interface TeamEffortPoint {
  envSteps: number
  effort: readonly number[]
}

/** The team's effort over time as its chart draws it: the x of each point, a line per agent, and the x range they span. */
export interface TeamEffortChart {
  x: Float64Array
  /** efforts[agent][point] */
  efforts: Float64Array[]
  /** From the first to the last x drawn (a lone point: [x, x]); null with no point. */
  domain: readonly [number, number] | null
}

/**
 * The effort chart's data and its x range, worked out together from the points drawn, so the
 * lines span the axis from its left end to its right: domain = [min x, max x] over the points' env
 * steps. Agents are those of the latest point (a point without one draws a gap there).
 */
export function teamEffortChart(history: readonly TeamEffortPoint[]): TeamEffortChart {
  const agents = history.length > 0 ? history[history.length - 1].effort.length : 0
  const x = Float64Array.from(history, (point) => point.envSteps)
  const efforts = Array.from({ length: agents }, (_, agent) => Float64Array.from(history, (point) => point.effort[agent] ?? NaN))
  let min = Infinity
  let max = -Infinity
  for (const value of x) {
    if (!Number.isFinite(value)) continue
    min = Math.min(min, value)
    max = Math.max(max, value)
  }
  return { x, efforts, domain: min <= max ? [min, max] : null }
}
