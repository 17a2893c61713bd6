import { describe, expect, it } from 'vitest'
import { bandit } from '../envs/bandit'
import { cartpole } from '../envs/cartpole'
import { cliffwalking } from '../envs/cliffwalking'
import { frozenlake } from '../envs/frozenlake'
import { allocateStepBuffers, type EnvDefinition, type EnvParams, type TabularModel } from '../envs/types'
import { compileMix, defaultMix } from '../rewards/mix'
import { Rng } from '../rng'
import { ValueIterationOptionsSchema } from '../run/learnerOptions'
import type { TabularTrainer } from './tabular'
import { createValueIterationTrainer } from './valueIteration'

function trainer(definition: EnvDefinition, params: EnvParams, overrides: Record<string, number> = {}, numEnvs = 1): TabularTrainer {
  const env = definition.create(numEnvs, params)
  const options = ValueIterationOptionsSchema.parse({ kind: 'value_iteration', numEnvs, ...overrides })
  return createValueIterationTrainer(definition, params, env, compileMix(env.spec, defaultMix(env.spec)), options, new Rng(1))
}

/** The cells the greedy policy visits on CliffWalking from the start, at most 100 steps. */
function greedyPath(t: TabularTrainer): number[] {
  const env = cliffwalking.create(1, {})
  const out = allocateStepBuffers(env.spec, 1)
  const action = new Int32Array(1)
  env.reset(new Rng(0), out.obs)
  const visited: number[] = []
  for (let step = 0; step < 100; step++) {
    action[0] = t.greedyAction(out.obs[0])
    env.step(action, out, new Rng(0), false)
    visited.push(out.obs[0])
    if (out.terminated[0]) break
  }
  return visited
}

const START = 36
const UP = 0
// Up to (2, 0), eleven steps right along the edge, down into the goal.
const EDGE_PATH = [24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 47]

describe('value iteration on CliffWalking', () => {
  it('γ = 1: converges exactly to V*(start) = −13 and plays the 13-step path', async () => {
    // Every reward is ≤ 0, so V = 0 starts above V* and each sweep only lowers it; every state can
    // reach the goal, so the −1 per step bounds V* (the longest shortest path is 14 steps) and the
    // in-place sweeps settle exactly, residual 0, well inside the 1000 allowed.
    const t = trainer(cliffwalking, {}, { gamma: 1, sweepsPerIteration: 1000, tolerance: 0, stepsPerIteration: 13 })
    const report = await t.iterate()
    expect(report.diagnostics.bellman_residual).toBe(0)
    expect(report.diagnostics.sweeps).toBeLessThan(30)
    expect(report.diagnostics.v_max_abs).toBe(14)
    expect(t.qTable[START * 4 + UP]).toBe(-13)
    expect(greedyPath(t)).toEqual(EDGE_PATH)
    // The greedy play in the environment copy: one 13-step episode of return −13.
    expect(report.episodes).toHaveLength(1)
    expect(report.episodes[0].shapedReturn).toBe(-13)
    expect(report.episodes[0].length).toBe(13)
    expect(report.episodes[0].objective).toBe(1)
  })

  it('γ = 0.99 (the default): the same path, Q(start, up) = −Σ_{k<13} 0.99^k', async () => {
    const t = trainer(cliffwalking, {}, { sweepsPerIteration: 1000 })
    const report = await t.iterate()
    expect(report.diagnostics.bellman_residual).toBeLessThanOrEqual(1e-8)
    // −(1 − 0.99^13) / (1 − 0.99) = −12.2479…
    expect(t.qTable[START * 4 + UP]).toBeCloseTo(-(1 - 0.99 ** 13) / 0.01, 10)
    expect(greedyPath(t)).toEqual(EDGE_PATH)
  })

  it('sweeps a little per iteration, stops sweeping once converged, and re-plans after a new mix', async () => {
    const t = trainer(cliffwalking, {}, { sweepsPerIteration: 2, stepsPerIteration: 10 })
    let report = await t.iterate()
    expect(report.diagnostics.sweeps).toBe(2)
    expect(report.diagnostics.bellman_residual).toBeGreaterThan(0)
    expect(Object.keys(report.diagnostics)).toEqual(['bellman_residual', 'sweeps', 'v_max_abs'])
    expect(report.envSteps).toBe(10)
    expect(report.demo.steps).toBe(10)
    for (let i = 0; i < 20; i++) report = await t.iterate()
    expect(report.diagnostics.sweeps).toBe(0)
    expect(report.diagnostics.bellman_residual).toBeLessThanOrEqual(1e-8)
    // No reward at all: V falls back to 0 everywhere.
    t.setMix({ names: ['step', 'hazard', 'goal', 'progress'], weights: new Float64Array(4) })
    for (let i = 0; i < 100; i++) report = await t.iterate()
    expect(report.diagnostics.v_max_abs).toBeLessThan(1e-6)
    expect(() => t.setMix({ names: ['step'], weights: new Float64Array(1) })).toThrow('has 1 weights but cliffwalking has 4 components')
  })

  it('stops with a diagnosis when the mix makes a reward non-finite', async () => {
    const t = trainer(cliffwalking, {})
    t.setMix({ names: ['step', 'hazard', 'goal', 'progress'], weights: new Float64Array([1, 100, 0, Infinity]) })
    await expect(t.iterate()).rejects.toThrow(/reward is not finite \((NaN|-?Infinity)\) on cliffwalking from state \d+ with action \d: components .*; weights step=1, hazard=100, goal=0, progress=Infinity/)
  })

  it('needs a model, and discrete states', () => {
    expect(() => trainer(bandit, {})).toThrow("Value iteration needs the environment's exact model; bandit has none, use Q-learning or SARSA")
    expect(() => trainer(cartpole, {})).toThrow('Value iteration needs an environment with discrete states; cartpole has continuous observations')
  })
})

