import { describe, expect, it } from 'vitest'
import { ENVIRONMENTS, findEnv, getEnv, isEnvId } from './registry'

describe('the registry', () => {
  it('keys every environment by its own id, in menu order', () => {
    for (const definition of ENVIRONMENTS) {
      expect(isEnvId(definition.spec.id), definition.spec.id).toBe(true)
      expect(findEnv(definition.spec.id)).toBe(definition)
    }
    expect(ENVIRONMENTS.map((definition) => definition.spec.id)).toEqual(['cartpole', 'mountaincar', 'acrobot', 'gridworld', 'cliffwalking', 'frozenlake', 'bandit', 'tokenseq', 'coop'])
  })

  it('finds no environment for another id, a prototype’s name included', () => {
    for (const id of ['', 'CartPole', '__proto__', 'constructor', 'toString']) {
      expect(isEnvId(id)).toBe(false)
      expect(findEnv(id)).toBeUndefined()
    }
    expect(() => getEnv('nope')).toThrow('unknown environment "nope"; accepted: cartpole, mountaincar, acrobot, gridworld, cliffwalking, frozenlake, bandit, tokenseq, coop')
  })

  it('declares step features where it declares names for them, and state bounds for every state variable', () => {
    for (const definition of ENVIRONMENTS) {
      const declared = definition.stepFeatures
      if (declared !== undefined) expect(declared.nameChoices.map((names) => names.join())).toContain(declared.of(definition.spec).names.join())
      if (definition.stateBounds !== undefined) expect(definition.stateBounds.length, definition.spec.id).toBe(definition.spec.stateVars.length)
    }
  })
})
