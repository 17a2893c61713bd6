import { describe, expect, it } from 'vitest'
import { ENVIRONMENTS, resolveEnvironment } from '../envs/registry'
import { CARTPOLE_STEP_FEATURE_NAMES, STEP_FEATURED_ENVIRONMENTS, stepFeaturesFor } from './stepFeatures'

/* f(s′) of one step, by hand: CartPole's observation terms, a grid's distance to the goal, hazard and key. */

const featuresOf = (id: string, params: Record<string, string>, state: number[]) => {
  const features = stepFeaturesFor(resolveEnvironment(id, params).spec)!
  const out = new Float64Array(features.names.length + 2)
  // Written at an offset, from a copy at a base: the other values are left alone.
  features.featuresOf([9, 9, ...state], 2, out, 1)
  return { names: features.names, values: Array.from(out) }
}

describe('stepFeaturesFor', () => {
  it('gives CartPole steps, |x|, |θ|, x², θ², ẋ², θ̇² of the state reached', () => {
    const { names, values } = featuresOf('cartpole', {}, [-0.5, 2, 0.25, -3])
    expect(names).toEqual(['steps', 'abs_x', 'abs_theta', 'x_sq', 'theta_sq', 'x_dot_sq', 'theta_dot_sq'])
    expect(names).toBe(CARTPOLE_STEP_FEATURE_NAMES)
    expect(values).toEqual([0, 1, 0.5, 0.25, 0.25, 0.0625, 4, 9, 0])
  })

  it('gives a grid steps, the Manhattan distance to the nearest goal, whether the cell is a hazard, and has_key where there is a key', () => {
    // open 6×6: the goal at (5, 5); (1, 2) is 4 + 3 = 7 away
    expect(featuresOf('gridworld', {}, [1, 2])).toEqual({ names: ['steps', 'goal_distance', 'in_hazard'], values: [0, 1, 7, 0, 0] })
    // lava: row 0 is "....LLL....", the goal at (2, 10): (0, 4) is lava, 2 + 6 = 8 away
    expect(featuresOf('gridworld', { map: 'lava' }, [0, 4]).values).toEqual([0, 1, 8, 1, 0])
    // two goals: the nearer counts; walls are ignored
    expect(featuresOf('gridworld', { layout: 'G#S./...G' }, [0, 3]).values).toEqual([0, 1, 1, 0, 0])
    const keydoor = featuresOf('gridworld', { map: 'keydoor' }, [4, 0, 1])
    expect(keydoor.names).toEqual(['steps', 'goal_distance', 'in_hazard', 'has_key'])
    // the goal at (2, 9): 2 + 9 = 11
    expect(keydoor.values).toEqual([0, 1, 11, 0, 1, 0])
  })

  it('lists exactly the environments that declare step features', () => {
    const declaring = ENVIRONMENTS.filter((definition) => stepFeaturesFor(definition.spec) !== null).map((definition) => definition.spec.id)
    expect([...declaring].sort()).toEqual([...STEP_FEATURED_ENVIRONMENTS].sort())
    expect(stepFeaturesFor(resolveEnvironment('mountaincar').spec)).toBeNull()
    expect(stepFeaturesFor(resolveEnvironment('tokenseq').spec)).toBeNull()
  })
})
