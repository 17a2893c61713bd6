import { describe, expect, it } from 'vitest'
import { compileMix, defaultMix, mixOne } from '../rewards/mix'
import { Rng } from '../rng'
import { mountaincar } from './mountaincar'
import { allocateStepBuffers, type BatchEnv, type StepBuffers } from './types'

/*
 * Expected numbers come from a transcription of Gymnasium's MountainCar-v0 step in Python
 * (float64, the same operations in the same order); they agree with this file to the last bit.
 */

const COMPONENTS = ['step', 'goal', 'height', 'speed', 'swing', 'energy']

function single(params = {}): { env: BatchEnv; out: StepBuffers; act: (action: number, autoReset?: boolean) => void } {
  const env = mountaincar.create(1, params)
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

/** Φ(x, v) = sin 3x + 600·v², the potential of the energy component. */
function potential(x: number, v: number): number {
  return Math.sin(3 * x) + 600 * v * v
}

describe('mountaincar dynamics', () => {
  it('lists its components in the documented order with Gymnasium-reproducing defaults', () => {
    const spec = mountaincar.spec
    expect(spec.id).toBe('mountaincar')
    expect(spec.components.map((c) => c.name)).toEqual(COMPONENTS)
    expect(spec.components.map((c) => c.defaultWeight)).toEqual([1, 0, 0, 0, 0, 0])
    for (const c of spec.components) expect(c.defaultWeight).toBeGreaterThanOrEqual(c.range[0])
    expect(spec.components.find((c) => c.name === 'goal')!.range[1]).toBeGreaterThanOrEqual(100)
    expect(spec.stateVars).toEqual(['position', 'velocity'])
    expect(spec.obsSize).toBe(2)
    expect(spec.actionLabels).toEqual(['push left', 'no push', 'push right'])
    expect(spec.timeLimit).toBe(200)
    expect(spec.objective).toMatchObject({ name: 'steps to goal', higherIsBetter: false })
    expect(spec.discreteStates).toBeNull()
  })

  it('steps from the valley floor with three pushes right', () => {
    // s = [−0.5, 0], a = 2:  cos(3·−0.5) = cos(−1.5) = 0.0707372016677029
    //   v = 0 + ((2 − 1)·0.001 + 0.0707372016677029·(−0.0025)) = 0.001 − 0.000176843004169257 = 0.000823156995830743
    //   x = −0.5 + 0.000823156995830743 = −0.499176843004169257
    // Steps 2 and 3 repeat the same two lines from the new state.
    const { env, out, act } = single()
    env.setState(0, [-0.5, 0])
    act(2)
    expect(env.state[1]).toBeCloseTo(0.001 - 0.0707372016677029 * 0.0025, 17)
    expect(env.state[0]).toBeCloseTo(-0.49917684300416926, 15)
    act(2)
    expect(env.state[0]).toBeCloseTo(-0.49753668667935325, 15)
    expect(env.state[1]).toBeCloseTo(0.0016401563248160246, 17)
    act(2)
    expect(env.state[0]).toBeCloseTo(-0.4950917969323474, 15)
    expect(env.state[1]).toBeCloseTo(0.002444889747005863, 17)
    expect(out.terminated[0]).toBe(0)
    expect(out.truncated[0]).toBe(0)
    // The observation is the state rounded to float32.
    expect(out.obs[0]).toBe(Math.fround(env.state[0]))
    expect(out.obs[1]).toBe(Math.fround(env.state[1]))
  })

  it('stops the car dead at the left wall, then gravity pulls it back', () => {
    // s = [−1.19, −0.02], a = 0:  cos(−3.57) = −0.9096285273579445
    //   v = −0.02 + (−0.001 + 0.9096285273579445·0.0025) = −0.02 + 0.001274071318394861 = −0.018725928681605
    //   x = −1.19 − 0.018725928681605 = −1.2087… → clipped to −1.2; at the wall with v < 0, v = 0
    const { env, act } = single()
    env.setState(0, [-1.19, -0.02])
    act(0)
    expect(env.state[0]).toBe(-1.2)
    expect(env.state[1]).toBe(0)
    // a = 1 from [−1.2, 0]: v = 0 + (0 − cos(−3.6)·0.0025) = 0.896758416334147·0.0025 = 0.0022418960408353682
    act(1)
    expect(env.state[1]).toBeCloseTo(0.896758416334147 * 0.0025, 17)
    expect(env.state[0]).toBeCloseTo(-1.1977581039591645, 15)
  })

  it('keeps a car at the left wall that is already moving right', () => {
    // The reset applies only when v < 0: a car at x = −1.2 with v = 0.05 carries on to the right.
    const { env, act } = single()
    env.setState(0, [-1.2, 0.05])
    act(2)
    expect(env.state[0]).toBeGreaterThan(-1.2)
    expect(env.state[1]).toBeGreaterThan(0.05)
  })

  it('clips the velocity to ±0.07 before moving', () => {
    // s = [−1.0, 0.069], a = 2: v = 0.069 + (0.001 − cos(−3)·0.0025) = 0.069 + 0.001 + 0.98999·0.0025 = 0.072475 → 0.07
    //   x = −1.0 + 0.07 = −0.93 (as float64: −0.9299999999999999)
    const right = single()
    right.env.setState(0, [-1.0, 0.069])
    right.act(2)
    expect(right.env.state[1]).toBe(0.07)
    expect(right.env.state[0]).toBe(-1.0 + 0.07)
    expect(component(right.out, 'speed')).toBe(1)
    // s = [−0.3, −0.0695], a = 0: v = −0.0695 − 0.001 − cos(−0.9)·0.0025 = −0.0695 − 0.001 − 0.001554 = −0.072054 → −0.07
    const left = single()
    left.env.setState(0, [-0.3, -0.0695])
    left.act(0)
    expect(left.env.state[1]).toBe(-0.07)
    expect(left.env.state[0]).toBe(-0.3 - 0.07)
  })

  it('clips the position at 0.6 without touching the velocity', () => {
    const { env, out, act } = single()
    env.setState(0, [0.59, 0.07])
    act(2, false)
    expect(env.state[0]).toBe(0.6)
    expect(env.state[1]).toBe(0.07)
    expect(out.terminated[0]).toBe(1)
  })

  it('terminates past the flag only when moving right (velocity ≥ 0)', () => {
    // s = [0.52, −0.01], a = 1: v = −0.01 − cos(1.56)·0.0025 = −0.010026990…; x = 0.509973 ≥ 0.5 but v < 0
    const back = single()
    back.env.setState(0, [0.52, -0.01])
    back.act(1)
    expect(back.env.state[0]).toBeCloseTo(0.5099730097073544, 15)
    expect(back.env.state[1]).toBeCloseTo(-0.01002699029264567, 17)
    expect(back.out.terminated[0]).toBe(0)
    expect(component(back.out, 'goal')).toBe(0)

    // s = [0.49, 0.02], a = 2: v = 0.02 + 0.001 − cos(1.47)·0.0025 = 0.020748435666532672; x = 0.5107484356665326
    const forward = single()
    forward.env.setState(0, [0.49, 0.02])
    forward.act(2)
    expect(forward.out.terminated[0]).toBe(1)
    expect(forward.out.truncated[0]).toBe(0)
    expect(component(forward.out, 'goal')).toBe(1)
    expect(forward.out.objective[0]).toBe(1)
    expect(forward.out.finalObs[0]).toBe(Math.fround(0.5107484356665326))
    expect(forward.out.finalObs[1]).toBe(Math.fround(0.020748435666532672))
    // Auto-reset: a fresh start in the valley, at rest.
    expect(forward.env.state[0]).toBeGreaterThanOrEqual(-0.6)
    expect(forward.env.state[0]).toBeLessThan(-0.4)
    expect(forward.env.state[1]).toBe(0)
    expect(forward.out.obs[0]).toBe(Math.fround(forward.env.state[0]))
  })

  it('truncates at 200 steps, keeps the final observation, auto-resets, and scores the time limit', () => {
    // Coasting (no push) from [−0.5, 0] rocks gently around the valley floor at x = −π/6.
    // After 200 steps it is at [−0.5215925933932505, 0.002043422643203296].
    const auto = single()
    const manual = single()
    auto.env.setState(0, [-0.5, 0])
    manual.env.setState(0, [-0.5, 0])
    let steps = 0
    while (steps < 1000) {
      auto.act(1)
      manual.act(1, false)
      steps++
      if (auto.out.terminated[0] || auto.out.truncated[0]) break
    }
    const out = auto.out
    expect(steps).toBe(200)
    expect(out.truncated[0]).toBe(1)
    expect(out.terminated[0]).toBe(0)
    expect(component(out, 'goal')).toBe(0)
    expect(out.objective[0]).toBe(200)
    expect(manual.env.state[0]).toBeCloseTo(-0.5215925933932505, 13)
    expect(manual.env.state[1]).toBeCloseTo(0.002043422643203296, 15)
    for (let j = 0; j < 2; j++) expect(out.finalObs[j]).toBe(Math.fround(manual.env.state[j]))
    expect(auto.env.state[0]).toBeGreaterThanOrEqual(-0.6)
    expect(auto.env.state[0]).toBeLessThan(-0.4)
    expect(auto.env.state[1]).toBe(0)
    for (let j = 0; j < 2; j++) expect(out.obs[j]).toBe(Math.fround(auto.env.state[j]))
  })

  it('honours the time_limit parameter', () => {
    const { env, out, act } = single({ time_limit: '2' })
    expect(env.spec.timeLimit).toBe(2)
    env.setState(0, [-0.5, 0])
    act(1)
    expect(out.truncated[0]).toBe(0)
    act(1, false)
    expect(out.truncated[0]).toBe(1)
    expect(out.objective[0]).toBe(2)
    expect(() => mountaincar.describe({ time_limit: 0 })).toThrow('parameter "time_limit" of mountaincar must be an integer from 1 to 100000')
  })
})

describe('mountaincar components', () => {
  it('records height, speed, swing and energy from the states before and after the step', () => {
    // s = [−0.5, 0.0005], a = 0:  v′ = 0.0005 − 0.001 − 0.0707372·0.0025 = −0.0006768430041692573; x′ = −0.5006768430041693
    //   height = (sin(3x′) + 1)/2 = (−0.99763636… + 1)/2 = 0.0011817179567903402
    //   speed = |v′|/0.07 = 0.009669185773846532
    //   swing = 1 (v = +0.0005 → v′ < 0)
    //   energy = Φ(s′) − Φ(s) = (sin 3x′ + 600·v′²) − (sin(−1.5) + 600·0.0005²) = −1.6707610989152855e−5
    const { env, out, act } = single()
    env.setState(0, [-0.5, 0.0005])
    act(0)
    expect(component(out, 'step')).toBe(-1)
    expect(component(out, 'goal')).toBe(0)
    expect(component(out, 'height')).toBeCloseTo(0.0011817179567903402, 15)
    expect(component(out, 'speed')).toBeCloseTo(0.009669185773846532, 15)
    expect(component(out, 'swing')).toBe(1)
    expect(component(out, 'energy')).toBeCloseTo(-1.6707610989152855e-5, 15)
    expect(component(out, 'energy')).toBeCloseTo(potential(env.state[0], env.state[1]) - potential(-0.5, 0.0005), 15)
    // Still moving left: no new swing.
    act(0)
    expect(component(out, 'swing')).toBe(0)
    expect(component(out, 'energy')).toBeCloseTo(0.0014098506664309562, 15)
  })

  it('scales height to [0, 1]: 0 at the valley floor x = −π/6, 1 at the hilltop x = π/6', () => {
    const floor = single()
    // From [−π/6, 0] with no push the slope force is −cos(−π/2)·0.0025 ≈ 0, so the car stays put.
    floor.env.setState(0, [-Math.PI / 6, 0])
    floor.act(1)
    expect(component(floor.out, 'height')).toBeCloseTo(0, 12)
    const top = single()
    top.env.setState(0, [Math.PI / 6, 0])
    top.act(1)
    expect(component(top.out, 'height')).toBeCloseTo(1, 12)
  })

  it('gives −1 per step under the default weights, the goal step included', () => {
    const { env, out, act } = single()
    const mix = compileMix(env.spec, defaultMix(env.spec))
    env.setState(0, [0.45, 0.03])
    let steps = 0
    do {
      act(2)
      steps++
      expect(mixOne(mix.weights, out.components, 0)).toBe(-1)
    } while (!out.terminated[0] && steps < 10)
    expect(out.terminated[0]).toBe(1)
    expect(steps).toBe(2)
  })

  it('scores steps to the goal: pumping energy (push along the velocity) climbs out in 124 steps', () => {
    // The classic hand policy: push right while v ≥ 0, left while v < 0. From [−0.5, 0] the Python
    // transcription reaches x = 0.5349499825655736, v = 0.04819097792866507 on step 124.
    const { env, out, act } = single()
    env.setState(0, [-0.5, 0])
    let energySum = 0
    let swings = 0
    let steps = 0
    let lastState = [0, 0]
    do {
      const action = env.state[1] >= 0 ? 2 : 0
      act(action, false)
      energySum += component(out, 'energy')
      swings += component(out, 'swing')
      lastState = [env.state[0], env.state[1]]
      steps++
    } while (!out.terminated[0] && !out.truncated[0])
    expect(steps).toBe(124)
    expect(out.terminated[0]).toBe(1)
    expect(out.objective[0]).toBe(124)
    expect(lastState[0]).toBeCloseTo(0.5349499825655736, 13)
    expect(lastState[1]).toBeCloseTo(0.04819097792866507, 15)
    // Potential-based shaping telescopes: Σ energy = Φ(end) − Φ(start).
    expect(energySum).toBeCloseTo(potential(lastState[0], lastState[1]) - potential(-0.5, 0), 12)
    // The car turned at least twice to get there (left first, then right).
    expect(swings).toBeGreaterThanOrEqual(2)
  })

  it('lets a jittering car farm swing bonuses without going anywhere (the exploit its description warns of)', () => {
    const { env, out, act } = single()
    env.setState(0, [-Math.PI / 6, 0])
    let swings = 0
    const pattern = [0, 0, 2, 2]
    for (let t = 0; t < 40; t++) {
      act(pattern[t % 4], false)
      swings += component(out, 'swing')
    }
    expect(swings).toBeGreaterThanOrEqual(15)
    expect(Math.abs(env.state[0] + Math.PI / 6)).toBeLessThan(0.01)
  })
})

describe('mountaincar reset', () => {
  it('draws the position uniformly in [−0.6, −0.4) from the rng it is given, velocity 0', () => {
    const env = mountaincar.create(64, {})
    const obs = new Float32Array(64 * 2)
    env.reset(new Rng(3), obs)
    const positions = new Set<number>()
    for (let i = 0; i < 64; i++) {
      expect(env.state[2 * i]).toBeGreaterThanOrEqual(-0.6)
      expect(env.state[2 * i]).toBeLessThan(-0.4)
      expect(env.state[2 * i + 1]).toBe(0)
      positions.add(env.state[2 * i])
    }
    expect(positions.size).toBe(64)
    const again = mountaincar.create(64, {})
    again.reset(new Rng(3), new Float32Array(64 * 2))
    expect(Array.from(again.state)).toEqual(Array.from(env.state))
    for (let j = 0; j < obs.length; j++) expect(obs[j]).toBe(Math.fround(env.state[j]))
  })

  it('steps many copies independently', () => {
    const env = mountaincar.create(3, {})
    const out = allocateStepBuffers(env.spec, 3)
    for (let i = 0; i < 3; i++) env.setState(i, [-0.5, 0])
    env.step(new Int32Array([2, 1, 0]), out, new Rng(1))
    const slope = -0.0707372016677029 * 0.0025
    expect(env.state[1]).toBeCloseTo(0.001 + slope, 17)
    expect(env.state[3]).toBeCloseTo(slope, 17)
    expect(env.state[5]).toBeCloseTo(-0.001 + slope, 17)
  })

  it('rejects a state of the wrong length or with non-finite values', () => {
    const env = mountaincar.create(1, {})
    expect(() => env.setState(0, [0])).toThrow('mountaincar state needs 2 values (position, velocity), got 1')
    expect(() => env.setState(0, [0, Infinity])).toThrow('velocity must be finite')
  })
})
