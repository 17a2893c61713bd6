import { describe, expect, it } from 'vitest'
import { completionSums, dpoBatchLoss } from './dpoBatch'
import { actionLogProbs, logitsGradient } from './logSoftmax'

/*
 * A tiny policy over two actions. Logits (0, ln 3) give π = (1/4, 3/4); logits (0, 0) give (1/2, 1/2).
 * One pair: the chosen completion is 2 tokens, action 1 at the first logits then action 0 at the
 * second: log π = ln(3/4) + ln(1/2) = ln(3/8); the rejected one is 1 token, action 0 at the first
 * logits: ln(1/4).
 */
const logits = [0, Math.log(3), 0, 0, 0, Math.log(3)]
const actions = [1, 0, 0]
const lengths = [2, 1]

describe('dpoBatchLoss', () => {
  it('sums a completion’s per-token log π: ln(3/4) + ln(1/2) = ln(3/8), and ln(1/4)', () => {
    const { logProbs } = actionLogProbs(logits, actions, 2)
    const sums = completionSums(logProbs, lengths)
    expect(sums[0]).toBeCloseTo(Math.log(3 / 8), 6)
    expect(sums[1]).toBeCloseTo(Math.log(1 / 4), 6)
    expect(() => completionSums(logProbs, [1, 1])).toThrow('the lengths add up to 2, not the 3 tokens given')
  })

  it('gives the sigmoid loss of h = ln(3/8) − ln(1/4) against a uniform reference, and the rewards', () => {
    // Reference: every token at 1/2: refc = 2·ln ½, refr = ln ½. h = ln(3/8) − 2 ln ½ − (ln ¼ − ln ½) = ln(3/2) + ln 2 = ln 3
    const { logProbs } = actionLogProbs(logits, actions, 2)
    const slopes = new Float64Array(3)
    const beta = 1
    const terms = dpoBatchLoss(logProbs, lengths, [2 * Math.log(0.5)], [Math.log(0.5)], { beta, loss: 'sigmoid', labelSmoothing: 0 }, slopes)
    // −log σ(ln 3) = ln(1 + 1/3) = ln(4/3)
    expect(terms.loss).toBeCloseTo(Math.log(4 / 3), 6)
    expect(terms.chosenReward).toBeCloseTo(Math.log(3 / 2), 6)
    expect(terms.rejectedReward).toBeCloseTo(Math.log(1 / 2), 6)
    expect(terms.accuracy).toBe(1)
    // ∂ℓ/∂h = −σ(−ln 3) = −1/4: +(−1/4) on both chosen tokens, −(−1/4) on the rejected one
    expect(Array.from(slopes)).toEqual([-0.25, -0.25, 0.25].map((value) => expect.closeTo(value, 6)))
  })

  it('gives ∂L/∂logits, through the log-softmax, as a central difference of L does, for each loss', () => {
    // Two pairs of 2 + 1 and 1 + 2 tokens over three actions, the reference at other logits.
    const numActions = 3
    const batchActions = [2, 0, 1, 1, 0, 2]
    const batchLengths = [2, 1, 1, 2]
    const at = [0.3, -0.2, 0.5, 1.1, 0.4, -0.6, -0.3, 0.9, 0.2, 0.7, 0.1, -0.4, 0.0, 0.6, -0.8, 0.25, -0.5, 0.35]
    const refChosen = [-2.1, -1.2]
    const refRejected = [-1.3, -2.4]
    for (const options of [{ beta: 0.5, loss: 'sigmoid', labelSmoothing: 0.1 }, { beta: 0.5, loss: 'ipo', labelSmoothing: 0 }, { beta: 2, loss: 'hinge', labelSmoothing: 0 }] as const) {
      const lossAt = (values: number[]) => dpoBatchLoss(actionLogProbs(values, batchActions, numActions).logProbs, batchLengths, refChosen, refRejected, options, new Float64Array(6)).loss
      const { probabilities, logProbs } = actionLogProbs(at, batchActions, numActions)
      const slopes = new Float64Array(6)
      dpoBatchLoss(logProbs, batchLengths, refChosen, refRejected, options, slopes)
      const gradient = logitsGradient(probabilities, batchActions, numActions, slopes)
      const step = 1e-5
      at.forEach((_, j) => {
        const plus = at.map((value, k) => (k === j ? value + step : value))
        const minus = at.map((value, k) => (k === j ? value - step : value))
        expect(gradient[j]).toBeCloseTo((lossAt(plus) - lossAt(minus)) / (2 * step), 5)
      })
    }
  })
})
