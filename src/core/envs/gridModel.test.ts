import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { cliffwalking } from './cliffwalking'
import { frozenlake } from './frozenlake'
import { DOOR, GOAL, HOLE, LAVA, WALL } from './grid'
import { gridworld } from './gridworld'
import { allocateStepBuffers, type EnvDefinition, type EnvParams, type TabularModel } from './types'

/** Whether the engine lets the agent stand in state s, and whether s ends episodes (no outgoing value). */
function kindOf(definition: EnvDefinition, params: EnvParams, s: number): 'terminal' | 'blocked' | 'open' {
  const grid = definition.describe(params).grid!
  const size = grid.rows * grid.cols
  const code = grid.cells[s % size]
  if (code === GOAL || code === LAVA || code === HOLE) return 'terminal'
  if (code === WALL || (code === DOOR && s < size)) return 'blocked'
  return 'open'
}

/** The internal state [row, col] or [row, col, has_key] of state index s. */
function stateOf(definition: EnvDefinition, params: EnvParams, s: number): number[] {
  const spec = definition.describe(params)
  const { rows, cols } = spec.grid!
  const cell = s % (rows * cols)
  const position = [Math.floor(cell / cols), cell % cols]
  return spec.stateVars.length === 3 ? [...position, Math.floor(s / (rows * cols))] : position
}

function probabilitySum(model: TabularModel, s: number, a: number): number {
  return model.transitions(s, a).reduce((sum, t) => sum + t.probability, 0)
}

const DETERMINISTIC: [string, EnvDefinition, EnvParams][] = [
  ['cliffwalking', cliffwalking, {}],
  ...['open', 'cliff', 'fourrooms', 'keydoor', 'lava', 'coinloop'].map((map): [string, EnvDefinition, EnvParams] => [`gridworld ${map}`, gridworld, { map }]),
  ['gridworld drawn', gridworld, { layout: 'SO.K/.#D./L.CG' }],
  ['frozenlake 4x4 without ice', frozenlake, { is_slippery: false }],
  ['frozenlake 8x8 without ice', frozenlake, { map: '8x8', is_slippery: false }],
]

