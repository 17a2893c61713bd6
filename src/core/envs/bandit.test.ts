import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { bandit, banditGame, spreadMeans } from './bandit'
import { allocateStepBuffers, type BatchEnv, type EnvParams, type StepBuffers } from './types'

const COMPONENTS = ['payout', 'expected', 'lure']

function single(params = {}): { env: BatchEnv; out: StepBuffers; pull: (arm: number, autoReset?: boolean) => void } {
  const env = bandit.create(1, params)
  const out = allocateStepBuffers(env.spec, 1)
  const actions = new Int32Array(1)
  const rng = new Rng(11)
  return {
    env,
    out,
    pull(arm: number, autoReset = false) {
      actions[0] = arm
      env.step(actions, out, rng, autoReset)
    },
  }
}

function component(out: StepBuffers, name: string, copy = 0): number {
  return out.components[copy * COMPONENTS.length + COMPONENTS.indexOf(name)]
}

describe('bandit spec and parameters', () => {
  it('declares its components, one arm per action, the context as its discrete state and regret as objective', () => {
    const spec = bandit.spec
    expect(spec.components.map((c) => c.name)).toEqual(COMPONENTS)
    expect(spec.components.map((c) => c.defaultWeight)).toEqual([1, 0, 0])
    expect(spec.numActions).toBe(5)
    expect(spec.actionLabels).toEqual(['arm 0', 'arm 1', 'arm 2', 'arm 3', 'arm 4'])
    expect(spec.stateVars).toEqual(['k', 'context', 'last_context', 'last_arm', 'last_payout', 'mean_0', 'mean_1', 'mean_2', 'mean_3', 'mean_4'])
    expect(spec.obsSize).toBe(1)
    expect(spec.discreteStates).toBe(1)
    expect(spec.timeLimit).toBeNull()
    expect(spec.objective).toMatchObject({ name: 'regret', higherIsBetter: false })
    const contextual = bandit.describe({ k: 7, contexts: '4' })
    expect(contextual.discreteStates).toBe(4)
    expect(contextual.numActions).toBe(7)
    expect(contextual.stateVars).toHaveLength(12)
  })

  it('spreads the default means evenly from 0.1 to 0.9', () => {
    // mean_j = 0.1 + 0.8·j/(k − 1)
    expect(spreadMeans(5).map((m) => +m.toFixed(12))).toEqual([0.1, 0.3, 0.5, 0.7, 0.9])
    expect(spreadMeans(2)).toEqual([0.1, 0.9])
    expect(banditGame({ k: 3 }).means.map((m) => +m.toFixed(12))).toEqual([0.1, 0.5, 0.9])
    expect(banditGame({ k: 3, means: '0.2;0.4;0.1' }).means).toEqual([0.2, 0.4, 0.1])
    expect(banditGame({ k: 3, means: '' }).means.map((m) => +m.toFixed(12))).toEqual([0.1, 0.5, 0.9])
  })

  it('rejects means that do not fit k or the arm kind, and more contexts than arms', () => {
    expect(() => bandit.describe({ k: 4, means: '0.1;0.2' })).toThrow(
      'parameter "means" of bandit lists 2 values but k is 4: give exactly 4 means separated by ";", or leave it empty for evenly spread means',
    )
    expect(() => bandit.create(1, { k: 2, means: '0.5;1.5' })).toThrow('must hold probabilities from 0 to 1 for Bernoulli arms; got 1.5')
    expect(bandit.describe({ k: 2, means: '-2;1.5', arms: 'gaussian' }).numActions).toBe(2)
    expect(() => bandit.describe({ k: 3, contexts: 4 })).toThrow('parameter "contexts" of bandit must be at most k (3)')
  })
})

