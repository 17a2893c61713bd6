import { describe, expect, it } from 'vitest'
import { greedyActions } from './sampleActions'

describe('greedyActions', () => {
  it('picks each row’s largest logit, the first of tied ones, with log π of it', () => {
    const actions = new Int32Array(3)
    const logProbs = new Float32Array(3)
    greedyActions([0, 2, 1, 5, 5, -1, 0, 0, 0], 3, actions, logProbs)
    expect(Array.from(actions)).toEqual([1, 0, 0])
    // log π = −log Σ_b exp(l_b − l_max): row 0 −log(1 + e^−2 + e^−1), row 1 −log(2 + e^−6), row 2 −log 3
    expect(logProbs[0]).toBeCloseTo(-Math.log(1 + Math.exp(-2) + Math.exp(-1)), 6)
    expect(logProbs[1]).toBeCloseTo(-Math.log(2 + Math.exp(-6)), 6)
    expect(logProbs[2]).toBeCloseTo(-Math.log(3), 6)
  })
})
