import { describe, expect, it } from 'vitest'
import { compileMix, defaultMix, mixOne } from '../rewards/mix'
import { Rng } from '../rng'
import { cliffwalking } from './cliffwalking'
import { agentActsOn, agentCanStand, CLIFF, DOOR, EMPTY, GOAL, GridBatch, gridSpec, HOLE, KEY, LAVA, parseLayout, parseLayoutText, START, WALL } from './grid'
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

describe('grid cells beyond CliffWalking', () => {
  it('carries a key once it is entered, and lets only a key carrier through a door', () => {
    // The door at (0, 2) is the only way to the goal; the key lies at (1, 0).
    const w = walker(customGrid(['S.DG', 'K..#']))
    expect(w.env.spec.stateVars).toEqual(['row', 'col', 'has_key'])
    // Eight cells × two key states: 8 · 2 = 16 discrete states.
    expect(w.env.spec.discreteStates).toBe(16)
    w.act(RIGHT)
    w.act(RIGHT)
    expect(Array.from(w.env.state)).toEqual([0, 1, 0])
    expect(w.component('step')).toBe(-1)
    w.act(DOWN)
    w.act(LEFT)
    expect(Array.from(w.env.state)).toEqual([1, 0, 1])
    // s = has_key · rows · cols + row · cols + col = 1 · 8 + 1 · 4 + 0
    expect(w.out.obs[0]).toBe(12)
    w.act(UP)
    w.act(RIGHT)
    w.act(RIGHT)
    expect(Array.from(w.env.state)).toEqual([0, 2, 1])
    expect(w.out.obs[0]).toBe(8 + 2)
    w.act(RIGHT)
    expect(w.out.terminated[0]).toBe(1)
    expect(w.out.finalObs[0]).toBe(8 + 3)
    // Reset drops the key: back to (0, 0) without it.
    expect(Array.from(w.env.state)).toEqual([0, 0, 0])
    expect(w.out.obs[0]).toBe(0)
    // efficiency = 5 / 8: the shortest path (0,0)→(1,0)→(1,1)→(1,2)→(0,2)→(0,3) over the 8 steps taken.
    expect(parseLayout(['S.DG', 'K..#']).shortestPath).toBe(5)
    expect(w.out.objective[0]).toBe(5 / 8)
  })

  it('validates has_key in an explicit state and refuses a door without the key', () => {
    const env = customGrid(['S.DG', 'K..#'])
    expect(() => env.setState(0, [0, 0])).toThrow('needs 3 values (row, col, has_key), got 2')
    expect(() => env.setState(0, [0, 0, 2])).toThrow('has_key must be 0 or 1, got 2')
    expect(() => env.setState(0, [0, 2, 0])).toThrow('is a door; the agent can stand there only with has_key 1')
    env.setState(0, [0, 2, 1])
    expect(Array.from(env.state)).toEqual([0, 2, 1])
  })

  it('ends the episode in lava with only the hazard component', () => {
    const w = walker(customGrid(['SLG', '...']))
    const reward = w.act(RIGHT)
    // r = 1 · step + 100 · hazard = 1 · 0 + 100 · (−1)
    expect(reward).toBe(-100)
    expect(w.component('hazard')).toBe(-1)
    expect(w.component('step')).toBe(0)
    expect(w.component('goal')).toBe(0)
    expect(w.out.terminated[0]).toBe(1)
    expect(w.out.finalObs[0]).toBe(1)
    expect(w.out.objective[0]).toBe(0)
    expect(w.out.obs[0]).toBe(0)
  })

  it('ends the episode in a hole like lava', () => {
    const w = walker(customGrid(['SHG', '...']))
    expect(w.act(RIGHT)).toBe(-100)
    expect(w.out.terminated[0]).toBe(1)
    expect(w.out.finalObs[0]).toBe(1)
  })

  it('pays a coin on every step onto it from another cell, not while standing on it', () => {
    const layout = parseLayout(['SO.', '..G'])
    const spec = gridSpec({
      id: 'coin',
      label: 'coin',
      description: 'coin',
      layout,
      timeLimit: null,
      params: [],
      components: [
        { name: 'coin', description: 'coin', defaultWeight: 1, range: [0, 1] },
        { name: 'step', description: 'step', defaultWeight: 0, range: [0, 1] },
      ],
    })
    // A coin needs no state: it is missing exactly while the agent stands on it.
    expect(spec.stateVars).toEqual(['row', 'col'])
    expect(spec.discreteStates).toBe(6)
    const w = walker(new GridBatch(spec, 1, layout))
    expect(w.act(RIGHT)).toBe(1)
    expect(Array.from(w.out.components)).toEqual([1, -1])
    // Bumping the top edge stays on the coin's cell: no second coin.
    expect(w.act(UP)).toBe(0)
    expect(w.act(LEFT)).toBe(0)
    // Back onto the respawned coin.
    expect(w.act(RIGHT)).toBe(1)
    expect(w.act(RIGHT)).toBe(0)
    expect(w.act(LEFT)).toBe(1)
  })

  it('rejects components it cannot record', () => {
    const layout = parseLayout(['SG'])
    const spec = gridSpec({ id: 'x', label: 'x', description: 'x', layout, timeLimit: null, params: [], components: [{ name: 'speed', description: 'x', defaultWeight: 0, range: [0, 1] }] })
    expect(() => new GridBatch(spec, 1, layout)).toThrow('grid environments record no component "speed"; accepted: step, hazard, goal, progress, coin')
  })

  it('finds the shortest path through a door only after the key, and around lava and holes', () => {
    expect(parseLayout(['S.DG', 'K..#']).shortestPath).toBe(5)
    expect(parseLayout(['SD.G', 'K#..']).shortestPath).toBe(5)
    expect(() => parseLayout(['SDG', '###'])).toThrow('reachable')
    expect(() => parseLayout(['SLG', 'HHH'])).toThrow('reachable')
    expect(parseLayout(['SLG', '...']).shortestPath).toBe(4)
  })

  it('parses the one-line form and names what is wrong and where', () => {
    const layout = parseLayoutText(' S..../.#.../....G ')
    expect([layout.rows, layout.cols, layout.startRow, layout.startCol]).toEqual([3, 5, 0, 0])
    expect(layout.cells[1 * 5 + 1]).toBe(WALL)
    expect(() => parseLayoutText('')).toThrow('at least one row and one column')
    expect(() => parseLayoutText('S../..G./...')).toThrow('grid layout row 1 has 4 cells; expected 3 (as many as row 0)')
    expect(() => parseLayoutText('S../.?./..G')).toThrow(
      'unknown grid cell "?" at (1, 1) (row, column from 0); accepted: . floor, # wall, S start, G goal, C cliff, L lava, H hole, K key, D door, O coin',
    )
    expect(() => parseLayoutText('S../.S./..G')).toThrow('a grid layout needs exactly one start cell S; found one at (0, 0) and another at (1, 1)')
    expect(() => parseLayoutText('.../.../..G')).toThrow('exactly one start cell S; found none')
    expect(() => parseLayoutText('S../.../...')).toThrow('at least one goal cell G; found none')
    const wide = 'S' + '.'.repeat(29) + 'G'
    expect(() => parseLayoutText(wide)).toThrow('a grid layout has at most 30 rows and 30 columns; got 1 rows of 31')
    const tall = ['S', ...Array<string>(29).fill('.'), 'G'].join('/')
    expect(() => parseLayoutText(tall)).toThrow('got 31 rows of 1')
    expect(parseLayoutText(['S' + '.'.repeat(29), ...Array<string>(28).fill('.'.repeat(30)), '.'.repeat(29) + 'G'].join('/')).shortestPath).toBe(58)
  })
})

