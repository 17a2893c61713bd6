import { describe, expect, it } from 'vitest'
import { allocateStepBuffers } from '../envs/types'
import { cartpole } from '../envs/cartpole'
import { getEnv } from '../envs/registry'
import { Rng } from '../rng'
import { RewardDesignSchema } from './designSchema'
import { RewardedEnv, withRewardDesign } from './rewardedEnv'

const design = (value: unknown) => RewardDesignSchema.parse(value)

describe('RewardedEnv', () => {
  it('appends custom terms, shaping and bonuses as components after the environment’s own', () => {
    const env = new RewardedEnv(
      cartpole.create(1, {}),
      design({ terms: [{ name: 'lean', expression: '-abs(theta) + 0*t + action', weight: 2 }], shaping: [{ potential: 'upright', gamma: 1 }], bonuses: [{ kind: 'count_global', beta: 0.5 }] }),
    )
    expect(env.spec.components.map((c) => c.name)).toEqual(['alive', 'upright', 'centred', 'calm', 'effort', 'failure', 'lean', 'shaping_upright', 'bonus_count_global'])
    expect(env.spec.components[6].defaultWeight).toBe(2)
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, [0, 0, 0.05, 0])
    env.step(Int32Array.of(1), out, new Rng(1))
    const [x, , theta] = env.state
    const K = env.spec.components.length
    expect(K).toBe(9)
    expect(x).toBe(0)
    // lean = −|θ′| + action = −|0.05| + 1 (θ′ = θ + τ·θ̇ = 0.05: θ̇ was 0)
    expect(out.components[6]).toBeCloseTo(-0.05 + 1, 12)
    expect(theta).toBe(0.05)
    // shaping with γ = 1: Φ(s′) − Φ(s) = cos θ′ − cos θ = 0 since θ′ = θ
    expect(out.components[7]).toBeCloseTo(0, 12)
    // first visit of the cell: β/√1
    expect(out.components[8]).toBe(0.5)
    // the environment's own components are untouched
    expect(out.components[0]).toBe(1)
  })

  it('applies transform chains to a component column', () => {
    const env = new RewardedEnv(cartpole.create(2, {}), design({ transforms: { alive: [{ kind: 'scale', factor: 3 }, { kind: 'clip', lo: 0, hi: 2 }] } }))
    const out = allocateStepBuffers(env.spec, 2)
    env.reset(new Rng(2), out.obs)
    env.step(Int32Array.of(0, 1), out, new Rng(3))
    // alive: 1 · 3 = 3, clipped to 2
    expect(out.components[0]).toBe(2)
    expect(out.components[6]).toBe(2)
  })

  it('marks the environment’s own untransformed columns as its own, added and transformed ones not, through live changes', () => {
    const env = new RewardedEnv(cartpole.create(1, {}), design({}))
    expect(Array.from(env.ownComponents)).toEqual([1, 1, 1, 1, 1, 1])
    env.setDesign(design({ terms: [{ name: 'lean', expression: '1' }], transforms: { upright: [{ kind: 'scale', factor: 2 }] } }))
    expect(Array.from(env.ownComponents)).toEqual([1, 0, 1, 1, 1, 1, 0])
    // a design around that one keeps its marks and adds its own
    const outer = new RewardedEnv(env, design({ transforms: { alive: [{ kind: 'scale', factor: 2 }] } }))
    expect(Array.from(outer.ownComponents)).toEqual([0, 0, 1, 1, 1, 1, 0])
  })

  it('pauses with a diagnosis when a custom term is not finite', () => {
    const env = new RewardedEnv(cartpole.create(1, {}), design({ terms: [{ name: 'bad', expression: 'log(x)' }] }))
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, [-0.01, 0, 0, 0])
    expect(() => env.step(Int32Array.of(0), out, new Rng(1))).toThrow(/custom term: "log\(x\)" gave NaN for x = -0\.01.*log of a negative number/)
  })

  it('refuses a design that does not fit the environment, naming every problem', () => {
    expect(() => new RewardedEnv(getEnv('gridworld').create(1, {}), design({ weights: { alive: 1 }, shaping: [{ potential: 'upright' }] }))).toThrow(
      /the reward design does not fit gridworld: weights\.alive: .*; shaping\[0\]\.potential: gridworld offers no potential "upright"/,
    )
  })

  it('pays an rnd bonus as the component bonus_rnd: positive, finite, the same for the same design', () => {
    for (const id of ['cartpole', 'gridworld', 'bandit']) {
      const run = () => {
        const env = new RewardedEnv(getEnv(id).create(3, {}), design({ bonuses: [{ kind: 'rnd', beta: 0.5 }] }))
        const column = env.spec.components.findIndex((c) => c.name === 'bonus_rnd')
        const K = env.spec.components.length
        const out = allocateStepBuffers(env.spec, 3)
        const rng = new Rng(4)
        env.reset(rng, out.obs)
        const actions = new Int32Array(3)
        const paid: number[] = []
        for (let t = 0; t < 300; t++) {
          for (let i = 0; i < 3; i++) actions[i] = rng.int(env.spec.numActions)
          env.step(actions, out, rng)
          for (let i = 0; i < 3; i++) paid.push(out.components[i * K + column])
        }
        return { column, K, paid }
      }
      const { column, K, paid } = run()
      expect(column, id).toBe(K - 1)
      expect(paid.every((b) => Number.isFinite(b) && b > 0), id).toBe(true)
      // it fades as the random policy keeps reaching the same kind of states
      const early = paid.slice(0, 30).reduce((a, b) => a + b, 0)
      const late = paid.slice(-30).reduce((a, b) => a + b, 0)
      expect(late, id).toBeLessThan(early)
      expect(run().paid, id).toEqual(paid)
    }
  })

  it('steps exactly as its environment when the design adds nothing, and counts t for terms added later', () => {
    const wrapped = new RewardedEnv(cartpole.create(2, {}), design({}))
    const plain = cartpole.create(2, {})
    const a = allocateStepBuffers(wrapped.spec, 2)
    const b = allocateStepBuffers(plain.spec, 2)
    wrapped.reset(new Rng(4), a.obs)
    plain.reset(new Rng(4), b.obs)
    for (let t = 0; t < 30; t++) {
      wrapped.step(Int32Array.of(t % 2, 1), a, new Rng(t))
      plain.step(Int32Array.of(t % 2, 1), b, new Rng(t))
    }
    expect(Array.from(a.obs)).toEqual(Array.from(b.obs))
    expect(Array.from(a.components)).toEqual(Array.from(b.components))
    // A term added now reads the episode's step count kept all along.
    wrapped.setDesign(design({ terms: [{ name: 'clock', expression: 't' }] }))
    const c = allocateStepBuffers(wrapped.spec, 2)
    wrapped.step(Int32Array.of(0, 0), c, new Rng(99))
    expect(c.components[6]).toBeGreaterThan(1)
  })

  it('leaves the environment as it is when the design adds nothing', () => {
    const env = cartpole.create(1, {})
    expect(withRewardDesign(env, design({ weights: { alive: 0.5 } }))).toBe(env)
  })
})

