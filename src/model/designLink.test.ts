import { describe, expect, it } from 'vitest'
import { defaultDesign } from './design'
import { designFromSearch, designToSearch } from './designLink'

describe('design ↔ URL', () => {
  it('round-trips environment, parameters, seed and weights', () => {
    const design = defaultDesign('gridworld', 9)
    design.params = { ...design.params, map: 'cliff' }
    design.weights = { ...design.weights, progress: 2, hazard: 50 }
    const search = designToSearch(design)
    expect(search).toBe('?env=gridworld&seed=9&p.map=cliff&w.hazard=50&w.progress=2&l=qlearning')
    const { design: loaded, ignored } = designFromSearch(search)
    expect(ignored).toEqual([])
    expect(loaded).toEqual(design)
  })

  it('writes only what differs from the defaults and keeps extra parameters it is given', () => {
    // CartPole starts with PPO's fast preset; the link names the fields off the schema's (CleanRL's) defaults.
    expect(designToSearch(defaultDesign(), new URLSearchParams('backend=wasm'))).toBe('?backend=wasm&env=cartpole&seed=1&l=ppo&l.numEnvs=16&l.numSteps=32&l.numMinibatches=2&l.learningRate=0.01')
    // MountainCar starts with MOUNTAINCAR_PPO (observations normalised); 128 steps per rollout is CleanRL's default.
    expect(designToSearch(defaultDesign('mountaincar'))).toBe('?env=mountaincar&seed=1&l=ppo&l.numEnvs=16&l.learningRate=0.001&l.normObs=true')
    expect(designToSearch(defaultDesign('acrobot'))).toBe('?env=acrobot&seed=1&l=ppo')
  })

  it('carries a par transform in r like any other, and names it as ignored where the environment has no reference answer', () => {
    const design = defaultDesign('tokenseq', 3)
    design.weights = { ...design.weights, proxy: 1 }
    design.reward = { ...design.reward, transforms: { proxy: [{ kind: 'scale', factor: 10 }, { kind: 'par' }] } }
    const search = designToSearch(design)
    expect(new URLSearchParams(search).get('r')).toContain('"transforms":{"proxy":[{"kind":"scale","factor":10},{"kind":"par"}]}')
    const { design: loaded, ignored } = designFromSearch(search)
    expect(ignored).toEqual([])
    expect(loaded).toEqual(design)
    const onCartpole = designFromSearch(`?env=cartpole&r=${encodeURIComponent('{"transforms":{"alive":[{"kind":"par"}]}}')}`)
    expect(onCartpole.ignored.join('\n')).toMatch(/transforms\.alive: par compares .* cartpole has none; accepted on: tokenseq/)
  })

  it('opens the default design for an empty query', () => {
    expect(designFromSearch('')).toEqual({ design: defaultDesign(), ignored: [] })
  })

  it('ignores and names every bad value, keeping the good ones', () => {
    const { design, ignored } = designFromSearch('?env=cartpole&seed=-3&w.alive=0.5&w.upright=abc&w.failure=1000&w.nope=1&p.time_limit=0')
    expect(design.envId).toBe('cartpole')
    expect(design.seed).toBe(1)
    expect(design.weights.alive).toBe(0.5)
    expect(design.weights.upright).toBe(0)
    expect(design.weights.failure).toBe(0)
    expect(ignored).toHaveLength(5)
    expect(ignored[0]).toBe('seed "-3" (accepted: an integer from 0 to 2147483647)')
    expect(ignored.join('\n')).toContain('weight of upright "abc" (accepted: a number from 0 to 2)')
    expect(ignored.join('\n')).toContain('weight of failure "1000" (accepted: a number from 0 to 100)')
    expect(ignored.join('\n')).toContain('weight of unknown component "nope" (accepted: alive, upright, centred, calm, effort, failure)')
    expect(ignored.join('\n')).toContain('parameter time_limit')
  })

  it('names schedules given inside the reward design r as ignored, saying where a link keeps them', () => {
    const reward = { terms: [{ name: 'lean', expression: 'abs(theta)' }], schedules: { alive: { kind: 'linear', from: 1, to: 0, steps: 1000 } } }
    const { design, ignored } = designFromSearch(`?env=cartpole&r=${encodeURIComponent(JSON.stringify(reward))}`)
    expect(ignored).toEqual(['reward design "r": its schedules (a link gives a weight\'s schedule as ws.<component>=<kind>_<from>_<to>_<steps>, e.g. ws.alive=linear_1_0_10000)'])
    expect(design.schedules).toBeUndefined()
    expect(design.reward.terms?.map((term) => term.name)).toEqual(['lean'])
  })

  it('names a blank seed as ignored and keeps the default seed', () => {
    for (const blank of ['', '%20%20']) {
      const { design, ignored } = designFromSearch(`?env=cartpole&seed=${blank}`)
      expect(design.seed).toBe(defaultDesign().seed)
      expect(ignored).toEqual([`seed "${decodeURIComponent(blank)}" (accepted: an integer from 0 to 2147483647)`])
    }
  })

  it('names a seed that only looks like a whole number (an exponent that underflows, a fraction, hex) and keeps the default', () => {
    for (const text of ['1e-400', '1e3', '2.5', '0x10', '+3', '3 3']) {
      const { design, ignored } = designFromSearch(`?env=cartpole&seed=${encodeURIComponent(text)}`)
      expect(design.seed).toBe(defaultDesign().seed)
      expect(ignored).toEqual([`seed "${text}" (accepted: an integer from 0 to 2147483647)`])
    }
    expect(designFromSearch('?env=cartpole&seed=42').design.seed).toBe(42)
  })

  it('quotes a parameter value of a megabyte cut short', () => {
    const { design, ignored } = designFromSearch(`?env=cartpole&p.time_limit=${'7'.repeat(1_000_000)}`)
    expect(design.params.time_limit).toBe(500)
    expect(ignored).toEqual([`parameter time_limit: parameter "time_limit" of cartpole must be an integer from 1 to 100000, got "${'7'.repeat(40)}…"`])
  })

  it('falls back to the default environment for an unknown one and shortens long junk', () => {
    const { design, ignored } = designFromSearch(`?env=${'x'.repeat(100)}`)
    expect(design.envId).toBe('cartpole')
    expect(ignored[0]).toBe(`env "${'x'.repeat(40)}…" (accepted: cartpole, mountaincar, acrobot, gridworld, cliffwalking, frozenlake, bandit, tokenseq, coop)`)
  })
})
