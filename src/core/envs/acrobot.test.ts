import { describe, expect, it } from 'vitest'
import { compileMix, defaultMix, mixOne } from '../rewards/mix'
import { Rng } from '../rng'
import { acrobot, ACROBOT_LIMITS, wrapAngle } from './acrobot'
import { allocateStepBuffers, type BatchEnv, type StepBuffers } from './types'

/*
 * Expected numbers come from a transcription of Gymnasium's Acrobot-v1 step in Python (book
 * dynamics, rk4 over [θ1, θ2, θ̇1, θ̇2, torque] on t = [0, 0.2], wrap, bound; float64, the same
 * operations in the same order). This file agrees with it to the last bit or, where a platform's
 * cos/sin rounds differently, within 1e-15.
 */

const COMPONENTS = ['step', 'height', 'goal']

function single(params = {}): { env: BatchEnv; out: StepBuffers; act: (action: number, autoReset?: boolean) => void } {
  const env = acrobot.create(1, params)
  const out = allocateStepBuffers(env.spec, 1)
  const actions = new Int32Array(1)
  const rng = new Rng(7)
  return {
    env,
    out,
    act(action: number, autoReset = true) {
      actions[0] = action
      env.step(actions, out, rng, autoReset)
    },
  }
}

function component(out: StepBuffers, name: string): number {
  return out.components[COMPONENTS.indexOf(name)]
}

function expectState(env: BatchEnv, expected: number[], digits = 13): void {
  for (let j = 0; j < 4; j++) expect(env.state[j]).toBeCloseTo(expected[j], digits)
}

