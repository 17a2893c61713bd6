import { describe, expect, it } from 'vitest'
import { compileMix, defaultMix, mixOne } from '../rewards/mix'
import { Rng } from '../rng'
import { cartpole, THETA_THRESHOLD } from './cartpole'
import { allocateStepBuffers, type BatchEnv, type StepBuffers } from './types'

const COMPONENTS = ['alive', 'upright', 'centred', 'calm', 'effort', 'failure']

function single(params = {}): { env: BatchEnv; out: StepBuffers; act: (action: number, autoReset?: boolean) => void; rng: Rng } {
  const env = cartpole.create(1, params)
  const out = allocateStepBuffers(env.spec, 1)
  const actions = new Int32Array(1)
  const rng = new Rng(7)
  return {
    env,
    out,
    rng,
    act(action: number, autoReset = true) {
      actions[0] = action
      env.step(actions, out, rng, autoReset)
    },
  }
}

function component(out: StepBuffers, name: string): number {
  return out.components[COMPONENTS.indexOf(name)]
}

describe('cartpole dynamics', () => {
  it('lists its components in the documented order with Gymnasium-reproducing defaults', () => {
    expect(cartpole.spec.components.map((c) => c.name)).toEqual(COMPONENTS)
    expect(cartpole.spec.components.map((c) => c.defaultWeight)).toEqual([1, 0, 0, 0, 0, 0])
    expect(cartpole.spec.timeLimit).toBe(500)
    expect(cartpole.spec.actionLabels).toEqual(['push left', 'push right'])
    expect(cartpole.spec.discreteStates).toBeNull()
  })

  it('steps from rest with a push right exactly as the closed form says', () => {
    // s = [0, 0, 0, 0], F = +10, sinθ = 0, cosθ = 1:
    //   temp = (10 + 0.05·0·0)/1.1 = 100/11
    //   θ̈ = (9.8·0 − 1·100/11) / (0.5·(4/3 − 0.1·1/1.1)) = −(100/11) / (0.5·41/33) = −(100/11)·(66/41) = −600/41
    //   ẍ = 100/11 − 0.05·(−600/41)·1/1.1 = 100/11 + 300/451 = 4400/451
    //   x = 0 + 0.02·0 = 0; ẋ = 0.02·4400/451 = 88/451; θ = 0; θ̇ = 0.02·(−600/41) = −12/41
    const { env, out, act } = single()
    env.setState(0, [0, 0, 0, 0])
    act(1)
    expect(env.state[0]).toBe(0)
    expect(env.state[1]).toBeCloseTo(88 / 451, 14)
    expect(env.state[2]).toBe(0)
    expect(env.state[3]).toBeCloseTo(-12 / 41, 14)
    expect(out.terminated[0]).toBe(0)
    expect(out.truncated[0]).toBe(0)
  })

  it('steps from a leaning, moving state with a push left', () => {
    // s = [x 0.1, ẋ −0.2, θ 0.05, θ̇ 0.3], F = −10
    //   cos 0.05 = 0.99875026039496628, sin 0.05 = 0.04997916927067833
    //   temp = (−10 + 0.05·0.09·0.049979169) / 1.1 = (−10 + 0.000224906) / 1.1 = −9.0907046307
    //   denominator = 0.5·(4/3 − 0.1·0.997501145/1.1) = 0.5·(1.333333333 − 0.090681922) = 0.6213256629
    //   θ̈ = (9.8·0.049979169 − 0.998750260·(−9.090704631)) / 0.6213256629
    //     = (0.489795857 + 9.079343539) / 0.6213256629 = 15.4011656803
    //   ẍ = −9.090704631 − 0.05·15.40116568·0.998750260/1.1 = −9.090704631 − 0.699178101 = −9.7898827322
    //   x = 0.1 + 0.02·(−0.2) = 0.096;  ẋ = −0.2 + 0.02·(−9.7898827322) = −0.3957976546
    //   θ = 0.05 + 0.02·0.3 = 0.056;   θ̇ = 0.3 + 0.02·15.4011656803 = 0.6080233136
    const { env, out, act } = single()
    env.setState(0, [0.1, -0.2, 0.05, 0.3])
    act(0)
    expect(env.state[0]).toBeCloseTo(0.096, 14)
    expect(env.state[1]).toBeCloseTo(-0.3957976546, 9)
    expect(env.state[2]).toBeCloseTo(0.056, 14)
    expect(env.state[3]).toBeCloseTo(0.6080233136, 9)
    // The observation is the state rounded to float32.
    for (let j = 0; j < 4; j++) expect(out.obs[j]).toBe(Math.fround(env.state[j]))
    expect(component(out, 'upright')).toBeCloseTo(Math.cos(0.056), 14)
    expect(component(out, 'centred')).toBeCloseTo(-0.096 / 2.4, 14)
    expect(component(out, 'calm')).toBeCloseTo(-0.6080233136, 9)
  })

  it('uses θ_max = 12·2π/360', () => {
    expect(THETA_THRESHOLD).toBeCloseTo(0.20943951023931953, 15)
  })

  it.each([
    ['x > 2.4', [2.39, 1, 0, 0], true],
    ['x < −2.4', [-2.39, -1, 0, 0], true],
    ['θ > 12°', [0, 0, THETA_THRESHOLD - 0.001, 0.1], true],
    ['θ < −12°', [0, 0, -THETA_THRESHOLD + 0.001, -0.1], true],
    ['x exactly 2.4 (strict inequality)', [2.4, 0, 0, 0], false],
    ['just inside', [2.3, 1, 0.2, 0], false],
  ])('terminates when %s', (_name, state, expected) => {
    const { env, out, act } = single()
    env.setState(0, state)
    act(1, false)
    expect(out.terminated[0]).toBe(expected ? 1 : 0)
    expect(out.truncated[0]).toBe(0)
    expect(component(out, 'failure')).toBe(expected ? -1 : 0)
  })

  it('keeps the final observation and resets on termination', () => {
    const { env, out, act } = single()
    env.setState(0, [2.39, 1, 0, 0])
    act(1)
    expect(out.terminated[0]).toBe(1)
    expect(out.finalObs[0]).toBe(Math.fround(2.41))
    expect(out.objective[0]).toBe(1)
    for (let j = 0; j < 4; j++) {
      expect(Math.abs(env.state[j])).toBeLessThanOrEqual(0.05)
      expect(out.obs[j]).toBe(Math.fround(env.state[j]))
    }
  })

  it('truncates at 500 steps, keeps the final observation, auto-resets, and does not count it a failure', () => {
    const auto = single()
    const manual = single()
    auto.env.setState(0, [0, 0, 0.01, 0])
    manual.env.setState(0, [0, 0, 0.01, 0])
    let steps = 0
    while (steps < 1000) {
      const s = auto.env.state
      // A simple linear controller that balances for the whole episode.
      const action = s[2] + 0.5 * s[3] + 0.05 * s[0] + 0.1 * s[1] > 0 ? 1 : 0
      auto.act(action)
      manual.act(action, false)
      steps++
      if (auto.out.terminated[0] || auto.out.truncated[0]) break
    }
    const out = auto.out
    expect(steps).toBe(500)
    expect(out.truncated[0]).toBe(1)
    expect(out.terminated[0]).toBe(0)
    expect(component(out, 'failure')).toBe(0)
    expect(out.objective[0]).toBe(500)
    // finalObs is the state the 500th step reached (the twin without auto-reset still holds it) ...
    for (let j = 0; j < 4; j++) expect(out.finalObs[j]).toBe(Math.fround(manual.env.state[j]))
    // finalState keeps the same state at full float64 precision (potentials and custom terms read it).
    for (let j = 0; j < 4; j++) expect(out.finalState[j]).toBe(manual.env.state[j])
    // ... while obs and the state are a fresh reset.
    for (let j = 0; j < 4; j++) {
      expect(Math.abs(auto.env.state[j])).toBeLessThanOrEqual(0.05)
      expect(out.obs[j]).toBe(Math.fround(auto.env.state[j]))
    }
    expect(auto.env.state[0]).not.toBe(manual.env.state[0])
  })

  it('honours the time_limit parameter', () => {
    const { env, out, act } = single({ time_limit: '3' })
    expect(env.spec.timeLimit).toBe(3)
    env.setState(0, [0, 0, 0, 0])
    act(1)
    act(0)
    expect(out.truncated[0]).toBe(0)
    act(1, false)
    expect(out.truncated[0]).toBe(1)
    expect(out.objective[0]).toBe(3)
  })
})

