import { describe, expect, it } from 'vitest'
import { cartpole } from './envs/cartpole'
import { resolveParams } from './envs/params'
import { parseRewardDesign, RewardDesignSchema, type RewardDesign } from './rewards/designSchema'
import { designWeights, rewardedSpec } from './rewards/extras'
import { compileMix } from './rewards/mix'
import { potentialsFor } from './rewards/shaping'
import { RunConfigSchema } from './run/config'
import { isReservedName, ownValue, RESERVED_NAMES, reservedNameProblem } from './reservedNames'

/*
 * Every name JavaScript's objects and functions have built in, as a term name, a weight key, a
 * transform key and a parameter: each is either an ordinary name or refused with one message that
 * names it, never a key that reaches a prototype.
 */

const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Function.prototype), 'prototype'])]

/** `{ [key]: value }` as JSON.parse makes it: "__proto__" an own key like any other. */
function own(key: string, value: unknown): Record<string, unknown> {
  return JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`) as Record<string, unknown>
}

function term(name: string) {
  return { name, expression: 'x', weight: 0.5 }
}

describe('reserved names', () => {
  it('are the names every plain object answers to, and prototype; the names only functions have are ordinary', () => {
    expect(RESERVED_NAMES).toEqual([...Object.getOwnPropertyNames(Object.prototype), 'prototype'].sort())
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) expect(isReservedName(name)).toBe(true)
    for (const name of ['length', 'name', 'call', 'apply', 'bind', 'caller', 'arguments', 'Constructor', 'alive']) expect(isReservedName(name)).toBe(false)
  })

  it('own values only: a key a prototype has reads as missing', () => {
    for (const name of NAMES) expect(ownValue({}, name)).toBeUndefined()
    expect(ownValue(own('__proto__', 2) as Record<string, number>, '__proto__')).toBe(2)
  })

  it.each(NAMES)('a term named %s is an ordinary name or refused with one problem naming it', (name) => {
    const parsed = parseRewardDesign(JSON.stringify({ terms: [term(name)] }))
    if (isReservedName(name)) {
      expect(parsedProblem(parsed)).toBe(`terms[0].name: ${reservedNameProblem(name)}`)
      return
    }
    expect(parsed.ok).toBe(true)
    const design = (parsed as { design: RewardDesign }).design
    expect(design.terms[0].name).toBe(name)
    const spec = rewardedSpec(cartpole.spec, design)
    const weights = designWeights(design, spec)
    expect(Object.hasOwn(weights, name) && weights[name]).toBe(0.5)
    const mix = compileMix(spec, { weights })
    expect(mix.weights[mix.names.indexOf(name)]).toBe(0.5)
  })

  it.each(NAMES)('%s as a key of weights or transforms is refused with one problem naming it when reserved', (name) => {
    for (const [field, value] of [['weights', 1], ['transforms', [{ kind: 'scale', factor: 2 }]]] as const) {
      // As text: JSON.parse keeps "__proto__" as an own key, as a file or a link gives it.
      const parsed = parseRewardDesign(JSON.stringify({ [field]: own(name, value) }))
      if (isReservedName(name)) {
        expect(parsedProblem(parsed)).toBe(`${field}: ${reservedNameProblem(name)}`)
      } else {
        expect(parsed.ok).toBe(true)
        expect(Object.hasOwn((parsed as { design: RewardDesign }).design[field], name)).toBe(true)
      }
    }
  })

  it.each(NAMES)('%s as a parameter is refused naming it: by the run config when reserved, else as a parameter cartpole lacks', (name) => {
    const config = RunConfigSchema.safeParse({ env: { id: 'cartpole', params: own(name, 1) }, learner: { kind: 'ppo' } })
    if (isReservedName(name)) {
      expect(config.success).toBe(false)
      expect(config.error!.issues).toHaveLength(1)
      expect(config.error!.issues[0].message).toContain(`"${name}" is reserved`)
    } else {
      expect(config.success).toBe(true)
      expect(Object.hasOwn(config.data!.env.params, name)).toBe(true)
    }
    expect(() => resolveParams(cartpole.spec, own(name, 1) as Record<string, number>)).toThrow(`unknown parameter "${name}" for cartpole`)
  })

  it.each(NAMES)('%s as a weight the environment lacks is named by the mix', (name) => {
    expect(() => compileMix(cartpole.spec, { weights: own(name, 1) as Record<string, number> })).toThrow(`unknown reward component "${name}"`)
  })

  it.each(NAMES)('past the schema, a term named %s still weighs as its own number (no lookup reaches a prototype)', (name) => {
    const design = { ...RewardDesignSchema.parse({}), terms: [term(name)] }
    const spec = rewardedSpec(cartpole.spec, design)
    const weights = designWeights(design, spec)
    expect(Object.hasOwn(weights, name) && weights[name]).toBe(0.5)
    const mix = compileMix(spec, { weights })
    expect(Array.from(mix.weights).every(Number.isFinite)).toBe(true)
    expect(mix.weights[mix.names.indexOf(name)]).toBe(0.5)
    expect(potentialsFor(name)).toEqual([])
  })
})

function parsedProblem(parsed: ReturnType<typeof parseRewardDesign>): string {
  expect(parsed.ok).toBe(false)
  const problems = (parsed as { problems: string[] }).problems
  expect(problems).toHaveLength(1)
  return problems[0]
}