describe('acrobot dynamics', () => {
  it('lists its components in the documented order with Gymnasium-reproducing defaults', () => {
    const spec = acrobot.spec
    expect(spec.id).toBe('acrobot')
    expect(spec.components.map((c) => c.name)).toEqual(COMPONENTS)
    expect(spec.components.map((c) => c.defaultWeight)).toEqual([1, 0, 0])
    expect(spec.stateVars).toEqual(['theta1', 'theta2', 'dtheta1', 'dtheta2'])
    expect(spec.obsSize).toBe(6)
    expect(spec.numActions).toBe(3)
    expect(spec.timeLimit).toBe(500)
    expect(spec.objective).toMatchObject({ name: 'steps to swing up', higherIsBetter: false })
    expect(ACROBOT_LIMITS.maxVelocity1).toBe(4 * Math.PI)
    expect(ACROBOT_LIMITS.maxVelocity2).toBe(9 * Math.PI)
  })

  it('takes one RK4 step from rest with torque +1', () => {
    // s = 0, a = +1: cos θ2 = 1, so d1 = 0.25 + (1 + 0.25 + 1) + 1 + 1 = 4.5, d2 = (0.25 + 0.5) + 1 = 1.75;
    // φ1 = φ2 = 0 (up to cos(−π/2) = 6e−17), so k1 = [0, 0, θ̈1, θ̈2] with
    //   θ̈2 = 1 / (0.25 + 1 − 1.75²/4.5) = 1/(1.25 − 0.6805…) = 72/41,   θ̈1 = −1.75·(72/41)/4.5 = −28/41.
    // k2..k4 follow at y + 0.1·k1, y + 0.1·k2, y + 0.2·k3; y′ = y + (0.2/6)·(k1 + 2k2 + 2k3 + k4).
    const { env, out, act } = single()
    env.setState(0, [0, 0, 0, 0])
    act(2)
    expectState(env, [-0.013262967177227795, 0.03428722934738544, -0.12866185280996106, 0.33450108998660194], 15)
    // A small-angle check of the same step: θ2 ≈ ½·(72/41)·0.2² = 0.0351 (gravity already pulls back).
    expect(env.state[1]).toBeCloseTo(0.5 * (72 / 41) * 0.04, 2)
    expect(env.state[0]).toBeCloseTo(0.5 * (-28 / 41) * 0.04, 2)
    expect(out.terminated[0]).toBe(0)
  })

  it('takes one RK4 step from a non-trivial state, as the four slopes say', () => {
    // s = [0.3, −0.2, 0.5, −1.0], a = +1. Slopes [θ̇1, θ̇2, θ̈1, θ̈2]:
    //   k1 = [0.5,                 −1.0,                −2.711009415074918,  4.202317242870001]
    //   k2 = [0.2288990584925082,  −0.5797682757129998, −3.0715359324441915, 4.855551216837595]   at y + 0.1·k1
    //   k3 = [0.19284640675558085, −0.5144448783162405, −2.8808731528921254, 4.5446036173256195]  at y + 0.1·k2
    //   k4 = [−0.0761746305784251, −0.09107927653487602, −2.9993246810817404, 4.805296544647132]  at y + 0.2·k3
    //   θ1′ = 0.3 + (0.2/6)·(0.5 + 2·0.22890 + 2·0.19285 − 0.07617) = 0.3 + 0.03333·1.26732 = 0.34224
    const k1 = [0.5, -1.0, -2.711009415074918, 4.202317242870001]
    const k2 = [0.2288990584925082, -0.5797682757129998, -3.0715359324441915, 4.855551216837595]
    const k3 = [0.19284640675558085, -0.5144448783162405, -2.8808731528921254, 4.5446036173256195]
    const k4 = [-0.0761746305784251, -0.09107927653487602, -2.9993246810817404, 4.805296544647132]
    const start = [0.3, -0.2, 0.5, -1.0]
    const rk4 = start.map((y, j) => y + (0.2 / 6) * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]))
    const { env, out, act } = single()
    env.setState(0, start)
    act(2)
    expectState(env, rk4, 15)
    expectState(env, [0.3422438766639251, -0.30931685281977855, -0.08717174222764312, -0.07306921813854794], 15)
    // Observation [cos θ1, sin θ1, cos θ2, sin θ2, θ̇1, θ̇2] in float32.
    const s = env.state
    expect(Array.from(out.obs)).toEqual([Math.cos(s[0]), Math.sin(s[0]), Math.cos(s[1]), Math.sin(s[1]), s[2], s[3]].map(Math.fround))
    expect(out.obs[0]).toBeCloseTo(0.9420039888769031, 7)
    expect(out.obs[3]).toBeCloseTo(-0.30440798131723396, 7)
    // Tip height −cos θ1 − cos(θ1 + θ2): still hanging.
    expect(component(out, 'height')).toBeCloseTo(-1.9414619434032487, 14)
    expect(component(out, 'step')).toBe(-1)
    // Two more steps (torque −1, then none).
    act(0)
    expectState(env, [0.2923136122048188, -0.296613224238514, -0.40207772820459, 0.19166348367538294])
    act(1)
    expectState(env, [0.17503010624549775, -0.2053853875049095, -0.7449583281059042, 0.6894846434476956])
  })

  it('follows the reference over five steps of a big swing', () => {
    const { env, act } = single()
    env.setState(0, [1.0, -0.5, 2.0, 1.0])
    const expected = [
      [1.2522832178521317, -0.12451538620423219, 0.5367254316606844, 2.666587020123872],
      [1.2314621285184935, 0.5281614198358182, -0.6912121446961661, 3.762439069382423],
      [1.0172268919684906, 1.2844343436962231, -1.4411690178323706, 3.7665312437550496],
      [0.6458610693805016, 2.0482677392980797, -2.2619075141254243, 3.828372111020509],
      [0.12110194976725297, 2.8201714845982964, -2.8953144738273746, 3.8625846120237983],
    ]
    ;[2, 2, 0, 1, 2].forEach((action, t) => {
      act(action)
      expectState(env, expected[t], 12)
    })
  })

  it('wraps the angles into [−π, π]', () => {
    // s = [3.0, −1.4, 1.5, −3.0], no torque: RK4 gives θ1 = 3.2806176584243376 > π → θ1 − 2π = −3.0025676487552486.
    const first = single()
    first.env.setState(0, [3.0, -1.4, 1.5, -3.0])
    first.act(1)
    expectState(first.env, [3.2806176584243376 - 2 * Math.PI, -2.0422847483808493, 1.3404361805167189, -3.4632379428986844], 14)
    expect(first.env.state[0]).toBeCloseTo(-3.0025676487552486, 15)
    expect(first.out.terminated[0]).toBe(0)
    // s = [0, 0, 0, 28], no torque: θ2 = 4.984140433627249 → 4.984… − 2π = −1.2990448735523374.
    const second = single()
    second.env.setState(0, [0, 0, 0, 28])
    second.act(1)
    expect(second.env.state[1]).toBeCloseTo(4.984140433627249 - 2 * Math.PI, 14)
    for (let j = 0; j < 2; j++) {
      expect(second.env.state[j]).toBeGreaterThanOrEqual(-Math.PI)
      expect(second.env.state[j]).toBeLessThanOrEqual(Math.PI)
    }
  })

  describe('wrapAngle', () => {
    const TWO_PI = Math.PI - -Math.PI
    /** Gymnasium's wrap(x, −π, π), as written there. */
    function gymnasiumWrap(x: number): number {
      while (x > Math.PI) x = x - TWO_PI
      while (x < -Math.PI) x = x + TWO_PI
      return x
    }

    it('agrees with Gymnasium’s loop bit for bit within ±4π, the edges included', () => {
      const edges = [0, -0, Math.PI, -Math.PI, 3 * Math.PI, -3 * Math.PI, TWO_PI, -TWO_PI, 2 * TWO_PI, -2 * TWO_PI, 5 * Math.PI, -5 * Math.PI]
      const justAbove = (x: number) => x + Math.abs(x) * Number.EPSILON
      for (const x of [...edges, justAbove(Math.PI), -justAbove(Math.PI), justAbove(3 * Math.PI), -justAbove(3 * Math.PI)]) {
        expect(Object.is(wrapAngle(x), gymnasiumWrap(x)), `wrap(${x})`).toBe(true)
      }
      // An even grid over [−4π, 4π] plus seeded random points.
      const rng = new Rng(11)
      for (let i = 0; i <= 20_000; i++) {
        const grid = -2 * TWO_PI + (i / 20_000) * 4 * TWO_PI
        const drawn = (rng.uniform() * 2 - 1) * 2 * TWO_PI
        for (const x of [grid, drawn]) if (!Object.is(wrapAngle(x), gymnasiumWrap(x))) expect.fail(`wrap(${x}): ${wrapAngle(x)} ≠ ${gymnasiumWrap(x)}`)
      }
    })

    it('wraps huge angles at once into [−π, π], where the loop never ends', () => {
      // Further out the loop rounds once per period it removes; the remainder here is exact.
      expect(wrapAngle(100)).toBeCloseTo(gymnasiumWrap(100), 12)
      for (const x of [1e9, -1e9, 1e300, -1e300, Number.MAX_VALUE]) {
        const wrapped = wrapAngle(x)
        expect(wrapped).toBeGreaterThanOrEqual(-Math.PI)
        expect(wrapped).toBeLessThanOrEqual(Math.PI)
      }
      expect(wrapAngle(Infinity)).toBeNaN()
      expect(wrapAngle(NaN)).toBeNaN()
    })

    it('lets a step from θ1 = 1e300 end', () => {
      const { env, act } = single()
      env.setState(0, [1e300, 0, 0, 0])
      act(1)
      expect(Math.abs(env.state[0])).toBeLessThanOrEqual(Math.PI)
    })
  })

  it('clips θ̇1 to ±4π and θ̇2 to ±9π after the step', () => {
    // s = [0, 0, 0, 28]: RK4 gives θ̇2 = 32.78292840426144 > 9π = 28.274333882308138 → 9π; θ̇1 = 1.1483461329467994 stays.
    const d2 = single()
    d2.env.setState(0, [0, 0, 0, 28])
    d2.act(1)
    expectState(d2.env, [0.9032475742780668, -1.2990448735523374, 1.1483461329467994, 9 * Math.PI], 14)
    expect(d2.env.state[3]).toBe(9 * Math.PI)
    // s = [0, 0, 12.5, 28.2]: RK4 gives θ̇1 = 23.95092132444084 > 4π → 4π; θ̇2 = 27.53827816203511 stays; θ1 = 4.0809… wraps.
    const d1 = single()
    d1.env.setState(0, [0, 0, 12.5, 28.2])
    d1.act(1)
    expectState(d1.env, [-2.202248725529895, -2.203253881940812, 4 * Math.PI, 27.53827816203511], 14)
    expect(d1.env.state[2]).toBe(4 * Math.PI)
    // And the mirror image clips at −4π.
    const mirror = single()
    mirror.env.setState(0, [0, 0, -12.5, -28.2])
    mirror.act(1)
    expect(mirror.env.state[2]).toBe(-4 * Math.PI)
    expect(mirror.env.state[0]).toBeCloseTo(2.202248725529895, 14)
  })

  it('terminates once the tip rises above the line, with reward 0 on that step', () => {
    // s = [2.5, 0.5, 1.0, 0.0], no torque → [2.6266421339640167, 0.5908461461812579, 0.28841836019670497, 0.9112027245584869];
    // tip height −cos(2.62664) − cos(3.21749) = 0.87032 + 0.99712 = 1.8674384011809368 > 1.
    const { env, out, act } = single()
    const mix = compileMix(env.spec, defaultMix(env.spec))
    env.setState(0, [2.5, 0.5, 1.0, 0.0])
    act(1)
    expect(out.terminated[0]).toBe(1)
    expect(out.truncated[0]).toBe(0)
    expect(component(out, 'step')).toBe(0)
    expect(component(out, 'goal')).toBe(1)
    expect(component(out, 'height')).toBeCloseTo(1.8674384011809368, 14)
    expect(mixOne(mix.weights, out.components, 0)).toBe(0)
    expect(out.objective[0]).toBe(1)
    // The final observation is the terminal state's; the state itself is already a fresh reset.
    expect(out.finalObs[0]).toBeCloseTo(-0.8703170920413318, 7)
    expect(out.finalObs[1]).toBeCloseTo(0.4924917860236046, 7)
    expect(out.finalObs[2]).toBe(Math.fround(Math.cos(0.5908461461812579)))
    expect(out.finalObs[4]).toBe(Math.fround(0.28841836019670497))
    expect(out.finalObs[5]).toBe(Math.fround(0.9112027245584869))
    for (let j = 0; j < 4; j++) expect(Math.abs(env.state[j])).toBeLessThanOrEqual(0.1)
    expect(out.obs[4]).toBe(Math.fround(env.state[2]))
  })

  it('gives −1 per step before the swing-up under the default weights', () => {
    const { env, out, act } = single()
    const mix = compileMix(env.spec, defaultMix(env.spec))
    env.setState(0, [1.0, -0.5, 2.0, 1.0])
    for (let t = 0; t < 5; t++) {
      act(2)
      expect(out.terminated[0]).toBe(0)
      expect(mixOne(mix.weights, out.components, 0)).toBe(-1)
    }
  })

  it('truncates at 500 steps, keeps the final observation, auto-resets, and scores the time limit', () => {
    // Released near the bottom with no torque, the acrobot swings gently and never nears the line.
    const auto = single()
    const manual = single()
    auto.env.setState(0, [0.05, -0.02, 0, 0])
    manual.env.setState(0, [0.05, -0.02, 0, 0])
    let steps = 0
    while (steps < 1000) {
      auto.act(1)
      manual.act(1, false)
      steps++
      if (auto.out.terminated[0] || auto.out.truncated[0]) break
    }
    const out = auto.out
    expect(steps).toBe(500)
    expect(out.truncated[0]).toBe(1)
    expect(out.terminated[0]).toBe(0)
    expect(component(out, 'step')).toBe(-1)
    expect(out.objective[0]).toBe(500)
    const m = manual.env.state
    expect(Array.from(out.finalObs)).toEqual([Math.cos(m[0]), Math.sin(m[0]), Math.cos(m[1]), Math.sin(m[1]), m[2], m[3]].map(Math.fround))
    const s = auto.env.state
    for (let j = 0; j < 4; j++) expect(Math.abs(s[j])).toBeLessThanOrEqual(0.1)
    expect(Array.from(out.obs)).toEqual([Math.cos(s[0]), Math.sin(s[0]), Math.cos(s[1]), Math.sin(s[1]), s[2], s[3]].map(Math.fround))
  })

  it('honours the time_limit parameter', () => {
    const { env, out, act } = single({ time_limit: '3' })
    expect(env.spec.timeLimit).toBe(3)
    env.setState(0, [0, 0, 0, 0])
    act(1)
    act(1)
    expect(out.truncated[0]).toBe(0)
    act(1, false)
    expect(out.truncated[0]).toBe(1)
    expect(out.objective[0]).toBe(3)
  })
})