describe('RewardedEnv live changes', () => {
  it('takes a changed expression, an added component and a removed one from the next step; refuses a broken design', () => {
    const env = new RewardedEnv(cartpole.create(1, {}), design({ terms: [{ name: 'lean', expression: '1' }] }))
    const out = allocateStepBuffers(env.spec, 1, 4)
    env.setState(0, [0, 0, 0, 0])
    env.step(Int32Array.of(1), out, new Rng(1))
    expect(out.components[6]).toBe(1)
    env.setDesign(design({ terms: [{ name: 'lean', expression: '2 + action' }] }))
    env.step(Int32Array.of(1), out, new Rng(1))
    expect(out.components[6]).toBe(3)
    // Add a component: the spec grows and the row stride with it.
    env.setDesign(design({ terms: [{ name: 'lean', expression: '2 + action' }, { name: 'other', expression: '7' }] }))
    expect(env.spec.components.map((c) => c.name).slice(6)).toEqual(['lean', 'other'])
    env.step(Int32Array.of(0), out, new Rng(1))
    expect([out.components[6], out.components[7]]).toEqual([2, 7])
    // A design that does not compile is refused and the one in force stays.
    expect(() => env.setDesign(design({ terms: [{ name: 'other', expression: 'nope' }] }))).toThrow('unknown variable "nope"')
    expect(env.spec.components.map((c) => c.name).slice(6)).toEqual(['lean', 'other'])
    // Remove one: back to seven components.
    env.setDesign(design({ terms: [{ name: 'other', expression: '5' }] }))
    env.step(Int32Array.of(0), out, new Rng(1))
    expect(env.spec.components).toHaveLength(7)
    expect(out.components[6]).toBe(5)
  })

  it('keeps a bonus’s visit counts when the bonus itself did not change', () => {
    const grid = getEnv('gridworld').create(1, {})
    const env = new RewardedEnv(grid, design({ bonuses: [{ kind: 'count_global', beta: 1 }], terms: [{ name: 'z', expression: '0' }] }))
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, [0, 0])
    env.step(Int32Array.of(0), out, new Rng(1)) // up from the top row: stays at (0, 0), first visit
    expect(out.components[6]).toBe(1)
    env.setDesign(design({ bonuses: [{ kind: 'count_global', beta: 1 }], terms: [{ name: 'z', expression: '1' }] }))
    env.step(Int32Array.of(0), out, new Rng(1)) // second visit: 1/√2
    expect(out.components[6]).toBeCloseTo(1 / Math.SQRT2, 12)
  })
})
