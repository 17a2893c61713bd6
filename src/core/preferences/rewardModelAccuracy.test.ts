import { describe, expect, it } from 'vitest'
import type { GoldPairs } from './goldPairs'
import type { RewardModel } from './rewardModel'
import { pairAccuracy, rewardModelAccuracy } from './rewardModelAccuracy'

/*
 * Four pairs of one feature, preferred side first; gold says: pair 0 the preferred side is better,
 * pair 1 the rejected side (the labeler erred), pairs 2 and 3 a tie.
 */
const pairs: GoldPairs = {
  count: 4,
  features: 1,
  preferred: Float64Array.from([2, 1, 5, 0]),
  rejected: Float64Array.from([1, 3, 5, 1]),
  preferredGold: Float64Array.from([1, 0, 0, 1]),
  rejectedGold: Float64Array.from([0, 1, 0, 1]),
}

describe('pairAccuracy', () => {
  it('counts pairs ordered as labelled, and, over pairs of different gold, as the gold orders them', () => {
    // r = x: margins 1, −2, 0, −1: ordered as labelled in pair 0 only (the tie in pair 2 counts as wrong)
    // gold pairs 0 and 1: pair 0 right (margin 1 > 0), pair 1 right (gold prefers the rejected side, and margin −2 < 0)
    const result = pairAccuracy(pairs, pairs.preferred, pairs.rejected)
    expect(result.accuracy).toBe(1 / 4)
    expect(result.goldPairs).toBe(2)
    expect(result.goldAccuracy).toBe(1)
    // loss = mean softplus(−m) = (ln(1 + e^−1) + ln(1 + e^2) + ln 2 + ln(1 + e))/4
    expect(result.loss).toBeCloseTo((Math.log(1 + Math.exp(-1)) + Math.log(1 + Math.exp(2)) + Math.LN2 + Math.log(1 + Math.E)) / 4, 15)
    // r = −x orders pairs 1 and 3 as labelled, and both gold pairs against the gold
    const negated = pairAccuracy(pairs, pairs.preferred.map((x) => -x), pairs.rejected.map((x) => -x))
    expect(negated).toMatchObject({ accuracy: 2 / 4, goldAccuracy: 0, goldPairs: 2 })
  })

  it('gives no gold accuracy when every pair is a gold tie', () => {
    const ties = { ...pairs, preferredGold: new Float64Array(4), rejectedGold: new Float64Array(4) }
    expect(pairAccuracy(ties, pairs.preferred, pairs.rejected)).toMatchObject({ goldAccuracy: null, goldPairs: 0 })
  })
})

describe('rewardModelAccuracy', () => {
  it('judges each member and the ensemble by its mean score', () => {
    // Member 1 r = x, member 2 r = −3x: mean −x
    const model: RewardModel = { kind: 'linear', featureNames: ['x'], members: [{ weights: [1] }, { weights: [-3] }] }
    const result = rewardModelAccuracy(model, pairs)
    expect(result.members[0]).toEqual(pairAccuracy(pairs, pairs.preferred, pairs.rejected))
    expect(result.members[1].accuracy).toBe(2 / 4)
    expect(result.ensemble).toEqual(pairAccuracy(pairs, pairs.preferred.map((x) => -x), pairs.rejected.map((x) => -x)))
  })
})
