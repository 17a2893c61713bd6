import { describe, expect, it } from 'vitest'
import { cartpole } from '../envs/cartpole'
import { END, THINK, tokenseq } from '../envs/tokenseq'
import { allocateStepBuffers } from '../envs/types'
import { logSigmoid } from '../preferences/logistic'
import type { RewardModel } from '../preferences/rewardModel'
import { TOKEN_STEP_FEATURE_NAMES } from '../preferences/tokenStepFeatures'
import { TOKEN_FEATURE_NAMES } from '../preferences/tokenFeatures'
import { Rng } from '../rng'
import { RewardDesignSchema } from './designSchema'
import { RewardedEnv } from './rewardedEnv'
import { rewardModelProblems } from './rewardModelProblems'

/* A process reward model as the component rm: log σ(r(step)) on every token, not once at the end. */

const L = 4
const RM = tokenseq.spec.components.length
const design = (value: unknown) => RewardDesignSchema.parse(value)
/** r = 2 − 3·wrong_digits − 3·ended_short − 4·out_of_room + 0.5·position (features one, position, wrong_digits, ended_short, out_of_room). */
const process: RewardModel = { kind: 'linear', featureNames: [...TOKEN_STEP_FEATURE_NAMES], members: [{ weights: [2, 0.5, -3, -3, -4] }], granularity: 'process' }

function copyState(a: number, b: number, tokens: number[]): number[] {
  const pad = (values: number[]) => [...values, ...new Array(L - values.length).fill(-1)]
  return [L, a, b, tokens.length, ...pad(tokens), -1, -1, ...pad([])]
}

/** The rm column token by token as one copy writes `tokens` for a + b (autoReset as given). */
function paid(a: number, b: number, tokens: number[], autoReset = false): number[] {
  const env = new RewardedEnv(tokenseq.create(1, { max_length: L, group_size: 1 }), design({ rewardModels: [{ model: process }] }))
  const out = allocateStepBuffers(env.spec, 1)
  env.setState(0, copyState(a, b, []))
  return tokens.map((token) => {
    env.step(Int32Array.of(token), out, new Rng(1), autoReset)
    return out.components[RM]
  })
}

describe('a process reward model as the component rm', () => {
  it('pays log σ(r) of each step’s features on every token: "1 3 end" for 5 + 7', () => {
    // step 1 (1, right so far): r = 2 + 0.5·¼; step 2 (3, wrong): r = 2 + 0.5·½ − 3; step 3 (end): r = 2 + 0.5·¾ − 3
    expect(paid(5, 7, [1, 3, END])).toEqual([logSigmoid(2 + 0.125), logSigmoid(2 + 0.25 - 3), logSigmoid(2 + 0.375 - 3)])
  })

  it('scores the step that ends a completion from the final state, also when autoReset starts a fresh one', () => {
    // "think end" for 3 + 4: the end comes before the answer (ended_short)
    const expected = [logSigmoid(2 + 0.125), logSigmoid(2 + 0.25 - 3)]
    expect(paid(3, 4, [THINK, END], false)).toEqual(expected)
    expect(paid(3, 4, [THINK, END], true)).toEqual(expected)
  })

  it('pays nothing on the steps a finished completion only reports its end again', () => {
    expect(paid(3, 4, [7, END, END, END]).slice(2)).toEqual([0, 0])
  })

  it('says on its slider that it pays on every token', () => {
    const env = new RewardedEnv(tokenseq.create(1, {}), design({ rewardModels: [{ model: process }] }))
    expect(env.spec.components[RM].description).toContain('on every token')
  })

  it('is refused when fitted on other features than a process model’s, naming the ones it needs and how to fit them', () => {
    const outcomeFeatures = { ...process, featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map(() => 0) }] }
    const problems = rewardModelProblems(design({ rewardModels: [{ model: outcomeFeatures }] }), tokenseq.spec)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(`tokenseq declares ${TOKEN_STEP_FEATURE_NAMES.join(', ')} for a process model: fit it with reward-model fit --process on tokenseq`)
    expect(rewardModelProblems(design({ rewardModels: [{ model: process }] }), tokenseq.spec)).toEqual([])
  })

  it('is refused on an environment whose steps are a walk’s, not a completion’s tokens (CartPole declares step features of its own)', () => {
    const problems = rewardModelProblems(design({ rewardModels: [{ model: process }] }), cartpole.spec)
    expect(problems).toEqual(["rewardModels[0]: a process reward model scores each token's step of a completion, which cartpole does not declare; accepted environments: tokenseq"])
    expect(() => new RewardedEnv(cartpole.create(1, {}), design({ rewardModels: [{ model: process }] }))).toThrow("a process reward model scores each token's step of a completion, which cartpole does not declare")
  })
})
