import { describe, expect, it } from 'vitest'
import { clipCovOf, defaultLearnerFor, deltaOf, describeIssues, klCovOf, GROUP_PRESET_AGGREGATION, GrpoOptionsSchema, LearnerOptionsSchema, MOUNTAINCAR_PPO, PPO_PRESETS, PpoOptionsSchema, sapoTemperaturesOf, samplerCorrectionOf, samplerDiffers, samplerOf } from './config'
import { ENVIRONMENTS, getEnv } from '../envs/registry'

describe('learner options', () => {
  it('refuses batches too large for one report, whatever each number alone allows', () => {
    const ppo = LearnerOptionsSchema.safeParse({ kind: 'ppo', numEnvs: 4096, numSteps: 4096 })
    expect(ppo.success).toBe(false)
    expect(describeIssues(ppo.error!)).toBe('numSteps: copies × steps per rollout must be at most 65536 (a batch larger than that stalls the browser)')
    const sarsa = LearnerOptionsSchema.safeParse({ kind: 'sarsa', numEnvs: 4096, stepsPerIteration: 1000 })
    expect(describeIssues(sarsa.error!)).toBe('stepsPerIteration: copies × steps per report must be at most 1000000, so that pause and stop answer promptly')
    expect(LearnerOptionsSchema.safeParse({ kind: 'ppo', numEnvs: 16, numSteps: 4096 }).success).toBe(true)
  })
})

describe('GRPO dynamic sampling', () => {
  it('is off by default, with a cap of 10 rounds', () => {
    expect(LearnerOptionsSchema.parse({ kind: 'grpo' })).toMatchObject({ dynamicSampling: { enabled: false, maxRounds: 10 } })
    expect(LearnerOptionsSchema.parse({ kind: 'grpo', dynamicSampling: { enabled: true } })).toMatchObject({ dynamicSampling: { enabled: true, maxRounds: 10 } })
  })

  it('names a bad field and what it accepts', () => {
    const issues = (dynamicSampling: unknown) => describeIssues(LearnerOptionsSchema.safeParse({ kind: 'grpo', dynamicSampling }).error!)
    expect(issues({ enabled: true, maxRounds: 0 })).toBe('dynamicSampling.maxRounds: Too small: expected number to be >=1')
    expect(issues({ enabled: true, maxRounds: 65 })).toBe('dynamicSampling.maxRounds: Too big: expected number to be <=64')
    expect(issues({ enabled: true, maxRounds: 2.5 })).toBe('dynamicSampling.maxRounds: Invalid input: expected int, received number')
    expect(issues({ enabled: 'yes' })).toBe('dynamicSampling.enabled: Invalid input: expected boolean, received string')
    // 1024 groups × 16 × 64 rounds: a million completions and more before pause could answer.
    const huge = LearnerOptionsSchema.safeParse({ kind: 'grpo', groupsPerIteration: 1024, groupSize: 16, dynamicSampling: { enabled: true, maxRounds: 64 } })
    expect(describeIssues(huge.error!)).toBe('dynamicSampling.maxRounds: with dynamic sampling, groups × group size × max rounds must be at most 1000000 completions per update, so that pause and stop answer promptly')
    expect(LearnerOptionsSchema.safeParse({ kind: 'grpo', groupsPerIteration: 1024, groupSize: 16, dynamicSampling: { enabled: false, maxRounds: 64 } }).success).toBe(true)
  })
})

describe('GRPO masking of truncated completions', () => {
  it('is off by default, and takes only true or false', () => {
    expect(LearnerOptionsSchema.parse({ kind: 'grpo' })).toMatchObject({ maskTruncated: false })
    expect(LearnerOptionsSchema.parse({ kind: 'grpo', maskTruncated: true })).toMatchObject({ maskTruncated: true })
    expect(describeIssues(LearnerOptionsSchema.safeParse({ kind: 'grpo', maskTruncated: 'yes' }).error!)).toBe('maskTruncated: Invalid input: expected boolean, received string')
  })
})

