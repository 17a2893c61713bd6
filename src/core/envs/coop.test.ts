import { describe, expect, it } from 'vitest'
import { compileMix, mixOne } from '../rewards/mix'
import { Rng } from '../rng'
import { coop, coopGame, isCoopEnv, teamValue, teamWelfare, type CoopEnv, type CoopGame } from './coop'
import { allocateStepBuffers, type StepBuffers } from './types'

const COMPONENTS = ['team', 'effort', 'local']
const THREE: CoopGame = { agents: 3, rounds: 10, cost: 1.2, synergy: 0.5 }

function team(params: Record<string, number> = {}, n = 3): { env: CoopEnv; out: StepBuffers; play: (efforts: number[], autoReset?: boolean) => void } {
  const env = coop.create(n, { agents: 3, ...params }) as CoopEnv
  const out = allocateStepBuffers(env.spec, n)
  const rng = new Rng(1)
  env.reset(rng, out.obs)
  return {
    env,
    out,
    play(efforts: number[], autoReset = true) {
      env.step(Int32Array.from(efforts), out, rng, autoReset)
    },
  }
}

function components(out: StepBuffers, seat: number): number[] {
  return Array.from(out.components.subarray(seat * 3, seat * 3 + 3))
}

/** Every effort profile of A agents (levels 0, 1, 2). */
function profiles(agents: number): number[][] {
  const all: number[][] = [[]]
  for (let i = 0; i < agents; i++) all.splice(0, all.length, ...all.flatMap((p) => [0, 1, 2].map((e) => [...p, e])))
  return all
}

describe('coop spec', () => {
  it('declares seats, components, a truncating round limit and the team as the picture', () => {
    const spec = coop.describe({ agents: 3 })
    expect(spec.components.map((c) => c.name)).toEqual(COMPONENTS)
    expect(spec.components.map((c) => c.defaultWeight)).toEqual([1, 1, 0])
    expect(spec.stateVars).toEqual(['agents', 'agent', 'round', 'output', 'effort_0', 'effort_1', 'effort_2'])
    expect(spec.obsSize).toBe(6)
    expect(spec.numActions).toBe(3)
    expect(spec.actionLabels).toEqual(['none (0)', 'some (1)', 'full (2)'])
    expect(spec.timeLimit).toBe(10)
    expect(spec.demoCopies).toBe(3)
    expect(spec.objective).toMatchObject({ name: 'welfare', higherIsBetter: true })
    expect(coop.spec.demoCopies).toBe(4)
    expect(coopGame({})).toEqual({ agents: 4, rounds: 10, cost: 1.2, synergy: 0.5 })
  })

  it('needs a number of copies that is a multiple of the team size (or one partial team)', () => {
    expect(() => coop.create(5, { agents: 3 })).toThrow(
      "coop with 3 agents per team needs a number of copies that is a multiple of 3 (each copy is one agent's seat), got 5; use 3 or 6",
    )
    expect((coop.create(6, { agents: 3 }) as CoopEnv).numTeams).toBe(2)
    expect((coop.create(1, { agents: 3 }) as CoopEnv).numTeams).toBe(1)
  })
})

