import { describe, expect, it } from 'vitest'
import { compileMix, defaultMix, mixOne } from '../rewards/mix'
import { Rng } from '../rng'
import { cliffwalking } from './cliffwalking'
import { CLIFF, GOAL, GridBatch, gridSpec, parseLayout, START } from './grid'
import { gridworld } from './gridworld'
import { allocateStepBuffers, type BatchEnv, type StepBuffers } from './types'

const UP = 0
const RIGHT = 1
const DOWN = 2
const LEFT = 3

interface Walker {
  env: BatchEnv
  out: StepBuffers
  /** Take one action; returns the mixed reward under the default weights. */
  act(action: number, autoReset?: boolean): number
  component(name: string): number
  position(): [number, number]
}

function walker(env: BatchEnv): Walker {
  const out = allocateStepBuffers(env.spec, 1)
  const actions = new Int32Array(1)
  const rng = new Rng(1)
  const mix = compileMix(env.spec, defaultMix(env.spec))
  env.reset(rng, out.obs)
  return {
    env,
    out,
    act(action, autoReset = true) {
      actions[0] = action
      env.step(actions, out, rng, autoReset)
      return mixOne(mix.weights, out.components, 0)
    },
    component: (name) => out.components[env.spec.components.findIndex((c) => c.name === name)],
    position: () => [env.state[0], env.state[1]],
  }
}

function customGrid(lines: string[], timeLimit: number | null = null): BatchEnv {
  const layout = parseLayout(lines)
  return new GridBatch(gridSpec({ id: 'test', label: 'test', description: 'test', layout, timeLimit, params: [] }), 1, layout)
}

describe('grid moves', () => {
  it('moves up, right, down and left (CliffWalking action order)', () => {
    const w = walker(gridworld.create(1, {}))
    w.env.setState(0, [2, 2])
    w.act(UP)
    expect(w.position()).toEqual([1, 2])
    w.act(RIGHT)
    expect(w.position()).toEqual([1, 3])
    w.act(DOWN)
    expect(w.position()).toEqual([2, 3])
    w.act(LEFT)
    expect(w.position()).toEqual([2, 2])
    // s = row · ncol + col
    expect(w.out.obs[0]).toBe(2 * 6 + 2)
  })

  it('stays put at the edges and in front of walls', () => {
    const w = walker(customGrid(['S#.', '...', '..G']))
    w.act(UP)
    expect(w.position()).toEqual([0, 0])
    w.act(LEFT)
    expect(w.position()).toEqual([0, 0])
    w.act(RIGHT)
    expect(w.position()).toEqual([0, 0])
    expect(w.component('step')).toBe(-1)
    w.env.setState(0, [2, 0])
    w.act(DOWN)
    expect(w.position()).toEqual([2, 0])
  })

  it('computes the shortest path by BFS around walls and cliffs', () => {
    expect(parseLayout(['S#G', '...']).shortestPath).toBe(4)
    expect(parseLayout(['S.....', '......', '......', '......', '......', '.....G']).shortestPath).toBe(10)
    expect(parseLayout(['............', '............', '............', 'SCCCCCCCCCCG']).shortestPath).toBe(13)
  })

  it('rejects broken layouts with a clear message', () => {
    expect(() => parseLayout(['..G'])).toThrow('exactly one start cell S')
    expect(() => parseLayout(['S..'])).toThrow('at least one goal cell G')
    expect(() => parseLayout(['S#G'])).toThrow('reachable')
    expect(() => parseLayout(['SxG'])).toThrow('unknown grid cell "x" at (0, 1)')
    expect(() => parseLayout(['S.G', '.'])).toThrow('row 1 has 1 cells; expected 3')
  })

  it('rejects states off the grid, fractional or in a wall', () => {
    const env = customGrid(['S#G', '...'])
    expect(() => env.setState(0, [0, 3])).toThrow('col must be an integer from 0 to 2, got 3')
    expect(() => env.setState(0, [0.5, 0])).toThrow('row must be an integer from 0 to 1, got 0.5')
    expect(() => env.setState(0, [0, 1])).toThrow('is a wall')
    expect(() => env.setState(0, [0])).toThrow('needs 2 values (row, col), got 1')
  })
})

