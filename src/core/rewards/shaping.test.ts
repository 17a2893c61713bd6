import { describe, expect, it } from 'vitest'
import { acrobot, acrobotEnergy } from '../envs/acrobot'
import { cartpole } from '../envs/cartpole'
import { cliffwalking } from '../envs/cliffwalking'
import { frozenlake } from '../envs/frozenlake'
import { DOOR, GOAL, HOLE, LAVA, START, WALL } from '../envs/grid'
import { gridworld } from '../envs/gridworld'
import { mountaincar } from '../envs/mountaincar'
import { ENVIRONMENTS } from '../envs/registry'
import { allocateStepBuffers, type EnvDefinition, type EnvParams, type EnvSpec, type TabularModel } from '../envs/types'
import { Rng } from '../rng'
import { compileMix, defaultMix, mixOne } from './mix'
import { bindPotential, potentialDifference, potentialsFor, shapeStep, type PotentialFn } from './shaping'

// ——— helpers: grid states and value iteration on the exact model ———————————————————————————

/** The internal state [row, col] or [row, col, has_key] of grid state index s. */
function gridState(spec: EnvSpec, s: number): Float64Array {
  const { rows, cols } = spec.grid!
  const cell = s % (rows * cols)
  const position = [Math.floor(cell / cols), cell % cols]
  return Float64Array.from(spec.stateVars.length === 3 ? [...position, Math.floor(s / (rows * cols))] : position)
}

/** Whether state s is one the agent can stand on and act from (not a wall, a locked door or a terminal cell). */
function isOpen(spec: EnvSpec, s: number): boolean {
  const { rows, cols, cells } = spec.grid!
  const code = cells[s % (rows * cols)]
  return !(code === WALL || code === GOAL || code === LAVA || code === HOLE || (code === DOOR && s < rows * cols))
}

function startState(spec: EnvSpec): number {
  return spec.grid!.cells.indexOf(START)
}

/** r(s, a, outcome): the reward of one outcome of the model. */
type OutcomeReward = (s: number, nextState: number, components: Float64Array, terminated: boolean) => number

/** Q* by value iteration: Q(s, a) = Σ p·(r + γ·(1 − terminated)·max_a′ Q(s′, a′)), until the largest change ≤ 1e-11. */
function solve(model: TabularModel, reward: OutcomeReward, gamma: number): Float64Array {
  const { numStates: S, numActions: A } = model
  const v = new Float64Array(S)
  const q = new Float64Array(S * A)
  const outcomes = Array.from({ length: S * A }, (_, j) =>
    model.transitions(Math.floor(j / A), j % A).map((t) => ({ p: t.probability, next: t.nextState, go: t.terminated ? 0 : 1, r: reward(Math.floor(j / A), t.nextState, t.components, t.terminated) })),
  )
  for (let sweep = 0; sweep < 100_000; sweep++) {
    let largest = 0
    for (let s = 0; s < S; s++) {
      let best = -Infinity
      for (let a = 0; a < A; a++) {
        let value = 0
        for (const o of outcomes[s * A + a]) value += o.p * (o.r + gamma * o.go * v[o.next])
        q[s * A + a] = value
        best = Math.max(best, value)
      }
      largest = Math.max(largest, Math.abs(best - v[s]))
      v[s] = best
    }
    if (largest <= 1e-11) return q
  }
  throw new Error('value iteration did not converge')
}

/** The optimal actions of s: those within 1e-6 of the best Q (ties kept as a set). */
function optimalActions(q: Float64Array, s: number, A: number): number[] {
  let best = -Infinity
  for (let a = 0; a < A; a++) best = Math.max(best, q[s * A + a])
  const actions: number[] = []
  for (let a = 0; a < A; a++) if (q[s * A + a] >= best - 1e-6) actions.push(a)
  return actions
}

