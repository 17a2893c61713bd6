import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../core/envs/registry'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'
import { LearnerOptionsSchema } from '../core/run/config'
import { defaultDesign, designProblems, type Design } from './design'
import { designFromSearch, designToSearch } from './designLink'

/* A design whose reward model is refitted: its link carries the option, and a learner other than GRPO is refused naming what is accepted. */

const model = { kind: 'linear' as const, featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map((_, k) => k / 10) }] }
const refit = { every: 5, pairs: 200, temperature: 0.1 }

function refitted(): Design {
  const base = defaultDesign('tokenseq')
  return { ...base, reward: { ...base.reward, rewardModels: [{ name: 'rm', model, aggregate: 'mean' as const, refit }] }, weights: { ...base.weights, rm: 1 } }
}

describe('a design with a refitted reward model', () => {
  it('is GRPO on tokenseq by default and has no problem', () => {
    const design = refitted()
    expect(design.learner.kind).toBe('grpo')
    expect(designProblems(design, resolveEnvironment('tokenseq', design.params).spec)).toEqual([])
  })

  it('goes through a link with its option', () => {
    const { design, ignored } = designFromSearch(designToSearch(refitted()))
    expect(ignored).toEqual([])
    expect(design.reward.rewardModels).toEqual(refitted().reward.rewardModels)
  })

  it('is refused under PPO, naming GRPO on tokenseq', () => {
    const design = { ...refitted(), learner: LearnerOptionsSchema.parse({ kind: 'ppo' }) }
    expect(designProblems(design, resolveEnvironment('tokenseq', design.params).spec)).toContain(
      'refit: refitting the reward model "rm" draws fresh pairs from GRPO\'s batch on the token task, so it runs only with learner grpo on tokenseq; this run is ppo on tokenseq: remove refit, or train with GRPO on tokenseq',
    )
  })
})
