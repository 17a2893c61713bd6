import { describe, expect, it } from 'vitest'
import { cli, spawnCli, traceLines } from './testing'

describe('trace on FrozenLake', () => {
  it('walks the still 4×4 lake to the goal as a process: reward 1 on the last step only', async () => {
    const { stdout, stderr } = await spawnCli(['trace', '--env', 'frozenlake', '--params', 'is_slippery=false', '--state', '0,0', '--actions', '1,1,2,1,2,2'])
    expect(stderr).toBe('')
    const trace = traceLines(stdout)
    // down, down, right, down, right, right: (1,0) (2,0) (2,1) (3,1) (3,2) (3,3); s = 4 · row + col.
    expect(trace.map((s) => s.state)).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
      [3, 1],
      [3, 2],
      [3, 3],
    ])
    expect(trace.map((s) => s.obs[0])).toEqual([4, 8, 9, 13, 14, 15])
    expect(trace.map((s) => s.reward)).toEqual([0, 0, 0, 0, 0, 1])
    expect(trace[0].components).toEqual({ goal: 0, step: -1, hazard: 0, progress: 1 })
    expect(trace[5]).toEqual({ t: 5, state: [3, 3], obs: [15], components: { goal: 1, step: -1, hazard: 0, progress: 1 }, reward: 1, terminated: true, truncated: false })
  })

  it('stops in a hole with reward 0; a hazard weight prices the fall', () => {
    const trace = traceLines(cli(['trace', '--env', 'frozenlake', '--params', 'is_slippery=false', '--state', '0,0', '--actions', '2,1,1']).stdout)
    expect(trace).toHaveLength(2)
    expect(trace[1]).toEqual({ t: 1, state: [1, 1], obs: [5], components: { goal: 0, step: 0, hazard: -1, progress: 1 }, reward: 0, terminated: true, truncated: false })
    const priced = traceLines(cli(['trace', '--env', 'frozenlake', '--params', 'is_slippery=false', '--state', '0,1', '--actions', '1', '--weights', 'hazard=2,step=0.01']).stdout)
    // r = 1 · 0 + 0.01 · 0 + 2 · (−1) + 0 · 1
    expect(priced[0].reward).toBe(-2)
  })

  it('stays in a hole or the goal it starts from: reward 0, every component 0, terminated', () => {
    const still = { goal: 0, step: 0, hazard: 0, progress: 0 }
    for (const params of ['is_slippery=false', 'is_slippery=true']) {
      // The hole (1, 1) = 5: whatever the move, the trace stops after one step that stays there.
      for (const action of ['0', '1', '2', '3']) {
        const hole = traceLines(cli(['trace', '--env', 'frozenlake', '--params', params, '--state', '1,1', '--actions', `${action},2,2`]).stdout)
        expect(hole).toEqual([{ t: 0, state: [1, 1], obs: [5], components: still, reward: 0, terminated: true, truncated: false }])
      }
      // The goal (3, 3) = 15: no second +1.
      const goal = traceLines(cli(['trace', '--env', 'frozenlake', '--params', params, '--state', '3,3', '--actions', '0']).stdout)
      expect(goal).toEqual([{ t: 0, state: [3, 3], obs: [15], components: still, reward: 0, terminated: true, truncated: false }])
    }
    // Weights change nothing there: r = 1 · 0 + 0.01 · 0 + 2 · 0 + 1 · 0.
    const weighed = traceLines(cli(['trace', '--env', 'frozenlake', '--params', 'map=8x8', '--state', '2,3', '--actions', '1', '--weights', 'hazard=2,step=0.01,progress=1']).stdout)
    expect(weighed).toEqual([{ t: 0, state: [2, 3], obs: [19], components: still, reward: 0, terminated: true, truncated: false }])
  })

  it('slips on the default ice, the same way on every run, only ever sideways or ahead', () => {
    const args = ['trace', '--env', 'frozenlake', '--state', '2,1', '--actions', '1']
    const first = cli(args)
    expect(first.code).toBe(0)
    expect(cli(args).stdout).toBe(first.stdout)
    // Down from (2, 1) slips left to 8, goes down to 13 or right to 10; never up to the hole at 5.
    expect([8, 13, 10]).toContain(traceLines(first.stdout)[0].obs[0])
  })

  it('cuts the 4×4 lake at 100 steps and the 8×8 one at 200', () => {
    const hundred = traceLines(cli(['trace', '--env', 'frozenlake', '--params', 'is_slippery=false', '--state', '0,0', '--actions', Array(150).fill(3).join(',')]).stdout)
    expect(hundred).toHaveLength(100)
    expect(hundred[99]).toMatchObject({ state: [0, 0], truncated: true, terminated: false })
    const eight = traceLines(cli(['trace', '--env', 'frozenlake', '--params', 'map=8x8,is_slippery=false', '--state', '7,6', '--actions', Array(250).fill(1).join(',')]).stdout)
    expect(eight).toHaveLength(200)
    expect(eight[199]).toMatchObject({ state: [7, 6], obs: [62], truncated: true })
  })

  it('names its state variables and parameters on bad input', () => {
    const wrong = cli(['trace', '--env', 'frozenlake', '--state', '0,0,0', '--actions', '0'])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toBe('--state for frozenlake needs 2 values (row, col), got 3\n')
    expect(cli(['trace', '--env', 'frozenlake', '--params', 'map=16x16', '--state', '0,0', '--actions', '0']).stderr).toContain('parameter "map" of frozenlake must be one of 4x4, 8x8; got "16x16"')
    expect(cli(['trace', '--env', 'frozenlake', '--params', 'is_slippery=maybe', '--state', '0,0', '--actions', '0']).stderr).toContain('parameter "is_slippery" of frozenlake must be true or false, got "maybe"')
    expect(cli(['trace', '--env', 'frozenlake', '--state', '0,0', '--actions', '4']).stderr).toContain('accepted: 0 (left), 1 (down), 2 (right), 3 (up)')
  })
})

