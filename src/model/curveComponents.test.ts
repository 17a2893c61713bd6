import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../core/envs/registry'
import { gridCanPay } from '../core/envs/gridFacts'
import { curveShowsComponent } from './curveComponents'

const open = resolveEnvironment('gridworld', { map: 'open' }).spec
const lava = resolveEnvironment('gridworld', { map: 'lava' }).spec
const coinloop = resolveEnvironment('gridworld', { map: 'coinloop' }).spec
const cartpole = resolveEnvironment('cartpole', {}).spec
const NONE = [NaN, 0, 0]

describe('the learning curve’s component lines and legend', () => {
  it('lists no hazard on a map without cliff, lava or hole, though hazard is weighted 100', () => {
    expect(curveShowsComponent(open, 'hazard', 100, NONE)).toBe(false)
    expect(curveShowsComponent(lava, 'hazard', 100, NONE)).toBe(true)
    expect(curveShowsComponent(resolveEnvironment('cliffwalking', {}).spec, 'hazard', 100, NONE)).toBe(true)
  })

  it('lists a coin only on a map with one, and step and progress on any map where weighted', () => {
    expect(curveShowsComponent(open, 'coin', 2, NONE)).toBe(false)
    expect(curveShowsComponent(coinloop, 'coin', 2, NONE)).toBe(true)
    expect(curveShowsComponent(open, 'step', 1, NONE)).toBe(true)
    expect(curveShowsComponent(open, 'progress', 0.5, NONE)).toBe(true)
  })

  it('leaves off a component weighted 0 that never contributed, on any environment', () => {
    expect(curveShowsComponent(lava, 'hazard', 0, NONE)).toBe(false)
    expect(curveShowsComponent(cartpole, 'alive', 0, NONE)).toBe(false)
    expect(curveShowsComponent(cartpole, 'alive', 1, NONE)).toBe(true)
  })

  it('always lists one that contributed, whatever its weight or map (a layout changed since)', () => {
    expect(curveShowsComponent(open, 'hazard', 100, [0, -100, NaN])).toBe(true)
    expect(curveShowsComponent(open, 'step', 0, [-3])).toBe(true)
  })
})

describe('gridCanPay', () => {
  it('pays hazard on cliff, lava or hole cells, goal and coin on theirs, anything else everywhere', () => {
    const grid = (text: string) => resolveEnvironment('gridworld', { layout: text }).spec.grid!
    expect(gridCanPay(grid('S../..G'), 'hazard')).toBe(false)
    expect(gridCanPay(grid('SC./..G'), 'hazard')).toBe(true)
    expect(gridCanPay(grid('SL./..G'), 'hazard')).toBe(true)
    expect(gridCanPay(grid('SH./..G'), 'hazard')).toBe(true)
    expect(gridCanPay(grid('S../..G'), 'coin')).toBe(false)
    expect(gridCanPay(grid('SO./..G'), 'coin')).toBe(true)
    expect(gridCanPay(grid('S../..G'), 'goal')).toBe(true)
    expect(gridCanPay(grid('S../..G'), 'step')).toBe(true)
    expect(gridCanPay(grid('S../..G'), 'kl')).toBe(true)
  })
})
