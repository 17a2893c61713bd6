import { describe, expect, it } from 'vitest'
import { cartpole } from '../envs/cartpole'
import { cliffwalking } from '../envs/cliffwalking'
import { GridBatch, gridSpec, parseLayout } from '../envs/grid'
import { allocateStepBuffers, type BatchEnv } from '../envs/types'
import { compileMix, defaultMix, type CompiledMix } from '../rewards/mix'
import { Rng } from '../rng'
import { ExpectedSarsaOptionsSchema, QLearningOptionsSchema, SarsaLambdaOptionsSchema, SarsaOptionsSchema } from '../run/learnerOptions'
import { ADVANTAGE_SAMPLE } from '../run/trainer'
import { createQLearningTrainer } from './qlearning'
import type { TabularTrainer } from './tabular'
import { createTdTrainer, EligibilityTraces, type TdOptions } from './td'

// CliffWalking's action order, which custom grids share.
const UP = 0
const RIGHT = 1
const LEFT = 3

type Kind = TdOptions['kind']

function options(kind: Kind, overrides: Record<string, number | string> = {}): TdOptions {
  const fields = { kind, epsilon: 0.1, alpha: 0.5, gamma: 1, ...overrides }
  if (kind === 'sarsa') return SarsaOptionsSchema.parse(fields)
  if (kind === 'expected_sarsa') return ExpectedSarsaOptionsSchema.parse(fields)
  return SarsaLambdaOptionsSchema.parse(fields)
}

function defaultMixOf(env: BatchEnv): CompiledMix {
  return compileMix(env.spec, defaultMix(env.spec))
}

/** A one-row corridor S . . G (states 0 1 2 3); every step pays −1 (CliffWalking's default mix). */
function corridor(): BatchEnv {
  const layout = parseLayout(['S..G'])
  return new GridBatch(gridSpec({ id: 'corridor', label: 'corridor', description: 'corridor', layout, timeLimit: null, params: [] }), 1, layout)
}

/**
 * An Rng that returns scripted uniforms, so a test decides every exploration draw: with ε = 0.5 a
 * uniform below 0.5 explores and the next one picks action ⌊u·4⌋. split() hands out itself; the
 * grids without ice never draw.
 */
class ScriptedRng extends Rng {
  constructor(private readonly script: number[]) {
    super(0)
  }
  override uniform(): number {
    const next = this.script.shift()
    if (next === undefined) throw new Error('the scripted draws ran out')
    return next
  }
  override split(): Rng {
    return this
  }
  get left(): number {
    return this.script.length
  }
}

/** Set Q(s, ·) to the given values. */
function setRow(trainer: TabularTrainer, s: number, values: number[]): void {
  trainer.qTable.set(values, s * trainer.numActions)
}

function q(trainer: TabularTrainer, s: number, a: number): number {
  return trainer.qTable[s * trainer.numActions + a]
}

describe('SARSA and Expected SARSA: one update by hand', () => {
  // From S (0) the agent goes right to 1 (r = −1). Q(0, ·) = [−5, 0, −5, −5], Q(1, ·) = [−2, 2, −2, 4].
  // ε = 0.5, α = 0.5, γ = 0.9. Draws: 0.9 (exploit at 0: right), then at 1: 0.1 (explore), 0.3 → ⌊1.2⌋ = right.
  async function oneStep(kind: Kind): Promise<TabularTrainer> {
    const rng = new ScriptedRng([0.9, 0.1, 0.3])
    const trainer = createTdTrainer(corridor(), defaultMixOf(corridor()), options(kind, { epsilon: 0.5, alpha: 0.5, gamma: 0.9, stepsPerIteration: 1 }), rng)
    setRow(trainer, 0, [-5, 0, -5, -5])
    setRow(trainer, 1, [-2, 2, -2, 4])
    const report = await trainer.iterate()
    expect(rng.left).toBe(0)
    expect(report.advantages).toHaveLength(1)
    return trainer
  }

  it('SARSA bootstraps from the action it takes next, not the best one', async () => {
    const trainer = await oneStep('sarsa')
    // δ = −1 + 0.9·Q(1, right) − Q(0, right) = −1 + 1.8 − 0 = 0.8; Q(0, right) = 0 + 0.5·0.8 = 0.4
    // (Q-learning would use max Q(1, ·) = 4: δ = 2.6.)
    expect(q(trainer, 0, RIGHT)).toBeCloseTo(0.4, 12)
  })

  it('Expected SARSA bootstraps from the ε-greedy expectation', async () => {
    const trainer = await oneStep('expected_sarsa')
    // π(·|1) = ε/4 = 0.125 each, plus 1 − ε = 0.5 on the greedy left:
    // Σ π·Q = 0.125·(−2 + 2 − 2 + 4) + 0.5·4 = 0.25 + 2 = 2.25
    // δ = −1 + 0.9·2.25 − 0 = 1.025; Q(0, right) = 0.5·1.025 = 0.5125
    expect(q(trainer, 0, RIGHT)).toBeCloseTo(0.5125, 12)
  })
})