/** P(reach the goal within `horizon` steps) from each state under a fixed policy, by dynamic programming. */
function successWithin(model: TabularModel, policy: number[], horizon: number): Float64Array {
  let success = new Float64Array(model.numStates)
  for (let h = 0; h < horizon; h++) {
    const next = new Float64Array(model.numStates)
    for (let s = 0; s < model.numStates; s++) {
      for (const t of model.transitions(s, policy[s])) {
        // FrozenLake's first component is goal: 1 exactly on the step that reaches it.
        next[s] += t.probability * (t.terminated ? t.components[0] : success[t.nextState])
      }
    }
    success = next
  }
  return success
}

describe('value iteration on FrozenLake 4x4 (slippery, γ = 0.99)', () => {
  it('finds the known optimal policy: about 74% success within the 100-step limit, 82% without a limit', async () => {
    const copies = 500
    const t = trainer(frozenlake, {}, { gamma: 0.99, sweepsPerIteration: 1000, tolerance: 1e-12, stepsPerIteration: 100 }, copies)
    const episodes = []
    for (let i = 0; i < 10; i++) episodes.push(...(await t.iterate()).episodes)
    const policy = Array.from({ length: 16 }, (_, s) => t.greedyAction(s))
    // left, up, up, up / left, (hole), left, (hole) / up, down, left, (hole) / (hole), right, down, (goal);
    // terminal states show action 0.
    expect(policy).toEqual([0, 3, 3, 3, 0, 0, 0, 0, 3, 1, 0, 0, 0, 2, 1, 0])
    const model = frozenlake.model!({})
    // Measured: 0.7402 within 100 steps, 0.8235 (= 14/17) with no limit.
    const within100 = successWithin(model, policy, 100)[0]
    expect(within100).toBeCloseTo(0.7402, 4)
    expect(successWithin(model, policy, 10_000)[0]).toBeCloseTo(14 / 17, 6)
    // The greedy play agrees: ~11 000 episodes, standard error ≈ 0.004.
    expect(episodes.length).toBeGreaterThan(5000)
    const rate = episodes.reduce((sum, e) => sum + e.objective, 0) / episodes.length
    expect(Math.abs(rate - within100)).toBeLessThan(0.02)
  })
})
