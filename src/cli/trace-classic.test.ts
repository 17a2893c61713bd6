import { describe, expect, it } from 'vitest'
import { cli, expectUsageError, spawnCli, traceLines } from './testing'

/*
 * `trace` over the classic-control environments, checked against a Python transcription of
 * Gymnasium's MountainCar-v0 and Acrobot-v1 steps (float64, same operations in the same order).
 */

function expectClose(actual: number[], expected: number[], digits: number): void {
  expect(actual).toHaveLength(expected.length)
  actual.forEach((value, j) => expect(value).toBeCloseTo(expected[j], digits))
}

describe('trace for the classic-control environments', () => {
  it('traces MountainCar from the valley floor as a process', async () => {
    const { stdout, stderr } = await spawnCli(['trace', '--env', 'mountaincar', '--state', '-0.5,0', '--actions', '2,2,2'])
    expect(stderr).toBe('')
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(3)
    // v1 = 0.001 − cos(−1.5)·0.0025 = 0.000823156995830743; x1 = −0.5 + v1; then twice more.
    expectClose(steps[0].state, [-0.49917684300416926, 0.0008231569958307428], 15)
    expectClose(steps[1].state, [-0.49753668667935325, 0.0016401563248160246], 15)
    expectClose(steps[2].state, [-0.4950917969323474, 0.002444889747005863], 15)
    expect(steps[2].obs).toEqual(steps[2].state.map(Math.fround))
    expect(Object.keys(steps[0].components)).toEqual(['step', 'goal', 'height', 'speed', 'swing', 'energy'])
    expect(steps[0].components.height).toBeCloseTo(0.0013413690947217671, 15)
    expect(steps[0].components.speed).toBeCloseTo(0.011759385654724895, 15)
    for (const step of steps) expect(step).toMatchObject({ reward: -1, terminated: false, truncated: false })
  })

  it('stops MountainCar at the flag and prices the goal with its weight', () => {
    const { code, stdout } = cli(['trace', '--env', 'mountaincar', '--state', '0.49,0.02', '--actions', '2,2', '--weights', 'goal=100'])
    expect(code).toBe(0)
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(1)
    expectClose(steps[0].state, [0.5107484356665326, 0.020748435666532672], 15)
    // reward = 1·step + 100·goal = −1 + 100
    expect(steps[0]).toMatchObject({ reward: 99, terminated: true, truncated: false, components: { step: -1, goal: 1 } })
  })

  it('traces Acrobot through three RK4 steps with a height weight', () => {
    const { code, stdout } = cli(['trace', '--env', 'acrobot', '--state', '0.3,-0.2,0.5,-1', '--actions', '2,0,1', '--weights', 'height=0.5'])
    expect(code).toBe(0)
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(3)
    expectClose(steps[0].state, [0.3422438766639251, -0.30931685281977855, -0.08717174222764312, -0.07306921813854794], 14)
    expectClose(steps[1].state, [0.2923136122048188, -0.296613224238514, -0.40207772820459, 0.19166348367538294], 13)
    expectClose(steps[2].state, [0.17503010624549775, -0.2053853875049095, -0.7449583281059042, 0.6894846434476956], 13)
    const [theta1, theta2, dtheta1, dtheta2] = steps[0].state
    expect(steps[0].obs).toEqual([Math.cos(theta1), Math.sin(theta1), Math.cos(theta2), Math.sin(theta2), dtheta1, dtheta2].map(Math.fround))
    // reward = 1·(−1) + 0.5·height, height = −cos θ1 − cos(θ1 + θ2) = −1.9414619434032487
    expect(steps[0].components.height).toBeCloseTo(-1.9414619434032487, 14)
    expect(steps[0].reward).toBeCloseTo(-1 + 0.5 * -1.9414619434032487, 14)
  })

  it('stops Acrobot on the swing-up step with reward 0', () => {
    const { stdout } = cli(['trace', '--env', 'acrobot', '--state', '2.5,0.5,1,0', '--actions', '1,1'])
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(1)
    expect(steps[0]).toMatchObject({ reward: 0, terminated: true, truncated: false, components: { step: 0, goal: 1 } })
    expect(steps[0].components.height).toBeCloseTo(1.8674384011809368, 14)
  })

  it('wraps a huge Acrobot angle at once (the wrapping loop never ended at 1e300)', () => {
    const { code, stdout, stderr } = cli(['trace', '--env', 'acrobot', '--state', '1e300,0,0,0', '--actions', '1'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const [step] = traceLines(stdout)
    expect(Math.abs(step.state[0])).toBeLessThanOrEqual(Math.PI)
  })

  it.each([
    // JSON would print these as null with exit 0.
    [['--env', 'cartpole', '--state', '0,0,0,1e200', '--actions', '1'], 'step 0: state x_dot came out as NaN'],
    [['--env', 'cartpole', '--state', '1e300,0,0,0', '--actions', '1'], 'step 0: obs[0] came out as Infinity'],
    [['--env', 'acrobot', '--state', '0,0,1e200,1e200', '--actions', '1'], 'step 0: state theta1 came out as NaN'],
    [['--env', 'cartpole', '--state', '0,0,0,0', '--actions', '1,1', '--weights', 'alive=1e308,upright=1e308'], 'step 0: reward came out as Infinity'],
  ])('refuses a step whose numbers overflow: %j', (args, message) => {
    expect(expectUsageError(cli(['trace', ...args]))).toBe(`${message}: the input is too large to compute with`)
  })

  it('names the state layout and the actions in its errors', () => {
    expect(cli(['trace', '--env', 'acrobot', '--state', '0,0', '--actions', '0']).stderr).toContain('--state for acrobot needs 4 values (theta1, theta2, dtheta1, dtheta2), got 2')
    expect(cli(['trace', '--env', 'mountaincar', '--state', '0,0', '--actions', '3']).stderr).toContain(
      'action 3 is out of range for mountaincar; accepted: 0 (push left), 1 (no push), 2 (push right)',
    )
  })
})
