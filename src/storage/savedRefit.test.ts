import { describe, expect, it } from 'vitest'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'
import { defaultDesign } from '../model/design'
import { parseSavedDesign } from './savedDesign'

/* A saved design keeps its reward model's refit option, and a damaged one is named. */

const model = { kind: 'linear' as const, featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map((_, k) => k / 10) }] }

describe('a saved design with a refitted reward model', () => {
  it('reads back with its refit option', () => {
    const base = defaultDesign('tokenseq')
    const design = { ...base, reward: { ...base.reward, rewardModels: [{ name: 'rm', model, aggregate: 'mean' as const, refit: { every: 20, pairs: 500, temperature: 0, l2: 2 } }] }, weights: { ...base.weights, rm: 1 } }
    const read = parseSavedDesign(structuredClone(design))
    expect(read.ok && read.design).toEqual(design)
  })

  it('names a refit option out of range instead of reading it', () => {
    const base = defaultDesign('tokenseq')
    const read = parseSavedDesign({ ...base, reward: { ...base.reward, rewardModels: [{ name: 'rm', model, refit: { every: 20, pairs: 1, temperature: 0 } }] }, weights: { ...base.weights, rm: 1 } })
    expect(read.ok).toBe(false)
    expect(!read.ok && read.problem).toContain('refit.pairs: expected an integer from 10 to 5000')
  })
})
