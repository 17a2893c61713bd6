import { describe, expect, it } from 'vitest'
import { bandit } from '../envs/bandit'
import { cartpole } from '../envs/cartpole'
import { gridworld } from '../envs/gridworld'
import { mountaincar } from '../envs/mountaincar'
import { tokenseq } from '../envs/tokenseq'
import { ENVIRONMENTS } from '../envs/registry'
import { Rng } from '../rng'
import { defaultRewardDesign, parseRewardDesign, rewardDesignToJson, type RewardDesign } from './designSchema'
import { checkDesignAgainstSpec } from './rewardProblems'
import type { Transform } from './transforms'

function parsed(json: unknown): RewardDesign {
  const result = parseRewardDesign(json)
  if (!result.ok) throw new Error(result.problems.join('\n'))
  return result.design
}

function problemsOf(json: unknown): string[] {
  const result = parseRewardDesign(json)
  if (result.ok) throw new Error('expected the design to be refused')
  return result.problems
}

const FULL: unknown = {
  version: 1,
  weights: { step: 1, goal: 10, height: 0 },
  transforms: { goal: [{ kind: 'delay' }], step: [{ kind: 'clip', lo: -1, hi: 0 }, { kind: 'normalize' }, { kind: 'redistribute' }], near_flag: [{ kind: 'bounded', reference: 0.5 }] },
  shaping: [
    { potential: 'energy', weight: 100, gamma: 0.99 },
    { potential: 'height', weight: 1, gamma: 1, naive: true },
    { potential: 'custom', expression: '-abs(position - 0.5)', weight: 2 },
  ],
  bonuses: [{ kind: 'count_combined', beta: 0.05, bins: 20 }, { kind: 'rnd', beta: 0.01 }],
  terms: [{ name: 'near_flag', expression: 'position > 0.4 ? 1 : 0', weight: 0.5 }],
}

