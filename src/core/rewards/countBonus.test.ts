import { describe, expect, it } from 'vitest'
import { acrobot } from '../envs/acrobot'
import { bandit } from '../envs/bandit'
import { cartpole } from '../envs/cartpole'
import { gridworld } from '../envs/gridworld'
import { mountaincar } from '../envs/mountaincar'
import { allocateStepBuffers } from '../envs/types'
import { Rng } from '../rng'
import { CountBonus, createCountBonus, discretiserFor, gridDiscretiser, hasCountDiscretiser, observedBounds, uniformDiscretiser, type CountBonusKind } from './countBonus'

/** A discretiser whose cell is the first state value itself (states are plain cell numbers). */
const identity = { numCells: 10, description: 'test', cellOf: (state: ArrayLike<number>, offset: number) => state[offset] }

/** Episode ends of one step; finalState equals the state given (no auto-reset in these tests). */
function stepEnds(terminated: number[], truncated: number[], state: number[]) {
  return { terminated: Uint8Array.from(terminated), truncated: Uint8Array.from(truncated), finalState: Float64Array.from(state) }
}

/** Feed one copy a sequence of cells with episode ends; returns the bonuses. */
function bonuses(kind: CountBonusKind, beta: number, cells: number[], ends: number[] = []): number[] {
  const bonus = new CountBonus(kind, beta, identity, 1)
  const out = new Float64Array(1)
  return cells.map((cell, t) => {
    bonus.apply([cell], 1, stepEnds([ends[t] ?? 0], [0], [cell]), out)
    return out[0]
  })
}

describe('count bonuses', () => {
  it('global: β/√N over the whole run, 1, 1/√2, 1/√3 … of β on repeats', () => {
    expect(bonuses('count_global', 2, [3, 3, 3, 3, 5])).toEqual([2, 2 / Math.sqrt(2), 2 / Math.sqrt(3), 1, 2])
    // Episode ends change nothing for the global count.
    expect(bonuses('count_global', 1, [3, 3, 3], [1, 1, 0])).toEqual([1, 1 / Math.sqrt(2), 1 / Math.sqrt(3)])
  })

  it('episodic: β/√N within the episode, back to β after the episode ends', () => {
    // Episode 1: 3, 3, 4 (ends); episode 2: 3, 3.
    expect(bonuses('count_episodic', 1, [3, 3, 4, 3, 3], [0, 0, 1, 0, 0])).toEqual([1, 1 / Math.sqrt(2), 1, 1, 1 / Math.sqrt(2)])
  })

  it('episodic resets on a cut (truncated) episode too, per copy', () => {
    const bonus = new CountBonus('count_episodic', 1, identity, 2)
    const out = new Float64Array(2)
    bonus.apply([7, 7], 1, stepEnds([0, 0], [0, 0], [7, 7]), out)
    expect(Array.from(out)).toEqual([1, 1])
    bonus.apply([7, 7], 1, stepEnds([0, 0], [1, 0], [7, 7]), out) // copy 0 is cut on this step
    expect(Array.from(out)).toEqual([1 / Math.sqrt(2), 1 / Math.sqrt(2)])
    expect(bonus.episodeCount(0, 7)).toBe(0)
    expect(bonus.episodeCount(1, 7)).toBe(2)
    bonus.apply([7, 7], 1, stepEnds([0, 0], [0, 0], [7, 7]), out)
    expect(Array.from(out)).toEqual([1, 1 / Math.sqrt(3)])
    // The global table saw all six visits.
    expect(bonus.globalCounts[7]).toBe(6)
  })

  it('combined: β/√(N_global·N_episode)', () => {
    // Episode 1: 3, 3 (ends): N_g 1, 2; N_e 1, 2 → 1, 1/2. Episode 2: 3: N_g 3, N_e 1 → 1/√3; then 4: 1.
    expect(bonuses('count_combined', 1, [3, 3, 3, 4], [0, 1, 0, 0])).toEqual([1, 1 / 2, 1 / Math.sqrt(3), 1])
  })

  it('counts copies of one step in order: two copies reaching the same new cell get β and β/√2', () => {
    const bonus = new CountBonus('count_global', 1, identity, 3)
    const out = new Float64Array(3)
    bonus.apply([2, 2, 5], 1, stepEnds([0, 0, 0], [0, 0, 0], [2, 2, 5]), out)
    expect(Array.from(out)).toEqual([1, 1 / Math.sqrt(2), 1])
    bonus.reset()
    bonus.apply([2, 2, 2], 1, stepEnds([0, 0, 0], [0, 0, 0], [2, 2, 2]), out)
    expect(out[0]).toBe(1)
  })

  it('decays along a real grid rollout exactly as β/√N of the cells visited', () => {
    const env = gridworld.create(4, { layout: 'S..../.#..G', time_limit: 20 })
    const spec = env.spec
    const bonus = createCountBonus(spec, 4, { kind: 'count_global', beta: 0.5 })
    const cells = gridDiscretiser(spec)
    const seen = new Map<number, number>()
    const out = allocateStepBuffers(spec, 4)
    const rng = new Rng(9)
    env.reset(rng, out.obs)
    const actions = new Int32Array(4)
    const paid = new Float64Array(4)
    let episodes = 0
    for (let t = 0; t < 100; t++) {
      for (let i = 0; i < 4; i++) actions[i] = rng.int(4)
      env.step(actions, out, rng) // auto-reset: a finished copy's reached state is in out.finalState
      bonus.apply(env.state, 2, out, paid)
      for (let i = 0; i < 4; i++) {
        const done = out.terminated[i] || out.truncated[i]
        const cell = cells.cellOf(done ? out.finalState : env.state, i * 2)
        // The grid cell is the environment's own observation of the state reached.
        expect(cell).toBe(done ? out.finalObs[i] : out.obs[i])
        seen.set(cell, (seen.get(cell) ?? 0) + 1)
        expect(paid[i]).toBe(0.5 / Math.sqrt(seen.get(cell)!))
        if (done) episodes++
      }
    }
    expect(episodes).toBeGreaterThan(4)
  })
})