describe('cartpole components', () => {
  it('prices a change of push direction, never the first push of an episode', () => {
    const { env, out, act } = single()
    env.setState(0, [0, 0, 0, 0])
    act(1)
    expect(component(out, 'effort')).toBe(0)
    act(1)
    expect(component(out, 'effort')).toBe(0)
    act(0)
    expect(component(out, 'effort')).toBe(-1)
    env.setState(0, [0, 0, 0, 0])
    act(1)
    expect(component(out, 'effort')).toBe(0)
  })

  it('gives +1 per step under the default weights, the failing step included', () => {
    const { env, out, act } = single()
    const mix = compileMix(env.spec, defaultMix(env.spec))
    env.setState(0, [0, 0, 0.15, 0])
    let steps = 0
    do {
      act(1)
      steps++
      expect(steps).toBeLessThan(200)
      expect(mixOne(mix.weights, out.components, 0)).toBe(1)
    } while (!out.terminated[0])
    expect(steps).toBeGreaterThan(1)
    expect(component(out, 'failure')).toBe(-1)
  })

  it('gives Sutton & Barto’s reward with alive at 0 and failure at 1', () => {
    const { env, out, act } = single()
    const mix = compileMix(env.spec, { weights: { alive: 0, failure: 1 } })
    env.setState(0, [2.3, 3, 0, 0])
    act(1)
    expect(out.terminated[0]).toBe(0)
    expect(mixOne(mix.weights, out.components, 0)).toBe(0)
    act(1)
    expect(out.terminated[0]).toBe(1)
    expect(mixOne(mix.weights, out.components, 0)).toBe(-1)
  })
})