describe('the reward design schema', () => {
  it('accepts {} as the default design', () => {
    expect(parsed({})).toEqual({ version: 1, weights: {}, transforms: {}, shaping: [], bonuses: [], terms: [] })
    expect(defaultRewardDesign()).toEqual(parsed({}))
  })

  it('fills the defaults of every part', () => {
    const design = parsed({ shaping: [{ potential: 'distance' }], bonuses: [{ kind: 'count_global' }], terms: [{ name: 'x_term', expression: 'x' }], transforms: { step: [{ kind: 'normalize' }] } })
    expect(design.shaping).toEqual([{ potential: 'distance', weight: 1, gamma: 0.99, naive: false }])
    expect(design.bonuses).toEqual([{ kind: 'count_global', beta: 0.1 }])
    expect(design.terms).toEqual([{ name: 'x_term', expression: 'x', weight: 1 }])
    expect(design.transforms.step).toEqual([{ kind: 'normalize', gamma: 0.99, epsilon: 1e-8 }])
  })

  it('round-trips through JSON unchanged', () => {
    const design = parsed(FULL)
    const json = rewardDesignToJson(design)
    expect(parsed(json)).toEqual(design)
    expect(rewardDesignToJson(parsed(json))).toBe(json)
    expect(parsed(JSON.parse(json))).toEqual(design)
    // −0 (a negated zero from a slider, say) is read as 0, since JSON would write it so.
    expect(Object.is(parsed({ weights: { step: -0 } }).weights.step, 0)).toBe(true)
  })

  it('round-trips random designs unchanged', () => {
    const rng = new Rng(2024)
    const pick = <T>(items: readonly T[]): T => items[rng.int(items.length)]
    const number = () => pick([0, 1, -1, 0.5, 1e-8, 123.456, -7.25e3, rng.range(-100, 100)])
    const transform = (): Transform =>
      pick<Transform>([
        { kind: 'scale', factor: number() },
        { kind: 'clip', lo: -Math.abs(number()), hi: Math.abs(number()) },
        { kind: 'normalize', gamma: rng.uniform(), epsilon: 1e-8 },
        { kind: 'bounded', reference: number() },
        { kind: 'delay' },
      ])
    for (let trial = 0; trial < 200; trial++) {
      const names = ['step', 'goal', 'alive', 'héight', 'with space', 'a.b']
      const input = {
        version: 1,
        weights: Object.fromEntries(names.filter(() => rng.uniform() < 0.5).map((n) => [n, number()])),
        transforms: Object.fromEntries(names.filter(() => rng.uniform() < 0.3).map((n) => [n, Array.from({ length: rng.int(4) }, transform)])),
        shaping: Array.from({ length: rng.int(3) }, () =>
          rng.uniform() < 0.5 ? { potential: pick(['distance', 'energy', 'upright']), weight: number(), gamma: rng.uniform(), naive: rng.uniform() < 0.5 } : { potential: 'custom', expression: 'sin(x) * 2', weight: number(), gamma: 1, naive: false },
        ),
        bonuses: Array.from({ length: rng.int(3) }, () => (rng.uniform() < 0.5 ? { kind: pick(['count_global', 'count_episodic', 'count_combined']), beta: rng.uniform(), bins: 2 + rng.int(30) } : { kind: 'rnd', beta: rng.uniform() })),
        terms: Array.from({ length: rng.int(3) }, (_, j) => ({ name: `term_${j}`, expression: pick(['x', '-abs(theta) + 0.5', 'a > b ? 1 : -1']), weight: number() })),
      }
      const design = parsed(input)
      // The input itself, except −0 (which −|0| draws) reads as 0, as JSON writes it.
      expect(design).toEqual(JSON.parse(JSON.stringify(input)))
      expect(parsed(rewardDesignToJson(design))).toEqual(design)
    }
  })

  it('lists every problem at once, each with its path and what is accepted', () => {
    const problems = problemsOf({
      version: 2,
      weights: { step: 'one' },
      transforms: { step: [{ kind: 'square' }, { kind: 'clip', lo: 1, hi: -1 }], goal: [{ kind: 'redistribute' }, { kind: 'delay' }] },
      shaping: [{ potential: 'custom' }, { potential: 'height', expression: 'x', gamma: 1.5 }],
      bonuses: [{ kind: 'counts', beta: 1 }, { kind: 'rnd', bins: 10 }],
      terms: [
        { name: '2fast', expression: 'x' },
        { name: 'ok', expression: '' },
        { name: 'ok', expression: 'y' },
      ],
      colour: 'blue',
    })
    const expected: [string, RegExp][] = [
      ['version', /accepted: 1/],
      ['weights.step', /expected a finite number/],
      ['transforms.step[0].kind', /accepted: scale, clip, normalize, bounded, par, delay, redistribute/],
      ['transforms.step[1].lo', /lo ≤ hi/],
      ['transforms.goal', /redistribute must be the last transform/],
      ['shaping[0].expression', /custom potential needs an expression/],
      ['shaping[1].gamma', /from 0 to 1/],
      ['bonuses[0].kind', /accepted: count_global, count_episodic, count_combined, rnd/],
      ['bonuses[1].bins', /only to count bonuses/],
      ['terms[0].name', /not starting with a digit/],
      ['terms[1].expression', /not empty/],
      ['design', /unknown key "colour" in a reward design; accepted: version, weights, transforms, shaping, bonuses, terms/],
    ]
    for (const [path, message] of expected) {
      expect(
        problems.some((p) => p.startsWith(`${path}: `) && message.test(p)),
        `${path} ${message} in:\n${problems.join('\n')}`,
      ).toBe(true)
    }
    // The expression given to a named potential is a problem of its own, reported in the same pass.
    const withExpression = problemsOf({ shaping: [{ potential: 'height', expression: 'x' }] })
    expect(withExpression).toEqual(['shaping[0].expression: an expression is only read with potential "custom"; remove it or set potential to custom'])
    expect(problemsOf({ terms: [{ name: 'a', expression: 'x' }, { name: 'a', expression: 'y' }] })).toEqual(['terms[1].name: the term name "a" is used twice; names must be unique'])
  })

  it('refuses text that is not JSON, and values that are not objects', () => {
    expect(problemsOf('{"weights": ')[0]).toMatch(/^design: not valid JSON/)
    expect(problemsOf([1, 2])[0]).toMatch(/^design: expected a reward design: an object with version, weights/)
    expect(problemsOf({ weights: [] })[0]).toMatch(/^weights: expected weights: an object of component name → number/)
    expect(problemsOf({ transforms: { 'odd key': [{ kind: 'scale', factor: 'x' }] } })).toEqual(['transforms["odd key"][0].factor: expected a finite number'])
  })
})