/** Steps the greedy policy (lowest optimal action) needs from the start to a terminal state; Infinity if it never gets there. */
function greedyStepsToEnd(model: TabularModel, q: Float64Array, spec: EnvSpec, limit = 500): number {
  let s = startState(spec)
  for (let t = 1; t <= limit; t++) {
    const [outcome] = model.transitions(s, optimalActions(q, s, model.numActions)[0])
    if (outcome.terminated) return t
    s = outcome.nextState
  }
  return Infinity
}

/** The mixed task reward r = Σ_k w_k·c_k, default weights overridden by `weights`. */
function taskReward(spec: EnvSpec, weights: Record<string, number> = {}): OutcomeReward {
  const mix = compileMix(spec, { weights: { ...defaultMix(spec).weights, ...weights } })
  return (_s, _next, components) => mixOne(mix.weights, components, 0)
}

/** The task reward plus potential-based shaping F = w·(γ·(1 − terminated)·Φ(s′) − Φ(s)) over state indices. */
function shapedReward(spec: EnvSpec, base: OutcomeReward, phi: PotentialFn, weight: number, gamma: number): OutcomeReward {
  return (s, next, components, terminated) =>
    base(s, next, components, terminated) + weight * potentialDifference(phi(gridState(spec, s), 0), phi(gridState(spec, next), 0), terminated, gamma)
}

/** The task reward plus the naive bonus w·Φ(s′). */
function naiveReward(spec: EnvSpec, base: OutcomeReward, phi: PotentialFn, weight: number): OutcomeReward {
  return (s, next, components, terminated) => base(s, next, components, terminated) + weight * phi(gridState(spec, next), 0)
}

/** A seeded random potential over state indices: any Φ at all must leave the optimal policy alone. */
function randomPotential(spec: EnvSpec, seed: number): PotentialFn {
  const rng = new Rng(seed)
  const values = Array.from({ length: spec.discreteStates! }, () => rng.range(-10, 10))
  const { rows, cols } = spec.grid!
  return (state, offset) => values[(spec.stateVars.length === 3 ? state[offset + 2] * rows * cols : 0) + state[offset] * cols + state[offset + 1]]
}

// ——— tests ——————————————————————————————————————————————————————————————————————————————

