import { describe, expect, it } from 'vitest'
import { ownRolloutDesign, parseRolloutDesign, weightedRolloutDesign } from './rolloutDesign'
import { GroupEstimatorSchema } from '../credit/estimatorSchema'

function problemsOf(value: unknown): string[] {
  const parsed = parseRolloutDesign(value)
  return parsed.ok ? [] : parsed.problems
}

describe('parseRolloutDesign', () => {
  it('fills what is left out: weight 1, no transforms, GRPO’s estimator, no aggregation', () => {
    const parsed = parseRolloutDesign('{"components": {"acc": {}, "length": {"weight": -0.5, "transforms": [{"kind": "clip", "lo": 0, "hi": 1}]}}}')
    expect(parsed).toEqual({
      ok: true,
      design: {
        components: { acc: { weight: 1, transforms: [] }, length: { weight: -0.5, transforms: [{ kind: 'clip', lo: 0, hi: 1 }] } },
        estimator: { center: 'mean', scale: 'group', rank: false, combine: 'sum', batchNormalize: false, eps: 1e-4 },
      },
    })
    expect(ownRolloutDesign()).toEqual({ estimator: GroupEstimatorSchema.parse({}) })
    expect(weightedRolloutDesign(new Map([['acc', 2]]), GroupEstimatorSchema.parse({ scale: 'none' }))).toEqual({
      components: { acc: { weight: 2, transforms: [] } },
      estimator: GroupEstimatorSchema.parse({ scale: 'none' }),
    })
  })

  it('refuses the transforms that need a run or an environment, naming the component and the kinds a file takes', () => {
    const accepted = "accepted on a rollout file's components: scale, clip, bounded (each needs only the completion's score)"
    expect(problemsOf({ components: { length: { transforms: [{ kind: 'scale', factor: 2 }, { kind: 'normalize' }] } } })).toEqual([
      `components.length.transforms[1]: normalize divides by the running std of a run's discounted returns, a history a rollout file does not hold; ${accepted}`,
    ])
    expect(problemsOf({ components: { acc: { transforms: [{ kind: 'par' }] }, fmt: { transforms: [{ kind: 'delay' }, { kind: 'redistribute' }] } } })).toEqual([
      `components.acc.transforms[0]: par compares with the environment's score of its reference answer to each prompt, which a rollout file does not hold; ${accepted}`,
      `components.fmt.transforms[0]: delay moves reward to an episode's last step, and a rollout file holds one score per completion, not its steps; ${accepted}`,
      `components.fmt.transforms[1]: redistribute spreads an episode's return over its steps, and a rollout file holds one score per completion, not its steps; ${accepted}`,
    ])
    expect(problemsOf({ components: { acc: { transforms: [{ kind: 'log' }, 3] } } })).toEqual([
      `components.acc.transforms[0]: expected a transform, an object with a kind; ${accepted}`,
      `components.acc.transforms[1]: expected a transform, an object with a kind; ${accepted}`,
    ])
    expect(problemsOf({ components: { acc: { transforms: [{ kind: 'clip', lo: 2, hi: 1 }] } } })).toEqual(['components.acc.transforms[0].lo: lo must not exceed hi (accepted: lo ≤ hi)'])
  })

  it('names every other problem with what is accepted', () => {
    expect(problemsOf({ components: {} })).toEqual(['components: expected at least one component (without components, score weighs 1)'])
    expect(problemsOf({ components: { acc: { wieght: 1 } } })).toEqual(['components.acc: unknown key "wieght" in a component of a rollout design; accepted: weight, transforms'])
    expect(problemsOf({ components: { acc: { weight: null } } })).toEqual(['components.acc.weight: expected a finite number'])
    expect(problemsOf({ estimator: { centre: 'median' } })).toEqual(['estimator: unknown key "centre" in the estimator; accepted: center, scale, rank, combine, batchNormalize, eps, baseline, k'])
    expect(problemsOf({ estimator: { baseline: 'remax' } })).toEqual(['estimator.baseline: the remax baseline reads more than a rollout file holds (greedy completions, token counts or per-token rewards); accepted: group'])
    expect(problemsOf({ aggregation: 'sum' })).toEqual(['aggregation: expected the loss aggregation; accepted: token-mean, token-sum, seq-mean-token-mean, seq-mean-token-sum, seq-mean-token-sum-norm'])
    expect(problemsOf({ weights: { acc: 1 } })).toEqual(['design: unknown key "weights" in a rollout design; accepted: components, estimator, aggregation'])
    expect(problemsOf('{"components": ')).toEqual(['design: not valid JSON (line 1, column 16: the text ends before the JSON does)'])
  })
})