describe('trace on grid world maps', () => {
  it('carries the key as a third state variable on keydoor', () => {
    const trace = traceLines(cli(['trace', '--env', 'gridworld', '--params', 'map=keydoor', '--state', '3,0,0', '--actions', '2,0,0,1,1,1,1,1,1,1,1,1']).stdout)
    // Down onto the key at (4, 0): s = 1 · 50 + 4 · 10 + 0 = 90.
    expect(trace[0]).toMatchObject({ state: [4, 0, 1], obs: [90] })
    expect(trace.at(-1)).toMatchObject({ state: [2, 9, 1], obs: [79], terminated: true })
    expect(trace).toHaveLength(12)
    const missing = cli(['trace', '--env', 'gridworld', '--params', 'map=keydoor', '--state', '0,0', '--actions', '0'])
    expect(missing.stderr).toBe('--state for gridworld needs 3 values (row, col, has_key), got 2\n')
  })

  it('plays a drawn layout: into the lava for −100 after one −1 step', () => {
    const trace = traceLines(cli(['trace', '--env', 'gridworld', '--params', 'layout=S.L/..G', '--state', '0,0', '--actions', '1,1,1']).stdout)
    expect(trace.map((s) => s.reward)).toEqual([-1, -100])
    expect(trace[1]).toMatchObject({ state: [0, 2], terminated: true, components: { step: 0, hazard: -1, goal: 0, coin: 0 } })
  })

  it('pays the coin again after stepping off and back on', () => {
    const trace = traceLines(cli(['trace', '--env', 'gridworld', '--params', 'map=coinloop', '--state', '0,0', '--actions', '1,3,1,1', '--weights', 'coin=2']).stdout)
    // onto the coin (2 − 1), off (−1), onto it again (2 − 1), on along the corridor (−1)
    expect(trace.map((s) => s.components.coin)).toEqual([1, 0, 1, 0])
    expect(trace.map((s) => s.reward)).toEqual([1, -1, 1, -1])
  })

  it('refuses a broken drawn layout with the reason', () => {
    const broken = cli(['trace', '--env', 'gridworld', '--params', 'layout=S.x/..G', '--state', '0,0', '--actions', '1'])
    expect(broken.code).not.toBe(0)
    expect(broken.stdout).toBe('')
    expect(broken.stderr).toContain('parameter "layout" of gridworld is not a valid level: unknown grid cell "x" at (0, 2)')
  })
})