describe('SARSA(λ): eligibility traces by hand', () => {
  it('spreads each TD error over the decayed traces and resets them when the episode ends', async () => {
    // ε = 0 (no draws), α = 0.5, γ = 0.9, λ = 0.5, so e decays by γλ = 0.45 after each update.
    // Q(s, right) = 1, 2, 3 for s = 0, 1, 2; every other action −10: the agent walks right.
    const trainer = createTdTrainer(corridor(), defaultMixOf(corridor()), options('sarsa_lambda', { epsilon: 0, alpha: 0.5, gamma: 0.9, lambda: 0.5, stepsPerIteration: 1 }), new Rng(1))
    for (let s = 0; s < 3; s++) setRow(trainer, s, [-10, s + 1, -10, -10])

    // Step 1, 0 → 1: δ = −1 + 0.9·2 − 1 = −0.2; e(0, r) = 1: Q(0, r) = 1 − 0.1 = 0.9; then e(0, r) = 0.45.
    let report = await trainer.iterate()
    expect(report.advantages?.[0]).toBeCloseTo(-0.2, 6)
    expect(q(trainer, 0, RIGHT)).toBeCloseTo(0.9, 12)

    // Step 2, 1 → 2: δ = −1 + 0.9·3 − 2 = −0.3; e(1, r) = 1.
    // Q(1, r) = 2 + 0.5·(−0.3)·1 = 1.85; Q(0, r) = 0.9 + 0.5·(−0.3)·0.45 = 0.8325; then e = 0.2025, 0.45.
    report = await trainer.iterate()
    expect(report.advantages?.[0]).toBeCloseTo(-0.3, 6)
    expect(q(trainer, 1, RIGHT)).toBeCloseTo(1.85, 12)
    expect(q(trainer, 0, RIGHT)).toBeCloseTo(0.8325, 12)

    // Step 3, 2 → goal (terminated, no bootstrap): δ = −1 − 3 = −4; e(2, r) = 1.
    // Q(2, r) = 3 − 2 = 1; Q(1, r) = 1.85 − 2·0.45 = 0.95; Q(0, r) = 0.8325 − 2·0.2025 = 0.4275.
    report = await trainer.iterate()
    expect(report.episodes).toHaveLength(1)
    expect(q(trainer, 2, RIGHT)).toBeCloseTo(1, 12)
    expect(q(trainer, 1, RIGHT)).toBeCloseTo(0.95, 12)
    expect(q(trainer, 0, RIGHT)).toBeCloseTo(0.4275, 12)

    // Step 4, a new episode 0 → 1: δ = −1 + 0.9·0.95 − 0.4275 = −0.5725; Q(0, r) = 0.4275 − 0.28625 = 0.14125.
    // The traces were reset: Q(1, r) and Q(2, r) do not move.
    await trainer.iterate()
    expect(q(trainer, 0, RIGHT)).toBeCloseTo(0.14125, 12)
    expect(q(trainer, 1, RIGHT)).toBeCloseTo(0.95, 12)
    expect(q(trainer, 2, RIGHT)).toBeCloseTo(1, 12)
  })

  it('replacing traces set e = 1 on a revisit, accumulating ones add 1', async () => {
    // The agent bumps into the left wall twice: (0, left) is visited on both steps. γ = λ = 1: no decay.
    // Q(0, left) = 5, the rest −10. Step 1: δ = −1 + 5 − 5 = −1, e = 1: Q(0, left) = 5 − 0.5 = 4.5.
    // Step 2: δ = −1 + 4.5 − 4.5 = −1; replacing e = 1: Q = 4.5 − 0.5 = 4; accumulating e = 2: Q = 4.5 − 1 = 3.5.
    for (const [traces, expected] of [
      ['replacing', 4],
      ['accumulating', 3.5],
    ] as const) {
      const trainer = createTdTrainer(corridor(), defaultMixOf(corridor()), options('sarsa_lambda', { epsilon: 0, alpha: 0.5, gamma: 1, lambda: 1, traces, stepsPerIteration: 2 }), new Rng(1))
      setRow(trainer, 0, [-10, -10, -10, 5])
      await trainer.iterate()
      expect(q(trainer, 0, LEFT)).toBeCloseTo(expected, 12)
    }
  })

  it('keeps one trace list per copy, decays it by γλ and drops negligible traces', () => {
    const traces = new EligibilityTraces(2, 100, false)
    traces.visit(0, 7)
    traces.visit(0, 7)
    traces.visit(1, 3)
    const table = new Float64Array(100)
    // Q(7) += 0.5·2 = 1 (accumulated trace 2), then e(7) = 2·0.5 = 1.
    traces.update(0, table, 0.5, 0.5)
    expect(table[7]).toBe(1)
    expect(table[3]).toBe(0)
    expect(traces.trace(0, 7)).toBe(1)
    expect(traces.trace(1, 3)).toBe(1)
    // 1e-6 · 1e-6 = 1e-12 is below the cutoff: the trace is gone.
    traces.update(0, table, 0, 1e-6)
    traces.update(0, table, 0, 1e-6)
    expect(traces.trace(0, 7)).toBe(0)
    traces.clear(1)
    expect(traces.trace(1, 3)).toBe(0)
    // More distinct pairs than the initial capacity.
    for (let pair = 0; pair < 50; pair++) traces.visit(0, pair)
    for (let pair = 0; pair < 50; pair++) expect(traces.trace(0, pair)).toBe(1)
  })

  it('is one-step SARSA when λ = 0', async () => {
    const env = () => cliffwalking.create(4, {})
    const sarsa = createTdTrainer(env(), defaultMixOf(env()), options('sarsa'), new Rng(9))
    const lambda0 = createTdTrainer(env(), defaultMixOf(env()), options('sarsa_lambda', { lambda: 0 }), new Rng(9))
    for (let i = 0; i < 5; i++) {
      const [a, b] = [await sarsa.iterate(), await lambda0.iterate()]
      expect(b.diagnostics).toEqual(a.diagnostics)
    }
    expect(Array.from(lambda0.qTable)).toEqual(Array.from(sarsa.qTable))
  })
})

