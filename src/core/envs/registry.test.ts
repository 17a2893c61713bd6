import { describe, expect, it } from 'vitest'
import { ENVIRONMENTS, findEnv, getEnv, isEnvId } from './registry'

describe('the registry', () => {
  // The menu order and the message for an unknown id are pinned in params.test.ts.
  it('keys every environment by its own id', () => {
    for (const definition of ENVIRONMENTS) {
      expect(isEnvId(definition.spec.id), definition.spec.id).toBe(true)
      expect(findEnv(definition.spec.id)).toBe(definition)
    }
  })

  it('finds no environment for another id, a prototype’s name included', () => {
    for (const id of ['', 'CartPole', '__proto__', 'constructor', 'toString']) {
      expect(isEnvId(id)).toBe(false)
      expect(findEnv(id)).toBeUndefined()
    }
    expect(() => getEnv('__proto__')).toThrow('unknown environment "__proto__"')
  })

  it('declares step features where it declares names for them, and state bounds for every state variable', () => {
    for (const definition of ENVIRONMENTS) {
      const declared = definition.stepFeatures
      if (declared !== undefined) expect(declared.nameChoices.map((names) => names.join())).toContain(declared.of(definition.spec).names.join())
      if (definition.stateBounds !== undefined) expect(definition.stateBounds.length, definition.spec.id).toBe(definition.spec.stateVars.length)
    }
  })
})
