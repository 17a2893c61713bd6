import { describe, expect, it } from 'vitest'
import { logSigmoid, sigmoid, softplus } from './logistic'

describe('sigmoid, softplus and log sigmoid', () => {
  it('give the hand-computed values', () => {
    // σ(0) = 1/2; σ(ln 3) = 1/(1 + 1/3) = 3/4; σ(−ln 3) = (1/3)/(4/3) = 1/4
    expect(sigmoid(0)).toBe(0.5)
    expect(sigmoid(Math.log(3))).toBeCloseTo(0.75, 15)
    expect(sigmoid(-Math.log(3))).toBeCloseTo(0.25, 15)
    // softplus(0) = ln 2; softplus(ln 3) = ln(1 + 3) = ln 4
    expect(softplus(0)).toBe(Math.LN2)
    expect(softplus(Math.log(3))).toBeCloseTo(Math.log(4), 15)
    // log σ(ln 3) = ln(3/4); log σ(−ln 3) = ln(1/4)
    expect(logSigmoid(Math.log(3))).toBeCloseTo(Math.log(0.75), 15)
    expect(logSigmoid(-Math.log(3))).toBeCloseTo(Math.log(0.25), 15)
  })

  it('neither overflow nor lose small values for |z| of 1e3 and beyond', () => {
    // log(1 + e^1000) would overflow: softplus(1000) = 1000 + log1p(e^−1000) = 1000
    expect(softplus(1000)).toBe(1000)
    expect(softplus(1e5)).toBe(1e5)
    expect(softplus(-1000)).toBe(0)
    // log1p(e^−40) = e^−40 − e^−80/2 …: all of e^−40's digits survive
    expect(softplus(-40) / Math.exp(-40)).toBeCloseTo(1, 15)
    // log σ(−1000) = −1000, where log(1/(1 + e^1000)) would give −Infinity
    expect(logSigmoid(-1000)).toBe(-1000)
    expect(logSigmoid(1000)).toBe(-0)
    expect(logSigmoid(-1e300)).toBe(-1e300)
    expect(sigmoid(-1000)).toBe(0)
    expect(sigmoid(1000)).toBe(1)
    expect(sigmoid(-40) / Math.exp(-40)).toBeCloseTo(1, 15)
    for (const z of [Infinity, -Infinity, 1e308, -1e308, 745, -745, 710, -710]) {
      expect(Number.isNaN(sigmoid(z)) || Number.isNaN(softplus(z)) || Number.isNaN(logSigmoid(z))).toBe(false)
    }
    expect([sigmoid(Infinity), sigmoid(-Infinity), softplus(Infinity), softplus(-Infinity)]).toEqual([1, 0, Infinity, 0])
  })

  it('keep σ(z) + σ(−z) = 1 and softplus(z) − softplus(−z) = z', () => {
    for (const z of [-30, -2.5, -0.1, 0.1, 2.5, 30]) {
      expect(sigmoid(z) + sigmoid(-z)).toBeCloseTo(1, 15)
      expect(softplus(z) - softplus(-z)).toBeCloseTo(z, 13)
    }
  })
})
