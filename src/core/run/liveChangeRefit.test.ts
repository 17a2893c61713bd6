import { describe, expect, it } from 'vitest'
import { TOKEN_FEATURE_NAMES } from '../preferences/tokenFeatures'
import { RewardDesignSchema } from '../rewards/designSchema'
import { whyRewardChangeNeedsNewRun } from './liveChange'

/* A refit option is set up when the run starts: adding, removing or changing it starts a new run; another model under the same option goes live. */

const spec = { components: [{ name: 'rm', description: '', defaultWeight: 1, range: [0, 2] as [number, number] }] }
const model = (weight: number) => ({ kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map(() => weight) }] })
const design = (weight: number, refit?: Record<string, number>) => ({ spec, design: RewardDesignSchema.parse({ rewardModels: [{ model: model(weight), ...(refit ? { refit } : {}) }] }) })
const refit = { every: 5, pairs: 100, temperature: 0 }
const NEW_RUN = "the reward model's refit option changed, and refitting is set up when the run starts; start a new run"

describe('a live change and the refit option', () => {
  it('starts a new run when the option comes, goes or changes', () => {
    expect(whyRewardChangeNeedsNewRun('grpo', design(1), design(1, refit))).toBe(NEW_RUN)
    expect(whyRewardChangeNeedsNewRun('grpo', design(1, refit), design(1))).toBe(NEW_RUN)
    expect(whyRewardChangeNeedsNewRun('grpo', design(1, refit), design(1, { ...refit, pairs: 200 }))).toBe(NEW_RUN)
  })

  it('goes live with another model (a refitted one) under the same option, and without any', () => {
    expect(whyRewardChangeNeedsNewRun('grpo', design(1, refit), design(2, refit))).toBeNull()
    expect(whyRewardChangeNeedsNewRun('grpo', design(1), design(2))).toBeNull()
  })
})