describe.each(['sarsa', 'expected_sarsa', 'sarsa_lambda'] as const)('%s', (kind) => {
  it('bootstraps a time-limit cut from the final state, not the reset state', async () => {
    // Every step is cut (time_limit 1). From the start (36) the greedy action is up into (2, 0) = 24.
    const env = cliffwalking.create(1, { time_limit: 1 })
    const trainer = createTdTrainer(env, defaultMixOf(env), options(kind, { epsilon: 0, alpha: 1, stepsPerIteration: 1 }), new Rng(1))
    setRow(trainer, 36, [0, -7, -7, -7])
    setRow(trainer, 24, [5, 5, 5, 5])
    const report = await trainer.iterate()
    expect(report.episodes[0].truncated).toBe(true)
    // Q(36, up) ← −1 + 1·Q(24, ·) = −1 + 5 = 4 (from the reset state it would be −1 + 0).
    expect(q(trainer, 36, UP)).toBe(4)
  })

  it('does not bootstrap past a termination', async () => {
    const layout = parseLayout(['SG'])
    const env = new GridBatch(gridSpec({ id: 'two', label: 'two', description: 'two', layout, timeLimit: null, params: [] }), 1, layout)
    const trainer = createTdTrainer(env, defaultMixOf(env), options(kind, { epsilon: 0, alpha: 1, stepsPerIteration: 1 }), new Rng(1))
    setRow(trainer, 0, [-1, 0, -1, -1])
    setRow(trainer, 1, [50, 50, 50, 50])
    await trainer.iterate()
    // Q(0, right) ← −1 + 0 (terminated), not −1 + 50.
    expect(q(trainer, 0, RIGHT)).toBe(-1)
  })

  it('reports the standard diagnostics and a bounded sample of its TD errors', async () => {
    const env = cliffwalking.create(8, {})
    const trainer = createTdTrainer(env, defaultMixOf(env), options(kind, { stepsPerIteration: 300 }), new Rng(2))
    const report = await trainer.iterate()
    expect(report.envSteps).toBe(2400)
    expect(Object.keys(report.diagnostics)).toEqual(['epsilon', 'td_error_abs_mean', 'q_max_abs', 'zero_advantage_fraction'])
    for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
    expect(report.diagnostics.epsilon).toBe(0.1)
    expect(report.diagnostics.q_max_abs).toBeGreaterThan(0)
    // 2400 TD errors, more than ADVANTAGE_SAMPLE: an evenly spaced sample of exactly that many.
    expect(report.advantages).toHaveLength(ADVANTAGE_SAMPLE)
    const small = createTdTrainer(cliffwalking.create(2, {}), defaultMixOf(env), options(kind, { stepsPerIteration: 100 }), new Rng(2))
    expect((await small.iterate()).advantages).toHaveLength(200)
    expect(report.demo.steps).toBe(300)
    expect(report.demo.states).toHaveLength(600)
    trainer.dispose()
    await expect(trainer.iterate()).rejects.toThrow('disposed')
  })

  it('applies a new mix from the next step on; all-zero TD errors count as zero advantages', async () => {
    const env = cliffwalking.create(2, {})
    const trainer = createTdTrainer(env, defaultMixOf(env), options(kind, { stepsPerIteration: 50 }), new Rng(3))
    trainer.setMix({ names: ['step', 'hazard', 'goal', 'progress'], weights: new Float64Array(4) })
    const report = await trainer.iterate()
    // No reward at all: the table never leaves its initial value and every TD error is 0.
    for (const v of trainer.qTable) expect(v).toBe(0)
    expect(report.diagnostics.zero_advantage_fraction).toBe(1)
    expect(report.diagnostics.td_error_abs_mean).toBe(0)
    expect(() => trainer.setMix({ names: ['step'], weights: new Float64Array(1) })).toThrow('has 1 weights but cliffwalking has 4 components')
  })

  it('stops with a diagnosis naming components, weights and state when the reward is not finite', async () => {
    const env = cliffwalking.create(1, {})
    const trainer = createTdTrainer(env, defaultMixOf(env), options(kind, { epsilon: 0 }), new Rng(1))
    trainer.setMix({ names: ['step', 'hazard', 'goal', 'progress'], weights: new Float64Array([1, 100, 0, Infinity]) })
    await expect(trainer.iterate()).rejects.toThrow(
      /reward is not finite \((NaN|-?Infinity)\) on cliffwalking copy 0 from state \[3, 0\] with action \d: components step=.*progress=.*; weights step=1, hazard=100, goal=0, progress=Infinity/,
    )
  })

  it('gives the same run for the same seed', async () => {
    const make = () => createTdTrainer(cliffwalking.create(2, {}), defaultMixOf(cliffwalking.create(1, {})), options(kind), new Rng(5))
    const [a, b] = [make(), make()]
    for (let i = 0; i < 3; i++) expect((await a.iterate()).diagnostics).toEqual((await b.iterate()).diagnostics)
    expect(Array.from(a.qTable)).toEqual(Array.from(b.qTable))
  })
})