describe('GRPO policy loss, dual clip, KL estimator and aggregation', () => {
  const grpo = (options: object) => LearnerOptionsSchema.safeParse({ kind: 'grpo', ...options })
  const problem = (options: object) => describeIssues(grpo(options).error!)

  it('defaults to PPO’s clip without a dual clip, k3 and GRPO’s per-sequence mean, by verl’s names', () => {
    expect(LearnerOptionsSchema.parse({ kind: 'grpo' })).toMatchObject({ policyLoss: 'ppo', dualClip: null, kl: 'k3', aggregation: 'seq-mean-token-mean' })
  })

  it('reads our older aggregation names as verl’s and keeps verl’s, so a value read back reads the same', () => {
    expect(grpo({ aggregation: 'sequence' }).data).toMatchObject({ aggregation: 'seq-mean-token-mean' })
    expect(grpo({ aggregation: 'token' }).data).toMatchObject({ aggregation: 'token-mean' })
    expect(grpo({ aggregation: 'constant' }).data).toMatchObject({ aggregation: 'seq-mean-token-sum-norm' })
    for (const aggregation of ['token-mean', 'token-sum', 'seq-mean-token-mean', 'seq-mean-token-sum', 'seq-mean-token-sum-norm']) {
      const parsed = LearnerOptionsSchema.parse({ kind: 'grpo', aggregation })
      expect(LearnerOptionsSchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed)
    }
    expect(GROUP_PRESET_AGGREGATION).toEqual({ grpo: 'seq-mean-token-mean', dr_grpo: 'seq-mean-token-sum-norm' })
  })

  it('takes a dual clip C above 1 with ppo and refuses it otherwise, naming what is accepted', () => {
    expect(grpo({ dualClip: 3 }).data).toMatchObject({ policyLoss: 'ppo', dualClip: 3 })
    const bound = 'dualClip: the dual clip C must be a number above 1 and at most 100, or none (null)'
    expect(problem({ dualClip: 1 })).toBe(bound)
    expect(problem({ dualClip: 0.5 })).toBe(bound)
    expect(problem({ dualClip: 101 })).toBe(bound)
    expect(problem({ dualClip: Number.NaN })).toBe(bound)
    expect(problem({ dualClip: '3' })).toBe(bound)
    expect(problem({ policyLoss: 'gspo', dualClip: 3 })).toBe('dualClip: the dual clip C applies to the ppo policy loss only, not gspo; set it to none for gspo')
    expect(grpo({ policyLoss: 'gspo', dualClip: null }).success).toBe(true)
  })

  it('leaves δ and SAPO’s temperatures absent by default, so a design without them parses as before', () => {
    const parsed = GrpoOptionsSchema.parse({ kind: 'grpo' })
    for (const field of ['delta', 'tauPos', 'tauNeg']) expect(Object.hasOwn(parsed, field), field).toBe(false)
    expect(sapoTemperaturesOf(parsed)).toEqual({ pos: 1, neg: 1.05 })
    expect(deltaOf(parsed)).toBeNull()
  })

  it('takes a two-sided clip δ above 1 with ppo and refuses it otherwise', () => {
    expect(grpo({ delta: 4 }).data).toMatchObject({ policyLoss: 'ppo', delta: 4 })
    expect(deltaOf(GrpoOptionsSchema.parse({ kind: 'grpo', delta: null }))).toBeNull()
    const bound = 'delta: the two-sided clip δ must be a number above 1 and at most 100, or none (null)'
    expect(problem({ delta: 1 })).toBe(bound)
    expect(problem({ delta: 101 })).toBe(bound)
    expect(problem({ delta: '4' })).toBe(bound)
    expect(problem({ policyLoss: 'cispo', delta: 4 })).toBe('delta: the two-sided clip δ applies to the ppo policy loss only, not cispo; set it to none for cispo')
  })

  it('takes SAPO’s temperatures above 0 with sapo and refuses them otherwise', () => {
    expect(sapoTemperaturesOf(GrpoOptionsSchema.parse({ kind: 'grpo', policyLoss: 'sapo', tauPos: 2, tauNeg: 3 }))).toEqual({ pos: 2, neg: 3 })
    expect(sapoTemperaturesOf(GrpoOptionsSchema.parse({ kind: 'grpo', policyLoss: 'sapo', tauNeg: 3 }))).toEqual({ pos: 1, neg: 3 })
    expect(problem({ policyLoss: 'sapo', tauPos: 0 })).toBe("tauPos: the SAPO temperature τ_pos must be a number above 0 and at most 100 (verl's defaults: τ_pos 1, τ_neg 1.05)")
    expect(problem({ policyLoss: 'sapo', tauNeg: Number.NaN })).toBe("tauNeg: the SAPO temperature τ_neg must be a number above 0 and at most 100 (verl's defaults: τ_pos 1, τ_neg 1.05)")
    expect(problem({ tauPos: 2 })).toBe('tauPos: the SAPO temperature τ_pos applies to the sapo policy loss only, not ppo; leave it out for ppo')
  })

  it('leaves Clip-Cov’s, KL-Cov’s and the KL controller’s options absent by default, with verl’s defaults as their meaning', () => {
    const parsed = GrpoOptionsSchema.parse({ kind: 'grpo', policyLoss: 'clip_cov' })
    for (const field of ['clipCovRatio', 'clipCovLb', 'clipCovUb', 'klCovRatio', 'ppoKlCoef', 'klControl']) expect(Object.hasOwn(parsed, field), field).toBe(false)
    expect(clipCovOf(parsed)).toEqual({ ratio: 0.0002, lb: 1, ub: 5 })
    expect(klCovOf(parsed)).toEqual({ ratio: 0.0002, coef: 0.1 })
  })

  it('takes Clip-Cov’s ratio and band with clip_cov only, and a band whose lb is below its ub', () => {
    expect(clipCovOf(GrpoOptionsSchema.parse({ kind: 'grpo', policyLoss: 'clip_cov', clipCovRatio: 0.01, clipCovUb: 3 }))).toEqual({ ratio: 0.01, lb: 1, ub: 3 })
    const ratio = "clipCovRatio: clip_cov_ratio must be a number above 0 and at most 1 (a share of the batch's tokens; verl's default 0.0002)"
    expect(problem({ policyLoss: 'clip_cov', clipCovRatio: 0 })).toBe(ratio)
    expect(problem({ policyLoss: 'clip_cov', clipCovRatio: 1.5 })).toBe(ratio)
    expect(problem({ policyLoss: 'clip_cov', clipCovLb: Number.POSITIVE_INFINITY })).toBe("clipCovLb: Clip-Cov's lb must be a number from −1000000 to 1000000 (verl's band: lb 1, ub 5)")
    expect(problem({ policyLoss: 'clip_cov', clipCovLb: 5 })).toBe("clipCovUb: Clip-Cov's band needs clip_cov_lb below clip_cov_ub, got 5 and 5")
    expect(problem({ clipCovRatio: 0.01 })).toBe("clipCovRatio: Clip-Cov's clip_cov_ratio applies to the clip_cov policy loss only, not ppo; leave it out for ppo")
  })

  it('takes KL-Cov’s ratio and coefficient with kl_cov only', () => {
    expect(klCovOf(GrpoOptionsSchema.parse({ kind: 'grpo', policyLoss: 'kl_cov', klCovRatio: 0.5, ppoKlCoef: 1 }))).toEqual({ ratio: 0.5, coef: 1 })
    expect(problem({ policyLoss: 'kl_cov', ppoKlCoef: -1 })).toBe("ppoKlCoef: KL-Cov's coefficient ppo_kl_coef must be a number from 0 to 100 (verl's default 0.1)")
    expect(problem({ policyLoss: 'kl_cov', klCovRatio: Number.NaN })).toBe("klCovRatio: kl_cov_ratio must be a number above 0 and at most 1 (a share of the batch's tokens; verl's default 0.0002)")
    expect(problem({ policyLoss: 'clip_cov', ppoKlCoef: 1 })).toBe("ppoKlCoef: KL-Cov's ppo_kl_coef applies to the kl_cov policy loss only, not clip_cov; leave it out for clip_cov")
  })

  it('takes the adaptive KL controller’s target and horizon (default 10000), not with β = 0', () => {
    expect(grpo({ klControl: { target: 0.05 } }).data).toMatchObject({ klControl: { target: 0.05, horizon: 10000 } })
    expect(problem({ klControl: { target: 0 } })).toBe('klControl.target: the adaptive KL controller’s target KL must be a number above 0 and at most 100 (verl’s target_kl: 0.1)')
    expect(problem({ klControl: { target: 0.1, horizon: 0.5 } })).toBe('klControl.horizon: the adaptive KL controller’s horizon must be a whole number from 1 to 1000000000 (verl’s horizon: 10000)')
    expect(problem({ klControl: { target: 0.1, type: 'adaptive' } })).toMatch(/^klControl/)
    expect(problem({ klControl: 0.1 })).toBe('klControl: klControl must be an object { target: a KL above 0, horizon: a whole number of at least 1 (default 10000) }')
    expect(problem({ beta: 0, klControl: { target: 0.1 } })).toBe('klControl.target: the adaptive KL controller multiplies β, which is 0 here and would stay 0; set β above 0 or leave klControl out')
  })

  it('leaves the sampler and its correction absent by default, the learner’s own sampler and no correction', () => {
    const parsed = GrpoOptionsSchema.parse({ kind: 'grpo' })
    for (const field of ['samplerTemperature', 'samplerTopP', 'samplerStaleness', 'samplerLogitNoise', 'samplerCorrection', 'samplerClipMax', 'samplerClipMin']) expect(Object.hasOwn(parsed, field), field).toBe(false)
    expect(samplerOf(parsed)).toEqual({ temperature: 1, topP: 1, staleness: 0, logitNoise: 0 })
    expect(samplerDiffers(samplerOf(parsed))).toBe(false)
    expect(samplerCorrectionOf(parsed)).toBeNull()
    expect(samplerDiffers(samplerOf(GrpoOptionsSchema.parse({ kind: 'grpo', samplerStaleness: 1 })))).toBe(true)
  })

  it('takes a sampler correction with TRL’s C_max 3 by default, and refuses bounds that cannot work', () => {
    expect(samplerCorrectionOf(GrpoOptionsSchema.parse({ kind: 'grpo', samplerCorrection: 'token_truncate' }))).toEqual({ mode: 'token_truncate', clipMin: null, clipMax: 3 })
    expect(samplerCorrectionOf(GrpoOptionsSchema.parse({ kind: 'grpo', samplerCorrection: 'token_mask', samplerClipMin: 0.5, samplerClipMax: null }))).toEqual({ mode: 'token_mask', clipMin: 0.5, clipMax: null })
    expect(problem({ samplerCorrection: 'tis' })).toBe('samplerCorrection: unknown sampler correction "tis"; accepted: token_truncate, token_mask, sequence_truncate, sequence_mask')
    expect(problem({ samplerClipMax: 2 })).toBe("samplerClipMax: samplerClipMax bounds the sampler correction's ratio, and there is no correction; set samplerCorrection (token_truncate, token_mask, sequence_truncate, sequence_mask) or leave it out")
    expect(problem({ samplerCorrection: 'sequence_truncate', samplerClipMax: null })).toBe('samplerClipMax: sequence_truncate truncates the ratio at C_max, which is none; give samplerClipMax a number above 0')
    expect(problem({ samplerCorrection: 'token_mask', samplerClipMax: null })).toBe('samplerClipMax: token_mask with neither bound masks nothing; give samplerClipMax or samplerClipMin')
    expect(problem({ samplerCorrection: 'token_mask', samplerClipMin: 3 })).toBe("samplerClipMin: the correction's band needs C_min below C_max, got 3 and 3")
    expect(problem({ samplerCorrection: 'token_mask', samplerClipMin: 0 })).toBe("samplerClipMin: the correction's C_min must be a number above 0 and at most 1000000, or none (null)")
    expect(problem({ samplerTopP: 0 })).toBe("samplerTopP: the sampler's top-p must be a number above 0 and at most 1 (1: every token)")
    expect(problem({ samplerStaleness: 1.5 })).toBe("samplerStaleness: the sampler's staleness must be a whole number of updates from 0 to 64 (0: the current policy samples)")
    expect(problem({ samplerTemperature: 0 })).toBe("samplerTemperature: the sampler's temperature must be a number above 0 and at most 10 (1: the learner's own)")
    expect(problem({ samplerLogitNoise: -1 })).toBe("samplerLogitNoise: the sampler's logit noise σ must be a number from 0 to 10 (0: none)")
  })

  it('names an unknown policy loss, KL estimator or aggregation and lists the accepted ones', () => {
    expect(problem({ policyLoss: 'grpo' })).toBe('policyLoss: unknown policy loss "grpo"; accepted: ppo, gspo, gspo_token, geo_mean, cispo, sapo, clip_cov, kl_cov, reinforce')
    expect(problem({ kl: 'k4' })).toBe('kl: unknown KL estimator "k4"; accepted: k1, k2, k3, abs, k1+, k3+')
    expect(problem({ aggregation: 'mean' })).toBe(
      'aggregation: unknown aggregation "mean"; accepted: token-mean, token-sum, seq-mean-token-mean, seq-mean-token-sum, seq-mean-token-sum-norm (verl\'s loss_agg_mode names), or the older sequence (= seq-mean-token-mean), token (= token-mean), constant (= seq-mean-token-sum-norm)',
    )
    expect(problem({ aggregation: 7 })).toMatch(/^aggregation: unknown aggregation 7; accepted: token-mean, /)
  })
})

