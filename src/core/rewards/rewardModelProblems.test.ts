import { describe, expect, it } from 'vitest'
import { getEnv, resolveEnvironment } from '../envs/registry'
import type { RewardModel } from '../preferences/rewardModel'
import { TOKEN_FEATURE_NAMES } from '../preferences/tokenFeatures'
import { checkRewardDesign } from './checkRewardDesign'
import { parseRewardDesign, rewardDesignToJson, RewardDesignSchema } from './designSchema'
import { designWeights, rewardedSpec } from './extras'
import { rewardDesignProblems } from './rewardProblems'

const tokenseq = resolveEnvironment('tokenseq', {}).spec
const model: RewardModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map((_, k) => k / 10) }] }

const problemsOf = (value: unknown, spec = tokenseq) => {
  const checked = checkRewardDesign(value, spec)
  return checked.ok ? [] : checked.problems
}

describe('a design without reward models', () => {
  it('parses and prints exactly as before: no rewardModels key at all', () => {
    const parsed = RewardDesignSchema.parse({ weights: { correct: 1 } })
    expect('rewardModels' in parsed).toBe(false)
    expect(rewardDesignToJson(parsed)).toBe(JSON.stringify({ version: 1, weights: { correct: 1 }, transforms: {}, shaping: [], bonuses: [], terms: [] }, null, 2))
  })
})

