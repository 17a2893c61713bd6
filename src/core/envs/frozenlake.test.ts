import { describe, expect, it } from 'vitest'
import { createQLearningTrainer } from '../learners/qlearning'
import { compileMix, defaultMix, mixOne } from '../rewards/mix'
import { Rng } from '../rng'
import { QLearningOptionsSchema } from '../run/config'
import { frozenlake } from './frozenlake'
import { HOLE } from './grid'
import { allocateStepBuffers, type EnvParams } from './types'

const LEFT = 0
const DOWN = 1
const RIGHT = 2
const UP = 3

/** n copies all put at (row, col) and stepped once with `action`; returns each copy's new state index. */
function stepFrom(params: EnvParams, row: number, col: number, action: number, n: number, seed = 7): Float32Array {
  const env = frozenlake.create(n, params)
  const out = allocateStepBuffers(env.spec, n)
  for (let i = 0; i < n; i++) env.setState(i, [row, col])
  env.step(new Int32Array(n).fill(action), out, new Rng(seed), false)
  return out.obs
}

function counts(indices: Float32Array): Map<number, number> {
  const found = new Map<number, number>()
  for (const s of indices) found.set(s, (found.get(s) ?? 0) + 1)
  return found
}

describe('FrozenLake-v1 spec', () => {
  it('matches Gymnasium: actions, maps, limits, state count, reward components', () => {
    const spec = frozenlake.spec
    expect(spec.id).toBe('frozenlake')
    expect(spec.actionLabels).toEqual(['left', 'down', 'right', 'up'])
    expect(spec.stateVars).toEqual(['row', 'col'])
    expect(spec.obsSize).toBe(1)
    expect(spec.discreteStates).toBe(16)
    expect(spec.timeLimit).toBe(100)
    expect(frozenlake.describe({ map: '8x8' }).timeLimit).toBe(200)
    expect(frozenlake.describe({ map: '8x8' }).discreteStates).toBe(64)
    expect(frozenlake.describe({ map: '8x8', time_limit: 50 }).timeLimit).toBe(50)
    expect(spec.components.map((c) => [c.name, c.defaultWeight])).toEqual([
      ['goal', 1],
      ['step', 0],
      ['hazard', 0],
      ['progress', 0],
    ])
    expect(spec.objective.name).toBe('success')
    expect(spec.params.find((p) => p.name === 'is_slippery')?.default).toBe(true)
    // Holes of the 4×4 map SFFF / FHFH / FFFH / HFFG: indices 5, 7, 11, 12.
    const holes = Array.from(spec.grid?.cells ?? []).flatMap((code, index) => (code === HOLE ? [index] : []))
    expect(holes).toEqual([5, 7, 11, 12])
    // 8×8: row 2 col 3, row 3 col 5, row 4 col 3, row 5 cols 1 2 6, row 6 cols 1 4 6, row 7 col 3.
    const holes8 = Array.from(frozenlake.describe({ map: '8x8' }).grid?.cells ?? []).flatMap((code, index) => (code === HOLE ? [index] : []))
    expect(holes8).toEqual([19, 29, 35, 41, 42, 46, 49, 52, 54, 59])
  })
})

describe('FrozenLake-v1 moves', () => {
  it('moves exactly as asked without ice, and stays put at the edges', () => {
    const still = { is_slippery: false }
    // From (2, 1) = 9: left 8, down 13, right 10, up 5.
    expect(stepFrom(still, 2, 1, LEFT, 1)[0]).toBe(8)
    expect(stepFrom(still, 2, 1, DOWN, 1)[0]).toBe(13)
    expect(stepFrom(still, 2, 1, RIGHT, 1)[0]).toBe(10)
    expect(stepFrom(still, 2, 1, UP, 1)[0]).toBe(5)
    expect(stepFrom(still, 0, 0, LEFT, 1)[0]).toBe(0)
    expect(stepFrom(still, 0, 0, UP, 1)[0]).toBe(0)
    expect(stepFrom(still, 0, 3, RIGHT, 1)[0]).toBe(3)
  })

  it('slips: action a moves a − 1, a or a + 1 (mod 4), each with probability 1/3', () => {
    const n = 30_000
    // From (2, 1): left → 8, down → 13, right → 10, up → 5.
    const target = [8, 13, 10, 5]
    for (let action = 0; action < 4; action++) {
      const found = counts(stepFrom({}, 2, 1, action, n, 11 + action))
      const expected = [(action + 3) % 4, action, (action + 1) % 4].map((a) => target[a])
      expect([...found.keys()].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b))
      // Binomial(30 000, 1/3): standard deviation √(30 000 · 1/3 · 2/3) ≈ 82, i.e. 0.0027 of n; allow ~5σ.
      for (const s of expected) expect(Math.abs((found.get(s) ?? 0) / n - 1 / 3)).toBeLessThan(0.014)
    }
  })

  it('slips at an edge into staying put: left from (0, 0) stays with probability 2/3', () => {
    const n = 30_000
    // Candidates up (stays), left (stays), down → (1, 0) = 4.
    const found = counts(stepFrom({}, 0, 0, LEFT, n))
    expect([...found.keys()].sort((a, b) => a - b)).toEqual([0, 4])
    expect(Math.abs((found.get(0) ?? 0) / n - 2 / 3)).toBeLessThan(0.014)
  })

  it('draws the slips only from the Rng handed in: the same seed gives the same moves', () => {
    expect(Array.from(stepFrom({}, 2, 1, DOWN, 500, 3))).toEqual(Array.from(stepFrom({}, 2, 1, DOWN, 500, 3)))
    expect(Array.from(stepFrom({}, 2, 1, DOWN, 500, 3))).not.toEqual(Array.from(stepFrom({}, 2, 1, DOWN, 500, 4)))
  })
})