describe('default learners', () => {
  it('starts CartPole on PPO’s fast preset and the other continuous tasks on CleanRL’s defaults', () => {
    const cartpole = defaultLearnerFor(getEnv('cartpole').spec)
    expect(cartpole).toMatchObject({ kind: 'ppo', numEnvs: 16, numSteps: 32, learningRate: 1e-2, numMinibatches: 2, updateEpochs: 4, gamma: 0.99 })
    expect(defaultLearnerFor(getEnv('acrobot').spec)).toMatchObject({ kind: 'ppo', numEnvs: 4, numSteps: 128, learningRate: 2.5e-4 })
    expect(defaultLearnerFor(getEnv('cliffwalking').spec).kind).toBe('qlearning')
    expect(defaultLearnerFor(getEnv('tokenseq').spec).kind).toBe('grpo')
  })

  it('starts MountainCar on its own PPO, and parses every environment’s declared learner', () => {
    expect(defaultLearnerFor(getEnv('mountaincar').spec)).toEqual(PpoOptionsSchema.parse({ kind: 'ppo', ...MOUNTAINCAR_PPO }))
    for (const definition of ENVIRONMENTS) expect(() => defaultLearnerFor(definition.spec), definition.spec.id).not.toThrow()
  })

  it('keeps each preset’s batch the same size and valid', () => {
    for (const preset of Object.values(PPO_PRESETS)) {
      expect(preset.numEnvs * preset.numSteps).toBe(512)
      expect(PpoOptionsSchema.safeParse({ kind: 'ppo', ...preset }).success).toBe(true)
    }
  })
})
