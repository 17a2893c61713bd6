import { describe, expect, it } from 'vitest'
import { gspoTokenLosses, sequenceLogRatio } from './gspo'
import { ppoTokenLosses } from './ppo'

/*
 * ε = 1/4. Sequence 0 has per-token log-ratios (2·log 1.5, 0): the token ratios are 2.25 and 1,
 * the sequence's geometric mean exactly 1.5 (2x/2 = x in binary). Sequence 1 is one token of ratio 0.5.
 */
const CLIP = { low: 0.25, high: 0.25 }
const LOG_15 = Math.log(1.5)
const INPUT = { logProbs: [[2 * LOG_15, 0], [Math.log(0.5)]], oldLogProbs: [[0, 0], [0]], advantages: [[1, 1], [1]] }

const rows = (sequences: Float64Array[]) => sequences.map((sequence) => Array.from(sequence))

describe('gspoTokenLosses', () => {
  it('weighs every token of a sequence by the sequence ratio s_i = exp(mean_t log-ratio)', () => {
    expect(sequenceLogRatio(INPUT.logProbs[0], INPUT.oldLogProbs[0])).toBe(LOG_15)
    const { tokenLoss, clippedTokens } = gspoTokenLosses(INPUT, CLIP)
    // s_0 = 1.5, A = 1: max(−1.5, −1.25) = −1.25 at both tokens (clipped); s_1 = 0.5: max(−0.5, −0.75) = −0.5
    expect(rows(tokenLoss)).toEqual([[-1.25, -1.25], [-0.5]])
    expect(clippedTokens).toBe(2)
  })

  it('differs from PPO, which clips token by token', () => {
    // Token ratios 2.25 (clipped: −1.25) and 1 (−1): PPO clips one token of sequence 0, GSPO both
    const ppo = ppoTokenLosses(INPUT, CLIP, null)
    expect(rows(ppo.tokenLoss)).toEqual([[-1.25, -1], [-0.5]])
    expect(ppo.clippedTokens).toBe(1)
  })

  it('takes each token’s own advantage against the shared ratio', () => {
    // s_0 = 1.5 with A = (1, −1): (−1.25 clipped, max(1.5, 1.25) = 1.5 unclipped)
    const { tokenLoss, clippedTokens } = gspoTokenLosses({ ...INPUT, advantages: [[1, -1], [-1]] }, CLIP)
    // s_1 = 0.5 with A = −1: max(0.5, 0.75) = 0.75, clipped
    expect(rows(tokenLoss)).toEqual([[-1.25, 1.5], [0.75]])
    expect(clippedTokens).toBe(2)
  })

  it('caps the sequence log-ratio at 10, does not bound it below, and does not clamp tokens at ±20', () => {
    // mean(30, −10) = 10: no token clamp (that would give mean(20, −10) = 5); mean(40, 0) = 20 → capped at 10
    expect(sequenceLogRatio([30, -10], [0, 0])).toBe(10)
    expect(sequenceLogRatio([40, 0], [0, 0])).toBe(10)
    expect(sequenceLogRatio([-30, -30], [0, 0])).toBe(-30)
    const { tokenLoss, clippedTokens } = gspoTokenLosses({ logProbs: [[40, 0], [-30]], oldLogProbs: [[0, 0], [0]], advantages: [[-1, -1], [1]] }, CLIP)
    // s = e^10 with A = −1: the unclipped e^10; s = e^−30 with A = 1: −e^−30, unclipped
    expect(rows(tokenLoss)).toEqual([[Math.exp(10), Math.exp(10)], [-Math.exp(-30)]])
    expect(clippedTokens).toBe(0)
  })

  it('gives a single-token sequence the token’s own ratio, and A = 0 a zero loss, not clipped', () => {
    expect(sequenceLogRatio([Math.log(0.5)], [0])).toBe(Math.log(0.5))
    expect(gspoTokenLosses({ ...INPUT, advantages: [[0, 0], [0]] }, CLIP)).toEqual({ tokenLoss: [Float64Array.of(-0, -0), Float64Array.of(-0)], clippedTokens: 0 })
  })

  it('does not count a sequence ratio exactly on the bound as clipped', () => {
    // log π = 0, log π_old = log 0.8 at both tokens: s = 1.25 = 1 + ε_high exactly
    const onBound = { logProbs: [[0, 0]], oldLogProbs: [[Math.log(0.8), Math.log(0.8)]], advantages: [[1, -1]] }
    expect(gspoTokenLosses(onBound, CLIP)).toEqual({ tokenLoss: [Float64Array.of(-1.25, 1.25)], clippedTokens: 0 })
  })
})
