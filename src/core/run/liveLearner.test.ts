import { describe, expect, it } from 'vitest'
import { GrpoOptionsSchema, PpoOptionsSchema } from './config'
import { GRPO_LIVE_FIELDS, GRPO_RESTART_FIELDS, learnerChangeNote, learnerFieldChanges, whyLearnerChangeNeedsNewRun } from './liveLearner'

const grpo = (overrides: Record<string, unknown> = {}) => GrpoOptionsSchema.parse({ kind: 'grpo', ...overrides })

/** Every leaf path of a fully specified GRPO learner (absent-by-default fields set), but its kind. */
function allGrpoPaths(): string[] {
  const paths: string[] = []
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (value !== null && typeof value === 'object') walk(value, `${prefix}${key}.`)
      else if (key !== 'kind') paths.push(`${prefix}${key}`)
    }
  }
  const absentSet = { klPlacement: 'loss', estimator: { baseline: 'group', k: 1 }, progress: { prover: 'start' } }
  walk(grpo({ ...absentSet, delta: 4, klControl: { target: 0.1 } }), '')
  // The sampler and its correction.
  walk(grpo({ ...absentSet, samplerTemperature: 2, samplerTopP: 0.9, samplerStaleness: 2, samplerLogitNoise: 0.1, samplerCorrection: 'token_mask', samplerClipMax: 2, samplerClipMin: 0.5 }), '')
  // Clip-Cov's and KL-Cov's options go with their own losses.
  walk(grpo({ ...absentSet, policyLoss: 'clip_cov', clipCovRatio: 0.01, clipCovLb: 1, clipCovUb: 5 }), '')
  walk(grpo({ ...absentSet, policyLoss: 'kl_cov', klCovRatio: 0.01, ppoKlCoef: 0.1 }), '')
  // SAPO's temperatures go with the sapo loss only, which δ does not take.
  walk(grpo({ ...absentSet, policyLoss: 'sapo', tauPos: 1, tauNeg: 1.05 }), '')
  return [...new Set(paths)].sort()
}

describe('which learner changes reach a running run', () => {
  it('classifies every GRPO option as live or as a new run, and none as both', () => {
    expect([...GRPO_LIVE_FIELDS, ...GRPO_RESTART_FIELDS].sort()).toEqual(allGrpoPaths())
    expect(GRPO_LIVE_FIELDS.filter((path) => (GRPO_RESTART_FIELDS as readonly string[]).includes(path))).toEqual([])
  })

  it("starts a new run for PAV's progress, turned on, off or changed", () => {
    const on = grpo({ progress: { prover: 'start' } })
    expect(whyLearnerChangeNeedsNewRun(grpo(), on)).toBe("progress.prover changes the learner's part of the reward, so the change starts a new run")
    expect(whyLearnerChangeNeedsNewRun(on, grpo())).not.toBeNull()
    expect(whyLearnerChangeNeedsNewRun(on, grpo({ progress: { prover: 'current' } }))).toBe("progress.prover changes the learner's part of the reward, so the change starts a new run")
    expect(whyLearnerChangeNeedsNewRun(on, grpo({ hiddenSize: 32, progress: { prover: 'current' } }))).toBe("hiddenSize changes the network or the batch and progress.prover changes the learner's part of the reward, so the change starts a new run")
    expect(whyLearnerChangeNeedsNewRun(on, grpo({ progress: { prover: 'start', weight: 1 } }))).toBeNull()
  })

  it('is live for the estimator, the loss, its clip and KL, the sampling options and the optimiser step', () => {
    const before = grpo()
    for (const overrides of [
      { policyLoss: 'cispo' },
      { estimator: { center: 'loo', scale: 'none' } },
      { estimator: { baseline: 'remax' } },
      { aggregation: 'token-mean', epsHigh: 0.28, dualClip: 3 },
      { kl: 'k1', beta: 0.1 },
      { kl: 'k1', beta: 0, klPlacement: 'reward' },
      { dynamicSampling: { enabled: true, maxRounds: 4 }, maskTruncated: true },
      { learningRate: 3e-3, maxGradNorm: 0.5, updateEpochs: 2 },
    ]) {
      expect(whyLearnerChangeNeedsNewRun(before, grpo(overrides))).toBeNull()
    }
  })

  it('needs a new run for the network, the batch shape, another learner or a learner other than GRPO', () => {
    expect(whyLearnerChangeNeedsNewRun(grpo(), grpo({ hiddenSize: 32 }))).toBe('hiddenSize changes the network or the batch, so the change starts a new run')
    expect(whyLearnerChangeNeedsNewRun(grpo(), grpo({ groupSize: 4, groupsPerIteration: 8, policyLoss: 'cispo' }))).toBe('groupsPerIteration, groupSize change the network or the batch, so the change starts a new run')
    expect(whyLearnerChangeNeedsNewRun(grpo(), PpoOptionsSchema.parse({ kind: 'ppo' }))).toBe('another learner is a new run')
    const ppo = PpoOptionsSchema.parse({ kind: 'ppo' })
    expect(whyLearnerChangeNeedsNewRun(ppo, { ...ppo, learningRate: 1e-3 })).toMatch(/^only the GRPO family's options change while a run trains/)
  })

  it('counts an absent field and what its absence means as the same value', () => {
    expect(learnerFieldChanges(grpo(), grpo({ klPlacement: 'loss', estimator: { baseline: 'group', k: 1 } }))).toEqual([])
  })

  it('names each changed option in the mark, before and after', () => {
    const changes = learnerFieldChanges(grpo(), grpo({ policyLoss: 'cispo', dualClip: null, estimator: { baseline: 'remax' } }))
    expect(learnerChangeNote(changes)).toBe('l.policyLoss: ppo → cispo; l.estimator.baseline: group → remax')
    expect(learnerChangeNote(learnerFieldChanges(grpo({ dualClip: 3 }), grpo()))).toBe('l.dualClip: 3 → none')
  })
})