describe('checkDesignAgainstSpec', () => {
  it('accepts a design that fits', () => {
    expect(checkDesignAgainstSpec(parsed(FULL), mountaincar.spec)).toEqual([])
    expect(checkDesignAgainstSpec(parsed({ shaping: [{ potential: 'distance' }], bonuses: [{ kind: 'count_episodic' }] }), gridworld.spec)).toEqual([])
  })

  it('names unknown components, clashing terms, unknown potentials and bonuses the environment cannot count', () => {
    const design = parsed({
      weights: { alive: 1, step: 2 },
      transforms: { alive: [{ kind: 'delay' }], mystery: [{ kind: 'delay' }], balance: [{ kind: 'scale', factor: 2 }] },
      shaping: [{ potential: 'height' }, { potential: 'upright' }],
      bonuses: [{ kind: 'count_global', bins: 64 }],
      terms: [
        { name: 'upright', expression: 'cos(theta)' },
        { name: 'balance', expression: '-abs(theta)' },
      ],
    })
    expect(checkDesignAgainstSpec(design, cartpole.spec)).toEqual([
      'weights.step: cartpole has no component "step"; accepted: alive, upright, centred, calm, effort, failure, upright, balance, shaping_height, shaping_upright, bonus_count_global',
      'transforms.mystery: "mystery" is neither a component of cartpole nor a custom term; accepted: alive, upright, centred, calm, effort, failure, upright, balance',
      'terms[0].name: "upright" is already a component of cartpole; choose another name (taken: alive, upright, centred, calm, effort, failure)',
      'shaping[0].potential: cartpole offers no potential "height"; accepted: upright, centred, custom',
      'bonuses[0].bins: 64 bins for each of 4 state variables make 16777216 cells; at most 4194304 are kept, so use at most 45 bins',
    ])
    const counts = parsed({ bonuses: [{ kind: 'count_global' }, { kind: 'rnd' }] })
    expect(checkDesignAgainstSpec(counts, bandit.spec)).toEqual([
      'bonuses[0].kind: a count bonus needs a discretised state, which bandit does not offer; accepted on grid environments, cartpole, mountaincar and acrobot (or use rnd)',
    ])
    expect(checkDesignAgainstSpec(parsed({ bonuses: [{ kind: 'count_global', bins: 8 }] }), gridworld.spec)[0]).toMatch(/^bonuses\[0\]\.bins: gridworld counts its own grid cells/)
  })

  it('refuses a transform of a component paid at the group’s end (tokenseq’s majority), which no step transform reaches', () => {
    expect(checkDesignAgainstSpec(parsed({ weights: { majority: 1 }, transforms: { majority: [{ kind: 'scale', factor: 2 }], correct: [{ kind: 'scale', factor: 2 }] } }), tokenseq.spec)).toEqual([
      "transforms.majority: majority is paid when its whole group has ended, after the step's transforms, so it takes none; weigh it instead",
    ])
  })

  it('accepts an rnd bonus on every environment with a state vector, and refuses it on one without', () => {
    const rnd = parsed({ bonuses: [{ kind: 'rnd', beta: 0.2 }] })
    for (const definition of ENVIRONMENTS) expect(checkDesignAgainstSpec(rnd, definition.spec), definition.spec.id).toEqual([])
    expect(checkDesignAgainstSpec(rnd, { ...bandit.spec, stateVars: [] })).toEqual(['bonuses[0].kind: an rnd bonus needs a state vector, and bandit has none'])
  })
})
