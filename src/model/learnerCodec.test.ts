import { describe, expect, it } from 'vitest'
import { getEnv } from '../core/envs/registry'
import { LearnerOptionsSchema } from '../core/run/config'
import { learnerFromQuery, learnerToQuery } from './learnerCodec'

const spec = (id: string) => getEnv(id).spec

describe('learner ↔ URL', () => {
  it('writes only the fields off their defaults, nested ones dotted, and reads them back', () => {
    const learner = LearnerOptionsSchema.parse({ kind: 'grpo', beta: 0, aggregation: 'token', estimator: { center: 'median', rank: true } })
    const query = new URLSearchParams()
    learnerToQuery(learner, query)
    // The older name "token" is read as verl's token-mean, and written as it.
    expect(query.toString()).toBe('l=grpo&l.beta=0&l.aggregation=token-mean&l.estimator.center=median&l.estimator.rank=true')
    const ignored: string[] = []
    expect(learnerFromQuery(query, spec('tokenseq'), ignored)).toEqual(learner)
    expect(ignored).toEqual([])
  })

  it('carries GRPO’s dynamic sampling both ways, and names a bad cap', () => {
    const learner = LearnerOptionsSchema.parse({ kind: 'grpo', dynamicSampling: { enabled: true, maxRounds: 4 } })
    const query = new URLSearchParams()
    learnerToQuery(learner, query)
    expect(query.toString()).toBe('l=grpo&l.dynamicSampling.enabled=true&l.dynamicSampling.maxRounds=4')
    const ignored: string[] = []
    expect(learnerFromQuery(query, spec('tokenseq'), ignored)).toEqual(learner)
    expect(ignored).toEqual([])

    const bad: string[] = []
    const kept = learnerFromQuery(new URLSearchParams('l=grpo&l.dynamicSampling.enabled=true&l.dynamicSampling.maxRounds=0'), spec('tokenseq'), bad)
    expect(kept.kind === 'grpo' && kept.dynamicSampling).toEqual({ enabled: true, maxRounds: 10 })
    expect(bad).toEqual(['learner dynamicSampling.maxRounds: Too small: expected number to be >=1'])
  })

  it('carries GRPO’s progress (absent by default) both ways, its weight only when not 1, and names a bad prover', () => {
    const learner = LearnerOptionsSchema.parse({ kind: 'grpo', progress: { prover: 'current', weight: 2 } })
    const query = new URLSearchParams()
    learnerToQuery(learner, query)
    expect(query.toString()).toBe('l=grpo&l.progress.prover=current&l.progress.weight=2')
    const ignored: string[] = []
    expect(learnerFromQuery(query, spec('tokenseq'), ignored)).toEqual(learner)
    const plain = new URLSearchParams()
    learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo', progress: { prover: 'start' } }), plain)
    expect(plain.toString()).toBe('l=grpo&l.progress.prover=start')
    expect(ignored).toEqual([])

    const bad: string[] = []
    expect(learnerFromQuery(new URLSearchParams('l=grpo&l.progress.prover=best'), spec('tokenseq'), bad)).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo' }))
    expect(bad).toHaveLength(1)
    expect(bad[0]).toMatch(/^learner progress\.prover: unknown progress prover "best"; accepted: start/)
  })

  it('carries GRPO’s masking of truncated completions both ways as l.maskTruncated, and names a bad value', () => {
    const learner = LearnerOptionsSchema.parse({ kind: 'grpo', maskTruncated: true })
    const query = new URLSearchParams()
    learnerToQuery(learner, query)
    expect(query.toString()).toBe('l=grpo&l.maskTruncated=true')
    const ignored: string[] = []
    expect(learnerFromQuery(query, spec('tokenseq'), ignored)).toEqual(learner)
    expect(ignored).toEqual([])
    const bad: string[] = []
    expect(learnerFromQuery(new URLSearchParams('l=grpo&l.maskTruncated=yes'), spec('tokenseq'), bad)).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo' }))
    expect(bad).toEqual(['learner maskTruncated: Invalid input: expected boolean, received string'])
  })

  it('carries GRPO’s policy loss, dual clip, KL estimator and aggregation both ways', () => {
    for (const options of [{ policyLoss: 'ppo', dualClip: 3, kl: 'k2', aggregation: 'token-sum' }, { policyLoss: 'gspo', kl: 'k1', aggregation: 'seq-mean-token-sum' }, { policyLoss: 'cispo' }]) {
      const learner = LearnerOptionsSchema.parse({ kind: 'grpo', ...options })
      const query = new URLSearchParams()
      learnerToQuery(learner, query)
      const ignored: string[] = []
      expect(learnerFromQuery(query, spec('tokenseq'), ignored)).toEqual(learner)
      expect(ignored).toEqual([])
    }
    const query = new URLSearchParams()
    learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo', dualClip: 2.5 }), query)
    expect(query.toString()).toBe('l=grpo&l.dualClip=2.5')
  })

  it('reads a link with an older aggregation name as verl’s', () => {
    const ignored: string[] = []
    const learner = learnerFromQuery(new URLSearchParams('l=grpo&l.aggregation=constant'), spec('tokenseq'), ignored)
    expect(learner.kind === 'grpo' && learner.aggregation).toBe('seq-mean-token-sum-norm')
    expect(ignored).toEqual([])
    const query = new URLSearchParams()
    learnerToQuery(learner, query)
    expect(query.toString()).toBe('l=grpo&l.aggregation=seq-mean-token-sum-norm')
  })

  it('drops a dual clip that does not fit and keeps the rest, naming what is accepted', () => {
    const ignored: string[] = []
    const learner = learnerFromQuery(new URLSearchParams('l=grpo&l.policyLoss=gspo&l.dualClip=3&l.kl=k2'), spec('tokenseq'), ignored)
    expect(learner).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo', policyLoss: 'gspo', kl: 'k2' }))
    expect(ignored).toEqual(['learner dualClip: the dual clip C applies to the ppo policy loss only, not gspo; set it to none for gspo'])
    const bad: string[] = []
    expect(learnerFromQuery(new URLSearchParams('l=grpo&l.dualClip=abc&l.policyLoss=pg&l.kl=k9&l.aggregation=avg'), spec('tokenseq'), bad)).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo' }))
    expect(bad).toHaveLength(4)
    expect(bad[0]).toBe('learner policyLoss: unknown policy loss "pg"; accepted: ppo, gspo, gspo_token, geo_mean, cispo, sapo, clip_cov, kl_cov, reinforce')
    expect(bad[1]).toBe('learner dualClip: the dual clip C must be a number above 1 and at most 100, or none (null)')
    expect(bad[2]).toBe('learner kl: unknown KL estimator "k9"; accepted: k1, k2, k3, abs, k1+, k3+')
    expect(bad[3]).toMatch(/^learner aggregation: unknown aggregation "avg"; accepted: token-mean, /)
    // An empty or "null" dual clip is none.
    expect(learnerFromQuery(new URLSearchParams('l=grpo&l.dualClip=null'), spec('tokenseq'), [])).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo' }))
  })

  it('carries GRPO’s baseline and pass@k’s k both ways as l.estimator.baseline and l.estimator.k, absent while they are', () => {
    for (const estimator of [{ baseline: 'remax' }, { baseline: 'opo' }, { baseline: 'passk', k: 4 }]) {
      const learner = LearnerOptionsSchema.parse({ kind: 'grpo', estimator })
      const query = new URLSearchParams()
      learnerToQuery(learner, query)
      expect(query.toString()).toBe(`l=grpo&${Object.entries(estimator).map(([key, value]) => `l.estimator.${key}=${value}`).join('&')}`)
      const ignored: string[] = []
      expect(learnerFromQuery(query, spec('tokenseq'), ignored)).toEqual(learner)
      expect(ignored).toEqual([])
    }
    // A design that never set them writes neither, and neither does one set to what their absence means.
    for (const estimator of [{}, { baseline: 'group', k: 1 }]) {
      const query = new URLSearchParams()
      learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo', estimator }), query)
      expect(query.toString()).toBe('l=grpo')
    }
    const read = learnerFromQuery(new URLSearchParams('l=grpo'), spec('tokenseq'), [])
    expect(read.kind === 'grpo' && Object.keys(read.estimator)).not.toContain('baseline')
  })

  it('carries the KL’s placement and REINFORCE++’s token_batch baseline both ways, and names a bad placement', () => {
    const learner = LearnerOptionsSchema.parse({ kind: 'grpo', klPlacement: 'reward', kl: 'k1', estimator: { baseline: 'token_batch' } })
    const query = new URLSearchParams()
    learnerToQuery(learner, query)
    expect(query.toString()).toBe('l=grpo&l.klPlacement=reward&l.kl=k1&l.estimator.baseline=token_batch')
    expect(learnerFromQuery(query, spec('tokenseq'), [])).toEqual(learner)
    const loss = new URLSearchParams()
    learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo', klPlacement: 'loss' }), loss)
    expect(loss.toString()).toBe('l=grpo')
    const bad: string[] = []
    expect(learnerFromQuery(new URLSearchParams('l=grpo&l.klPlacement=both'), spec('tokenseq'), bad)).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo' }))
    expect(bad).toEqual(['learner klPlacement: unknown KL placement "both"; accepted: loss, reward'])
  })

  it('carries the high-entropy token fraction both ways, leaves it out of the link while absent, and names a bad one', () => {
    const learner = LearnerOptionsSchema.parse({ kind: 'grpo', entropyTopFraction: 0.2 })
    const query = new URLSearchParams()
    learnerToQuery(learner, query)
    expect(query.toString()).toBe('l=grpo&l.entropyTopFraction=0.2')
    expect(learnerFromQuery(query, spec('tokenseq'), [])).toEqual(learner)
    const absent = new URLSearchParams()
    learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo' }), absent)
    expect(absent.toString()).toBe('l=grpo')
    const bad: string[] = []
    expect(learnerFromQuery(new URLSearchParams('l=grpo&l.entropyTopFraction=0&l.beta=0'), spec('tokenseq'), bad)).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo', beta: 0 }))
    expect(bad).toEqual(['learner entropyTopFraction: the high-entropy token fraction q must be a number above 0 and at most 1 (1 trains on every token; the paper uses 0.2)'])
  })

  it('carries δ and SAPO’s temperatures both ways, leaves them out while absent, and names a bad one', () => {
    for (const options of [{ delta: 4 }, { policyLoss: 'sapo', tauPos: 2, tauNeg: 0.5 }]) {
      const learner = LearnerOptionsSchema.parse({ kind: 'grpo', ...options })
      const query = new URLSearchParams()
      learnerToQuery(learner, query)
      expect(learnerFromQuery(query, spec('tokenseq'), [])).toEqual(learner)
    }
    const delta = new URLSearchParams()
    learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo', delta: 4 }), delta)
    expect(delta.toString()).toBe('l=grpo&l.delta=4')
    // null (off) is what absence means: not written
    const off = new URLSearchParams()
    learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo', delta: null }), off)
    expect(off.toString()).toBe('l=grpo')
    const bad: string[] = []
    expect(learnerFromQuery(new URLSearchParams('l=grpo&l.tauPos=2&l.delta=0.5&l.beta=0'), spec('tokenseq'), bad)).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo', beta: 0 }))
    expect(bad).toEqual([
      'learner delta: the two-sided clip δ must be a number above 1 and at most 100, or none (null)',
      'learner tauPos: the SAPO temperature τ_pos applies to the sapo policy loss only, not ppo; leave it out for ppo',
    ])
  })

  it('carries Clip-Cov’s, KL-Cov’s and the KL controller’s options both ways, leaves them out while absent, and names a bad one', () => {
    for (const options of [{ policyLoss: 'clip_cov', clipCovRatio: 0.01, clipCovLb: 0.5, clipCovUb: 2 }, { policyLoss: 'kl_cov', klCovRatio: 0.02, ppoKlCoef: 1 }, { klControl: { target: 0.05, horizon: 500 } }]) {
      const learner = LearnerOptionsSchema.parse({ kind: 'grpo', ...options })
      const query = new URLSearchParams()
      learnerToQuery(learner, query)
      expect(learnerFromQuery(query, spec('tokenseq'), [])).toEqual(learner)
    }
    const plainLoss = new URLSearchParams()
    learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo', policyLoss: 'clip_cov' }), plainLoss)
    expect(plainLoss.toString()).toBe('l=grpo&l.policyLoss=clip_cov')
    // the default horizon is not written
    const target = new URLSearchParams()
    learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo', klControl: { target: 0.2 } }), target)
    expect(target.toString()).toBe('l=grpo&l.klControl.target=0.2')
    const bad: string[] = []
    expect(learnerFromQuery(new URLSearchParams('l=grpo&l.ppoKlCoef=1&l.klControl.target=-1&l.beta=0.5'), spec('tokenseq'), bad)).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo', beta: 0.5 }))
    expect(bad).toEqual([
      'learner klControl.target: the adaptive KL controller’s target KL must be a number above 0 and at most 100 (verl’s target_kl: 0.1)',
      'learner ppoKlCoef: KL-Cov\'s ppo_kl_coef applies to the kl_cov policy loss only, not ppo; leave it out for ppo',
    ])
  })

  it('carries the sampler and its correction both ways, a bound of none included, and writes nothing while they are absent', () => {
    for (const options of [{ samplerTemperature: 2, samplerTopP: 0.9, samplerStaleness: 4, samplerLogitNoise: 0.5 }, { samplerCorrection: 'token_mask', samplerClipMin: 0.5, samplerClipMax: null }, { samplerStaleness: 16, samplerCorrection: 'token_truncate', samplerClipMax: 2 }]) {
      const learner = LearnerOptionsSchema.parse({ kind: 'grpo', ...options })
      const query = new URLSearchParams()
      learnerToQuery(learner, query)
      expect(learnerFromQuery(query, spec('tokenseq'), [])).toEqual(learner)
    }
    const plain = new URLSearchParams()
    learnerToQuery(LearnerOptionsSchema.parse({ kind: 'grpo' }), plain)
    expect(plain.toString()).toBe('l=grpo')
  })

  it('carries the KL estimators whose names hold a "+"', () => {
    const learner = LearnerOptionsSchema.parse({ kind: 'grpo', kl: 'k3+' })
    const query = new URLSearchParams()
    learnerToQuery(learner, query)
    expect(query.toString()).toBe('l=grpo&l.kl=k3%2B')
    expect(learnerFromQuery(new URLSearchParams(query.toString()), spec('tokenseq'), [])).toEqual(learner)
  })

  it('names a bad baseline or k and keeps the rest', () => {
    const bad: string[] = []
    const learner = learnerFromQuery(new URLSearchParams('l=grpo&l.estimator.baseline=greedy&l.estimator.k=0&l.beta=0'), spec('tokenseq'), bad)
    expect(learner).toEqual(LearnerOptionsSchema.parse({ kind: 'grpo', beta: 0 }))
    expect(bad).toEqual([
      'learner estimator.baseline: unknown baseline "greedy"; accepted: group, remax, opo, passk, token_batch, process, process_min, passk_verl, mc_grpo',
      "learner estimator.k: pass@k's k must be a whole number from 1 to the group size (at most 256)",
    ])
  })

  it('falls back to the environment’s default learner and says why', () => {
    const ignored: string[] = []
    expect(learnerFromQuery(new URLSearchParams('l=qlearning&l.alpha=0.1'), spec('cartpole'), ignored).kind).toBe('ppo')
    expect(ignored[0]).toContain('learner qlearning: Q-learning needs an environment with discrete states')
    expect(learnerFromQuery(new URLSearchParams('l=magic'), spec('gridworld'), ignored).kind).toBe('qlearning')
    expect(ignored[1]).toMatch(/^learner "magic" \(accepted: ppo, qlearning, /)
  })

  it('drops a bad field but keeps the good ones', () => {
    const ignored: string[] = []
    const learner = learnerFromQuery(new URLSearchParams('l=sarsa_lambda&l.lambda=2&l.alpha=0.25&l.warp=9'), spec('cliffwalking'), ignored)
    expect(learner).toEqual(LearnerOptionsSchema.parse({ kind: 'sarsa_lambda', alpha: 0.25 }))
    expect(ignored).toHaveLength(2)
    expect(ignored[0]).toBe('learner lambda: Too big: expected number to be <=1')
    expect(ignored[1]).toMatch(/^learner field "warp" \(accepted for sarsa_lambda: numEnvs, stepsPerIteration, alpha/)
  })

  it('reads back every PPO batch the page can write, up to copies × steps = 65536, with the fields together', () => {
    for (const [numEnvs, numSteps] of [[1024, 32], [4096, 16]]) {
      const learner = LearnerOptionsSchema.parse({ kind: 'ppo', numEnvs, numSteps })
      const query = new URLSearchParams()
      learnerToQuery(learner, query)
      const ignored: string[] = []
      expect(learnerFromQuery(query, spec('cartpole'), ignored)).toEqual(learner)
      expect(ignored).toEqual([])
    }
  })

  it('drops only the fields the issues name, and names the field that breaks a rule across fields', () => {
    const ignored: string[] = []
    const kept = learnerFromQuery(new URLSearchParams('l=ppo&l.numEnvs=1024&l.numSteps=32&l.gamma=7'), spec('cartpole'), ignored)
    expect(kept).toEqual(LearnerOptionsSchema.parse({ kind: 'ppo', numEnvs: 1024, numSteps: 32 }))
    expect(ignored).toEqual(['learner gamma: Too big: expected number to be <=1'])

    // 1024 copies × the default 128 steps is over the limit: numEnvs is dropped, and named.
    const alone: string[] = []
    expect(learnerFromQuery(new URLSearchParams('l=ppo&l.numEnvs=1024&l.gamma=0.9'), spec('cartpole'), alone)).toEqual(LearnerOptionsSchema.parse({ kind: 'ppo', gamma: 0.9 }))
    expect(alone).toEqual(['learner numEnvs "1024" (does not fit with the rest: numSteps: copies × steps per rollout must be at most 65536 (a batch larger than that stalls the browser))'])
  })

  it('quotes a long unknown kind or field cut short', () => {
    const ignored: string[] = []
    learnerFromQuery(new URLSearchParams(`l=ppo&l.${'f'.repeat(10_000)}=1`), spec('cartpole'), ignored)
    learnerFromQuery(new URLSearchParams(`l=${'k'.repeat(10_000)}`), spec('cartpole'), ignored)
    expect(ignored[0]).toMatch(new RegExp(`^learner field "${'f'.repeat(40)}…" \\(accepted for ppo: numEnvs, `))
    expect(ignored[1]).toMatch(new RegExp(`^learner "${'k'.repeat(40)}…" \\(accepted: ppo, `))
  })
})
