import { describe, expect, it } from 'vitest'
import { SAPO_DEFAULT_TEMPERATURES, sapoGate, sapoTokenLosses } from './sapo'

/*
 * σ(0) = 1/2 and σ(ln 3) = 3/4. With τ = 2 the ratio r = 1 + ln(3)/2 gives τ·(r − 1) = ln 3, so
 * f(r) = (3/4)·(4/2) = 1.5; at r = 1, f = 2/τ.
 */
const R_THREE_QUARTERS = 1 + Math.log(3) / 2

function sapo(ratios: number[], advantages: number[], temperatures = SAPO_DEFAULT_TEMPERATURES) {
  const { tokenLoss, clippedTokens } = sapoTokenLosses({ logProbs: [ratios.map(Math.log)], oldLogProbs: [ratios.map(() => 0)], advantages: [advantages] }, temperatures)
  return { losses: Array.from(tokenLoss[0]), clipped: clippedTokens }
}

describe('sapoGate', () => {
  it('is σ(τ·(r − 1))·4/τ', () => {
    expect(sapoGate(1, 1)).toBe(2)
    expect(sapoGate(1, 1.05)).toBeCloseTo(2 / 1.05, 15)
    expect(sapoGate(R_THREE_QUARTERS, 2)).toBeCloseTo(1.5, 15)
    // far from 1 the gate saturates at 4/τ above and 0 below
    expect(sapoGate(60, 1)).toBeCloseTo(4, 12)
    expect(sapoGate(0, 40)).toBeCloseTo(0, 12)
  })
})

describe('sapoTokenLosses', () => {
  it('gives −A·f(r), τ_pos where A > 0 and τ_neg where A ≤ 0, and never clips', () => {
    // A = 0.5, r = 1, τ_pos = 1: −0.5·2 = −1; A = −2, r = 1 + ln(3)/2, τ_neg = 2: 2·1.5 = 3; A = 0 takes τ_neg: −0
    const { losses, clipped } = sapo([1, R_THREE_QUARTERS, 3], [0.5, -2, 0], { pos: 1, neg: 2 })
    expect(losses[0]).toBe(-1)
    expect(losses[1]).toBeCloseTo(3, 14)
    expect(losses[2]).toBe(-0)
    expect(clipped).toBe(0)
  })

  it('takes verl’s defaults τ_pos = 1, τ_neg = 1.05', () => {
    // A = 1 at r = 1: −2/1; A = −1 at r = 1: 2/1.05
    const { losses } = sapo([1, 1], [1, -1])
    expect(losses[0]).toBe(-2)
    expect(losses[1]).toBeCloseTo(2 / 1.05, 15)
  })

  it('clamps the log-ratio to ±20 as verl does', () => {
    // log-ratio 25: r = e^20, τ·(r − 1) huge: f = 4/τ
    const { tokenLoss } = sapoTokenLosses({ logProbs: [[0]], oldLogProbs: [[-25]], advantages: [[1]] }, { pos: 1, neg: 1 })
    expect(tokenLoss[0][0]).toBe(-4)
  })
})