describe('bandit pulls', () => {
  it('pays deterministic Bernoulli arms exactly, with regret as the objective and the lure on arm 0', () => {
    // means [0, 1]: arm 0 never pays, arm 1 always does; the best mean is 1.
    const { env, out, pull } = single({ k: 2, means: '0;1' })
    pull(1)
    expect([component(out, 'payout'), component(out, 'expected'), component(out, 'lure')]).toEqual([1, 1, 0])
    expect(out.terminated[0]).toBe(1)
    expect(out.truncated[0]).toBe(0)
    expect(out.objective[0]).toBe(0)
    pull(0)
    expect([component(out, 'payout'), component(out, 'expected'), component(out, 'lure')]).toEqual([0, 0, 1])
    // regret = 1 − 0
    expect(out.objective[0]).toBe(1)
    expect(Array.from(env.state)).toEqual([2, 0, 0, 0, 0, 0, 1])
  })

  it('rotates the arms by the context: arm j pays like arm (j + c) mod k of context 0', () => {
    const { env, out, pull } = single({ k: 3, means: '0;0.5;1', contexts: 3 })
    // context 1: μ(0) = means[1] = 0.5, μ(1) = means[2] = 1, μ(2) = means[0] = 0
    env.setState(0, [3, 1, 0, -1, 0, 0, 0.5, 1])
    expect(Array.from(out.obs)).toEqual([0])
    pull(2)
    expect(component(out, 'payout')).toBe(0)
    expect(component(out, 'expected')).toBe(0)
    expect(out.objective[0]).toBe(1)
    pull(1)
    expect(component(out, 'payout')).toBe(1)
    expect(out.objective[0]).toBe(0)
    pull(0)
    expect(component(out, 'expected')).toBe(0.5)
    expect(out.objective[0]).toBe(0.5)
    expect(out.finalObs[0]).toBe(1)
    expect(out.obs[0]).toBe(1)
    // The last pull is kept: context 1, arm 0.
    expect(Array.from(env.state.subarray(0, 5)).slice(1, 4)).toEqual([1, 1, 0])
  })

  it('draws Bernoulli payouts with the arm’s probability and Gaussian ones around the mean', () => {
    const n = 20_000
    const bernoulli = bandit.create(n, { k: 2, means: '0.3;0.6' })
    const out = allocateStepBuffers(bernoulli.spec, n)
    const rng = new Rng(5)
    bernoulli.reset(rng, out.obs)
    bernoulli.step(new Int32Array(n), out, rng)
    let paid = 0
    for (let i = 0; i < n; i++) paid += out.components[i * 3]
    // binomial std √(0.3·0.7/20000) ≈ 0.0032
    expect(Math.abs(paid / n - 0.3)).toBeLessThan(0.015)

    const gaussian = bandit.create(n, { k: 2, arms: 'gaussian', means: '2;-1', noise: 0.5 })
    gaussian.reset(rng, out.obs)
    gaussian.step(new Int32Array(n), out, rng)
    let sum = 0
    let squares = 0
    for (let i = 0; i < n; i++) {
      const payout = out.components[i * 3]
      sum += payout
      squares += payout * payout
      expect(out.components[i * 3 + 1]).toBe(2)
    }
    const mean = sum / n
    expect(Math.abs(mean - 2)).toBeLessThan(0.02)
    expect(Math.abs(Math.sqrt(squares / n - mean * mean) - 0.5)).toBeLessThan(0.02)

    const { out: quiet, pull } = single({ k: 2, arms: 'gaussian', means: '2;-1', noise: 0 })
    pull(1)
    expect(component(quiet, 'payout')).toBe(-1)
    expect(quiet.objective[0]).toBe(3)
  })

  it('ends every episode after one pull and draws the next context uniformly on auto-reset', () => {
    const n = 8000
    const env = bandit.create(n, { k: 4, contexts: 4 })
    const out = allocateStepBuffers(env.spec, n)
    const rng = new Rng(9)
    env.reset(rng, out.obs)
    const before = Float32Array.from(out.obs)
    env.step(new Int32Array(n).fill(3), out, rng)
    const counts = [0, 0, 0, 0]
    for (let i = 0; i < n; i++) {
      expect(out.terminated[i]).toBe(1)
      expect(out.finalObs[i]).toBe(before[i])
      expect(out.obs[i]).toBe(env.state[i * 9 + 1])
      counts[out.obs[i]]++
    }
    for (const count of counts) expect(Math.abs(count / n - 0.25)).toBeLessThan(0.03)
  })

  it('restores the configured means on reset after a trace set others', () => {
    const { env, out, pull } = single({ k: 2, means: '0;1' })
    env.setState(0, [2, 0, 0, -1, 0, 1, 0])
    pull(0, true)
    expect(component(out, 'payout')).toBe(1)
    expect(Array.from(env.state.subarray(5))).toEqual([0, 1])
  })

  it('rejects states that do not fit the layout', () => {
    const env = bandit.create(1, { k: 2, contexts: 2 })
    expect(() => env.setState(0, [2, 0, 0, -1, 0])).toThrow('bandit state needs 7 values (k, context, last_context, last_arm, last_payout, mean_0, mean_1), got 5')
    expect(() => env.setState(0, [3, 0, 0, -1, 0, 0.1, 0.9])).toThrow('bandit state value k must be 2 (the k parameter), got 3')
    expect(() => env.setState(0, [2, 2, 0, -1, 0, 0.1, 0.9])).toThrow('context must be an integer from 0 to 1, got 2')
    expect(() => env.setState(0, [2, 0, 0, 5, 0, 0.1, 0.9])).toThrow('last_arm must be −1 (no pull yet) or an arm from 0 to 1, got 5')
    expect(() => env.setState(0, [2, 0, 0, -1, 0, 0.1, 1.9])).toThrow('mean_1 must be a probability from 0 to 1')
  })
})