describe('the rewardModels part of a reward design', () => {
  it('fills in the name rm and the aggregate mean, and round-trips through its JSON', () => {
    const parsed = parseRewardDesign({ rewardModels: [{ model }] })
    expect(parsed).toMatchObject({ ok: true, design: { rewardModels: [{ name: 'rm', aggregate: 'mean', model }] } })
    const design = parsed.ok ? parsed.design : RewardDesignSchema.parse({})
    expect(parseRewardDesign(rewardDesignToJson(design))).toEqual({ ok: true, design })
    expect(rewardDesignProblems(design, tokenseq)).toEqual([])
  })

  it('adds the component to the spec and its weight to the design’s weights (1 unless the design says)', () => {
    const design = RewardDesignSchema.parse({ weights: { correct: 0, rm: 0.5 }, rewardModels: [{ model }] })
    expect(rewardedSpec(tokenseq, design).components.map((c) => c.name)).toEqual(['correct', 'format', 'length', 'proxy', 'overlong', 'closeness', 'digits', 'rm'])
    expect(designWeights(design, tokenseq)).toEqual({ correct: 0, format: 0, length: 0, proxy: 0, overlong: 0, rm: 0.5 })
  })

  it.each([
    ['mean_minus_std without lambda', { model, aggregate: 'mean_minus_std' }, 'rewardModels[0].lambda: aggregate mean_minus_std needs lambda, the weight of the members\' standard deviation: a number from 0 to 100, e.g. 1'],
    ['lambda with another aggregate', { model, aggregate: 'min', lambda: 1 }, 'rewardModels[0].lambda: lambda is only read with aggregate mean_minus_std; remove it or set aggregate to mean_minus_std'],
    ['a negative lambda', { model, aggregate: 'mean_minus_std', lambda: -1 }, 'rewardModels[0].lambda: expected a number from 0 to 100'],
    ['an unknown aggregate', { model, aggregate: 'median' }, 'rewardModels[0].aggregate: expected an aggregate; accepted: mean, min, mean_minus_std'],
    ['a file (the command line reads those)', { model, file: 'rm.json' }, 'rewardModels[0]: unknown key "file" in a reward-model component; accepted: name, model, aggregate, lambda'],
    ['a name that is not one', { name: '9rm', model }, 'rewardModels[0].name: expected a reward-model component name: letters, digits and _, not starting with a digit (e.g. keep_centred)'],
    ['no model', {}, 'rewardModels[0].model: expected a reward model: the "model" that reward-model fit prints, {"kind": "linear"|"mlp", "featureNames", "members"}'],
    ['reward-model fit’s whole output', { model: { model, pairs: { total: 10 } } }, 'rewardModels[0].model: this is the whole output of reward-model fit; give its "model" part'],
    ['a model of the wrong shape', { model: { ...model, members: [{ weights: [1, 2] }] } }, 'rewardModels[0].model.members[0].weights: 2 weights for 15 features'],
  ])('refuses %s with one message naming the problem and what is accepted', (_, entry, message) => {
    const problems = problemsOf({ rewardModels: [entry] })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(message)
  })

  it('refuses the same name twice, more than 4 models, and a list that is not one', () => {
    expect(problemsOf({ rewardModels: [{ model }, { model }] })).toEqual(['rewardModels[1].name: the reward-model component name "rm" is used twice; names must be unique'])
    expect(problemsOf({ rewardModels: Array.from({ length: 5 }, (_, k) => ({ name: `rm${k}`, model })) })).toEqual(['rewardModels: expected at most 4 reward-model components'])
    expect(problemsOf({ rewardModels: { model } })).toEqual(['rewardModels: expected rewardModels: a list of reward-model components'])
  })

  it('refuses it on an environment that declares no features, naming those that do', () => {
    expect(problemsOf({ rewardModels: [{ model }] }, getEnv('mountaincar').spec)).toEqual([
      "rewardModels[0]: a reward model scores a finished completion's features or a step's, which mountaincar does not declare; accepted environments: tokenseq (a completion, paid when it ends), cartpole, gridworld, cliffwalking, frozenlake (a step, paid on every step)",
    ])
  })

  it('refuses a model fitted on other features, naming what differs and the features the environment declares', () => {
    const other: RewardModel = { kind: 'linear', featureNames: ['format', 'match', 'verbosity'], members: [{ weights: [1, 2, 3] }] }
    const [problem, ...rest] = problemsOf({ rewardModels: [{ model: other }] })
    expect(rest).toEqual([])
    expect(problem).toBe(
      "rewardModels[0].model.featureNames: the model was fitted on other features than tokenseq's completions have (it lacks proxy, length, count_0, count_1, count_2, count_3, count_4, count_5, count_6, count_7, count_8, count_9, count_think; it has verbosity, which is not declared); " +
        `tokenseq declares ${TOKEN_FEATURE_NAMES.join(', ')}: fit it on pairs from tokenseq`,
    )
    const reordered: RewardModel = { ...model, featureNames: [...TOKEN_FEATURE_NAMES].reverse() }
    expect(problemsOf({ rewardModels: [{ model: reordered }] })[0]).toContain('(the same names in another order)')
  })

  it('refuses a name a component or a custom term already has', () => {
    expect(problemsOf({ rewardModels: [{ name: 'length', model }] })).toEqual([
      'rewardModels[0].name: "length" is already a component of tokenseq; choose another name (taken: correct, format, length, proxy, overlong)',
    ])
    expect(problemsOf({ terms: [{ name: 'rm', expression: 't' }], rewardModels: [{ model }] })).toEqual([
      'rewardModels[0].name: "rm" is already a custom term; choose another name (taken: correct, format, length, proxy, overlong, rm)',
    ])
  })

  it('takes weights and transforms for its name, and names it among the accepted ones', () => {
    expect(problemsOf({ weights: { rm: 2 }, transforms: { rm: [{ kind: 'clip', lo: -1, hi: 1 }] }, rewardModels: [{ model }] })).toEqual([])
    expect(problemsOf({ transforms: { judge: [{ kind: 'delay' }] }, rewardModels: [{ model }] })).toEqual([
      'transforms.judge: "judge" is neither a component of tokenseq nor a custom term nor a reward model; accepted: correct, format, length, proxy, overlong, rm',
    ])
  })

  it('names a bad reward model and the environment’s problems at once, and does not blame the weight of the model it left out', () => {
    const problems = problemsOf({ weights: { rm: 1, nope: 1 }, rewardModels: [{ model, aggregate: 'median' }] })
    expect(problems).toEqual(['rewardModels[0].aggregate: expected an aggregate; accepted: mean, min, mean_minus_std', expect.stringMatching(/^weights\.nope: tokenseq has no component "nope"/)])
    // Entries are numbered as in the file, the good one after the bad one included.
    const numbered = problemsOf({ rewardModels: [{ name: 'a', model, aggregate: 'median' }, { name: 'length', model }] })
    expect(numbered).toEqual([expect.stringMatching(/^rewardModels\[0\]\.aggregate: /), expect.stringMatching(/^rewardModels\[1\]\.name: "length" is already a component of tokenseq/)])
  })
})