describe('the potential-based shaping term', () => {
  it('is γ·Φ(s′) − Φ(s), with Φ(s′) = 0 when s′ is terminal', () => {
    expect(potentialDifference(2, 5, false, 0.9)).toBeCloseTo(0.9 * 5 - 2, 15)
    expect(potentialDifference(2, 5, true, 0.9)).toBe(-2)
  })

  it('shapeStep: potential-based per copy, terminal copies get −w·Φ(s), naive pays w·Φ(s′)', () => {
    const phi: PotentialFn = (s, o) => s[o] + 10 * s[o + 1]
    const before = Float64Array.from([1, 0, 2, 1, 0, 3])
    const after = Float64Array.from([2, 0, 2, 2, 1, 1])
    const step = { terminated: Uint8Array.from([0, 1, 0]), truncated: new Uint8Array(3), finalState: after }
    const out = new Float64Array(3)
    shapeStep(phi, { weight: 2, gamma: 0.5, naive: false }, before, after, step, 3, 2, out)
    // Φ(s) = 1, 12, 30; Φ(s′) = 2, 22, 11. F = 2·(0.5·2 − 1), 2·(0 − 12), 2·(0.5·11 − 30)
    expect(Array.from(out)).toEqual([0, -24, -49])
    shapeStep(phi, { weight: 2, gamma: 0.5, naive: true }, before, after, step, 3, 2, out)
    expect(Array.from(out)).toEqual([4, 44, 22])
  })

  it('shapeStep reads s′ of a finished copy from finalState (the env already auto-reset it)', () => {
    const phi: PotentialFn = (s, o) => s[o]
    const before = Float64Array.of(1, 1, 1)
    const now = Float64Array.of(2, 0, 0) // copies 1 and 2 were reset to 0
    const step = { terminated: Uint8Array.of(0, 1, 0), truncated: Uint8Array.of(0, 0, 1), finalState: Float64Array.of(0, 7, 5) }
    const out = new Float64Array(3)
    shapeStep(phi, { weight: 1, gamma: 1, naive: false }, before, now, step, 3, 1, out)
    // 2 − 1; terminated: 0 − 1; cut: Φ(final) 5 − 1
    expect(Array.from(out)).toEqual([1, -1, 4])
    shapeStep(phi, { weight: 1, gamma: 1, naive: true }, before, now, step, 3, 1, out)
    expect(Array.from(out)).toEqual([2, 7, 5])
  })

  describe.each([1, 0.97])('telescopes over real episodes (γ = %s)', (gamma) => {
    // Which ends the seeded random rollouts reach: 1 some copies cut, 2 some terminated, 3 both.
    it.each([
      ['cartpole', cartpole, 'upright', {}, 3],
      ['mountaincar', mountaincar, 'energy', {}, 1],
      ['acrobot', acrobot, 'height', {}, 1],
      ['gridworld', gridworld, 'distance', { layout: 'S..../.#..G' }, 3],
    ] as [string, EnvDefinition, string, EnvParams, number][])('%s: Σ γ^t·F_t = γ^T·Φ(s_T) − Φ(s_0) when cut, −Φ(s_0) when terminated', (_, definition, potential, extra, expectedEnds) => {
      const params: EnvParams = { ...extra, time_limit: 25 }
      const n = 16
      const env = definition.create(n, params)
      const spec = env.spec
      const phi = bindPotential(spec, potential)
      const size = spec.stateVars.length
      const rng = new Rng(5)
      const out = allocateStepBuffers(spec, n)
      env.reset(rng, out.obs)
      const start = Float64Array.from(env.state)
      const before = new Float64Array(env.state.length)
      const actions = new Int32Array(n)
      const shaping = new Float64Array(n)
      const sums = new Float64Array(n)
      const discount = new Float64Array(n).fill(1)
      const finished = new Int8Array(n) // 0 running, 1 cut, 2 terminated
      const finalStates = new Float64Array(n * size) // the state each copy's first episode ended in
      let kinds = 0
      for (let t = 0; t < 25 && finished.includes(0); t++) {
        for (let i = 0; i < n; i++) actions[i] = rng.int(spec.numActions)
        before.set(env.state)
        env.step(actions, out, rng) // auto-reset: s′ of finished copies comes from out.finalState
        shapeStep(phi, { weight: 1, gamma, naive: false }, before, env.state, out, n, size, shaping)
        for (let i = 0; i < n; i++) {
          if (finished[i]) continue
          sums[i] += discount[i] * shaping[i]
          discount[i] *= gamma
          if (out.terminated[i]) finished[i] = 2
          else if (out.truncated[i]) finished[i] = 1
          if (finished[i]) finalStates.set(out.finalState.subarray(i * size, (i + 1) * size), i * size)
        }
      }
      for (let i = 0; i < n; i++) {
        expect(finished[i]).toBeGreaterThan(0)
        kinds |= finished[i]
        const phiStart = phi(start, i * size)
        // discount[i] = γ^T after the T steps of copy i
        const expected = finished[i] === 2 ? -phiStart : discount[i] * phi(finalStates, i * size) - phiStart
        expect(sums[i]).toBeCloseTo(expected, 9)
      }
      expect(kinds).toBe(expectedEnds)
    })
  })
})

