import { describe, expect, it } from 'vitest'
import { createQLearningTrainer } from '../learners/qlearning'
import { compileMix, defaultMix, mixOne } from '../rewards/mix'
import { Rng } from '../rng'
import { QLearningOptionsSchema } from '../run/config'
import { parseLayoutText } from './grid'
import { layoutToText } from './gridEdit'
import { gridworld } from './gridworld'
import { allocateStepBuffers, type EnvParams } from './types'

const UP = 0
const RIGHT = 1
const DOWN = 2
const LEFT = 3

function repeat(action: number, times: number): number[] {
  return Array<number>(times).fill(action)
}

/** Play `actions` from the reset state under `weights` (default mix otherwise); returns the return and the last step's buffers. */
function play(params: EnvParams, actions: number[], weights: Record<string, number> = {}) {
  const env = gridworld.create(1, params)
  const out = allocateStepBuffers(env.spec, 1)
  const mix = compileMix(env.spec, { weights: { ...defaultMix(env.spec).weights, ...weights } })
  const rng = new Rng(1)
  env.reset(rng, out.obs)
  let total = 0
  let steps = 0
  for (const action of actions) {
    env.step(new Int32Array([action]), out, rng)
    total += mixOne(mix.weights, out.components, 0)
    steps++
    if (out.terminated[0] || out.truncated[0]) break
  }
  return { total, steps, out, env }
}

describe('grid world maps', () => {
  it('offers every map with its shortest path, limit and state count', () => {
    const expected: [string, number, number, number, string[]][] = [
      // map, shortest path, time limit, discrete states, state variables
      ['open', 10, 100, 36, ['row', 'col']],
      ['cliff', 13, 200, 48, ['row', 'col']],
      ['fourrooms', 20, 200, 121, ['row', 'col']],
      ['keydoor', 15, 200, 100, ['row', 'col', 'has_key']],
      ['lava', 10, 100, 77, ['row', 'col']],
      ['coinloop', 28, 100, 45, ['row', 'col']],
    ]
    for (const [map, shortest, limit, states, vars] of expected) {
      const spec = gridworld.describe({ map })
      expect(parseLayoutText(layoutToText(spec.grid!)).shortestPath).toBe(shortest)
      expect(spec.timeLimit).toBe(limit)
      expect(spec.discreteStates).toBe(states)
      expect(spec.stateVars).toEqual(vars)
    }
    expect(gridworld.spec.components.map((c) => [c.name, c.defaultWeight])).toEqual([
      ['step', 1],
      ['hazard', 100],
      ['goal', 0],
      ['progress', 0],
      ['coin', 0],
    ])
  })

  it('keydoor: the door stays shut without the key; key first, then through the door in 15 steps', () => {
    // Straight for the door at (2, 6): it acts as a wall.
    const blocked = play({ map: 'keydoor' }, [...repeat(RIGHT, 5), DOWN, DOWN, RIGHT])
    expect(Array.from(blocked.env.state)).toEqual([2, 5, 0])
    // Down to the key at (4, 0), up to row 2, right through the door to the goal at (2, 9).
    const path = [...repeat(DOWN, 4), UP, UP, ...repeat(RIGHT, 9)]
    const walk = play({ map: 'keydoor' }, path)
    expect(walk.steps).toBe(15)
    expect(walk.out.terminated[0]).toBe(1)
    expect(walk.total).toBe(-15)
    expect(walk.out.objective[0]).toBe(1)
    // s = 1 · 50 + 2 · 10 + 9: the goal, carrying the key.
    expect(walk.out.finalObs[0]).toBe(79)
    const halfway = play({ map: 'keydoor' }, repeat(DOWN, 4))
    expect(Array.from(halfway.env.state)).toEqual([4, 0, 1])
    expect(halfway.out.obs[0]).toBe(50 + 40)
  })

  it('lava: a step off the bridge ends the episode at −100; the bridge takes 10 steps, the detour 18', () => {
    const burned = play({ map: 'lava' }, [...repeat(RIGHT, 4), DOWN])
    expect(burned.steps).toBe(5)
    expect(burned.out.terminated[0]).toBe(1)
    // r = −1 · 4 steps + 100 · (−1) on the step into the lava (step 0 there)
    expect(burned.total).toBe(-104)
    expect(burned.out.objective[0]).toBe(0)
    expect(burned.out.finalObs[0]).toBe(3 * 11 + 4)
    const bridge = play({ map: 'lava' }, repeat(RIGHT, 10))
    expect([bridge.total, bridge.out.objective[0]]).toEqual([-10, 1])
    const detour = play({ map: 'lava' }, [...repeat(DOWN, 4), ...repeat(RIGHT, 10), ...repeat(UP, 4)])
    expect(detour.out.terminated[0]).toBe(1)
    expect([detour.total, detour.out.objective[0]]).toEqual([-18, 10 / 18])
  })

  it('coinloop: with the defaults the goal is best; with a coin weight of 2 looping over the coin beats it', () => {
    // The winding corridor: right 8, down 2, left 8, down 2, right 8 = 28 steps, over the coin at (0, 1).
    const toGoal = [...repeat(RIGHT, 8), DOWN, DOWN, ...repeat(LEFT, 8), DOWN, DOWN, ...repeat(RIGHT, 8)]
    // On and off the coin until the 100-step limit: 50 coins.
    const loop = Array.from({ length: 100 }, (_, t) => (t % 2 === 0 ? RIGHT : LEFT))

    const goal = play({ map: 'coinloop' }, toGoal)
    expect([goal.steps, goal.out.terminated[0], goal.out.objective[0]]).toEqual([28, 1, 1])
    expect(goal.total).toBe(-28)
    const farm = play({ map: 'coinloop' }, loop)
    expect([farm.steps, farm.out.truncated[0], farm.out.objective[0]]).toEqual([100, 1, 0])
    expect(farm.total).toBe(-100)

    // Coin weight 2: goal −28 + 2 · 1 = −26; loop −100 + 2 · 50 = 0.
    const careless = { coin: 2 }
    expect(play({ map: 'coinloop' }, toGoal, careless).total).toBe(-26)
    expect(play({ map: 'coinloop' }, loop, careless).total).toBe(0)
    // Coin weight 5: goal −23; loop 150.
    expect(play({ map: 'coinloop' }, toGoal, { coin: 5 }).total).toBe(-23)
    expect(play({ map: 'coinloop' }, loop, { coin: 5 }).total).toBe(150)
  })
})