describe('FrozenLake-v1 episodes', () => {
  function walker(params: EnvParams) {
    const env = frozenlake.create(1, params)
    const out = allocateStepBuffers(env.spec, 1)
    const mix = compileMix(env.spec, defaultMix(env.spec))
    const rng = new Rng(1)
    env.reset(rng, out.obs)
    return {
      env,
      out,
      act(action: number): number {
        env.step(new Int32Array([action]), out, rng)
        return mixOne(mix.weights, out.components, 0)
      },
    }
  }

  it('ends in a hole with reward 0 and success 0, then starts over', () => {
    const w = walker({ is_slippery: false })
    expect(w.act(RIGHT)).toBe(0)
    expect(w.out.terminated[0]).toBe(0)
    expect(w.act(DOWN)).toBe(0)
    expect(w.out.terminated[0]).toBe(1)
    expect(w.out.truncated[0]).toBe(0)
    // Raw components [goal, step, hazard, progress]: the hole at (1, 1) is priced by hazard only.
    expect(Array.from(w.out.components)).toEqual([0, 0, -1, 1])
    expect(w.out.finalObs[0]).toBe(5)
    expect(w.out.objective[0]).toBe(0)
    expect(w.out.obs[0]).toBe(0)
    expect(Array.from(w.env.state)).toEqual([0, 0])
  })

  it('pays 1 at the goal along the shortest safe path, with success 1', () => {
    const w = walker({ is_slippery: false })
    const rewards = [DOWN, DOWN, RIGHT, DOWN, RIGHT, RIGHT].map((a) => w.act(a))
    expect(rewards).toEqual([0, 0, 0, 0, 0, 1])
    expect(w.out.terminated[0]).toBe(1)
    expect(w.out.finalObs[0]).toBe(15)
    expect(w.out.objective[0]).toBe(1)
    expect(w.out.obs[0]).toBe(0)
  })

  it('cuts the 4×4 lake at 100 steps and the 8×8 at 200, keeping the final observation', () => {
    for (const [map, limit] of [
      ['4x4', 100],
      ['8x8', 200],
    ] as const) {
      const w = walker({ map, is_slippery: false })
      // Three steps right to (0, 3), frozen on both maps, then up against the edge.
      let steps = 0
      do {
        w.act(steps < 3 ? RIGHT : UP)
        steps++
      } while (!w.out.truncated[0] && steps < 1000)
      expect(steps).toBe(limit)
      expect(w.out.terminated[0]).toBe(0)
      expect(w.out.finalObs[0]).toBe(3)
      expect(w.out.objective[0]).toBe(0)
      expect(w.out.obs[0]).toBe(0)
    }
  })
})

