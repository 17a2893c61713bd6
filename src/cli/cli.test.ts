import { describe, expect, it } from 'vitest'
import { cartpole } from '../core/envs/cartpole'
import { allocateStepBuffers } from '../core/envs/types'
import { Rng } from '../core/rng'
import { cli, spawnCli, traceLines } from './testing'

describe.concurrent('reward-playground as a process', () => {
  it('prints every environment as JSON', async () => {
    const { code, stdout, stderr } = await spawnCli(['envs'])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    const envs = JSON.parse(stdout) as { id: string; actions: string[]; components: { name: string; defaultWeight: number; range: number[] }[]; timeLimit: number | null; params: { name: string }[] }[]
    expect(envs.map((e) => e.id)).toEqual(['cartpole', 'mountaincar', 'acrobot', 'gridworld', 'cliffwalking', 'frozenlake', 'bandit', 'tokenseq', 'coop'])
    expect(envs[0].actions).toEqual(['push left', 'push right'])
    expect(envs[0].components[0]).toMatchObject({ name: 'alive', defaultWeight: 1, range: [0, 2] })
    expect(envs[0].timeLimit).toBe(500)
    const byId = Object.fromEntries(envs.map((env) => [env.id, env]))
    expect(byId.cliffwalking.timeLimit).toBeNull()
    expect(byId.gridworld.params.map((param) => param.name)).toEqual(['map', 'time_limit', 'layout'])
  })

  it('traces CartPole exactly as the core steps it', async () => {
    const start = [0.01, -0.02, 0.03, 0.04]
    const actions = [1, 0, 1, 1, 0]
    const { code, stdout, stderr } = await spawnCli(['trace', '--env', 'cartpole', '--state', start.join(','), '--actions', actions.join(','), '--weights', 'upright=2'])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(actions.length)

    const env = cartpole.create(1, {})
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, start)
    actions.forEach((action, t) => {
      env.step(new Int32Array([action]), out, new Rng(0), false)
      expect(steps[t].t).toBe(t)
      expect(steps[t].state).toEqual(Array.from(env.state))
      expect(steps[t].obs).toEqual(Array.from(out.obs))
      const components = steps[t].components as Record<string, number>
      expect(Object.values(components)).toEqual(Array.from(out.components))
      // reward = 1·alive + 2·upright
      expect(steps[t].reward).toBe(1 * out.components[0] + 2 * out.components[1])
      expect(steps[t].terminated).toBe(false)
      expect(steps[t].truncated).toBe(false)
    })
  })

  it('traces a walk into the cliff and on to the goal, stopping at the goal', async () => {
    const { code, stdout } = await spawnCli(['trace', '--env', 'cliffwalking', '--state', '3,0', '--actions', '1,0,1,2,1'])
    expect(code).toBe(0)
    const steps = traceLines(stdout)
    expect(steps[0]).toEqual({ t: 0, state: [3, 0], obs: [36], components: { step: 0, hazard: -1, goal: 0, progress: 0 }, reward: -100, terminated: false, truncated: false })
    expect(steps[1]).toMatchObject({ state: [2, 0], reward: -1 })
    expect(steps[2]).toMatchObject({ state: [2, 1], reward: -1 })
    // Down from (2, 1) is the cliff again; right from the start is too.
    expect(steps[3]).toMatchObject({ state: [3, 0], reward: -100, terminated: false })
  })

  it.each([
    [['trace', '--env', 'nope', '--state', '0', '--actions', '0'], 'unknown environment "nope"; accepted: cartpole, mountaincar, acrobot, gridworld, cliffwalking, frozenlake, bandit, tokenseq, coop'],
    [['trace', '--env', 'cartpole', '--state', '0,0,0', '--actions', '0'], '--state for cartpole needs 4 values (x, x_dot, theta, theta_dot), got 3'],
  ])('fails on %j with exit 2, one line on stderr, nothing on stdout', async (args, message) => {
    const { code, stdout, stderr } = await spawnCli(args)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toBe(`${message}\n`)
  })

  it('runs through the package bin from the project root', async () => {
    const { code, stdout, stderr } = await spawnCli(['trace', '--env', 'gridworld', '--state', '0,0', '--actions', '1'], undefined, process.execPath, ['bin/reward-playground.mjs'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(traceLines(stdout)[0]).toMatchObject({ state: [0, 1], obs: [1], components: { progress: 1 } })
  })
})

describe('reward-playground arguments', () => {
  it('stops after the terminating step and shows the state that ended it', () => {
    const { stdout } = cli(['trace', '--env', 'cliffwalking', '--state', '2,11', '--actions', '2,0,0'])
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(1)
    expect(steps[0]).toMatchObject({ state: [3, 11], obs: [47], reward: -1, terminated: true, truncated: false })
  })

  it('prints help', () => {
    const { code, stdout } = cli(['--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('trace --env ID --state')
    expect(cli(['trace', '--help']).code).toBe(0)
  })

  it('applies parameters and weights', () => {
    const { code, stdout } = cli(['trace', '--env', 'gridworld', '--params', 'map=cliff,time_limit=2', '--state', '2,0', '--actions', '1,1,1', '--weights', 'progress=3,step=0'])
    expect(code).toBe(0)
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(2)
    expect(steps[0]).toMatchObject({ state: [2, 1], reward: 3, truncated: false })
    expect(steps[1]).toMatchObject({ state: [2, 2], reward: 3, truncated: true, terminated: false })
  })

  it('accepts --flag=value and negative numbers', () => {
    const { code, stdout } = cli(['trace', '--env=cartpole', '--state=-0.01,0,-1e-2,0', '--actions=0'])
    expect(code).toBe(0)
    expect(traceLines(stdout)[0].t).toBe(0)
  })

  it.each([
    [[], 'missing command; accepted: envs, trace, advantages, credit, bradley-terry, dpo-loss, loss, lessons, train, lesson, monitor, preferences, reward-model, sweep, rollouts, best-of-n, --help'],
    [['frobnicate'], 'unknown command "frobnicate"; accepted: envs, trace, advantages, credit, bradley-terry, dpo-loss, loss, lessons, train, lesson, monitor, preferences, reward-model, sweep, rollouts, best-of-n, --help'],
    [['envs', 'extra'], 'envs takes no arguments, got "extra"'],
    [['trace', '--state', '0,0', '--actions', '0'], 'trace needs --env; accepted: cartpole, mountaincar, acrobot, gridworld, cliffwalking, frozenlake, bandit, tokenseq, coop'],
    [['trace', '--env', 'cartpole', '--actions', '0'], 'trace needs --state with 4 values for cartpole: x, x_dot, theta, theta_dot'],
    [['trace', '--env', 'cartpole', '--state', '0,0,0,0'], 'trace needs --actions; accepted actions for cartpole: 0 (push left), 1 (push right)'],
    [['trace', '--env', 'cartpole', '--state', '0,abc,0,0', '--actions', '0'], '--state value must be a finite number, got "abc"'],
    [['trace', '--env', 'cartpole', '--state', '0,,0,0', '--actions', '0'], '--state value must be a finite number, got ""'],
    [['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '0,2'], 'action 2 is out of range for cartpole; accepted: 0 (push left), 1 (push right)'],
    [['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '0.5'], 'action 0.5 is out of range for cartpole'],
    [['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', 'left'], '--actions value must be a finite number, got "left"'],
    [['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '0', '--weights', 'alive=2,speed=1'], 'unknown reward component "speed" for cartpole; accepted: alive, upright, centred, calm, effort, failure'],
    [['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '0', '--weights', 'alive=x'], 'weight "alive" must be a finite number, got "x"'],
    [['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '0', '--weights', 'alive'], 'malformed --weights entry "alive"; expected name=value'],
    [['trace', '--env', 'gridworld', '--params', 'mapp=open', '--state', '0,0', '--actions', '0'], 'unknown parameter "mapp" for gridworld; accepted: map, time_limit'],
    [['trace', '--env', 'gridworld', '--params', 'map=maze', '--state', '0,0', '--actions', '0'], 'parameter "map" of gridworld must be one of open, cliff, fourrooms, keydoor, lava, coinloop; got "maze"'],
    [['trace', '--env', 'gridworld', '--state', '0,9', '--actions', '0'], 'gridworld col must be an integer from 0 to 5, got 9'],
    [['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '0', '--speed', '3'], 'unknown flag "--speed" for trace; accepted: --env, --state, --actions, --params, --weights'],
    [['trace', '--env', 'cartpole', '--env', 'cartpole'], 'flag --env given twice'],
    [['trace', '--env'], 'flag --env needs a value'],
    [['trace', 'cartpole'], 'unexpected argument "cartpole" for trace'],
  ])('rejects %j', (args, message) => {
    const { code, stdout, stderr } = cli(args)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.endsWith('\n')).toBe(true)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toContain(message)
  })
})