describe('coop team value', () => {
  it('gives v(S) for every coalition of three agents', () => {
    // efforts [2, 1, 2], synergy 0.5: v(S) = Σ_{i∈S} e_i + 0.5·Σ_{i<j∈S} e_i·e_j
    const efforts = [2, 1, 2]
    const expected: Record<number, number> = {
      0b000: 0,
      0b001: 2,
      0b010: 1,
      0b100: 2,
      0b011: 2 + 1 + 0.5 * 2, // 4
      0b101: 2 + 2 + 0.5 * 4, // 6
      0b110: 1 + 2 + 0.5 * 2, // 4
      0b111: 5 + 0.5 * (2 + 4 + 2), // 9
    }
    for (const [coalition, value] of Object.entries(expected)) expect(teamValue(efforts, Number(coalition), THREE)).toBe(value)
    // From an offset: the second team of a flat array.
    expect(teamValue([0, 0, 0, 2, 1, 2], 0b111, THREE, 3)).toBe(9)
    // welfare = 9 − 1.2·5 = 3
    expect(teamWelfare(efforts, THREE)).toBeCloseTo(3, 12)
  })

  it('pays each agent an equal share, its own cost and its stand-alone contribution', () => {
    const { env, out, play } = team()
    play([2, 1, 2])
    // y = 9: team = 9/3 = 3 each; effort = −1.2·e_i; local = e_i
    expect(components(out, 0)[0]).toBe(3)
    expect(components(out, 0)[1]).toBeCloseTo(-2.4, 12)
    expect(components(out, 0)[2]).toBe(2)
    expect(components(out, 1)).toEqual([3, -1.2, 1])
    expect(components(out, 2)[2]).toBe(2)
    for (let seat = 0; seat < 3; seat++) {
      expect(out.terminated[seat]).toBe(0)
      expect(out.truncated[seat]).toBe(0)
      expect(Array.from(env.state.subarray(seat * 7, seat * 7 + 7))).toEqual([3, seat, 1, 9, 2, 1, 2])
    }
    // Credit methods read the efforts of the round just played.
    expect(isCoopEnv(env)).toBe(true)
    expect(Array.from(env.efforts)).toEqual([2, 1, 2])
    expect(env.teamValueOf(0, 0b101)).toBe(6)
    // Under the default mix agent 1's reward is 3 − 1.2 = 1.8.
    const mix = compileMix(env.spec, { weights: {} })
    expect(mixOne(mix.weights, out.components, 3)).toBeCloseTo(1.8, 12)
  })

  it('truncates after the last round with the mean welfare per round as objective, keeping that round', () => {
    const { env, out, play } = team({ rounds: 2 })
    play([2, 2, 2])
    expect(out.truncated[0]).toBe(0)
    play([0, 0, 0])
    for (let seat = 0; seat < 3; seat++) {
      expect(out.truncated[seat]).toBe(1)
      expect(out.terminated[seat]).toBe(0)
      // round 1: y = 6 + 0.5·12 = 12, welfare 12 − 1.2·6 = 4.8; round 2: 0 → mean 2.4
      expect(out.objective[seat]).toBeCloseTo(2.4, 12)
    }
    // Auto-reset: round 0, last round kept; the efforts reach the observation only after a round.
    expect(Array.from(env.state.subarray(0, 7))).toEqual([3, 0, 0, 0, 0, 0, 0])
    play([2, 1, 0])
    expect(Array.from(env.state.subarray(7, 14))).toEqual([3, 1, 1, 3 + 0.5 * 2, 2, 1, 0])
  })

  it('observes its agent index and the team’s last efforts (zeros before the first round)', () => {
    const { out, play } = team({ rounds: 2 })
    expect(Array.from(out.obs)).toEqual([1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0])
    play([2, 1, 0])
    expect(Array.from(out.obs.subarray(6, 12))).toEqual([0, 1, 0, 1, 0.5, 0])
    play([1, 2, 2])
    // The cut's final observation holds the last efforts; the new episode starts blank.
    expect(Array.from(out.finalObs.subarray(12, 18))).toEqual([0, 0, 1, 0.5, 1, 1])
    expect(Array.from(out.obs.subarray(12, 18))).toEqual([0, 0, 1, 0, 0, 0])
  })

  it('steps several teams independently', () => {
    const { env, out, play } = team({}, 6)
    play([2, 2, 2, 0, 0, 2])
    expect(components(out, 0)[0]).toBe(4)
    expect(components(out, 5)).toEqual([2 / 3, -2.4, 2])
    expect(env.teamValueOf(1, 0b111)).toBe(2)
  })

  it('lets one seat play against teammates that repeat the efforts in its state', () => {
    const env = coop.create(1, { agents: 3 }) as CoopEnv
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, [3, 0, 0, 0, 0, 2, 2])
    env.step(new Int32Array([2]), out, new Rng(0), false)
    // [2, 2, 2]: y = 6 + 0.5·12 = 12, team = 4
    expect(components(out, 0)[0]).toBe(4)
    env.step(new Int32Array([0]), out, new Rng(0), false)
    // [0, 2, 2]: y = 4 + 0.5·4 = 6, team = 2: idling loses 2 of team pay and saves 2.4 of cost
    expect(components(out, 0)).toEqual([2, 0, 0])
    expect(Array.from(env.state)).toEqual([3, 0, 2, 6, 0, 2, 2])
  })

  it('sets the team’s values through any seat and rejects states that do not fit', () => {
    const env = coop.create(6, { agents: 3 })
    env.setState(4, [3, 1, 5, 9, 2, 1, 2])
    for (const seat of [3, 4, 5]) expect(Array.from(env.state.subarray(seat * 7 + 2, seat * 7 + 7))).toEqual([5, 9, 2, 1, 2])
    expect(env.state[2]).toBe(0)
    expect(() => env.setState(4, [3, 0, 0, 0, 0, 0, 0])).toThrow('coop state value agent must be 1 (copy 4 is agent 1 of team 1), got 0')
    expect(() => env.setState(0, [4, 0, 0, 0, 0, 0, 0])).toThrow('coop state value agents must be 3 (the agents parameter), got 4')
    expect(() => env.setState(0, [3, 0, 10, 0, 0, 0, 0])).toThrow('coop state value round must be an integer from 0 to 9 (rounds played), got 10')
    expect(() => env.setState(0, [3, 0, 0, 0, 3, 0, 0])).toThrow('coop state value effort_0 must be an effort level 0, 1 or 2, got 3')
    expect(() => env.setState(0, [3, 0, 0])).toThrow('coop state needs 7 values (agents, agent, round, output, effort_0, effort_1, effort_2), got 3')
  })
})

