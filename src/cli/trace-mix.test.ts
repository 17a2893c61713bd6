import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cli, expectUsageError, spawnCli, traceLines } from './testing'

/*
 * `trace --mix FILE`: the environment seen through a reward design (the JSON the app exports), so
 * the design's terms, shaping and bonuses appear as components and weigh into the reward.
 */

const DIR = mkdtempSync(join(tmpdir(), 'trace-mix-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

function designFile(name: string, design: unknown): string {
  const path = join(DIR, name)
  writeFileSync(path, typeof design === 'string' ? design : JSON.stringify(design, null, 2))
  return path
}

/** A custom term (clipped), potential-based shaping and a count bonus on CartPole. */
const DESIGN = {
  version: 1,
  weights: { alive: 1 },
  transforms: { keep_centred: [{ kind: 'clip', lo: -0.2, hi: 0.2 }] },
  terms: [{ name: 'keep_centred', expression: '-abs(x)', weight: 0.5 }],
  shaping: [{ potential: 'upright', gamma: 0.9, weight: 2 }],
  bonuses: [{ kind: 'count_global', beta: 0.1 }],
}

// From x = 0.3, ẋ = 0.1, θ = 0.05, θ̇ = 0.2, Euler with τ = 0.02 moves the positions by the old
// velocities: x′ = 0.3 + 0.02·0.1 = 0.302, θ′ = 0.05 + 0.02·0.2 = 0.054.
const START = '0.3,0.1,0.05,0.2'

describe('trace --mix', () => {
  it('adds a custom term, potential-based shaping and a count bonus as components, and weighs them in', () => {
    const { code, stdout, stderr } = cli(['trace', '--env', 'cartpole', '--state', START, '--actions', '1,1', '--mix', designFile('design.json', DESIGN)])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const [first, second] = traceLines(stdout)
    expect(Object.keys(first.components)).toEqual(['alive', 'upright', 'centred', 'calm', 'effort', 'failure', 'keep_centred', 'shaping_upright', 'bonus_count_global'])
    expect(first.state[0]).toBeCloseTo(0.302, 15)
    expect(first.state[2]).toBeCloseTo(0.054, 15)
    // keep_centred = −|x′| = −0.302, clipped to [−0.2, 0.2]: −0.2.
    expect(first.components.keep_centred).toBe(-0.2)
    // F = γ·Φ(s′) − Φ(s) with Φ = cos θ: 0.9·cos 0.054 − cos 0.05 = 0.898688… − 0.998750… = −0.100062…
    const shaping = 0.9 * Math.cos(0.054) - Math.cos(0.05)
    expect(shaping).toBeCloseTo(-0.1000621, 6)
    expect(first.components.shaping_upright).toBeCloseTo(shaping, 14)
    // The first visit to its cell: β/√1 = 0.1.
    expect(first.components.bonus_count_global).toBeCloseTo(0.1, 15)
    // reward = 1·alive + 0.5·keep_centred + 2·F + 1·bonus = 1 − 0.1 − 0.200124… + 0.1 = 0.799875…
    expect(first.reward).toBeCloseTo(1 + 0.5 * -0.2 + 2 * shaping + 0.1, 14)
    expect(first.reward).toBeCloseTo(0.7998757, 6)

    // The second step stays in the same cell (10 bins per variable): β/√2; still −0.2 after the clip.
    expect(second.components.bonus_count_global).toBeCloseTo(0.1 / Math.SQRT2, 15)
    expect(second.components.keep_centred).toBe(-0.2)
    expect(second.components.shaping_upright).toBeCloseTo(0.9 * Math.cos(second.state[2]) - Math.cos(first.state[2]), 14)
    const { keep_centred, shaping_upright, bonus_count_global } = second.components
    expect(second.reward).toBeCloseTo(1 + 0.5 * keep_centred + 2 * shaping_upright + bonus_count_global, 14)
  })

  it('takes Φ = 0 at a terminal state and reads the term from the state that ended the episode', () => {
    // θ′ = 0.2 + 0.02·0.5 = 0.21 > 12° = 0.2094…: the pole falls on this step.
    const { code, stdout } = cli(['trace', '--env', 'cartpole', '--state', '0.3,0.1,0.2,0.5', '--actions', '1,1', '--mix', designFile('design.json', DESIGN)])
    expect(code).toBe(0)
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(1)
    expect(steps[0].terminated).toBe(true)
    // F = γ·0 − cos 0.2 = −0.980066…
    expect(steps[0].components.shaping_upright).toBeCloseTo(-Math.cos(0.2), 15)
    expect(steps[0].components.shaping_upright).toBeCloseTo(-0.9800666, 6)
    expect(steps[0].components.keep_centred).toBe(-0.2)
  })

  it('reads the design from stdin with --mix -, and {} changes nothing', () => {
    const args = ['trace', '--env', 'cartpole', '--state', START, '--actions', '1,0']
    const plain = cli(args)
    expect(cli([...args, '--mix', '-'], '{}')).toEqual(plain)
    const { stdout } = cli([...args, '--mix', '-'], JSON.stringify({ terms: [{ name: 'lean', expression: 'theta * 10' }] }))
    // theta′ = 0.054 → lean = 0.54 at the default term weight 1: reward = alive + lean = 1.54.
    expect(traceLines(stdout)[0].components.lean).toBeCloseTo(0.54, 14)
    expect(traceLines(stdout)[0].reward).toBeCloseTo(1.54, 14)
  })

  it('lets --weights override the design file’s weights, the terms’ included', () => {
    const design = { weights: { alive: 2, keep_centred: 1 }, terms: [{ name: 'keep_centred', expression: '-abs(x)', weight: 0.5 }] }
    const path = designFile('weights.json', design)
    const fromFile = traceLines(cli(['trace', '--env', 'cartpole', '--state', START, '--actions', '1', '--mix', path]).stdout)[0]
    // The design's weights: 2·alive + 1·keep_centred = 2 − 0.302 = 1.698 (its weights beat the term's own 0.5).
    expect(fromFile.reward).toBeCloseTo(1.698, 14)
    const overridden = traceLines(cli(['trace', '--env', 'cartpole', '--state', START, '--actions', '1', '--mix', path, '--weights', 'alive=0,keep_centred=3']).stdout)[0]
    // 0·alive + 3·keep_centred = −0.906.
    expect(overridden.reward).toBeCloseTo(-0.906, 14)
    expect(overridden.components).toEqual(fromFile.components)
    // --weights may name only what the environment and the design offer.
    const message = expectUsageError(cli(['trace', '--env', 'cartpole', '--state', START, '--actions', '1', '--mix', path, '--weights', 'keep_center=1']))
    expect(message).toBe('unknown reward component "keep_center" for cartpole; accepted: alive, upright, centred, calm, effort, failure, keep_centred')
  })

  it('spreads a redistributed component evenly over the traced steps, keeping their sum', () => {
    // CliffWalking: step pays −1 a move and 0 on a fall into the cliff (hazard pays −1 there, ×100).
    // Right, right, down from (2, 0): the third move falls. step: −1, −1, 0 → each −2/3, sum −2.
    const design = { transforms: { step: [{ kind: 'redistribute' }] } }
    const { code, stdout } = cli(['trace', '--env', 'cliffwalking', '--state', '2,0', '--actions', '1,1,2', '--mix', '-'], JSON.stringify(design))
    expect(code).toBe(0)
    const steps = traceLines(stdout)
    expect(steps.map((step) => step.components.step)).toEqual([-2 / 3, -2 / 3, -2 / 3])
    expect(steps.map((step) => step.components.hazard)).toEqual([0, 0, -1])
    expect(steps.map((step) => step.reward)).toEqual([-2 / 3, -2 / 3, -2 / 3 - 100])
  })

  it('names every problem of a design that does not fit the environment in one line', () => {
    const path = designFile('bad.json', {
      weights: { nope: 1 },
      terms: [{ name: 'alive', expression: '1' }, { name: 'lean', expression: 'thetaa * 2' }],
      shaping: [{ potential: 'height' }],
      transforms: { speed: [{ kind: 'scale', factor: 2 }] },
    })
    const message = expectUsageError(cli(['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '1', '--mix', path]))
    expect(message).toMatch(new RegExp(`^the reward design in --mix "${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" has 5 problems: `))
    expect(message).toContain('weights.nope: cartpole has no component "nope"')
    expect(message).toContain('transforms.speed: "speed" is neither a component of cartpole nor a custom term')
    expect(message).toContain('terms[0].name: "alive" is already a component of cartpole')
    expect(message).toContain('shaping[0].potential: cartpole offers no potential "height"; accepted: upright, centred, custom')
    expect(message).toContain('terms[1].expression: unknown variable "thetaa"')
    expect(message).toContain('did you mean "theta"?')
  })

  it('names every problem of a design the schema refuses in one line', () => {
    const design = { version: 2, weights: { alive: 'x' }, terms: [{ name: '1st', expression: '' }], bonuses: [{ kind: 'curiosity' }], colour: 'red' }
    const message = expectUsageError(cli(['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '1', '--mix', '-'], JSON.stringify(design)))
    expect(message).toMatch(/^the reward design in --mix stdin has \d+ problems: /)
    for (const where of ['version:', 'weights.alive:', 'terms[0].name:', 'terms[0].expression:', 'bonuses[0].kind:', 'colour']) expect(message).toContain(where)
  })

  it.each([
    [['--mix', join(DIR, 'missing.json')], undefined, `cannot read --mix file "${join(DIR, 'missing.json')}": no such file`],
    [['--mix', DIR], undefined, `cannot read --mix file "${DIR}": it is a directory`],
    [['--mix', '-'], '', '--mix stdin is empty'],
    [['--mix', '-'], '{"weights": ', 'the reward design in --mix stdin has 1 problem: design: not valid JSON'],
    [['--mix', '-'], undefined, 'trace reads JSON on stdin, and there is none to read'],
    // A term that comes out NaN at the traced state is the input's fault, reported with the state.
    [['--mix', '-'], '{"terms": [{"name": "bad", "expression": "log(x)"}]}', 'custom term: "log(x)" gave NaN for x = -0.'],
    // alive = 1 scaled by 1e308 twice: JSON would print the component as null.
    [['--mix', '-'], '{"transforms": {"alive": [{"kind": "scale", "factor": 1e308}, {"kind": "scale", "factor": 1e308}]}}', 'step 0: component alive came out as Infinity: the input is too large to compute with'],
  ])('refuses %j with stdin %j', (flags, input, message) => {
    const result = cli(['trace', '--env', 'cartpole', '--state', '-0.3,0,0,0', '--actions', '1', ...flags], input)
    expect(expectUsageError(result)).toContain(message)
  })
})

describe('trace --mix as a process', () => {
  it('reads the design from a pipe', async () => {
    const result = await spawnCli(['trace', '--env', 'cartpole', '--state', START, '--actions', '1', '--mix', '-'], JSON.stringify(DESIGN))
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const [step] = traceLines(result.stdout)
    expect(step.components.keep_centred).toBe(-0.2)
    expect(step.reward).toBeCloseTo(1 + 0.5 * -0.2 + 2 * (0.9 * Math.cos(0.054) - Math.cos(0.05)) + 0.1, 14)
  })
})
