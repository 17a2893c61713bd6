import { describe, expect, it } from 'vitest'
import { END } from '../core/envs/tokenseq'
import { labelsToDpoPairs } from './labelsToDpo'

const side = (tokens?: number[]) => ({ tokens, features: {}, gold: 0 })
const pair = (a: number[], b: number[], prompt: [number, number] | null = [3, 4]) => ({ ...(prompt === null ? {} : { prompt }), a: side(a), b: side(b) })

describe('labelsToDpoPairs', () => {
  it('puts the chosen side first, leaves ties and pairs it cannot observe out and counts them', () => {
    const labels = [
      { pair: pair([7, END], [8, END]), choice: 'a' as const },
      { pair: pair([1, END], [7, END]), choice: 'b' as const },
      { pair: pair([7, END], [7, END]), choice: 'tie' as const },
      { pair: pair([7, END], [8, END], null), choice: 'a' as const },
    ]
    expect(labelsToDpoPairs(labels)).toEqual({
      ok: true,
      pairs: [
        { prompt: [3, 4], chosen: [7, END], rejected: [8, END] },
        { prompt: [3, 4], chosen: [7, END], rejected: [1, END] },
      ],
      ties: 1,
      unobservable: 1,
    })
  })

  it('refuses no decided pair, and more than a design holds, naming the limit', () => {
    expect(labelsToDpoPairs([{ pair: pair([7, END], [7, END]), choice: 'tie' }])).toEqual({ ok: false, problem: 'DPO needs at least one decided pair with its prompt and tokens; label some first (ties are left out)' })
    const many = Array.from({ length: 1001 }, () => ({ pair: pair([7, END], [8, END]), choice: 'a' as const }))
    const refused = labelsToDpoPairs(many)
    expect(refused.ok ? null : refused.problem).toBe("1001 decided pairs are labelled, more than the 1000 a design holds in full; export them and clear some, or train DPO on a recipe (the learner's pairs drawn)")
  })
})
