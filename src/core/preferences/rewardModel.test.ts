import { describe, expect, it } from 'vitest'
import { memberScores, scoreRewardModel, type RewardModel } from './rewardModel'
import { parseRewardModel } from './rewardModelSchema'

const linear: RewardModel = { kind: 'linear', featureNames: ['x', 'y'], members: [{ weights: [0.5, -2] }] }

/** One MLP member: standardise by mean (1, 0) and scale (2, 1), a 2 × 2 tanh layer, a linear output. */
const mlp: RewardModel = {
  kind: 'mlp',
  featureNames: ['x', 'y'],
  activation: 'tanh',
  members: [
    {
      inputMean: [1, 0],
      inputScale: [2, 1],
      layers: [
        { weights: [[1, 0], [0, 1]], bias: [0, 0.5] },
        { weights: [[2], [-1]], bias: [0.25] },
      ],
    },
  ],
}

describe('scoring a reward model', () => {
  it('scores a linear member w·x', () => {
    // (3, 1): 0.5·3 − 2·1 = −0.5; (0, 0): 0
    expect(Array.from(memberScores(linear, [3, 1, 0, 0], 2)[0])).toEqual([-0.5, 0])
  })

  it('scores an MLP member: standardise, tanh layers, a linear last layer', () => {
    // x̂ = ((3 − 1)/2, (1 − 0)/1) = (1, 1); h = tanh(1·1 + 0, 1·1 + 0.5) = (tanh 1, tanh 1.5);
    // r = 2 tanh 1 − tanh 1.5 + 0.25 ≈ 2·0.761594 − 0.905148 + 0.25 = 0.868040
    const [score] = memberScores(mlp, [3, 1], 1)[0]
    expect(score).toBeCloseTo(2 * Math.tanh(1) - Math.tanh(1.5) + 0.25, 15)
    expect(score).toBeCloseTo(0.86804, 5)
  })

  it('aggregates an ensemble: mean, min, mean − λ·std', () => {
    const ensemble: RewardModel = { kind: 'linear', featureNames: ['x', 'y'], members: [{ weights: [1, 0] }, { weights: [0, 1] }] }
    // (3, 1): the members score 3 and 1: mean 2, min 1, population std 1
    expect(Array.from(scoreRewardModel(ensemble, [3, 1], 1, { kind: 'mean' }))).toEqual([2])
    expect(Array.from(scoreRewardModel(ensemble, [3, 1], 1, { kind: 'min' }))).toEqual([1])
    expect(Array.from(scoreRewardModel(ensemble, [3, 1], 1, { kind: 'meanMinusStd', lambda: 0.5 }))).toEqual([1.5])
  })

  it('refuses rows that do not fit the feature names', () => {
    expect(() => memberScores(linear, [1, 2, 3], 2)).toThrow('2 rows of 2 features need 4 values, got 3')
  })
})

describe('parseRewardModel', () => {
  it('reads back both kinds, as printed', () => {
    for (const model of [linear, mlp]) expect(parseRewardModel(JSON.parse(JSON.stringify(model)))).toEqual({ success: true, data: model })
  })

  const issues = (raw: unknown) => {
    const parsed = parseRewardModel(raw)
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  }

  it.each([
    [{ ...linear, members: [{ weights: [1] }] }, 'members.0.weights: 1 weights for 2 features'],
    [{ ...linear, members: [] }, 'members: Too small'],
    [{ ...linear, featureNames: ['x', 'x'] }, 'featureNames.1: the feature "x" is named twice'],
    [{ ...linear, featureNames: ['x', 'constructor'] }, 'featureNames.1: the name "constructor" is reserved'],
    [{ ...linear, extra: 1 }, 'Unrecognized key: "extra"'],
    [{ ...mlp, members: [{ ...mlp.members[0], inputScale: [0, 1] }] }, 'members.0.inputScale.0: expected a scale above 0'],
    [{ ...mlp, members: [{ ...mlp.members[0], inputMean: [1] }] }, 'members.0.inputMean: 1 means for 2 features'],
    [{ ...mlp, members: [{ ...mlp.members[0], layers: [mlp.members[0].layers[0]] }] }, 'members.0.layers.0.bias: the last layer has 2 outputs; a reward is one number'],
    [{ ...mlp, members: [{ ...mlp.members[0], layers: [{ weights: [[1, 0]], bias: [0, 0] }, mlp.members[0].layers[1]] }] }, 'members.0.layers.0.weights: 1 rows, but the layer takes 2 inputs'],
    [{ ...mlp, members: [{ ...mlp.members[0], layers: [{ weights: [[1, 0], [0]], bias: [0, 0] }, mlp.members[0].layers[1]] }] }, 'members.0.layers.0.weights.1: 1 outputs, but the bias has 2'],
    [{ ...mlp, activation: 'relu' }, 'activation'],
  ])('refuses a model with a problem: %#', (raw, problem) => {
    expect(issues(raw).join('; ')).toContain(problem)
  })
})

describe('a process model’s granularity', () => {
  it('reads back process, leaves a model without the field as it was, and refuses another value by name', () => {
    const process = { ...linear, granularity: 'process' }
    expect(parseRewardModel(JSON.parse(JSON.stringify(process)))).toEqual({ success: true, data: process })
    const read = parseRewardModel(JSON.parse(JSON.stringify(linear)))
    expect(read.success && Object.hasOwn(read.data, 'granularity')).toBe(false)
    const refused = parseRewardModel({ ...linear, granularity: 'token' })
    expect(refused.success ? [] : refused.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual(['granularity: expected a granularity; accepted: outcome, process (absent: outcome)'])
  })
})
