import { describe, expect, it } from 'vitest'
import { Rng } from '../core/rng'
import { explainedVariance } from './ppo'
import { normalizeInPlace } from './ppoMinibatch'
import { diagnoseReward } from './rewardGuard'
import { sampleActions } from './sampleActions'

describe('sampleActions', () => {
  it('draws from softmax(logits) and returns the log-probability of the draw', () => {
    // logits (0, ln 3) ⇒ π = (1/4, 3/4)
    const rows = 20_000
    const logits = new Float32Array(rows * 2)
    for (let i = 0; i < rows; i++) logits[i * 2 + 1] = Math.log(3)
    const actions = new Int32Array(rows)
    const logProbs = new Float32Array(rows)
    sampleActions(logits, 2, new Rng(1), actions, logProbs)
    const ones = actions.reduce((sum, a) => sum + a, 0)
    expect(ones / rows).toBeCloseTo(0.75, 1.5)
    for (let i = 0; i < rows; i++) expect(logProbs[i]).toBeCloseTo(Math.log(actions[i] === 1 ? 0.75 : 0.25), 5)
  })

  it('does not overflow on large logits', () => {
    const actions = new Int32Array(1)
    const logProbs = new Float32Array(1)
    // logits (1000, 1000 + ln 3) ⇒ π = (1/4, 3/4)
    sampleActions(new Float32Array([1000, 1000 + Math.log(3)]), 2, new Rng(2), actions, logProbs)
    expect(logProbs[0]).toBeCloseTo(Math.log(actions[0] === 1 ? 0.75 : 0.25), 3)
  })
})

describe('normalizeInPlace', () => {
  it('subtracts the mean and divides by the Bessel-corrected std', () => {
    // mean 2; s = √(((−1)² + 0² + 1²)/2) = 1
    const values = new Float32Array([1, 2, 3])
    normalizeInPlace(values)
    expect(Array.from(values).map((v) => +v.toFixed(6))).toEqual([-1, 0, 1])
  })

  it('maps a single sample to 0', () => {
    const values = new Float32Array([5])
    normalizeInPlace(values)
    expect(values[0]).toBe(0)
  })
})

describe('explainedVariance', () => {
  it('is 1 − Var(R − V)/Var(R)', () => {
    // R = (1, 2, 3), V = (1, 2, 2): R − V = (0, 0, 1), Var = 2/9; Var(R) = 2/3 ⇒ EV = 1 − 1/3 = 2/3
    expect(explainedVariance(new Float32Array([1, 2, 2]), new Float32Array([1, 2, 3]))).toBeCloseTo(2 / 3, 6)
    expect(explainedVariance(new Float32Array([1, 2, 3]), new Float32Array([1, 2, 3]))).toBe(1)
    // constant returns: undefined, reported as 0
    expect(explainedVariance(new Float32Array([0, 1]), new Float32Array([2, 2]))).toBe(0)
  })
})

describe('diagnoseReward', () => {
  const names = ['alive', 'calm']
  it('names the component that is not finite', () => {
    expect(diagnoseReward(Number.NaN, 1, 7, names, [1, 2], [1, 0, 1, Number.NEGATIVE_INFINITY])).toBe(
      'mixed reward of copy 1 at rollout step 7 is NaN: component "calm" is -Infinity (weight 2)',
    )
  })

  it('names the weighted term that overflows', () => {
    expect(diagnoseReward(Number.POSITIVE_INFINITY, 0, 0, names, [1e300, 0], [1e300, 0])).toBe(
      'mixed reward of copy 0 at rollout step 0 is Infinity: component "alive" = 1e+300 × weight 1e+300 overflows',
    )
  })
})