describe('cartpole reset', () => {
  it('draws every state variable uniformly in [−0.05, 0.05] from the rng it is given', () => {
    const env = cartpole.create(64, {})
    const obs = new Float32Array(64 * 4)
    env.reset(new Rng(3), obs)
    for (const v of env.state) expect(Math.abs(v)).toBeLessThanOrEqual(0.05)
    expect(new Set(env.state).size).toBe(env.state.length)
    const again = cartpole.create(64, {})
    again.reset(new Rng(3), new Float32Array(64 * 4))
    expect(Array.from(again.state)).toEqual(Array.from(env.state))
    for (let j = 0; j < obs.length; j++) expect(obs[j]).toBe(Math.fround(env.state[j]))
  })

  it('steps many copies independently', () => {
    const env = cartpole.create(2, {})
    const out = allocateStepBuffers(env.spec, 2)
    env.setState(0, [0, 0, 0, 0])
    env.setState(1, [0, 0, 0, 0])
    env.step(new Int32Array([1, 0]), out, new Rng(1))
    expect(env.state[1]).toBeCloseTo(88 / 451, 14)
    expect(env.state[5]).toBeCloseTo(-88 / 451, 14)
  })

  it('rejects a state of the wrong length or with non-finite values', () => {
    const env = cartpole.create(1, {})
    expect(() => env.setState(0, [0, 0, 0])).toThrow('cartpole state needs 4 values (x, x_dot, theta, theta_dot), got 3')
    expect(() => env.setState(0, [0, NaN, 0, 0])).toThrow('x_dot must be finite')
  })
})

