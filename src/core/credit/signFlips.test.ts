import { describe, expect, it } from 'vitest'
import { bandit } from '../envs/bandit'
import { GroupEstimatorSchema } from './estimatorSchema'
import { groupAdvantages } from './group'
import { mixedRewards } from './groupScores'
import { expectedMixedReward, signFlipFraction } from './signFlips'

describe('signFlipFraction', () => {
  it('counts the advantages whose sign is opposite to r − V; a zero advantage is no flip but is counted', () => {
    // V = 0.5 throughout; A·(r − V): 1·0.5 > 0, (−0.5)·(−0.5) > 0, 0·0.5 = 0, 2·(−0.5) < 0, (−1)·0.5 < 0
    const advantages = [1, -0.5, 0, 2, -1]
    const rewards = [1, 0, 1, 0, 1]
    const values = [0.5, 0.5, 0.5, 0.5, 0.5]
    expect(signFlipFraction(advantages, rewards, values)).toBe(2 / 5)
  })

  it('leaves excluded completions out of both counts', () => {
    const advantages = [1, -0.5, 0, 2, -1]
    const rewards = [1, 0, 1, 0, 1]
    const values = [0.5, 0.5, 0.5, 0.5, 0.5]
    // completion 3 (a flip) left out: 1 flip of 4
    expect(signFlipFraction(advantages, rewards, values, [0, 0, 0, 1, 0])).toBe(1 / 4)
    // the two flips left out: 0 of 3
    expect(signFlipFraction(advantages, rewards, values, Uint8Array.from([0, 0, 0, 1, 1]))).toBe(0)
    expect(signFlipFraction(advantages, rewards, values, [1, 1, 1, 1, 1])).toBeNull()
    expect(signFlipFraction([], [], [])).toBeNull()
  })

  it('counts no flip where the reward equals its prompt’s value, and compares each completion with its own prompt', () => {
    // r − V: 0, then 0.2 − 0.1 > 0 against A < 0 (a flip), then 0.2 − 0.3 < 0 against A < 0
    expect(signFlipFraction([-1, -1, -1], [0.4, 0.2, 0.2], [0.4, 0.1, 0.3])).toBe(1 / 3)
  })

  it('refuses inputs that do not line up, flags other than 0 and 1, and numbers that are not finite', () => {
    expect(() => signFlipFraction([1, 2], [1], [1, 1])).toThrow('one advantage, reward, value (and exclusion flag, when given) per completion; got 2 advantages, 1 rewards, 2 values')
    expect(() => signFlipFraction([1], [1], [1], [0, 0])).toThrow('got 1 advantages, 1 rewards, 1 values, 2 exclusion flags')
    expect(() => signFlipFraction([1], [1], [1], [2])).toThrow('exclusion flag 0 of the sign-flip fraction must be 0 (counted) or 1 (left out); got 2')
    expect(() => signFlipFraction([1, NaN], [1, 1], [0, 0])).toThrow('completion 1 of the sign-flip fraction has advantage NaN, reward 1 and value 0; all must be finite numbers')
    // an excluded completion is not read
    expect(signFlipFraction([1, NaN], [1, 1], [0, 0], [0, 1])).toBe(0)
  })
})

describe('expectedMixedReward', () => {
  it('is Σ_a π(a)·Σ_k w_k·E[c_k | a]', () => {
    // arms' (payout, expected, lure): (0.1, 0.1, 1), (0.5, 0.5, 0), (0.9, 0.9, 0); w = (1, 0, 0.5)
    // Σ_k w_k·E[c_k | a] = 0.6, 0.5, 0.9; V = 0.2·0.6 + 0.3·0.5 + 0.5·0.9 = 0.72
    const expected = [0.1, 0.1, 1, 0.5, 0.5, 0, 0.9, 0.9, 0]
    expect(expectedMixedReward([9, 0.2, 0.3, 0.5], 1, 3, expected, [1, 0, 0.5])).toBeCloseTo(0.72, 15)
    expect(() => expectedMixedReward([1], 0, 3, [0, 0], [1])).toThrow('E[c_k | a] for 3 actions × 1 components (3 values); got 2')
  })
})

describe('the sign-flip fraction of a bandit batch', () => {
  it('finds the flips of groups pulled under a fixed policy from the arms’ known means', () => {
    // 3 arms with means 0.2, 0.5, 0.8; the reward payout + 0.5·lure; π_old = (0.5, 0.25, 0.25) in the one context.
    // V = 0.5·(0.2 + 0.5) + 0.25·0.5 + 0.25·0.8 = 0.675
    const env = bandit.create(1, { k: 3, means: '0.2;0.5;0.8' })
    const weights = [1, 0, 0.5]
    const policy = [0.5, 0.25, 0.25]
    const expected = new Float64Array(9)
    for (let arm = 0; arm < 3; arm++) bandit.expectedComponents!(env.state, 0, arm, expected.subarray(arm * 3, arm * 3 + 3))
    const value = expectedMixedReward(policy, 0, 3, expected, weights)
    expect(value).toBeCloseTo(0.675, 15)

    // Four groups of three pulls: arms pulled and what they paid.
    const arms = [0, 1, 2, 0, 1, 2, 1, 2, 2, 0, 0, 2]
    const payouts = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0]
    const components = arms.flatMap((arm, i) => [payouts[i], 0, arm === 0 ? 1 : 0])
    const rewards = mixedRewards(Float64Array.from(components), Float64Array.from(weights))
    expect(Array.from(rewards)).toEqual([0.5, 0, 0, 1.5, 1, 1, 1, 1, 1, 1.5, 0.5, 0])
    // GRPO's advantages (r − group mean)/(std + eps): the std rescales, the sign is r's against its group's mean.
    const advantages = groupAdvantages(rewards, [3, 3, 3, 3], GroupEstimatorSchema.parse({}))
    // group 1: mean 1/6, the lure's 0.5 is above it (A > 0) yet below V = 0.675: 1 flip;
    // group 2: mean 7/6, the two 1s are below it (A < 0) yet above V: 2 flips;
    // group 3: all equal, A = 0: no flip; group 4: mean 2/3, every sign agrees with r − V: no flip.
    expect(signFlipFraction(advantages, rewards, new Float64Array(12).fill(value))).toBe(3 / 12)
  })
})
