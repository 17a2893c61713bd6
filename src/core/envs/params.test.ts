import { describe, expect, it } from 'vitest'
import { formatParamValue, resolveParams } from './params'
import { ENVIRONMENTS, getEnv, resolveEnvironment } from './registry'

describe('resolveParams', () => {
  const gridworld = getEnv('gridworld').spec
  const cartpole = getEnv('cartpole').spec

  it('fills in defaults', () => {
    expect(resolveParams(gridworld, {})).toEqual({ map: 'open', time_limit: 0, layout: '' })
    expect(resolveParams(cartpole, {})).toEqual({ time_limit: 500 })
  })

  it('accepts the string forms the CLI and URL give', () => {
    expect(resolveParams(gridworld, { map: 'cliff', time_limit: '8' })).toEqual({ map: 'cliff', time_limit: 8, layout: '' })
    expect(resolveParams(cartpole, { time_limit: ' 1e3 ' })).toEqual({ time_limit: 1000 })
    const withBoolean = { id: 'x', params: [{ kind: 'boolean' as const, name: 'slippery', description: '', default: false }] }
    expect(resolveParams(withBoolean, { slippery: 'true' })).toEqual({ slippery: true })
    expect(resolveParams(withBoolean, { slippery: false })).toEqual({ slippery: false })
    expect(() => resolveParams(withBoolean, { slippery: 'yes' })).toThrow('parameter "slippery" of x must be true or false, got "yes"')
  })

  it('names unknown parameters and lists the accepted ones', () => {
    expect(() => resolveParams(gridworld, { mapp: 'open' })).toThrow('unknown parameter "mapp" for gridworld; accepted: map, time_limit')
  })

  it('rejects values of the wrong type, out of range or not among the choices', () => {
    expect(() => resolveParams(gridworld, { map: 'maze' })).toThrow('parameter "map" of gridworld must be one of open, cliff, fourrooms, keydoor, lava, coinloop; got "maze"')
    expect(() => resolveParams(gridworld, { map: 3 })).toThrow('must be one of open, cliff')
    expect(() => resolveParams(cartpole, { time_limit: 'abc' })).toThrow('parameter "time_limit" of cartpole must be an integer from 1 to 100000, got "abc"')
    expect(() => resolveParams(cartpole, { time_limit: '' })).toThrow('must be an integer from 1 to 100000')
    expect(() => resolveParams(cartpole, { time_limit: 2.5 })).toThrow('must be an integer from 1 to 100000, got 2.5')
    expect(() => resolveParams(cartpole, { time_limit: 0 })).toThrow('must be an integer from 1 to 100000, got 0')
    expect(() => resolveParams(cartpole, { time_limit: true })).toThrow('must be an integer')
  })

  it('quotes a long value or name cut to 40 characters', () => {
    const long = '9'.repeat(1_000_000)
    let message = ''
    try {
      resolveParams(cartpole, { time_limit: long })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toBe(`parameter "time_limit" of cartpole must be an integer from 1 to 100000, got "${'9'.repeat(40)}…"`)
    expect(() => resolveParams(gridworld, { [long]: 1 })).toThrow(`unknown parameter "${'9'.repeat(40)}…" for gridworld`)
    expect(() => resolveParams(gridworld, { map: ['x'.repeat(100)] as unknown as string })).toThrow(`got ["${'x'.repeat(38)}…`)
    expect(() => resolveEnvironment('y'.repeat(100))).toThrow(`unknown environment "${'y'.repeat(40)}…"`)
  })
})

describe('registry', () => {
  it('offers every environment, classic control first', () => {
    expect(ENVIRONMENTS.map((d) => d.spec.id)).toEqual(['cartpole', 'mountaincar', 'acrobot', 'gridworld', 'cliffwalking', 'frozenlake', 'bandit', 'tokenseq', 'coop'])
    expect(getEnv('cliffwalking').spec.label).toBe('CliffWalking')
  })

  it('names an unknown environment and lists the accepted ones', () => {
    expect(() => getEnv('x')).toThrow('unknown environment "x"; accepted: cartpole, mountaincar, acrobot, gridworld, cliffwalking, frozenlake, bandit, tokenseq, coop')
  })

  it('gives every environment a complete, consistent spec', () => {
    for (const { spec } of ENVIRONMENTS) {
      expect(spec.actionLabels).toHaveLength(spec.numActions)
      expect(new Set(spec.components.map((c) => c.name)).size).toBe(spec.components.length)
      for (const c of spec.components) {
        expect(c.description.length).toBeGreaterThan(10)
        expect(c.range[0]).toBeLessThanOrEqual(c.defaultWeight)
        expect(c.range[1]).toBeGreaterThanOrEqual(c.defaultWeight)
      }
      expect(resolveParams(spec, {})).toBeTruthy()
    }
  })
})

describe('list and text parameters', () => {
  const spec = {
    id: 'x',
    params: [
      { kind: 'numbers' as const, name: 'means', description: '', default: [0.5], min: 0, max: 1, minLength: 2, maxLength: 4 },
      { kind: 'text' as const, name: 'layout', description: '', default: '', maxLength: 8 },
    ],
  }

  it('reads a list from ";"-separated text or an array, and text as it is', () => {
    expect(resolveParams(spec, { means: '0.1;0.9' })).toEqual({ means: [0.1, 0.9], layout: '' })
    expect(resolveParams(spec, { means: [0, 1, 0.5], layout: 'S..G' })).toEqual({ means: [0, 1, 0.5], layout: 'S..G' })
    expect(formatParamValue([0.1, 0.9])).toBe('0.1;0.9')
    expect(formatParamValue(true)).toBe('true')
  })

  it('names the accepted lengths and ranges', () => {
    const accepted = 'parameter "means" of x must be 2 to 4 numbers from 0 to 1, separated by ";"'
    expect(() => resolveParams(spec, { means: '0.5' })).toThrow(`${accepted}; got "0.5"`)
    expect(() => resolveParams(spec, { means: '0.5;2' })).toThrow(accepted)
    expect(() => resolveParams(spec, { means: '0.5;abc' })).toThrow(accepted)
    expect(() => resolveParams(spec, { layout: 'S........G' })).toThrow('parameter "layout" of x must be text of at most 8 characters')
  })
})

describe('resolveEnvironment', () => {
  it('completes the parameters with their defaults and describes the spec for them', () => {
    const { definition, params, spec } = resolveEnvironment('frozenlake', { map: '8x8' })
    expect(definition.spec.id).toBe('frozenlake')
    expect(params.map).toBe('8x8')
    expect(spec.discreteStates).toBe(64)
  })

  it('names an unknown environment and a bad parameter', () => {
    expect(() => resolveEnvironment('nowhere')).toThrow(/unknown environment "nowhere"; accepted: cartpole/)
    expect(() => resolveEnvironment('cartpole', { time_limit: 'long' })).toThrow(/time_limit/)
  })
})
