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

  it('reads GRPO’s baseline and pass@k’s k, and names a misspelt estimator field, a bad baseline and a k above the group size', () => {
    const passk = checkRunConfig({ env: { id: 'tokenseq', params: { group_size: 4 } }, learner: { kind: 'grpo', estimator: { baseline: 'passk', k: 3 } } })
    expect(passk.ok && passk.config.learner.kind === 'grpo' && passk.config.learner.estimator).toMatchObject({ baseline: 'passk', k: 3 })
    expect(checkRunConfig({ env: { id: 'tokenseq', params: { group_size: 4 } }, learner: { kind: 'grpo', estimator: { baselin: 'remax', baseline: 'greedy' } } })).toEqual({
      ok: false,
      problems: ['learner.estimator.baseline: unknown baseline "greedy"; accepted: group, remax, opo, passk, token_batch, process, process_min, passk_verl, mc_grpo', expect.stringMatching(/^learner\.estimator\.baselin: unknown key in the estimator; accepted: center, scale, rank, combine, batchNormalize, eps, baseline, k$/)],
    })
    expect(checkRunConfig({ env: { id: 'tokenseq', params: { group_size: 4 } }, learner: { kind: 'grpo', estimator: { baseline: 'passk', k: 5 } } })).toEqual({
      ok: false,
      problems: ["learner.estimator.k: pass@k's k is 5, more than the 4 completions of a group; k must be from 1 to the group size"],
    })
    expect(checkRunConfig({ env: { id: 'bandit' }, learner: { kind: 'grpo', groupSize: 2, estimator: { baseline: 'passk', k: 3 } } })).toMatchObject({ ok: false, problems: [expect.stringContaining('more than the 2 completions of a group')] })
  })

  it('fills defaults: the smallest config is an environment and a learner', () => {
    const result = checkRunConfig({ env: { id: 'cliffwalking' }, learner: { kind: 'sarsa' } })
    expect(result.ok && result.config.seed).toBe(1)
    expect(result.ok && result.config.mix.terms).toEqual([])
  })
})