describe('TD trainers: what does not fit', () => {
  it('refuses an environment with continuous observations, naming the learner', () => {
    const env = cartpole.create(1, {})
    expect(() => createTdTrainer(env, defaultMixOf(env), options('sarsa_lambda'), new Rng(1))).toThrow(
      'SARSA(λ) needs an environment with discrete states; cartpole has continuous observations',
    )
  })
})

/*
 * Sutton & Barto, Example 6.6 (Figure 6.4): CliffWalking, ε = 0.1, α = 0.5, γ = 1. SARSA, on-policy,
 * learns the values of the ε-greedy policy it follows, so it prefers the safe path away from the
 * edge and earns about −25 per episode online; Q-learning learns the optimal cliff-edge path and,
 * exploring next to the cliff, falls now and then: about −50 per episode.
 * Measured over seeds 1–30 (episodes 101–500): SARSA −27.6 on average (−23.8 … −36.9),
 * Q-learning −49.9 (−45.1 … −55.5). Q-learning's greedy path was the 13-step edge path in all 30;
 * SARSA's reached the goal in 17 or 19 steps through the upper rows in 25 of them, and in the other 5
 * looped in the safe rows (constant α = 0.5 leaves its values noisy); never more than one edge cell.
 */
describe('Sutton & Barto, Example 6.6 (CliffWalking, ε = 0.1, α = 0.5, γ = 1)', () => {
  const SEEDS = [1, 2, 3, 4, 5]
  const EPISODES = 500

  async function train(trainer: TabularTrainer): Promise<number[]> {
    const returns: number[] = []
    while (returns.length < EPISODES) {
      for (const episode of (await trainer.iterate()).episodes) returns.push(episode.shapedReturn)
    }
    return returns.slice(0, EPISODES)
  }

  /** The cells the greedy policy visits from the start, at most 100 steps. */
  function greedyPath(trainer: TabularTrainer): number[] {
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

  /** Online return per episode over episodes 101–500 (after the first hundred), averaged over seeds. */
  function onlineMean(runs: number[][]): number {
    const tails = runs.map((returns) => returns.slice(100))
    return tails.flat().reduce((sum, r) => sum + r, 0) / tails.flat().length
  }

  const GOAL = 47
  // The row next to the cliff, (2, 1) … (2, 10).
  const EDGE = Array.from({ length: 10 }, (_, j) => 2 * 12 + 1 + j)

  it('SARSA learns the safe path and earns more online (≈ −25) than Q-learning (≈ −50), which learns the edge path', async () => {
    const env = () => cliffwalking.create(1, {})
    const mix = defaultMixOf(env())
    const sarsaRuns: number[][] = []
    const qRuns: number[][] = []
    for (const seed of SEEDS) {
      const sarsa = createTdTrainer(env(), mix, options('sarsa', { stepsPerIteration: 100 }), new Rng(seed))
      const qlearning = createQLearningTrainer(env(), mix, QLearningOptionsSchema.parse({ kind: 'qlearning', epsilon: 0.1, alpha: 0.5, gamma: 1, stepsPerIteration: 100 }), new Rng(seed))
      sarsaRuns.push(await train(sarsa))
      qRuns.push(await train(qlearning))

      // Q-learning: up, eleven steps right along the edge, down into the goal.
      expect(greedyPath(qlearning)).toEqual([24, ...EDGE, 35, GOAL])
      // SARSA: a longer walk through the upper rows, at most one step on the edge row.
      const path = greedyPath(sarsa)
      expect(path[path.length - 1]).toBe(GOAL)
      expect(path.length).toBeGreaterThan(13)
      expect(path.filter((cell) => EDGE.includes(cell)).length).toBeLessThanOrEqual(1)
    }
    const sarsaMean = onlineMean(sarsaRuns)
    const qMean = onlineMean(qRuns)
    // Measured: SARSA −27.1, Q-learning −50.2 over these seeds.
    expect(sarsaMean).toBeGreaterThan(-32)
    expect(sarsaMean).toBeLessThan(-20)
    expect(qMean).toBeGreaterThan(-56)
    expect(qMean).toBeLessThan(-44)
    expect(sarsaMean - qMean).toBeGreaterThan(15)
  })
})
