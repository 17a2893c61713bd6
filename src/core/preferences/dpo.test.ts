import { describe, expect, it } from 'vitest'
import { dpoLosses, dpoLossSlopes, type DpoLoss } from './dpo'

/*
 * Three pairs, β = 1/2:
 *   pair 0: πc = −1, refc = −2, πr = −3, refr = −2 → log-ratios (1, −1), h = 2,  βh = 1
 *   pair 1: πc = −2, refc = −1, πr = −2, refr = −2 → log-ratios (−1, 0), h = −1, βh = −1/2
 *   pair 2: all −4                                  → log-ratios (0, 0),  h = 0,  βh = 0
 * chosenRewards = β·(1, −1, 0) = (0.5, −0.5, 0); rejectedRewards = β·(−1, 0, 0) = (−0.5, 0, 0);
 * strictly greater in pair 0 only: accuracy 1/3.
 */
const logProbs = { policyChosen: [-1, -2, -4], policyRejected: [-3, -2, -4], refChosen: [-2, -1, -4], refRejected: [-2, -2, -4] }
const beta = 0.5

function losses(loss: DpoLoss, labelSmoothing = 0) {
  return dpoLosses(logProbs, { beta, loss, labelSmoothing })
}

function expectClose(actual: ArrayLike<number>, expected: number[], digits = 15): void {
  expect(actual.length).toBe(expected.length)
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, digits))
}

describe('dpoLosses', () => {
  it('gives the sigmoid loss −log σ(βh)', () => {
    // −log σ(1) = ln(1 + e^−1) ≈ 0.3133; −log σ(−1/2) = ln(1 + e^½) ≈ 0.9741; −log σ(0) = ln 2
    const expected = [Math.log(1 + Math.exp(-1)), Math.log(1 + Math.exp(0.5)), Math.LN2]
    const result = losses('sigmoid')
    expectClose(result.losses, expected)
    expect(result.losses[0]).toBeCloseTo(0.3133, 4)
    expect(result.losses[1]).toBeCloseTo(0.9741, 4)
    expect(result.loss).toBeCloseTo((expected[0] + expected[1] + expected[2]) / 3, 15)
  })

  it('smooths the sigmoid loss: −(1 − ε) log σ(βh) − ε log σ(−βh)', () => {
    // ε = 0.1, pair 0: 0.9·ln(1 + e^−1) + 0.1·ln(1 + e) ≈ 0.9·0.31326 + 0.1·1.31326 = 0.41326
    const result = losses('sigmoid', 0.1)
    expect(result.losses[0]).toBeCloseTo(0.9 * Math.log(1 + Math.exp(-1)) + 0.1 * Math.log(1 + Math.E), 15)
    expect(result.losses[0]).toBeCloseTo(0.41326, 5)
    // pair 1: 0.9·ln(1 + e^½) + 0.1·ln(1 + e^−½)
    expect(result.losses[1]).toBeCloseTo(0.9 * Math.log(1 + Math.exp(0.5)) + 0.1 * Math.log(1 + Math.exp(-0.5)), 15)
    // h = 0: (0.9 + 0.1)·ln 2, whatever ε
    expect(result.losses[2]).toBeCloseTo(Math.LN2, 15)
    // Smoothing moves the loss of a confident pair towards that of a reversed one: ℓ(ε) − ℓ(0) = ε·(ln(1 + e) − ln(1 + e^−1)) = ε
    expect(result.losses[0] - losses('sigmoid').losses[0]).toBeCloseTo(0.1, 15)
  })

  it('gives the IPO loss (h − 1/(2β))² on the log-probabilities as given', () => {
    // 1/(2β) = 1: (2 − 1)² = 1, (−1 − 1)² = 4, (0 − 1)² = 1; mean 2
    const result = losses('ipo')
    expect(Array.from(result.losses)).toEqual([1, 4, 1])
    expect(result.loss).toBe(2)
  })

  it('gives the hinge loss max(0, 1 − βh)', () => {
    // max(0, 1 − 1) = 0, max(0, 1 + 1/2) = 1.5, max(0, 1) = 1; mean 2.5/3
    const result = losses('hinge')
    expect(Array.from(result.losses)).toEqual([0, 1.5, 1])
    expect(result.loss).toBeCloseTo(2.5 / 3, 15)
  })

  it('lets ipo and hinge ignore the label smoothing', () => {
    expect(losses('ipo', 0.3)).toEqual(losses('ipo'))
    expect(losses('hinge', 0.49)).toEqual(losses('hinge'))
  })

  it('gives the implicit rewards and the accuracy whatever the loss', () => {
    for (const loss of ['sigmoid', 'ipo', 'hinge'] as const) {
      const result = losses(loss, 0)
      expect(Array.from(result.chosenRewards)).toEqual([0.5, -0.5, 0])
      expect(Array.from(result.rejectedRewards)).toEqual([-0.5, 0, 0])
      // A tie (pair 2) is not a correct pair
      expect(result.accuracy).toBeCloseTo(1 / 3, 15)
    }
  })

  it('stays exact for βh of 1e3 and beyond, and gives no NaN where βh overflows', () => {
    const far = (h: number, b: number, labelSmoothing: number) => dpoLosses({ policyChosen: [h], policyRejected: [0], refChosen: [0], refRejected: [0] }, { beta: b, loss: 'sigmoid', labelSmoothing }).losses[0]
    // softplus(−1000) = 0; with ε = 0.1: 0.1·softplus(1000) = 100
    expect(far(1000, 1, 0)).toBe(0)
    expect(far(1000, 1, 0.1)).toBeCloseTo(100, 12)
    // h = −1000: 0.9·1000 = 900
    expect(far(-1000, 1, 0.1)).toBeCloseTo(900, 12)
    expect(far(-1000, 1, 0)).toBe(1000)
    // βh = 1e300·1e10 = Infinity: 0 with ε = 0 (not 0·Infinity), Infinity (for the caller to refuse) with ε > 0
    expect(far(1e10, 1e300, 0)).toBe(0)
    expect(far(1e10, 1e300, 0.1)).toBe(Infinity)
  })

  it('refuses empty or unequal arrays, β ≤ 0 and ε outside [0, 1/2)', () => {
    const options = { beta: 1, loss: 'sigmoid' as const, labelSmoothing: 0 }
    expect(() => dpoLosses({ policyChosen: [], policyRejected: [], refChosen: [], refRejected: [] }, options)).toThrow('needs at least one pair')
    expect(() => dpoLosses({ ...logProbs, refRejected: [1] }, options)).toThrow('got 3, 3, 3 and 1')
    for (const b of [0, -1, NaN, Infinity]) expect(() => dpoLosses(logProbs, { ...options, beta: b })).toThrow('β must be a finite number > 0')
    for (const labelSmoothing of [-0.1, 0.5, 0.7, NaN]) expect(() => dpoLosses(logProbs, { ...options, labelSmoothing })).toThrow('the label smoothing must be at least 0 and below 0.5')
    expect(() => dpoLosses(logProbs, { ...options, loss: 'kto' as DpoLoss })).toThrow('unknown loss "kto"; accepted: sigmoid, ipo, hinge')
  })
})

