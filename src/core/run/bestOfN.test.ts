import { describe, expect, it } from 'vitest'
import { bestOfNCurve, bestOfNKl, bestOfNPeak, bestOfNPick, powersOfTwoUpTo } from './bestOfN'

describe('bestOfNKl: log n − (n − 1)/n', () => {
  it('is 0 for n = 1, log 2 − 1/2 for n = 2 and log 4 − 3/4 for n = 4', () => {
    expect(bestOfNKl(1)).toBe(0)
    // ln 2 = 0.693147…, − 0.5 = 0.193147…
    expect(bestOfNKl(2)).toBeCloseTo(0.193147, 6)
    // ln 4 = 1.386294…, − 0.75 = 0.636294…
    expect(bestOfNKl(4)).toBeCloseTo(0.636294, 6)
  })

  it('refuses an n that is not a whole number of at least 1', () => {
    expect(() => bestOfNKl(0)).toThrow('best-of-n needs a whole n of at least 1, got 0')
    expect(() => bestOfNKl(2.5)).toThrow('got 2.5')
  })
})

describe('bestOfNPick', () => {
  it('keeps the highest score among the first n from the offset', () => {
    // rows 2..5 score 0.1, 0.9, 0.4, 1.5: best of 3 from row 2 is row 3 (0.9); best of 4 is row 5 (1.5)
    const scores = [9, 9, 0.1, 0.9, 0.4, 1.5]
    expect(bestOfNPick(scores, 2, 1)).toBe(2)
    expect(bestOfNPick(scores, 2, 3)).toBe(3)
    expect(bestOfNPick(scores, 2, 4)).toBe(5)
  })

  it('gives a tie to the first drawn', () => {
    // 0.5, 0.7, 0.7, 0.7: the first 0.7 (index 1) wins however many equal ones follow
    const scores = [0.5, 0.7, 0.7, 0.7]
    expect(bestOfNPick(scores, 0, 2)).toBe(1)
    expect(bestOfNPick(scores, 0, 4)).toBe(1)
  })
})

describe('bestOfNCurve', () => {
  // Two prompts of 4 draws. Prompt 0: proxy 1, 3, 2, 5 with gold 0, 1, 1, 0. Prompt 1: proxy 4, 4, 6, 0 with gold 1, 0, 0, 1.
  const proxy = [1, 3, 2, 5, 4, 4, 6, 0]
  const gold = [0, 1, 1, 0, 1, 0, 0, 1]
  const [one, two, four] = bestOfNCurve(proxy, gold, 4, [1, 2, 4])

  it('n = 1 takes each prompt’s first draw', () => {
    // picks rows 0 and 4: gold (0 + 1)/2 = 0.5, proxy (1 + 4)/2 = 2.5, KL 0
    expect(one).toEqual({ n: 1, gold: 0.5, proxy: 2.5, kl: 0, sqrtKl: 0 })
  })

  it('n = 2 keeps the better of the first two, the first on a tie', () => {
    // prompt 0: 3 > 1, row 1 (gold 1); prompt 1: 4 = 4, row 4 (gold 1): gold 1, proxy (3 + 4)/2 = 3.5
    expect(two.gold).toBe(1)
    expect(two.proxy).toBe(3.5)
    expect(two.sqrtKl).toBeCloseTo(Math.sqrt(Math.log(2) - 0.5), 12)
  })

  it('n = 4 keeps the best of all four: the proxy rises while the gold falls', () => {
    // prompt 0: 5 at row 3 (gold 0); prompt 1: 6 at row 6 (gold 0): gold 0, proxy (5 + 6)/2 = 5.5
    expect(four.gold).toBe(0)
    expect(four.proxy).toBe(5.5)
    expect(four.kl).toBeCloseTo(Math.log(4) - 0.75, 12)
  })

  it('refuses an n above the draws per prompt and draws that do not split into prompts', () => {
    expect(() => bestOfNCurve(proxy, gold, 4, [8])).toThrow('n = 8 is more than the 4 completions drawn per prompt')
    expect(() => bestOfNCurve(proxy, gold, 3, [1])).toThrow('8 scores do not split into prompts of 3')
  })
})

describe('powersOfTwoUpTo', () => {
  it('lists 1, 2, 4, … up to the largest', () => {
    expect(powersOfTwoUpTo(8)).toEqual([1, 2, 4, 8])
    expect(powersOfTwoUpTo(12)).toEqual([1, 2, 4, 8])
  })
})

describe('bestOfNPeak', () => {
  const point = (n: number, gold: number, proxy: number) => ({ n, gold, proxy, kl: bestOfNKl(n), sqrtKl: Math.sqrt(bestOfNKl(n)) })

  it('finds the gold’s peak, its fall to the largest n and the proxy’s climb after it', () => {
    // gold 0.1, 0.5, 0.5, 0.2 peaks first at n = 2 (0.5): fall 0.5 − 0.2 = 0.3; proxy 1 → 3 − 1.5 = 1.5; √KL(2) = √0.193147 = 0.439485
    const peak = bestOfNPeak([point(1, 0.1, 1), point(2, 0.5, 1.5), point(4, 0.5, 2), point(8, 0.2, 3)])
    expect(peak).toMatchObject({ peakN: 2, peakGold: 0.5 })
    expect(peak.goldFall).toBeCloseTo(0.3, 12)
    expect(peak.proxyRise).toBe(1.5)
    expect(peak.peakSqrtKl).toBeCloseTo(0.439485, 6)
  })

  it('a gold that rises to the largest n falls by 0', () => {
    expect(bestOfNPeak([point(1, 0.1, 1), point(2, 0.3, 2)])).toMatchObject({ peakN: 2, goldFall: 0, proxyRise: 0 })
  })
})