describe('FrozenLake-v1 holes and goal are absorbing (Gymnasium: P[s][a] = [(1.0, s, 0, True)])', () => {
  /** n copies put at (row, col) and stepped once with `action`, without auto-reset. */
  function stepOnce(params: EnvParams, row: number, col: number, action: number, n: number) {
    const env = frozenlake.create(n, params)
    const out = allocateStepBuffers(env.spec, n)
    for (let i = 0; i < n; i++) env.setState(i, [row, col])
    env.step(new Int32Array(n).fill(action), out, new Rng(5), false)
    return { env, out }
  }

  it.each([
    ['the hole (1, 1) = 5', 1, 1, 5, 0],
    ['the hole (3, 0) = 12', 3, 0, 12, 0],
    ['the goal (3, 3) = 15', 3, 3, 15, 1],
  ])('a step from %s stays there with every component 0, terminated, on ice or not', (_, row, col, index, success) => {
    for (const params of [{ is_slippery: false }, { is_slippery: true }]) {
      for (let action = 0; action < 4; action++) {
        const n = 50
        const { env, out } = stepOnce(params, row, col, action, n)
        expect(Array.from(out.obs)).toEqual(new Array(n).fill(index))
        // [goal, step, hazard, progress]: no goal again, no step cost, no second fall, no progress.
        expect(Array.from(out.components)).toEqual(new Array(n * 4).fill(0))
        expect(Array.from(out.terminated)).toEqual(new Array(n).fill(1))
        expect(Array.from(out.truncated)).toEqual(new Array(n).fill(0))
        expect(Array.from(out.finalObs)).toEqual(new Array(n).fill(index))
        // success stays what standing there means: 1 in the goal, 0 in a hole.
        expect(Array.from(out.objective)).toEqual(new Array(n).fill(success))
        expect(Array.from(env.state.subarray(0, 2))).toEqual([row, col])
      }
    }
  })

  it('stays in the hole step after step; with auto-reset the copy starts over at 0', () => {
    const env = frozenlake.create(1, { is_slippery: false })
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, [1, 1])
    for (const action of [LEFT, DOWN, RIGHT, UP]) {
      env.step(new Int32Array([action]), out, new Rng(1), false)
      expect(out.obs[0]).toBe(5)
      expect(out.terminated[0]).toBe(1)
    }
    env.step(new Int32Array([RIGHT]), out, new Rng(1))
    expect(out.finalObs[0]).toBe(5)
    expect(Array.from(out.components)).toEqual([0, 0, 0, 0])
    expect(out.obs[0]).toBe(0)
    expect(Array.from(env.state)).toEqual([0, 0])
  })

  it('leaves normal episodes alone: after a fall the next episode moves from the start as before', () => {
    const env = frozenlake.create(1, { is_slippery: false })
    const out = allocateStepBuffers(env.spec, 1)
    const rng = new Rng(1)
    env.reset(rng, out.obs)
    env.step(new Int32Array([RIGHT]), out, rng)
    env.step(new Int32Array([DOWN]), out, rng)
    // Into the hole (1, 1): hazard −1, progress +1 (distance 5 → 4), terminated, reset to 0.
    expect(Array.from(out.components)).toEqual([0, 0, -1, 1])
    expect(out.terminated[0]).toBe(1)
    expect(out.obs[0]).toBe(0)
    env.step(new Int32Array([RIGHT]), out, rng)
    // From the start right to (0, 1) = 1: step −1, progress +1 (distance 6 → 5), not terminated.
    expect(out.obs[0]).toBe(1)
    expect(Array.from(out.components)).toEqual([0, -1, 0, 1])
    expect(out.terminated[0]).toBe(0)
  })

  it('the exact model gives a hole and the goal one outcome: probability 1, same state, zero components, terminated', () => {
    for (const params of [{ is_slippery: true }, { is_slippery: false }]) {
      const model = frozenlake.model!(params)
      for (const s of [5, 7, 11, 12, 15]) {
        for (let a = 0; a < 4; a++) {
          expect(model.transitions(s, a)).toEqual([{ probability: 1, nextState: s, components: new Float64Array(4), terminated: true }])
        }
      }
    }
    // 8×8: the hole (2, 3) = 19 and the goal (7, 7) = 63.
    const eight = frozenlake.model!({ map: '8x8' })
    for (const s of [19, 63]) expect(eight.transitions(s, 1)).toEqual([{ probability: 1, nextState: s, components: new Float64Array(4), terminated: true }])
  })

  it('the engine agrees with the model from every hole and the goal', () => {
    const model = frozenlake.model!({})
    for (const s of [5, 7, 11, 12, 15]) {
      for (let a = 0; a < 4; a++) {
        const { out } = stepOnce({}, Math.floor(s / 4), s % 4, a, 1)
        const [outcome] = model.transitions(s, a)
        expect(out.obs[0]).toBe(outcome.nextState)
        expect(out.terminated[0] === 1).toBe(outcome.terminated)
        expect(Array.from(out.components)).toEqual(Array.from(outcome.components))
      }
    }
  })
})

describe('Q-learning on FrozenLake', () => {
  it('learns to reach the goal on the still (non-slippery) 4×4 lake', async () => {
    const params = { is_slippery: false }
    const env = frozenlake.create(8, params)
    const options = QLearningOptionsSchema.parse({ kind: 'qlearning', epsilon: 0.1, alpha: 0.5, gamma: 0.9 })
    const trainer = createQLearningTrainer(env, compileMix(env.spec, defaultMix(env.spec)), options, new Rng(1))
    for (let i = 0; i < 20; i++) await trainer.iterate()

    const probe = frozenlake.create(1, params)
    const out = allocateStepBuffers(probe.spec, 1)
    probe.reset(new Rng(0), out.obs)
    let steps = 0
    while (steps < 100 && !out.terminated[0]) {
      probe.step(new Int32Array([trainer.greedyAction(out.obs[0])]), out, new Rng(0), false)
      steps++
    }
    expect(out.terminated[0]).toBe(1)
    expect(out.objective[0]).toBe(1)
    // γ < 1 makes the shortest safe walk (6 steps) the greedy one.
    expect(steps).toBe(6)
  })
})
