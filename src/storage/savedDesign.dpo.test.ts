import { describe, expect, it } from 'vitest'
import { END } from '../core/envs/tokenseq'
import { LearnerOptionsSchema } from '../core/run/config'
import { defaultDesign } from '../model/design'
import { parseSavedDesign } from './savedDesign'

describe('a saved design with a DPO learner', () => {
  it('reads back with its recipe or its labelled pairs as saved', () => {
    const base = defaultDesign('tokenseq')
    const recipe = { ...base, learner: LearnerOptionsSchema.parse({ kind: 'dpo', loss: 'hinge', preferences: { source: 'start', pairs: 50, biases: { format: 0.5 } } }) }
    const labelled = { ...base, learner: LearnerOptionsSchema.parse({ kind: 'dpo', preferences: { source: 'labelled', pairs: [{ prompt: [3, 4], chosen: [7, END], rejected: [8, END] }] } }) }
    for (const design of [recipe, labelled]) {
      const read = parseSavedDesign(structuredClone(design))
      expect(read.ok && read.design).toEqual(design)
    }
  })

  it('names a labelled pair it cannot hold', () => {
    const design = { ...defaultDesign('tokenseq'), learner: { kind: 'dpo', preferences: { source: 'labelled', pairs: [{ prompt: [3, 4], chosen: [], rejected: [8, END] }] } } }
    expect(parseSavedDesign(design)).toEqual({ ok: false, problem: 'learner.preferences.pairs.0.chosen: a completion is 1 to 32 tokens' })
  })
})
