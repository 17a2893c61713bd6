import { describe, expect, it } from 'vitest'
import { END, THINK } from '../envs/tokenseq'
import { softplus } from './logistic'
import { fitProcessModel, fitStepLogistic, stepAccuracy, tokenStepData, type StepData } from './processFit'
import { TOKEN_STEP_FEATURE_NAMES } from './tokenStepFeatures'

/** L(w) and ∇L(w) of the per-token logistic loss, written out from its definition. */
function logisticLoss(data: StepData, l2: number, w: ArrayLike<number>): { loss: number; gradient: number[] } {
  const gradient = Array.from(w, (value) => l2 * value)
  let loss = 0
  for (let t = 0; t < data.count; t++) {
    let z = 0
    for (let k = 0; k < data.features; k++) z += w[k] * data.values[t * data.features + k]
    const y = data.labels[t]
    loss += y === 1 ? softplus(-z) : softplus(z)
    // ∂/∂w of the BCE: (σ(z) − y)·x
    const slope = 1 / (1 + Math.exp(-z)) - y
    for (let k = 0; k < data.features; k++) gradient[k] += slope * data.values[t * data.features + k]
  }
  for (const value of Array.from(w)) loss += (l2 / 2) * value * value
  return { loss, gradient }
}

describe('per-token logistic fit', () => {
  it('with one feature and labels 1, 1, 0 at x = 1 minimises the BCE: w* solves 2σ(−w) − σ(w) = w (λ = 1)', () => {
    // Σ over steps: two 1s at x = 1 and a 0 at x = 1 → ∇ = −2σ(−w) + σ(w) + w = 0
    const data: StepData = { count: 3, features: 1, values: Float64Array.from([1, 1, 1]), labels: Uint8Array.from([1, 1, 0]) }
    const [w] = fitStepLogistic(data, 1)
    const s = (z: number) => 1 / (1 + Math.exp(-z))
    expect(-2 * s(-w) + s(w) + w).toBeCloseTo(0, 12)
    expect(w).toBeGreaterThan(0)
    expect(w).toBeLessThan(1)
  })

  it('reaches a zero gradient of the loss as written out, on the steps of a few completions', () => {
    const data = tokenStepData([
      { prompt: [5, 7], tokens: [1, 2, END], maxLength: 8 },
      { prompt: [5, 7], tokens: [1, 3, END], maxLength: 8 },
      { prompt: [3, 4], tokens: [THINK, THINK, 7, END], maxLength: 8 },
      { prompt: [3, 4], tokens: [6, END], maxLength: 8 },
      { prompt: [0, 0], tokens: [THINK, THINK, THINK], maxLength: 3 },
    ])
    expect(data.count).toBe(15)
    expect(Array.from(data.labels)).toEqual([1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 0])
    const weights = fitStepLogistic(data, 1)
    const { gradient } = logisticLoss(data, 1, weights)
    for (const value of gradient) expect(Math.abs(value)).toBeLessThan(1e-9)
  })

  it('reports the mean per-step loss and the share of steps on their label’s side', () => {
    const data: StepData = { count: 4, features: 1, values: Float64Array.from([1, -1, 2, 0]), labels: Uint8Array.from([1, 0, 0, 1]) }
    const model = { kind: 'linear' as const, featureNames: ['x'], members: [{ weights: [1] }], granularity: 'process' as const }
    // r = 1, −1, 2, 0: right, right, wrong, wrong (σ(0) = ½ is not above ½)
    const accuracy = stepAccuracy(model, data)
    expect(accuracy.accuracy).toBe(0.5)
    expect(accuracy.positiveRate).toBe(0.5)
    expect(accuracy.loss).toBeCloseTo((softplus(-1) + softplus(-1) + softplus(2) + softplus(-0)) / 4, 15)
  })

  it('fits a process model of the step features on whole completions, some held out', () => {
    const completions = Array.from({ length: 10 }, (_, i) => ({ prompt: [i % 10, 3] as [number, number], tokens: i % 2 === 0 ? [(i + 3) % 10, END] : [THINK, 9, 9, END], maxLength: 8 }))
    const fit = fitProcessModel(completions, { holdout: 0.2, l2: 1, seed: 1 })
    expect(fit.model).toMatchObject({ kind: 'linear', featureNames: TOKEN_STEP_FEATURE_NAMES, granularity: 'process' })
    expect(fit.completions).toEqual({ total: 10, train: 8, heldOut: 2 })
    expect(fit.heldOut).not.toBeNull()
    expect(fit.train.accuracy).toBeGreaterThan(0.5)
  })
})