describe('grid components and episodes', () => {
  it('sends a fall into the cliff back to start for −100 without ending the episode', () => {
    const w = walker(cliffwalking.create(1, {}))
    expect(w.position()).toEqual([3, 0])
    const reward = w.act(RIGHT)
    expect(reward).toBe(-100)
    expect(w.component('hazard')).toBe(-1)
    expect(w.component('step')).toBe(0)
    expect(w.position()).toEqual([3, 0])
    expect(w.out.obs[0]).toBe(36)
    expect(w.out.terminated[0]).toBe(0)
    expect(w.out.truncated[0]).toBe(0)
  })

  it('ends the episode at the goal with −1, keeps the goal as final observation and resets to start', () => {
    const w = walker(cliffwalking.create(1, {}))
    w.env.setState(0, [2, 11])
    const reward = w.act(DOWN)
    expect(reward).toBe(-1)
    expect(w.component('goal')).toBe(1)
    expect(w.out.terminated[0]).toBe(1)
    expect(w.out.finalObs[0]).toBe(47)
    expect(w.out.obs[0]).toBe(36)
    expect(w.position()).toEqual([3, 0])
    // efficiency = 13 shortest / 1 step taken since setState
    expect(w.out.objective[0]).toBe(13)
  })

  it('returns −13 along the cliff edge, the optimal return, with path efficiency 1', () => {
    const w = walker(cliffwalking.create(1, {}))
    const path = [UP, ...Array<number>(11).fill(RIGHT), DOWN]
    let total = 0
    for (const action of path) total += w.act(action)
    expect(total).toBe(-13)
    expect(w.out.terminated[0]).toBe(1)
    expect(w.out.objective[0]).toBe(1)
  })

  it('scores a longer walk by shortest ÷ steps and an unfinished one by 0', () => {
    const w = walker(cliffwalking.create(1, { time_limit: 5 }))
    for (const action of [UP, UP, DOWN, DOWN]) w.act(action)
    w.act(RIGHT)
    expect(w.out.truncated[0]).toBe(1)
    expect(w.out.terminated[0]).toBe(0)
    expect(w.out.objective[0]).toBe(0)

    const long = walker(cliffwalking.create(1, {}))
    for (const action of [UP, UP, DOWN, ...Array<number>(11).fill(RIGHT), DOWN]) long.act(action)
    expect(long.out.terminated[0]).toBe(1)
    expect(long.out.objective[0]).toBe(13 / 15)
  })

  it('prices progress by the change in Manhattan distance to the goal', () => {
    const w = walker(gridworld.create(1, {}))
    w.act(RIGHT)
    expect(w.component('progress')).toBe(1)
    w.act(LEFT)
    expect(w.component('progress')).toBe(-1)
    w.act(UP)
    expect(w.component('progress')).toBe(0)
    // A fall: the start is farther from the goal than the cliff's edge.
    const c = walker(cliffwalking.create(1, {}))
    c.env.setState(0, [2, 5])
    c.act(DOWN)
    expect(c.position()).toEqual([3, 0])
    expect(c.component('progress')).toBe(-1)
  })

  it('has no time limit on CliffWalking by default and the map’s own limit on the grid world', () => {
    expect(cliffwalking.spec.timeLimit).toBeNull()
    expect(cliffwalking.describe({ time_limit: 50 }).timeLimit).toBe(50)
    expect(gridworld.spec.timeLimit).toBe(100)
    expect(gridworld.describe({ map: 'cliff' }).timeLimit).toBe(200)
    expect(gridworld.describe({ map: 'cliff', time_limit: 7 }).timeLimit).toBe(7)
    expect(gridworld.spec.discreteStates).toBe(36)
    expect(gridworld.describe({ map: 'cliff' }).discreteStates).toBe(48)
    expect(cliffwalking.spec.components.map((c) => [c.name, c.defaultWeight])).toEqual([
      ['step', 1],
      ['hazard', 100],
      ['goal', 0],
      ['progress', 0],
    ])
  })

  it('describes its layout for views', () => {
    const grid = cliffwalking.spec.grid
    expect(grid).toBeDefined()
    expect(grid?.rows).toBe(4)
    expect(grid?.cols).toBe(12)
    expect(Array.from(grid?.cells.subarray(36, 48) ?? [])).toEqual([START, ...Array<number>(10).fill(CLIFF), GOAL])
    expect(gridworld.describe({ map: 'open' }).grid?.rows).toBe(6)
  })

  it('truncates the open room at 100 steps', () => {
    const w = walker(gridworld.create(1, {}))
    let steps = 0
    do {
      w.act(UP)
      steps++
    } while (!w.out.truncated[0] && steps < 1000)
    expect(steps).toBe(100)
    expect(w.out.terminated[0]).toBe(0)
    expect(w.out.objective[0]).toBe(0)
  })

  it('steps many copies independently', () => {
    const env = cliffwalking.create(3, {})
    const out = allocateStepBuffers(env.spec, 3)
    env.reset(new Rng(1), out.obs)
    env.step(new Int32Array([UP, RIGHT, LEFT]), out, new Rng(1))
    expect(Array.from(out.obs)).toEqual([24, 36, 36])
    expect(Array.from(out.components)).toEqual([-1, 0, 0, -1, 0, -1, 0, 0, -1, 0, 0, 0])
  })
})