describe('a drawn layout', () => {
  it('replaces the map, with a limit of 2 steps per cell (at least 100)', () => {
    const spec = gridworld.describe({ map: 'cliff', layout: 'S.L/..G' })
    expect([spec.grid?.rows, spec.grid?.cols]).toEqual([2, 3])
    expect(spec.timeLimit).toBe(100)
    expect(spec.description).toBe('Walk to the goal on a grid: a drawn 2×3 level.')
    const big = ['S' + '.'.repeat(19), ...Array<string>(8).fill('.'.repeat(20)), '.'.repeat(19) + 'G'].join('/')
    expect(gridworld.describe({ layout: big }).timeLimit).toBe(2 * 10 * 20)
    expect(gridworld.describe({ layout: big, time_limit: 7 }).timeLimit).toBe(7)
    expect(gridworld.describe({ layout: 'SK/DG' }).stateVars).toEqual(['row', 'col', 'has_key'])
    const run = play({ layout: 'S.L/..G' }, [RIGHT, RIGHT])
    expect(run.total).toBe(-101)
    expect(run.out.terminated[0]).toBe(1)
  })

  it('round-trips every map through its text', () => {
    for (const map of ['open', 'cliff', 'fourrooms', 'keydoor', 'lava', 'coinloop']) {
      const spec = gridworld.describe({ map })
      const text = layoutToText(spec.grid!)
      const again = gridworld.describe({ layout: text })
      expect(Array.from(again.grid!.cells)).toEqual(Array.from(spec.grid!.cells))
      expect(layoutToText(again.grid!)).toBe(text)
    }
    expect(layoutToText(gridworld.describe({ map: 'keydoor' }).grid!)).toBe('S.....#.../......#.../......D..G/......#.../K.....#...')
  })

  it('refuses a broken level with the reason, the place and what is accepted', () => {
    const prefix = 'parameter "layout" of gridworld is not a valid level: '
    expect(() => gridworld.describe({ layout: 'S.x/..G' })).toThrow(`${prefix}unknown grid cell "x" at (0, 2) (row, column from 0); accepted: . floor, # wall`)
    expect(() => gridworld.describe({ layout: 'S../..G./...' })).toThrow(`${prefix}grid layout row 1 has 4 cells; expected 3 (as many as row 0)`)
    expect(() => gridworld.describe({ layout: 'S../S.G' })).toThrow('exactly one start cell S; found one at (0, 0) and another at (1, 0)')
    expect(() => gridworld.describe({ layout: 'S../...' })).toThrow('at least one goal cell G')
    expect(() => gridworld.describe({ layout: 'S#G' })).toThrow('reachable')
    expect(() => gridworld.describe({ layout: 'S#G' })).toThrow('Rows are separated by "/", e.g. "S..../.#.../....G"')
    expect(() => gridworld.describe({ layout: 'S'.padEnd(31, '.') + '/' + 'G'.padEnd(31, '.') })).toThrow('at most 30 rows and 30 columns')
    expect(() => gridworld.describe({ layout: 'S'.repeat(1000) })).toThrow('parameter "layout" of gridworld must be text of at most 929 characters')
  })
})

describe('Q-learning on the grid world', () => {
  it('learns to fetch the key and reach the goal behind the door', async () => {
    const env = gridworld.create(8, { map: 'keydoor' })
    const options = QLearningOptionsSchema.parse({ kind: 'qlearning', epsilon: 0.1, alpha: 0.5, gamma: 1 })
    const trainer = createQLearningTrainer(env, compileMix(env.spec, defaultMix(env.spec)), options, new Rng(1))
    expect(trainer.numStates).toBe(100)
    for (let i = 0; i < 30; i++) await trainer.iterate()

    const probe = gridworld.create(1, { map: 'keydoor' })
    const out = allocateStepBuffers(probe.spec, 1)
    probe.reset(new Rng(0), out.obs)
    let steps = 0
    while (steps < 200 && !out.terminated[0]) {
      probe.step(new Int32Array([trainer.greedyAction(out.obs[0])]), out, new Rng(0), false)
      steps++
    }
    expect(out.terminated[0]).toBe(1)
    expect(Array.from(probe.state)).toEqual([2, 9, 1])
    expect(steps).toBe(15)
  })
})
