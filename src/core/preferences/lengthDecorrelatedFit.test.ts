import { describe, expect, it } from 'vitest'
import { fitBradleyTerry } from './bradleyTerryFit'
import { fitLengthDecorrelated, lengthCovariances } from './lengthDecorrelatedFit'
import type { PreferencePairs } from './preferencePairs'

/** Pairs from rows [quality, length]: each pair's preferred row first. */
function pairsOf(rows: [number[], number[]][]): PreferencePairs {
  return { count: rows.length, features: 2, preferred: Float64Array.from(rows.flatMap(([w]) => w)), rejected: Float64Array.from(rows.flatMap(([, l]) => l)) }
}

// Four pairs over features (quality q, length L); the longer side wins three times, the better side three times.
const PAIRS = pairsOf([
  [[1, 5], [0, 2]],
  [[0, 6], [1, 3]],
  [[1, 4], [0, 4]],
  [[2, 7], [1, 1]],
])

describe('lengthCovariances', () => {
  it('gives each feature’s covariance with length over both sides of every pair', () => {
    // q: 1, 0, 1, 2, 0, 1, 0, 1 → mean 0.75; L: 5, 6, 4, 7, 2, 3, 4, 1 → mean 4
    // Cov(q, L) = (1/8)·Σ (q − 0.75)(L − 4) = (0.25 + 1.5·… ) computed term by term:
    //   0.25·1 − 0.75·2 + 0.25·0 + 1.25·3 − 0.75·(−2) + 0.25·(−1) − 0.75·0 + 0.25·(−3) = 3
    // Var(L) = (1 + 4 + 0 + 9 + 4 + 1 + 0 + 9)/8 = 3.5
    const v = lengthCovariances(PAIRS, 1)
    expect(v[0]).toBeCloseTo(3 / 8, 15)
    expect(v[1]).toBeCloseTo(3.5, 15)
  })
})

describe('fitLengthDecorrelated', () => {
  it('gives a content head whose scores have zero covariance with length over the pairs it was fitted on', () => {
    const { weights } = fitLengthDecorrelated(PAIRS, 1, 1)
    const v = lengthCovariances(PAIRS, 1)
    // Cov(w_Q·x, L) = w_Q·v
    expect(Math.abs(weights[0] * v[0] + weights[1] * v[1])).toBeLessThan(1e-15)
  })

  it('is the exact Bradley–Terry fit on the features [P·x, L], P = I − v·vᵀ/(vᵀv)', () => {
    // v = (3/8, 7/2): P·(dq, dL) = (dq, dL) − v·(v·d)/(v·v), written out for each pair's differences d
    const v = [3 / 8, 7 / 2]
    const vv = v[0] * v[0] + v[1] * v[1]
    const differences = [[1, 3], [-1, 3], [1, 0], [1, 6]]
    const values = Float64Array.from(differences.flatMap(([dq, dL]) => {
      const along = (v[0] * dq + v[1] * dL) / vv
      return [dq - along * v[0], dL - along * v[1], dL]
    }))
    const direct = fitBradleyTerry({ count: 4, features: 3, values }, 1)
    const fit = fitLengthDecorrelated(PAIRS, 1, 1)
    expect(fit.lengthWeight).toBeCloseTo(direct.weights[2], 12)
    expect(fit.weights[0]).toBeCloseTo(direct.weights[0], 12)
    expect(fit.weights[1]).toBeCloseTo(direct.weights[1], 12)
    expect(fit.fit.loss).toBeCloseTo(direct.loss, 12)
  })

  it('puts a pure length preference in the length head and leaves the content head nothing of it', () => {
    // The longer side always wins and the two sides are equally good: the labels say "longer". Over
    // the 8 rows q (1, 0, 1, 0 | 1, 0, 1, 0) is uncorrelated with L (6, 6, 5, 5 | 2, 2, 3, 3).
    const pairs = pairsOf([
      [[1, 6], [1, 2]],
      [[0, 6], [0, 2]],
      [[1, 5], [1, 3]],
      [[0, 5], [0, 3]],
    ])
    const plain = fitBradleyTerry({ count: 4, features: 2, values: Float64Array.from([0, 4, 0, 4, 0, 2, 0, 2]) }, 1)
    const fit = fitLengthDecorrelated(pairs, 1, 1)
    expect(plain.weights[1]).toBeGreaterThan(0.3)
    expect(fit.lengthWeight).toBeCloseTo(plain.weights[1], 12)
    // q is uncorrelated with L here (v = (0, Var L)), so P removes length and the content head's weights are 0
    expect(Math.abs(fit.weights[0])).toBeLessThan(1e-12)
    expect(Math.abs(fit.weights[1])).toBeLessThan(1e-12)
  })

  it('with a constant length fits as the plain model and gives the length head 0', () => {
    const pairs = pairsOf([
      [[1, 3], [0, 3]],
      [[2, 3], [1, 3]],
      [[0, 3], [1, 3]],
    ])
    const fit = fitLengthDecorrelated(pairs, 1, 1)
    const plain = fitBradleyTerry({ count: 3, features: 2, values: Float64Array.from([1, 0, 1, 0, -1, 0]) }, 1)
    expect(fit.weights[0]).toBeCloseTo(plain.weights[0], 12)
    expect(fit.lengthWeight).toBe(0)
  })

  it('refuses a difference that overflows, naming the pair', () => {
    expect(() => fitLengthDecorrelated(pairsOf([[[1e308, 1], [-1e308, 2]]]), 1, 1)).toThrow('pair 0: feature 0 of the preferred side minus the rejected side, projected off length, came out as Infinity')
  })

  it('refuses a length index that is not a feature', () => {
    expect(() => fitLengthDecorrelated(PAIRS, 2, 1)).toThrow("fitLengthDecorrelated: the length feature's index 2 is not one of the 2 features")
  })
})
