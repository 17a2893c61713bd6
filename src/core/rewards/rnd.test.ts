import { describe, expect, it } from 'vitest'
import { bandit } from '../envs/bandit'
import { cartpole } from '../envs/cartpole'
import { Rng } from '../rng'
import { Adam, createRndBonus, RND_DEFAULT_SEED, RndBonus, TwoLayerPerceptron } from './rnd'

/** Episode ends of one step in which no episode ended (finalState unused). */
function running(n: number, stateSize: number) {
  return { terminated: new Uint8Array(n), truncated: new Uint8Array(n), finalState: new Float64Array(n * stateSize) }
}

/** Train a bonus over 4 copies that sit on the same 4 grid cells every step; returns first and last bonuses. */
function trainOnFourCells(seed: number, steps: number) {
  const bonus = new RndBonus(1, 2, 4, new Rng(seed))
  const state = Float64Array.of(0, 0, 0, 1, 1, 0, 1, 1)
  const ends = running(4, 2)
  const out = new Float64Array(4)
  bonus.apply(state, 2, ends, out)
  const first = Array.from(out)
  const novelEarly = bonus.bonusOf([9, 9])
  for (let t = 1; t < steps; t++) bonus.apply(state, 2, ends, out)
  return { bonus, first, last: Array.from(out), novelEarly, novelLate: bonus.bonusOf([9, 9]) }
}

const max = (values: number[]) => Math.max(...values)
const min = (values: number[]) => Math.min(...values)
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length

describe('TwoLayerPerceptron', () => {
  it('computes W2·relu(W1·x + b1) + b2 by hand', () => {
    const net = new TwoLayerPerceptron(2, 2, 1, 1)
    // W1 = [[1, −1], [2, 0.5]], b1 = [0, −1], W2 = [[3, −2]], b2 = [0.5]
    net.params.set([1, -1, 2, 0.5, 0, -1, 3, -2, 0.5])
    const out = new Float32Array(1)
    // x = (1, 2): z = (1 − 2 + 0, 2 + 1 − 1) = (−1, 2) → h = (0, 2) → y = 3·0 − 2·2 + 0.5 = −3.5
    net.forward(Float32Array.of(1, 2), 1, out)
    expect(out[0]).toBe(-3.5)
  })

  it('backward matches central finite differences of a squared loss on every parameter', () => {
    const rng = new Rng(7)
    const net = new TwoLayerPerceptron(3, 5, 2, 4)
    net.initialise(rng)
    const inputs = Float32Array.from({ length: 4 * 3 }, () => rng.normal())
    const wanted = Float32Array.from({ length: 4 * 2 }, () => rng.normal())
    const outputs = new Float32Array(4 * 2)
    // L = ½·Σ_r Σ_k (y_rk − t_rk)², so ∂L/∂y = y − t
    const loss = () => {
      net.forward(inputs, 4, outputs)
      let total = 0
      for (let p = 0; p < outputs.length; p++) total += 0.5 * (outputs[p] - wanted[p]) ** 2
      return total
    }
    loss()
    const dOutputs = Float32Array.from(outputs, (y, p) => y - wanted[p])
    net.backward(inputs, 4, dOutputs)
    const analytic = Array.from(net.gradients)
    let worst = 0
    for (let p = 0; p < net.params.length; p++) {
      const saved = net.params[p]
      net.params[p] = saved + 1e-2
      const up = net.params[p]
      const lossUp = loss()
      net.params[p] = saved - 1e-2
      const down = net.params[p]
      const lossDown = loss()
      net.params[p] = saved
      // the step actually taken, after float32 rounding of the perturbed parameter
      const numeric = (lossUp - lossDown) / (up - down)
      worst = Math.max(worst, Math.abs(numeric - analytic[p]) / Math.max(1, Math.abs(analytic[p])))
    }
    expect(worst).toBeLessThan(1e-3)
    // The check is not vacuous: the loss depends on every layer.
    expect(analytic.filter((g) => g !== 0).length).toBeGreaterThan(net.params.length / 2)
  })
})

describe('Adam', () => {
  it('moves each parameter by lr·sign(g) on its first step (bias-corrected m̂/√v̂ = g/|g|)', () => {
    const adam = new Adam(3, 0.1)
    const params = Float32Array.of(1, 1, 1)
    adam.step(params, Float32Array.of(2, -0.5, 0))
    expect(params[0]).toBeCloseTo(0.9, 6)
    expect(params[1]).toBeCloseTo(1.1, 6)
    expect(params[2]).toBe(1)
  })
})

