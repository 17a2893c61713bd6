import { describe, expect, it } from 'vitest'
import { getEnv } from '../core/envs/registry'
import { END } from '../core/envs/tokenseq'
import { LearnerOptionsSchema } from '../core/run/config'
import { learnerFromQuery, learnerToQuery } from './learnerCodec'

const tokenseq = getEnv('tokenseq').spec

function roundTrip(learner: object): { query: URLSearchParams; back: unknown; ignored: string[] } {
  const parsed = LearnerOptionsSchema.parse(learner)
  const query = new URLSearchParams()
  learnerToQuery(parsed, query)
  const ignored: string[] = []
  return { query, back: learnerFromQuery(query, tokenseq, ignored), ignored }
}

describe('a DPO learner ↔ URL', () => {
  it('keeps a recipe’s fields off their defaults as dotted fields', () => {
    const learner = { kind: 'dpo', loss: 'ipo', beta: 0.5, preferences: { source: 'start', pairs: 300, seed: 4, biases: { length: 0.05 } } }
    const { query, back, ignored } = roundTrip(learner)
    expect(query.toString()).toBe('l=dpo&l.loss=ipo&l.beta=0.5&l.preferences.pairs=300&l.preferences.seed=4&l.preferences.biases.length=0.05')
    expect(back).toEqual(LearnerOptionsSchema.parse(learner))
    expect(ignored).toEqual([])
  })

  it('keeps labelled pairs whole, as one JSON field', () => {
    const learner = { kind: 'dpo', epochs: 5, preferences: { source: 'labelled', pairs: [{ prompt: [3, 4], chosen: [7, END], rejected: [1, 2, END] }] } }
    const { query, back, ignored } = roundTrip(learner)
    expect(query.get('l.preferences')).toBe('{"source":"labelled","pairs":[{"prompt":[3,4],"chosen":[7,11],"rejected":[1,2,11]}]}')
    expect([...query.keys()].filter((key) => key.startsWith('l.preferences'))).toEqual(['l.preferences'])
    expect(back).toEqual(LearnerOptionsSchema.parse(learner))
    expect(ignored).toEqual([])
  })

  it('names a bad set of labelled pairs and keeps the recipe default', () => {
    const ignored: string[] = []
    const notJson = learnerFromQuery(new URLSearchParams('l=dpo&l.preferences={"source"'), tokenseq, ignored)
    expect(notJson).toEqual(LearnerOptionsSchema.parse({ kind: 'dpo' }))
    expect(ignored).toEqual(['learner preferences: not valid JSON; a DPO link gives its labelled pairs as {"source": "labelled", "pairs": [...]}'])
    const badToken: string[] = []
    learnerFromQuery(new URLSearchParams(`l=dpo&l.preferences=${encodeURIComponent('{"source":"labelled","pairs":[{"prompt":[3,4],"chosen":[70],"rejected":[1]}]}')}`), tokenseq, badToken)
    expect(badToken).toEqual(['learner preferences: pairs.0.chosen.0: a token is a whole number from 0 to 11 (0–9 digits, 10 think, 11 end)'])
  })
})