describe('cartpole batch loop', () => {
  // One copy, one step, straight from the equations (docs/references.md), in plain scalar code: the
  // batched loop is tuned for speed and must give exactly these numbers, bit for bit.
  function referenceStep(state: number[], action: number) {
    const [x, xDot, theta, thetaDot] = state
    const force = action === 1 ? 10 : -10
    const cos = Math.cos(theta)
    const sin = Math.sin(theta)
    const temp = (force + 0.05 * (thetaDot * thetaDot) * sin) / 1.1
    const thetaAcc = (9.8 * sin - cos * temp) / (0.5 * (4.0 / 3.0 - (0.1 * (cos * cos)) / 1.1))
    const xAcc = temp - (0.05 * thetaAcc * cos) / 1.1
    return [x + 0.02 * xDot, xDot + 0.02 * xAcc, theta + 0.02 * thetaDot, thetaDot + 0.02 * thetaAcc]
  }

  it('gives exactly the numbers of the plain equations for many copies, resets and actions', () => {
    const n = 64
    const env = cartpole.create(n, { time_limit: 40 })
    const out = allocateStepBuffers(env.spec, n, 2)
    const rng = new Rng(3)
    const referenceRng = new Rng(3)
    const draw = () => Array.from({ length: 4 }, () => referenceRng.range(-0.05, 0.05))
    env.reset(rng, out.obs)
    const states = Array.from({ length: n }, draw)
    const elapsed = new Array<number>(n).fill(0)
    const previous = new Array<number>(n).fill(-1)
    const actionRng = new Rng(4)
    const actions = new Int32Array(n)
    let finished = 0
    // Collected rather than asserted one by one: a million expect() calls would take seconds.
    const mismatches: string[] = []
    const same = (actual: number, expected: number, what: string) => {
      if (!Object.is(actual, expected)) mismatches.push(`${what}: ${actual}, expected ${expected}`)
    }
    for (let t = 0; t < 600; t++) {
      // Mostly 0 and 1; now and then an action outside them, which pushes left.
      for (let i = 0; i < n; i++) actions[i] = t % 5 === 4 ? actionRng.int(4) - 1 : actionRng.int(2)
      const autoReset = t % 9 !== 8
      env.step(actions, out, rng, autoReset)
      for (let i = 0; i < n; i++) {
        const next = referenceStep(states[i], actions[i])
        const terminated = next[0] < -2.4 || next[0] > 2.4 || next[2] < -THETA_THRESHOLD || next[2] > THETA_THRESHOLD
        elapsed[i]++
        const truncated = elapsed[i] >= 40
        const expected = [1, Math.cos(next[2]), -Math.abs(next[0]) / 2.4, -Math.abs(next[3]), previous[i] >= 0 && previous[i] !== actions[i] ? -1 : 0, terminated ? -1 : 0]
        for (let j = 0; j < 6; j++) same(out.components[i * 6 + j], expected[j], `step ${t}, copy ${i}, ${COMPONENTS[j]}`)
        same(out.terminated[i], terminated ? 1 : 0, `step ${t}, copy ${i}, terminated`)
        same(out.truncated[i], truncated ? 1 : 0, `step ${t}, copy ${i}, truncated`)
        previous[i] = actions[i]
        states[i] = next
        if (terminated || truncated) {
          finished++
          for (let j = 0; j < 4; j++) {
            same(out.finalState[i * 4 + j], next[j], `step ${t}, copy ${i}, final state ${j}`)
            same(out.finalObs[i * 4 + j], Math.fround(next[j]), `step ${t}, copy ${i}, final obs ${j}`)
          }
          same(out.objective[i], elapsed[i], `step ${t}, copy ${i}, objective`)
          if (autoReset) {
            states[i] = draw()
            elapsed[i] = 0
            previous[i] = -1
          }
        }
        for (let j = 0; j < 4; j++) {
          same(env.state[i * 4 + j], states[i][j], `step ${t}, copy ${i}, state ${j}`)
          same(out.obs[i * 4 + j], Math.fround(states[i][j]), `step ${t}, copy ${i}, obs ${j}`)
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([])
    // Enough episodes ended, both ways, for the reset path to be pinned too.
    expect(finished).toBeGreaterThan(1000)
  })
})
