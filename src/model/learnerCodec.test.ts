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
    expect(query.toString()).toBe('l=grpo&l.beta=0&l.aggregation=token&l.estimator.center=median&l.estimator.rank=true')
    const ignored: string[] = []
    expect(learnerFromQuery(query, spec('tokenseq'), ignored)).toEqual(learner)
    expect(ignored).toEqual([])
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
})
