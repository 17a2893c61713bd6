import { describe, expect, it } from 'vitest'
import { adaptedKlCoefficient, sequenceMeanKl } from './klControl'

describe('the adaptive KL controller (verl’s AdaptiveKLController.update)', () => {
  const control = { target: 0.1, horizon: 1000 }

  it('moves β by the proportional error times the steps over the horizon', () => {
    // KL 0.11: e = 0.1; 100 steps over 1000: β·(1 + 0.01) = 0.0505
    expect(adaptedKlCoefficient(0.05, 0.11, 100, control)).toBeCloseTo(0.0505, 15)
    // KL 0.09: e = −0.1: 0.05·0.99
    expect(adaptedKlCoefficient(0.05, 0.09, 100, control)).toBeCloseTo(0.0495, 15)
    // on target: unchanged
    expect(adaptedKlCoefficient(0.05, 0.1, 100, control)).toBe(0.05)
  })

  it('clips the proportional error to ±0.2', () => {
    // KL 1 (e = 9 → 0.2): 0.05·(1 + 0.2·0.1) = 0.051; KL 0 (e = −1 → −0.2): 0.05·0.98 = 0.049
    expect(adaptedKlCoefficient(0.05, 1, 100, control)).toBeCloseTo(0.051, 15)
    expect(adaptedKlCoefficient(0.05, 0, 100, control)).toBeCloseTo(0.049, 15)
    // a negative k1 estimate is below target like 0
    expect(adaptedKlCoefficient(0.05, -0.3, 100, control)).toBeCloseTo(0.049, 15)
  })

  it('stops at 0 where verl’s β would turn negative, and refuses non-finite numbers', () => {
    // e = −0.2, 10 steps over a horizon of 1: 1 − 2 < 0
    expect(adaptedKlCoefficient(0.05, 0, 10, { target: 0.1, horizon: 1 })).toBe(0)
    expect(() => adaptedKlCoefficient(0.05, Number.NaN, 10, control)).toThrow('a finite β and KL')
    expect(() => adaptedKlCoefficient(0.05, 0.1, 10, { target: 0, horizon: 1 })).toThrow('a target and a horizon above 0')
  })

  it('observes the mean over sequences of each one’s mean token KL', () => {
    // (0.1 + 0.3)/2 = 0.2 and 0.6: mean 0.4
    expect(sequenceMeanKl([0.1, 0.3, 0.6], [2, 1])).toBeCloseTo(0.4, 15)
    // only the first `count` completions
    expect(sequenceMeanKl([0.1, 0.3, 0.6], [2, 1], 1)).toBeCloseTo(0.2, 15)
    expect(sequenceMeanKl([], [], 0)).toBe(0)
  })
})
