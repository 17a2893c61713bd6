import { describe, expect, it } from 'vitest'
import { PAID_BY_CHANGING_WEIGHTS, PAID_BY_ONE_MIX, PAID_BY_OTHER_COMPONENTS, type RecentEpisodes } from '../run/metrics'
import { whatIfRecentEpisodes } from './episodesWhatIf'

/** Three episodes of components (a, b): paid by one mix (w = 1, 2), by changing weights, by other components. */
function recent(): RecentEpisodes {
  return {
    count: 3,
    numComponents: 2,
    // The first return is not w·S = 1·10 + 2·1 = 12 exactly: a learner that mixes in float32 counts 12.000000476837158.
    returns: Float64Array.of(Math.fround(12.0000001), 7, 99),
    componentSums: Float64Array.of(10, 1, 3, 2, 50, 50),
    weights: Float64Array.of(1, 2, 0, 0, 0, 0),
    paid: Uint8Array.of(PAID_BY_ONE_MIX, PAID_BY_CHANGING_WEIGHTS, PAID_BY_OTHER_COMPONENTS),
  }
}

describe('whatIfRecentEpisodes', () => {
  it('gives back the return the run counted, bit for bit, under the weights that paid it', () => {
    const episodes = { ...recent(), count: 1 }
    expect(whatIfRecentEpisodes(episodes, ['a', 'b'], { a: 1, b: 2 }).meanReturn).toBe(Math.fround(12.0000001))
  })

  it('re-scores whole episodes: G + Σ_k (w′_k − w_k)·S_k, or Σ_k w′_k·S_k where the weights changed, leaving out other components', () => {
    const scored = whatIfRecentEpisodes(recent(), ['a', 'b'], { a: 1, b: 0 })
    // first: G + (0 − 2)·1 = G − 2; second: 1·3 + 0·2 = 3; the third is left out
    expect(scored.rescored).toBe(2)
    expect(scored.meanReturn).toBe((Math.fround(12.0000001) - 2 + 3) / 2)
    // a's part: 1·10 + 1·3 = 13; b pays nothing
    expect(scored.contributions).toEqual({ a: 13, b: 0 })
  })

  it('counts a name the weights lack as 0, and re-scores nothing when the components are not the ones the sums were kept under', () => {
    expect(whatIfRecentEpisodes(recent(), ['a', 'b'], { a: 2 }).meanReturn).toBe((Math.fround(12.0000001) + 10 - 2 + 6) / 2)
    const renamed = whatIfRecentEpisodes(recent(), ['a', 'b', 'c'], { a: 1, b: 2, c: 1 })
    expect(renamed).toEqual({ rescored: 0, meanReturn: null, contributions: { a: 0, b: 0, c: 0 } })
  })
})