describe('the cells the agent can stand and act on', () => {
  it('never stands on a wall, a cliff or a door without the key; acts everywhere else but where the episode ends', () => {
    expect([EMPTY, START, KEY, GOAL, LAVA, HOLE].every((code) => agentCanStand(code, 0))).toBe(true)
    expect([WALL, CLIFF, DOOR].some((code) => agentCanStand(code, 0))).toBe(false)
    expect(agentCanStand(DOOR, 1)).toBe(true)
    expect(agentCanStand(WALL, 1)).toBe(false)
    expect([EMPTY, START, KEY].every((code) => agentActsOn(code, 0))).toBe(true)
    expect([GOAL, LAVA, HOLE, WALL, CLIFF, DOOR].some((code) => agentActsOn(code, 0))).toBe(false)
    expect(agentActsOn(DOOR, 1)).toBe(true)
  })

  it('agrees with the engine: from every cell it can stand on, no move ever leaves it on one it cannot', () => {
    const layout = parseLayout(['S..K', '.C#D', 'L..G'])
    const env = new GridBatch(gridSpec({ id: 'test', label: 'test', description: 'test', layout, timeLimit: null, params: [] }), 1, layout)
    const out = allocateStepBuffers(env.spec, 1)
    const rng = new Rng(1)
    for (let key = 0; key <= 1; key++) {
      for (let cell = 0; cell < layout.rows * layout.cols; cell++) {
        if (!agentActsOn(layout.cells[cell], key)) continue
        for (let action = 0; action < 4; action++) {
          env.setState(0, [Math.floor(cell / layout.cols), cell % layout.cols, key])
          env.step(Int32Array.of(action), out, rng, false)
          const next = env.state[0] * layout.cols + env.state[1]
          expect(agentCanStand(layout.cells[next], env.state[2])).toBe(true)
        }
      }
    }
  })
})