describe('natural potentials', () => {
  it('has an entry for every environment, each finite on states of a random rollout', () => {
    for (const definition of ENVIRONMENTS) {
      const potentials = potentialsFor(definition.spec.id)
      expect(potentials, definition.spec.id).toBeDefined()
      if (potentials.length === 0) continue
      const env = definition.create(8, {})
      const out = allocateStepBuffers(env.spec, 8)
      const rng = new Rng(3)
      env.reset(rng, out.obs)
      const actions = new Int32Array(8)
      for (let t = 0; t < 50; t++) {
        for (let i = 0; i < 8; i++) actions[i] = rng.int(env.spec.numActions)
        env.step(actions, out, rng)
        for (const { name } of potentials) {
          const phi = bindPotential(env.spec, name)
          for (let i = 0; i < 8; i++) expect(Number.isFinite(phi(env.state, i * env.spec.stateVars.length)), `${definition.spec.id} ${name}`).toBe(true)
        }
      }
    }
  })

  it('give hand-computed values', () => {
    const phi = (definition: EnvDefinition, name: string, state: number[], params: EnvParams = {}) => bindPotential(definition.describe(params), name)(state, 0)
    expect(phi(cartpole, 'upright', [0, 0, 0, 0])).toBe(1)
    expect(phi(cartpole, 'upright', [0, 0, Math.PI / 3, 0])).toBeCloseTo(0.5, 15)
    expect(phi(cartpole, 'centred', [-1.2, 0, 0, 0])).toBe(-0.5)
    // x = −π/6: sin 3x = −1; v = 0.07: 600·0.0049 = 2.94
    expect(phi(mountaincar, 'energy', [-Math.PI / 6, 0.07])).toBeCloseTo(1.94, 12)
    expect(phi(mountaincar, 'height', [Math.PI / 6, 0])).toBeCloseTo(1, 15)
    expect(phi(acrobot, 'height', [0, 0, 0, 0])).toBe(-2)
    expect(phi(acrobot, 'height', [Math.PI, 0, 0, 0])).toBeCloseTo(2, 15)
    // Hanging at rest: V = −(0.5 + 1)·9.8 − 0.5·9.8 = −19.6; upright: +19.6.
    expect(phi(acrobot, 'energy', [0, 0, 0, 0])).toBeCloseTo(-19.6, 12)
    expect(phi(acrobot, 'energy', [Math.PI, 0, 0, 0])).toBeCloseTo(19.6, 12)
    // θ2 = 0, θ̇1 = 1, θ̇2 = 0: d1 = 0.25 + (1 + 0.25 + 1) + 2 = 4.5, T = 2.25
    expect(acrobotEnergy([0, 0, 1, 0], 0)).toBeCloseTo(2.25 - 19.6, 12)
    // Grid distances: the fourrooms start is 20 steps from the goal; keydoor's 15 (via the key); the open room's 10.
    expect(phi(gridworld, 'distance', [0, 0], { map: 'fourrooms' })).toBe(-20)
    expect(phi(gridworld, 'distance', [0, 0, 0], { map: 'keydoor' })).toBe(-15)
    expect(phi(gridworld, 'distance', [0, 0, 1], { map: 'keydoor' })).toBe(-11) // with the key: (0,0) → door (2,6) → goal (2,9)
    expect(phi(gridworld, 'manhattan', [0, 0], { map: 'fourrooms' })).toBe(-20)
    expect(phi(gridworld, 'distance', [0, 0], { map: 'coinloop' })).toBe(-28)
    expect(phi(gridworld, 'manhattan', [0, 0], { map: 'coinloop' })).toBe(-12)
    expect(phi(cliffwalking, 'distance', [3, 0])).toBe(-13)
  })

  it('acrobot energy is conserved by the dynamics without torque (RK4, no clipping reached)', () => {
    const env = acrobot.create(1, {})
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, [1, -0.5, 0, 0])
    const start = acrobotEnergy(env.state, 0)
    for (let t = 0; t < 5; t++) {
      env.step(Int32Array.of(1), out, new Rng(1), false)
      expect(acrobotEnergy(env.state, 0)).toBeCloseTo(start, 1)
    }
  })

  it('refuses an unknown potential, naming the accepted ones', () => {
    expect(() => bindPotential(cartpole.spec, 'height')).toThrow(/accepted: upright, centred, custom/)
  })
})

const INVARIANCE_CASES: [string, EnvDefinition, EnvParams][] = [
  ['gridworld open', gridworld, { map: 'open' }],
  ['gridworld fourrooms', gridworld, { map: 'fourrooms' }],
  ['gridworld coinloop', gridworld, { map: 'coinloop' }],
  ['gridworld keydoor', gridworld, { map: 'keydoor' }],
  ['gridworld lava', gridworld, { map: 'lava' }],
  ['cliffwalking', cliffwalking, {}],
  ['frozenlake on ice', frozenlake, {}],
]