describe('the exact grid models', () => {
  it('are offered by every grid environment', () => {
    for (const definition of [cliffwalking, gridworld, frozenlake]) {
      expect(definition.spec.hasModel).toBe(true)
      expect(definition.model).toBeTypeOf('function')
    }
    const keydoor = gridworld.model!({ map: 'keydoor' })
    // 5 × 10 cells, twice: with and without the key.
    expect(keydoor.numStates).toBe(100)
    expect(keydoor.numActions).toBe(4)
  })

  it.each(DETERMINISTIC)('%s: agree with one step of the environment from every state and action', (_, definition, params) => {
    const model = definition.model!(params)
    const env = definition.create(1, params)
    const out = allocateStepBuffers(env.spec, 1)
    const action = new Int32Array(1)
    const K = env.spec.components.length
    expect(model.numStates).toBe(env.spec.discreteStates)
    let checked = 0
    for (let s = 0; s < model.numStates; s++) {
      const kind = kindOf(definition, params, s)
      for (let a = 0; a < model.numActions; a++) {
        const outcomes = model.transitions(s, a)
        expect(probabilitySum(model, s, a)).toBeCloseTo(1, 12)
        if (kind !== 'open') {
          // No outgoing value: an absorbing, terminated outcome with no reward.
          expect(outcomes).toHaveLength(1)
          expect(outcomes[0].terminated).toBe(true)
          expect(Array.from(outcomes[0].components)).toEqual(new Array(K).fill(0))
          continue
        }
        env.setState(0, stateOf(definition, params, s))
        action[0] = a
        env.step(action, out, new Rng(1), false)
        expect(outcomes).toHaveLength(1)
        expect(outcomes[0].nextState).toBe(out.obs[0])
        expect(outcomes[0].terminated).toBe(out.terminated[0] === 1)
        expect(Array.from(outcomes[0].components)).toEqual(Array.from(out.components))
        checked++
      }
    }
    expect(checked).toBeGreaterThan(0)
  })

  it('CliffWalking: a step into the cliff costs the hazard and goes back to the start; the goal terminates', () => {
    const model = cliffwalking.model!({})
    // From (2, 1) = 25 down into the cliff: back to the start 36, step 0, hazard −1, episode goes on.
    expect(model.transitions(25, 2)).toEqual([{ probability: 1, nextState: 36, components: new Float64Array([0, -1, 0, 0]), terminated: false }])
    // From (2, 11) = 35 down into the goal 47.
    const [outcome] = model.transitions(35, 2)
    expect(outcome.nextState).toBe(47)
    expect(outcome.terminated).toBe(true)
  })

  it('key and door: the state carries has_key; the door opens only with the key', () => {
    const params = { layout: 'KSD.G' }
    const model = gridworld.model!(params)
    expect(model.numStates).toBe(10)
    // From (0, 1) without the key, right into the door: stays at 1. With the key (state 5 + 1 = 6): enters the door, state 5 + 2 = 7.
    expect(model.transitions(1, 1)[0].nextState).toBe(1)
    expect(model.transitions(6, 1)[0].nextState).toBe(7)
    // Stepping onto the key from (0, 1): has_key becomes 1, state 5 + 0 = 5.
    expect(model.transitions(1, 3)[0].nextState).toBe(5)
  })

  it('FrozenLake on ice: three directions of 1/3, identical outcomes merged', () => {
    const model = frozenlake.model!({})
    // (0, 0) left: up and left both stay at 0 (2/3), down goes to 4 (1/3).
    const corner = model.transitions(0, 0)
    expect(corner.map((t) => [t.nextState, t.probability])).toEqual([
      [0, 2 / 3],
      [4, 1 / 3],
    ])
    // (2, 1) = 9, down: left 8, down 13, right 10, each 1/3.
    expect(
      model
        .transitions(9, 1)
        .map((t) => t.nextState)
        .sort((a, b) => a - b),
    ).toEqual([8, 10, 13])
    // (3, 2) = 14, right into the goal 15 with 1/3: reward component goal = 1, terminated.
    const goal = model.transitions(14, 2).find((t) => t.nextState === 15)!
    expect(goal.probability).toBeCloseTo(1 / 3, 12)
    expect(goal.terminated).toBe(true)
    expect(goal.components[0]).toBe(1)
  })

  it('FrozenLake on ice: the outcomes the environment samples match the model’s probabilities', () => {
    const params = {}
    const model = frozenlake.model!(params)
    const n = 3000
    const env = frozenlake.create(n, params)
    const out = allocateStepBuffers(env.spec, n)
    const actions = new Int32Array(n)
    const rng = new Rng(17)
    for (let s = 0; s < model.numStates; s++) {
      if (kindOf(frozenlake, params, s) !== 'open') continue
      for (let a = 0; a < model.numActions; a++) {
        for (let i = 0; i < n; i++) env.setState(i, stateOf(frozenlake, params, s))
        actions.fill(a)
        env.step(actions, out, rng, false)
        const found = new Map<string, number>()
        for (let i = 0; i < n; i++) {
          const key = `${out.obs[i]} ${out.terminated[i]} ${out.components.subarray(i * 4, i * 4 + 4).join(',')}`
          found.set(key, (found.get(key) ?? 0) + 1)
        }
        const expected = new Map(model.transitions(s, a).map((t) => [`${t.nextState} ${t.terminated ? 1 : 0} ${t.components.join(',')}`, t.probability]))
        expect([...found.keys()].sort()).toEqual([...expected.keys()].sort())
        for (const [key, probability] of expected) {
          // Binomial(3000, p): σ ≤ √(3000 · 1/4) ≈ 27, 0.009 of n; allow 5σ.
          expect(Math.abs((found.get(key) ?? 0) / n - probability)).toBeLessThan(0.045)
        }
      }
    }
  })
})