describe('bandit expected components', () => {
  it('gives E[c | state, arm]: the arm’s mean in the state’s context for payout and expected, the lure on arm 0', () => {
    const env = bandit.create(2, { k: 3, means: '0.2;0.5;0.9', contexts: 3 })
    // copy 1 in context 2: μ(0) = means[2] = 0.9, μ(1) = means[0] = 0.2, μ(2) = means[1] = 0.5
    env.setState(1, [3, 2, 0, -1, 0, 0.2, 0.5, 0.9])
    const out = new Float64Array(3)
    const offset = 1 * 8
    const expectations = [0, 1, 2].map((arm) => {
      bandit.expectedComponents!(env.state, offset, arm, out)
      return Array.from(out)
    })
    expect(expectations).toEqual([
      [0.9, 0.9, 1],
      [0.2, 0.2, 0],
      [0.5, 0.5, 0],
    ])
    // copy 0 starts in context 0: arm 1 pays means[1]
    bandit.expectedComponents!(env.state, 0, 1, out)
    expect(Array.from(out)).toEqual([0.5, 0.5, 0])
  })

  it('matches the mean of many pulls of a Bernoulli arm and of a Gaussian arm', () => {
    const n = 20_000
    const games: EnvParams[] = [{ k: 2, means: '0.3;0.6', contexts: 2 }, { k: 2, means: '2;-1', contexts: 2, arms: 'gaussian', noise: 0.5 }]
    for (const params of games) {
      const env = bandit.create(n, params)
      const out = allocateStepBuffers(env.spec, n)
      const rng = new Rng(17)
      env.reset(rng, out.obs)
      const stride = env.spec.stateVars.length
      const expected = new Float64Array(3)
      let predicted = 0
      for (let i = 0; i < n; i++) {
        bandit.expectedComponents!(env.state, i * stride, 1, expected)
        predicted += expected[0]
      }
      env.step(new Int32Array(n).fill(1), out, rng)
      let paid = 0
      for (let i = 0; i < n; i++) paid += out.components[i * 3]
      // std of the mean below 0.005 for both (√(0.25/20000), 0.5/√20000)
      expect(Math.abs(paid / n - predicted / n)).toBeLessThan(0.02)
    }
  })

  it('refuses an arm the bandit does not have', () => {
    const env = bandit.create(1, { k: 2 })
    expect(() => bandit.expectedComponents!(env.state, 0, 2, new Float64Array(3))).toThrow('a bandit pull needs an arm from 0 to 1; got 2')
    expect(() => bandit.expectedComponents!(env.state, 0, 0, new Float64Array(2))).toThrow('need room for 3 values')
  })
})
