import { describe, expect, it } from 'vitest'
import { getEnv, resolveEnvironment } from '../envs/registry'
import { allocateStepBuffers } from '../envs/types'
import { scoreRewardModel, type RewardModel } from '../preferences/rewardModel'
import { RandomPolicySegments } from '../preferences/segmentPairs'
import { CARTPOLE_STEP_FEATURE_NAMES, gridStepFeatureNames } from '../preferences/stepFeatures'
import { Rng } from '../rng'
import { RewardDesignSchema } from './designSchema'
import { extraComponents } from './extras'
import { RewardedEnv } from './rewardedEnv'
import { rewardModelProblems } from './rewardModelProblems'

/* The rm component on an environment of steps: r(f(s′)) paid on every step, whose sum over a segment is the model's score of it. */

const design = (value: unknown) => RewardDesignSchema.parse(value)
/** r = 1 + 2·ẋ² + 3·θ̇² (steps, abs_x, abs_theta, x_sq, theta_sq, x_dot_sq, theta_dot_sq). */
const cartpoleModel: RewardModel = { kind: 'linear', featureNames: [...CARTPOLE_STEP_FEATURE_NAMES], members: [{ weights: [1, 0, 0, 0, 0, 2, 3] }] }
const RM = getEnv('cartpole').spec.components.length

function stepCartPole(model: RewardModel, state: number[], action: number) {
  const env = new RewardedEnv(getEnv('cartpole').create(1, {}), design({ rewardModels: [{ model }] }))
  const out = allocateStepBuffers(env.spec, 1)
  env.setState(0, state)
  env.step(Int32Array.of(action), out, new Rng(1), true)
  return { rm: out.components[RM], terminated: out.terminated[0], state: Array.from(env.state) }
}

describe('a reward model of steps as the component rm', () => {
  it('pays r(f(s′)) on a CartPole step, by hand', () => {
    // From rest, push right (F = +10): temp = F/(m_c + m_p), θ̈ = −temp/(l(4/3 − m_p/(m_c + m_p))), ẍ = temp − m_p·l·θ̈/(m_c + m_p);
    // one Euler step of τ = 0.02 leaves x = θ = 0, ẋ = τẍ, θ̇ = τθ̈.
    const temp = 10 / 1.1
    const thetaAcc = -temp / (0.5 * (4 / 3 - 0.1 / 1.1))
    const xAcc = temp - (0.05 * thetaAcc) / 1.1
    const [xDot, thetaDot] = [0.02 * xAcc, 0.02 * thetaAcc]
    const stepped = stepCartPole(cartpoleModel, [0, 0, 0, 0], 1)
    expect(stepped.state[1]).toBeCloseTo(xDot, 12)
    expect(stepped.rm).toBeCloseTo(1 + 2 * xDot ** 2 + 3 * thetaDot ** 2, 12)
  })

  it('scores the state that ended the episode on its last step, not the state it was reset to', () => {
    const byTheta: RewardModel = { kind: 'linear', featureNames: [...CARTPOLE_STEP_FEATURE_NAMES], members: [{ weights: [0, 0, 1, 0, 0, 0, 0] }] }
    // θ' = θ + τθ̇ = 0.2 + 0.02·2 = 0.24 > 12°: the pole falls
    const stepped = stepCartPole(byTheta, [0, 0, 0.2, 2], 0)
    expect(stepped.terminated).toBe(1)
    expect(stepped.rm).toBeCloseTo(0.24, 12)
    expect(Math.abs(stepped.state[2])).toBeLessThanOrEqual(0.05)
  })

  it.each([
    ['cartpole', {}, cartpoleModel, 25],
    ['gridworld', { map: 'cliff' }, { kind: 'linear', featureNames: gridStepFeatureNames(resolveEnvironment('gridworld', { map: 'cliff' }).spec.grid!), members: [{ weights: [0.5, -1, -3] }] } as RewardModel, 10],
  ])('on %s, sums over a segment to the model’s score of the segment’s features (Christiano et al.’s per-step reward)', (id, params, model, steps) => {
    const environment = resolveEnvironment(id, params)
    const segments = new RandomPolicySegments(environment, new Rng(8))
    const rm = environment.spec.components.length
    for (let j = 0; j < 30; j++) {
      const segment = segments.next(steps)
      const env = new RewardedEnv(environment.definition.create(1, environment.params), design({ rewardModels: [{ model }] }))
      const out = allocateStepBuffers(env.spec, 1)
      env.setState(0, segment.states[0])
      let paid = 0
      for (const action of segment.actions) {
        env.step(Int32Array.of(action), out, new Rng(1), true)
        paid += out.components[rm]
      }
      expect(paid).toBeCloseTo(scoreRewardModel(model, segment.features, 1, { kind: 'mean' })[0], 10)
    }
  })

  it('is described as paid on every step, and refused when fitted on another environment’s steps', () => {
    const cartpole = getEnv('cartpole').spec
    const [extra] = extraComponents(design({ rewardModels: [{ model: cartpoleModel }] }), cartpole)
    expect(extra.description).toBe('A learned reward model (linear): its score of the features of the state each step reaches, paid on every step.')
    expect(rewardModelProblems(design({ rewardModels: [{ model: cartpoleModel }] }), cartpole)).toEqual([])
    const [problem, ...rest] = rewardModelProblems(design({ rewardModels: [{ model: cartpoleModel }] }), getEnv('gridworld').spec)
    expect(rest).toEqual([])
    expect(problem).toBe(
      "rewardModels[0].model.featureNames: the model was fitted on other features than gridworld's steps have (it lacks goal_distance, in_hazard; it has abs_x, abs_theta, x_sq, theta_sq, x_dot_sq, theta_dot_sq, which are not declared); gridworld declares steps, goal_distance, in_hazard: fit it on pairs from gridworld",
    )
  })

  it('pauses with a diagnosis when a step’s score is not finite', () => {
    const huge: RewardModel = { kind: 'linear', featureNames: [...CARTPOLE_STEP_FEATURE_NAMES], members: [{ weights: [1e308, 0, 0, 0, 0, 1e308, 1e308] }] }
    expect(() => stepCartPole(huge, [0, 1, 0, 1], 1)).toThrow(/^reward model rm: its score of a step is (NaN|Infinity), which no reward can be; refit the model/)
  })
})