describe('discretisers', () => {
  it('grid: the state index, with the key layer', () => {
    const keydoor = gridDiscretiser(gridworld.describe({ map: 'keydoor' }))
    expect(keydoor.numCells).toBe(100)
    expect(keydoor.cellOf([2, 3, 1], 0)).toBe(50 + 23)
    expect(gridDiscretiser(gridworld.describe({ map: 'open' })).cellOf([0, 0, 5, 4], 2)).toBe(34)
  })

  it('uniform: ⌊(x − lo)·B/(hi − lo)⌋ per variable, clamped, mixed radix', () => {
    const d = uniformDiscretiser(
      [
        [0, 1],
        [-2, 2],
      ],
      4,
    )
    expect(d.numCells).toBe(16)
    // x0 = 0.3 → bin 1; x1 = 1.5 → ⌊3.5·4/4⌋ = 3: cell 1 + 3·4 = 13
    expect(d.cellOf([0.3, 1.5], 0)).toBe(13)
    // Outside the bounds: the edge bins. x0 = 1 (the upper bound itself) → 3; x1 = −9 → 0
    expect(d.cellOf([1, -9], 0)).toBe(3)
    expect(d.cellOf([-5, 99], 0)).toBe(12)
  })

  it('built-in bounds for the classic-control environments; other environments need bounds', () => {
    expect(discretiserFor(cartpole.spec, 6).numCells).toBe(6 ** 4)
    expect(discretiserFor(mountaincar.spec, 20).numCells).toBe(400)
    expect(discretiserFor(acrobot.spec).numCells).toBe(10 ** 4)
    expect(hasCountDiscretiser(bandit.spec)).toBe(false)
    expect(() => discretiserFor(bandit.spec)).toThrow(/needs state bounds to discretise bandit; built in for gridworld/)
    expect(() => discretiserFor(cartpole.spec, 64)).toThrow(/at most 45 bins/)
    const states = Float64Array.from([0, 5, 2, 5, 1, 5])
    expect(observedBounds(states, 2)).toEqual([
      [0, 2],
      [4.5, 5.5],
    ])
    expect(discretiserFor(bandit.spec, 2, observedBounds(new Float64Array(10), 10)).numCells).toBe(1024)
  })

  it('mountaincar: the start region falls in few cells, so the bonus there decays fast', () => {
    const bonus = createCountBonus(mountaincar.spec, 1, { kind: 'count_global', beta: 1, bins: 10 })
    const out = new Float64Array(1)
    // Positions −0.55 and −0.5 at rest share bin ⌊(0.65 … 0.7)·10/1.8⌋ = 3 of position, bin 5 of velocity.
    bonus.apply([-0.55, 0], 2, stepEnds([0], [0], [-0.55, 0]), out)
    bonus.apply([-0.5, 0], 2, stepEnds([0], [0], [-0.5, 0]), out)
    expect(out[0]).toBe(1 / Math.sqrt(2))
    bonus.apply([0.45, 0.05], 2, stepEnds([0], [0], [0.45, 0.05]), out)
    expect(out[0]).toBe(1)
  })
})
