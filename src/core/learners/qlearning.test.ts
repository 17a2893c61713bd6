import { describe, expect, it } from 'vitest'
import { cliffwalking } from '../envs/cliffwalking'
import { cartpole } from '../envs/cartpole'
import { GridBatch, gridSpec, parseLayout } from '../envs/grid'
import { allocateStepBuffers } from '../envs/types'
import { compileMix, defaultMix, type CompiledMix } from '../rewards/mix'
import { Rng } from '../rng'
import { QLearningOptionsSchema } from '../run/config'
import { createQLearningTrainer, type QLearningTrainer } from './qlearning'

const UP = 0
const RIGHT = 1

function options(overrides: Record<string, number> = {}) {
  return QLearningOptionsSchema.parse({ kind: 'qlearning', epsilon: 0.1, alpha: 0.5, gamma: 1, ...overrides })
}

function cliffTrainer(overrides: Record<string, number> = {}, seed = 1, params = {}): QLearningTrainer {
  const env = cliffwalking.create(1, params)
  return createQLearningTrainer(env, compileMix(env.spec, defaultMix(env.spec)), options(overrides), new Rng(seed))
}

/** Follow the greedy policy from the start; returns the cells visited after each step. */
function greedyRollout(trainer: QLearningTrainer): number[] {
  const env = cliffwalking.create(1, {})
  const out = allocateStepBuffers(env.spec, 1)
  const action = new Int32Array(1)
  env.reset(new Rng(0), out.obs)
  const visited: number[] = []
  for (let t = 0; t < 100; t++) {
    action[0] = trainer.greedyAction(out.obs[0])
    env.step(action, out, new Rng(0), false)
    visited.push(out.obs[0])
    if (out.terminated[0]) break
  }
  return visited
}

describe('Q-learning on CliffWalking', () => {
  it('learns the greedy path along the cliff edge (ε 0.1, α 0.5, γ 1)', async () => {
    const trainer = cliffTrainer()
    let episodes = 0
    for (let i = 0; i < 50; i++) {
      const report = await trainer.iterate()
      episodes += report.episodes.length
      expect(report.envSteps).toBe(200)
      expect(report.demo.steps).toBe(200)
      expect(report.demo.states).toHaveLength(400)
      for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
      expect(Object.keys(report.diagnostics)).toEqual(['epsilon', 'td_error_abs_mean', 'q_max_abs', 'zero_advantage_fraction'])
    }
    expect(episodes).toBeGreaterThan(100)
    // Up, eleven steps right along row 2, down into the goal: 13 steps.
    const row2 = Array.from({ length: 12 }, (_, col) => 2 * 12 + col)
    expect(greedyRollout(trainer)).toEqual([...row2, 47])
    // The optimal values: Q(start, up) = −13.
    expect(trainer.qTable[36 * 4 + UP]).toBeCloseTo(-13, 6)
  })

  it('gives the same run for the same seed', async () => {
    const a = cliffTrainer({}, 5)
    const b = cliffTrainer({}, 5)
    for (let i = 0; i < 3; i++) {
      const [ra, rb] = [await a.iterate(), await b.iterate()]
      expect(ra.diagnostics).toEqual(rb.diagnostics)
    }
    expect(Array.from(a.qTable)).toEqual(Array.from(b.qTable))
  })

  it('bootstraps a time-limit cut from the final state, not the reset state', async () => {
    // Every step is cut (time_limit 1). From the start (36) the greedy action is up into (2, 0) = 24.
    const trainer = cliffTrainer({ epsilon: 0, alpha: 1, stepsPerIteration: 1 }, 1, { time_limit: 1 })
    const q = trainer.qTable
    q.fill(-7, 36 * 4, 37 * 4)
    q[36 * 4 + UP] = 0
    q.fill(5, 24 * 4, 25 * 4)
    const report = await trainer.iterate()
    expect(report.episodes).toHaveLength(1)
    expect(report.episodes[0].truncated).toBe(true)
    // Q(36, up) ← −1 + 1·max_a Q(24, a) = −1 + 5 = 4 (from the reset state it would be −1 + 0).
    expect(q[36 * 4 + UP]).toBe(4)
  })

  it('does not bootstrap past a termination', async () => {
    const layout = parseLayout(['SG'])
    const env = new GridBatch(gridSpec({ id: 'two', label: 'two', description: 'two', layout, timeLimit: null, params: [] }), 1, layout)
    const trainer = createQLearningTrainer(env, compileMix(env.spec, defaultMix(env.spec)), options({ epsilon: 0, alpha: 1, stepsPerIteration: 1 }), new Rng(1))
    const q = trainer.qTable
    q.fill(-1, 0, 4)
    q[RIGHT] = 0
    q.fill(50, 4, 8)
    await trainer.iterate()
    // Q(0, right) ← −1 + 0 (terminated), not −1 + 50.
    expect(q[RIGHT]).toBe(-1)
  })

  it('applies a new mix from the next step on', async () => {
    const trainer = cliffTrainer({ epsilon: 0 })
    const zero: CompiledMix = { names: ['step', 'hazard', 'goal', 'progress'], weights: new Float64Array(4) }
    trainer.setMix(zero)
    await trainer.iterate()
    // No reward at all: the table never leaves its initial value.
    for (const v of trainer.qTable) expect(v).toBe(0)
    expect(() => trainer.setMix({ names: ['step'], weights: new Float64Array(1) })).toThrow('has 1 weights but cliffwalking has 4 components')
  })

  it('stops with a diagnosis naming components, weights and state when the reward is not finite', async () => {
    const trainer = cliffTrainer({ epsilon: 0 })
    trainer.setMix({ names: ['step', 'hazard', 'goal', 'progress'], weights: new Float64Array([1, 100, 0, Infinity]) })
    await expect(trainer.iterate()).rejects.toThrow(
      /reward is not finite \((NaN|-?Infinity)\) on cliffwalking copy 0 from state \[3, 0\] with action \d: components step=.*progress=.*; weights step=1, hazard=100, goal=0, progress=Infinity/,
    )
  })

  it('refuses an environment with continuous observations', () => {
    const env = cartpole.create(1, {})
    expect(() => createQLearningTrainer(env, compileMix(env.spec, defaultMix(env.spec)), options(), new Rng(1))).toThrow(
      'Q-learning needs an environment with discrete states; cartpole has continuous observations',
    )
  })

  it('trains many copies at once', async () => {
    const env = cliffwalking.create(8, {})
    const trainer = createQLearningTrainer(env, compileMix(env.spec, defaultMix(env.spec)), options({ stepsPerIteration: 100 }), new Rng(2))
    const report = await trainer.iterate()
    expect(report.envSteps).toBe(800)
    expect(report.diagnostics.epsilon).toBe(0.1)
    expect(report.diagnostics.q_max_abs).toBeGreaterThan(0)
    trainer.dispose()
    await expect(trainer.iterate()).rejects.toThrow('disposed')
  })
})
