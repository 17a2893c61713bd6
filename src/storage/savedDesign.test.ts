import { describe, expect, it } from 'vitest'
import { LearnerOptionsSchema } from '../core/run/config'
import { defaultDesign } from '../model/design'
import { parseSavedDesign } from './savedDesign'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'

describe('a saved design’s GRPO loss options', () => {
  it('read back as saved; a design saved before them, with an older aggregation name, reads with their defaults and verl’s name', () => {
    const design = { ...defaultDesign('tokenseq'), learner: LearnerOptionsSchema.parse({ kind: 'grpo', policyLoss: 'gspo_token', kl: 'k2', aggregation: 'token-sum' }) }
    const read = parseSavedDesign(structuredClone(design))
    expect(read.ok && read.design).toEqual(design)
    const older = parseSavedDesign({ ...design, learner: { ...design.learner, policyLoss: undefined, dualClip: undefined, kl: undefined, aggregation: 'sequence' } })
    expect(older.ok && older.design.learner).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo', kl: 'k3', aggregation: 'seq-mean-token-mean' }))
  })

  it('names a dual clip that does not fit the policy loss', () => {
    const design = { ...defaultDesign('tokenseq'), learner: { ...defaultDesign('tokenseq').learner, policyLoss: 'reinforce', dualClip: 3 } }
    expect(parseSavedDesign(design)).toEqual({ ok: false, problem: 'learner.dualClip: the dual clip C applies to the ppo policy loss only, not reinforce; set it to none for reinforce' })
  })
})

describe('a saved design with a fitted reward model', () => {
  it('reads back with its model, the rm component and its weight', () => {
    const model = { kind: 'linear' as const, featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map((_, k) => k / 10) }] }
    const base = defaultDesign('tokenseq')
    const design = { ...base, reward: { ...base.reward, rewardModels: [{ name: 'rm', model, aggregate: 'mean' as const }] }, weights: { ...base.weights, rm: 2 } }
    const read = parseSavedDesign(structuredClone(design))
    expect(read.ok && read.design).toEqual(design)
    expect(read.ok && read.spec.components.map((component) => component.name)).toContain('rm')
  })

  it('names a damaged model (a weight that is not a number) instead of reading it', () => {
    const base = defaultDesign('tokenseq')
    const model = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map(() => 'x') }] }
    const read = parseSavedDesign({ ...base, reward: { ...base.reward, rewardModels: [{ name: 'rm', model }] }, weights: { ...base.weights, rm: 1 } })
    expect(read.ok).toBe(false)
    expect(!read.ok && read.problem).toContain('rewardModels')
  })
})

describe('a saved design with weight schedules', () => {
  it('reads back with them; one saved before schedules reads without the key', () => {
    const design = { ...defaultDesign(), schedules: { alive: { kind: 'cosine' as const, from: 2, to: 0.5, steps: 300 } } }
    const read = parseSavedDesign(structuredClone(design))
    expect(read.ok && read.design).toEqual(design)
    const older = parseSavedDesign(structuredClone(defaultDesign()))
    expect(older.ok && 'schedules' in older.design).toBe(false)
  })

  it('names a damaged schedule instead of reading it', () => {
    const read = parseSavedDesign({ ...defaultDesign(), schedules: { alive: { kind: 'linear', from: 1, to: 0, steps: 0 } } })
    expect(read).toEqual({ ok: false, problem: 'mix.schedules.alive.steps: expected steps: a whole number from 1 to 1000000000' })
  })
})