describe('acrobot reset', () => {
  it('draws all four state variables uniformly in [−0.1, 0.1] from the rng it is given', () => {
    const env = acrobot.create(32, {})
    const obs = new Float32Array(32 * 6)
    env.reset(new Rng(3), obs)
    for (const v of env.state) expect(Math.abs(v)).toBeLessThanOrEqual(0.1)
    expect(new Set(env.state).size).toBe(env.state.length)
    const again = acrobot.create(32, {})
    again.reset(new Rng(3), new Float32Array(32 * 6))
    expect(Array.from(again.state)).toEqual(Array.from(env.state))
    expect(obs[6 * 5 + 1]).toBe(Math.fround(Math.sin(env.state[4 * 5])))
    expect(obs[6 * 5 + 5]).toBe(Math.fround(env.state[4 * 5 + 3]))
  })

  it('steps many copies independently', () => {
    const env = acrobot.create(2, {})
    const out = allocateStepBuffers(env.spec, 2)
    env.setState(0, [0, 0, 0, 0])
    env.setState(1, [0.3, -0.2, 0.5, -1.0])
    env.step(new Int32Array([2, 2]), out, new Rng(1))
    expect(env.state[1]).toBeCloseTo(0.03428722934738544, 15)
    expect(env.state[4]).toBeCloseTo(0.3422438766639251, 15)
  })

  it('rejects a state of the wrong length or with non-finite values', () => {
    const env = acrobot.create(1, {})
    expect(() => env.setState(0, [0, 0])).toThrow('acrobot state needs 4 values (theta1, theta2, dtheta1, dtheta2), got 2')
    expect(() => env.setState(0, [0, 0, NaN, 0])).toThrow('dtheta1 must be finite')
  })
})