describe('dpoLossSlopes', () => {
  // The three pairs above: h = (2, −1, 0), β = 1/2.
  const h = [2, -1, 0]

  it('gives ∂ℓ/∂h by hand: sigmoid −β·σ(−βh), ipo 2(h − 1/(2β)), hinge −β inside the margin', () => {
    // sigmoid, ε = 0: −½·σ(−1) = −½·0.268941… = −0.134470…; −½·σ(½) = −0.311246…; −½·σ(0) = −¼
    const sigmoidSlopes = dpoLossSlopes(h, { beta, loss: 'sigmoid', labelSmoothing: 0 })
    expect(sigmoidSlopes[0]).toBeCloseTo(-0.5 / (1 + Math.E), 15)
    expect(sigmoidSlopes[0]).toBeCloseTo(-0.13447, 5)
    expect(sigmoidSlopes[1]).toBeCloseTo(-0.31123, 5)
    expect(sigmoidSlopes[2]).toBe(-0.25)
    // ipo: 2·(2 − 1) = 2, 2·(−1 − 1) = −4, 2·(0 − 1) = −2
    expect(Array.from(dpoLossSlopes(h, { beta, loss: 'ipo', labelSmoothing: 0 }))).toEqual([2, -4, -2])
    // hinge: 1 − βh = 0 (the kink: 0), 1.5, 1: slopes 0, −½, −½
    expect(Array.from(dpoLossSlopes(h, { beta, loss: 'hinge', labelSmoothing: 0 }))).toEqual([0, -0.5, -0.5])
  })

  it('matches a central difference of dpoLosses for every loss, smoothed or not', () => {
    const step = 1e-6
    const at = [1.3, -0.7, 0.2, 4]
    for (const [loss, labelSmoothing] of [['sigmoid', 0], ['sigmoid', 0.2], ['ipo', 0], ['hinge', 0]] as const) {
      const options = { beta: 0.8, loss, labelSmoothing }
      const slopes = dpoLossSlopes(at, options)
      at.forEach((value, i) => {
        const lossAt = (x: number) => dpoLosses({ policyChosen: [x], policyRejected: [0], refChosen: [0], refRejected: [0] }, options).losses[0]
        expect(slopes[i]).toBeCloseTo((lossAt(value + step) - lossAt(value - step)) / (2 * step), 6)
      })
    }
  })
})
