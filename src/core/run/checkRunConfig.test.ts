import { describe, expect, it } from 'vitest'
import { checkRunConfig } from './checkRunConfig'

describe('checkRunConfig', () => {
  it('refuses anything but an object', () => {
    expect(checkRunConfig([1])).toEqual({ ok: false, problems: [expect.stringMatching(/^config: expected a JSON object/)] })
  })


  it('names unknown keys of the learner and env, and a learner that does not fit the environment', () => {
    const result = checkRunConfig({ env: { id: 'cartpole', param: {} }, learner: { kind: 'qlearning', alpah: 0.1 } })
    expect(result).toEqual({
      ok: false,
      problems: [
        'env.param: unknown key in env; accepted: id, params',
        'learner.alpah: unknown key in a qlearning learner; accepted: kind, numEnvs, stepsPerIteration, alpha, gamma, epsilon, initialValue',
        expect.stringMatching(/^learner\.kind: Q-learning needs an environment with discrete states/),
      ],
    })
  })

  it('fills defaults: the smallest config is an environment and a learner', () => {
    const result = checkRunConfig({ env: { id: 'cliffwalking' }, learner: { kind: 'sarsa' } })
    expect(result.ok && result.config.seed).toBe(1)
    expect(result.ok && result.config.mix.terms).toEqual([])
  })
})