describe('coop incentives', () => {
  it.each([2, 3, 4, 5, 6])('with %i agents and the default cost, idling is every agent’s best response while all-full effort is the team optimum', (agents) => {
    const game = { ...coopGame({}), agents }
    const all = (1 << agents) - 1
    const own = (efforts: number[], i: number) => teamValue(efforts, all, game) / agents - game.cost * efforts[i]
    for (const profile of profiles(agents)) {
      for (let i = 0; i < agents; i++) {
        // Private payoff under shared reward + cost: y/A − c·e_i, strictly best at e_i = 0.
        const payoffs = [0, 1, 2].map((e) => own(profile.map((x, j) => (j === i ? e : x)), i))
        expect(payoffs[0]).toBeGreaterThan(payoffs[1])
        expect(payoffs[1]).toBeGreaterThan(payoffs[2])
      }
    }
    // The team's welfare y − c·Σe is highest with everyone at full effort: 2A(1 − c + s(A − 1)).
    let best = -Infinity
    let argBest: number[] = []
    for (const profile of profiles(agents)) {
      const welfare = teamWelfare(profile, game)
      if (welfare > best + 1e-12) [best, argBest] = [welfare, profile]
    }
    expect(argBest).toEqual(new Array(agents).fill(2))
    expect(best).toBeCloseTo(2 * agents * (1 - 1.2 + 0.5 * (agents - 1)), 10)
    expect(teamWelfare(new Array(agents).fill(0), game)).toBe(0)
  })

  it('makes full effort the best response to working teammates under a difference reward', () => {
    // D_i = v(all) − v(all \ {i}) − c·e_i; with the others at full effort each level adds 1 + 0.5·2·(A − 1) − 1.2 > 0.
    const agents = 3
    const others = [2, 2]
    const difference = (e: number) => {
      const efforts = [e, ...others]
      return teamValue(efforts, 0b111, THREE) - teamValue(efforts, 0b110, THREE) - THREE.cost * e
    }
    expect(difference(2)).toBeGreaterThan(difference(1))
    expect(difference(1)).toBeGreaterThan(difference(0))
    expect(agents).toBe(THREE.agents)
  })

  it('lets independent learners discover free-riding under the shared reward', () => {
    // Tiny independent learners: per agent, a running mean of the reward of each effort level,
    // ε-greedy over a repeated one-round game (rounds = 1).
    const agents = 3
    const { out, play } = team({ rounds: 1 })
    const rng = new Rng(12)
    const values = new Float64Array(agents * 3)
    const counts = new Float64Array(agents * 3)
    const mix = compileMix(coop.describe({ agents }), { weights: {} })
    for (let round = 0; round < 3000; round++) {
      const efforts = Array.from({ length: agents }, (_, i) => {
        if (rng.uniform() < 0.2) return rng.int(3)
        let best = 0
        for (let e = 1; e < 3; e++) if (values[i * 3 + e] > values[i * 3 + best]) best = e
        return best
      })
      play(efforts)
      efforts.forEach((e, i) => {
        const reward = mixOne(mix.weights, out.components, i * 3)
        counts[i * 3 + e] += 1
        values[i * 3 + e] += (reward - values[i * 3 + e]) / counts[i * 3 + e]
      })
    }
    for (let i = 0; i < agents; i++) {
      const greedy = [0, 1, 2].reduce((best, e) => (values[i * 3 + e] > values[i * 3 + best] ? e : best), 0)
      expect(greedy).toBe(0)
    }
  })
})