describe('policy invariance (Ng, Harada & Russell 1999) on the exact grid models', () => {
  it.each(INVARIANCE_CASES)('%s: potential-based shaping keeps the optimal policy at any weight, potential and γ', (_, definition, params) => {
    const spec = definition.describe(params)
    const model = definition.model!(params)
    const A = model.numActions
    const base = taskReward(spec)
    const potentials: [string, PotentialFn][] = [
      ['distance', bindPotential(spec, 'distance')],
      ['manhattan', bindPotential(spec, 'manhattan')],
      ['random', randomPotential(spec, 11)],
    ]
    for (const gamma of [0.9, 0.99]) {
      const q = solve(model, base, gamma)
      for (const [name, phi] of potentials) {
        for (const weight of [0.5, 5, -3]) {
          const shaped = solve(model, shapedReward(spec, base, phi, weight, gamma), gamma)
          for (let s = 0; s < model.numStates; s++) {
            if (!isOpen(spec, s)) continue
            const where = `γ ${gamma}, Φ ${name}, w ${weight}, state ${s}`
            expect(optimalActions(shaped, s, A), where).toEqual(optimalActions(q, s, A))
            // The theorem's exact form: Q_shaped(s, a) = Q(s, a) − w·Φ(s).
            const phiS = weight * phi(gridState(spec, s), 0)
            for (let a = 0; a < A; a++) expect(Math.abs(shaped[s * A + a] - (q[s * A + a] - phiS)), where).toBeLessThan(1e-6)
          }
        }
      }
    }
  })

  it('the open room: a naive closeness bonus makes the agent hover beside the goal, the same Φ as potential-based shaping does not', () => {
    const params = { map: 'open' }
    const spec = gridworld.describe(params)
    const model = gridworld.model!(params)
    const gamma = 0.99
    // Φ = 10 − d(s): 10 at the goal, 0 in the far corner; paid naively, the cell beside the goal earns 9 − 1 a step.
    const distance = bindPotential(spec, 'distance')
    const closeness: PotentialFn = (state, offset) => 10 + distance(state, offset)
    const base = taskReward(spec)
    expect(greedyStepsToEnd(model, solve(model, base, gamma), spec)).toBe(10)
    expect(greedyStepsToEnd(model, solve(model, shapedReward(spec, base, closeness, 1, gamma), gamma), spec)).toBe(10)
    expect(greedyStepsToEnd(model, solve(model, naiveReward(spec, base, closeness, 1), gamma), spec)).toBe(Infinity)
  })

  it('the coin loop: a heavy coin weight or a naive bonus breaks the policy, potential-based shaping does not', () => {
    const params = { map: 'coinloop' }
    const spec = gridworld.describe(params)
    const model = gridworld.model!(params)
    const gamma = 0.99
    const base = taskReward(spec)
    const q = solve(model, base, gamma)
    expect(greedyStepsToEnd(model, q, spec)).toBe(28)
    // A coin worth 2: stepping on and off pays 2 − 1 − 1 every two steps, forever, against −24.5 for finishing.
    const coin = solve(model, taskReward(spec, { coin: 2 }), gamma)
    expect(greedyStepsToEnd(model, coin, spec)).toBe(Infinity)
    // On the coin cell (0, 1) = state 1 only the corridor (right, 1) is optimal; with the coin, stepping off to the left (3) is too.
    expect(optimalActions(q, 1, 4)).toEqual([1])
    expect(optimalActions(coin, 1, 4)).toContain(3)
    // The naive closeness bonus (28 − d) also pays more for staying than for finishing.
    const distance = bindPotential(spec, 'distance')
    const closeness: PotentialFn = (state, offset) => 28 + distance(state, offset)
    expect(greedyStepsToEnd(model, solve(model, naiveReward(spec, base, closeness, 1), gamma), spec)).toBe(Infinity)
    for (const weight of [1, 10]) {
      expect(greedyStepsToEnd(model, solve(model, shapedReward(spec, base, closeness, weight, gamma), gamma), spec)).toBe(28)
    }
  })
})