describe('RndBonus', () => {
  it('falls on states seen often and stays high on a state never seen (2000 updates on 4 cells)', () => {
    for (const seed of [1, 2, 3]) {
      const { first, last, novelEarly, novelLate } = trainOnFourCells(seed, 2000)
      // Before learning the four cells pay a fraction of β (they sit within the spread seen so far).
      expect(min(first)).toBeGreaterThan(0.01)
      // The seen cells' bonus falls by many orders of magnitude …
      expect(max(last)).toBeLessThan(1e-6 * min(first))
      // … while the far, never-seen cell keeps a sizeable share of its bonus (some generalisation is expected) …
      expect(novelLate).toBeGreaterThan(0.05 * novelEarly)
      // … at least half what the seen cells paid when they were new, and far more than they pay now.
      expect(novelLate).toBeGreaterThan(0.5 * mean(first))
      expect(novelLate).toBeGreaterThan(1e5 * max(last))
    }
  })

  it('on a random walk confined to the left half of a 10×10 grid, the right half keeps paying far more', () => {
    const n = 4
    const bonus = new RndBonus(1, 2, n, new Rng(1))
    const walk = new Rng(101)
    const state = new Float64Array(2 * n)
    const ends = running(n, 2)
    const out = new Float64Array(n)
    for (let t = 0; t < 2000; t++) {
      for (let i = 0; i < n; i++) {
        const move = walk.int(4)
        state[2 * i] = Math.min(9, Math.max(0, state[2 * i] + (move === 0 ? -1 : move === 1 ? 1 : 0)))
        state[2 * i + 1] = Math.min(4, Math.max(0, state[2 * i + 1] + (move === 2 ? -1 : move === 3 ? 1 : 0)))
      }
      bonus.apply(state, 2, ends, out)
    }
    let seen = 0
    let unseen = 0
    for (let row = 0; row < 10; row++) {
      for (let col = 0; col < 5; col++) seen += bonus.bonusOf([row, col]) / 50
      for (let col = 7; col < 10; col++) unseen += bonus.bonusOf([row, col]) / 30
    }
    expect(unseen).toBeGreaterThan(30 * seen)
  })

  it('is deterministic per seed, differs across seeds, and reset starts the same sequence again', () => {
    const run = (bonus: RndBonus) => {
      const stepRng = new Rng(5)
      const state = new Float64Array(3 * 4)
      const out = new Float64Array(3)
      const paid: number[] = []
      for (let t = 0; t < 50; t++) {
        for (let p = 0; p < state.length; p++) state[p] = stepRng.normal()
        bonus.apply(state, 4, running(3, 4), out)
        paid.push(...out)
      }
      return paid
    }
    const a = new RndBonus(0.5, 4, 3, new Rng(11))
    const first = run(a)
    expect(run(new RndBonus(0.5, 4, 3, new Rng(11)))).toEqual(first)
    expect(run(new RndBonus(0.5, 4, 3, new Rng(12)))).not.toEqual(first)
    a.reset()
    expect(a.updates).toBe(0)
    expect(run(a)).toEqual(first)
    expect(first.every((b) => Number.isFinite(b) && b > 0)).toBe(true)
  })

  it('scales with β and pays about β on average over the whole clipped input box before learning', () => {
    const one = new RndBonus(1, 3, 1, new Rng(4))
    const three = new RndBonus(3, 3, 1, new Rng(4))
    expect(three.bonusOf([1, 2, 3])).toBeCloseTo(3 * one.bonusOf([1, 2, 3]), 10)
    // Before any state is seen, inputs are used as they are (clipped to ±5): the box mean is β.
    const rng = new Rng(99)
    let mean = 0
    for (let s = 0; s < 2000; s++) mean += one.bonusOf([rng.range(-5, 5), rng.range(-5, 5), rng.range(-5, 5)]) / 2000
    expect(mean).toBeGreaterThan(0.8)
    expect(mean).toBeLessThan(1.25)
  })

  it('reads the reached state from finalState where an episode ended', () => {
    const direct = new RndBonus(1, 2, 2, new Rng(3))
    const viaFinal = new RndBonus(1, 2, 2, new Rng(3))
    const outDirect = new Float64Array(2)
    const outFinal = new Float64Array(2)
    direct.apply([1, 2, 3, 4], 2, running(2, 2), outDirect)
    // copy 1 ended: env.state already holds its reset state, the reached one is in finalState
    viaFinal.apply([1, 2, 0, 0], 2, { terminated: Uint8Array.of(0, 1), truncated: Uint8Array.of(0, 0), finalState: Float64Array.of(0, 0, 3, 4) }, outFinal)
    expect(Array.from(outFinal)).toEqual(Array.from(outDirect))
  })

  it('treats a variable that never moved as 0 and any change of it as new', () => {
    const bonus = new RndBonus(1, 2, 1, new Rng(8))
    const out = new Float64Array(1)
    for (let t = 0; t < 500; t++) bonus.apply([t % 5, 0], 2, running(1, 2), out)
    expect(bonus.bonusOf([2, 1])).toBeGreaterThan(100 * bonus.bonusOf([2, 0]))
  })

  it('refuses a non-finite state, naming the variable, and a state of the wrong size', () => {
    const bonus = createRndBonus(cartpole.spec, 1, { beta: 1 })
    expect(() => bonus.apply([0, Number.NaN, 0, 0], 4, running(1, 4), new Float64Array(1))).toThrow('rnd bonus: copy 0 reached a state with x_dot = NaN')
    expect(() => bonus.apply([0, 0], 2, running(1, 2), new Float64Array(1))).toThrow('this rnd bonus was built for 4 state variables, got 2')
    expect(() => new RndBonus(Number.NaN, 2, 1, new Rng(1))).toThrow('the bonus scale β must be a finite number')
  })

  it('createRndBonus draws its networks from the default seed, and works on any state vector', () => {
    const a = createRndBonus(bandit.spec, 2, { beta: 0.1 })
    const b = new RndBonus(0.1, bandit.spec.stateVars.length, 2, new Rng(RND_DEFAULT_SEED))
    expect(Array.from(a.predictor.params)).toEqual(Array.from(b.predictor.params))
    expect(Array.from(createRndBonus(bandit.spec, 2, { beta: 0.1, seed: 1 }).target.params)).not.toEqual(Array.from(a.target.params))
    expect(() => createRndBonus({ ...bandit.spec, stateVars: [] }, 1, { beta: 1 })).toThrow('an rnd bonus needs a state vector, and bandit has none')
  })
})
