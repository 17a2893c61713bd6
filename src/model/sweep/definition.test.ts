import { describe, expect, it } from 'vitest'
import { designFromSearch } from '../designLink'
import { checkSweepDefinition, type Sweep } from './definition'
import { definitionOf, sweepDifference } from './definitionFile'

/* A sweep definition checked field by field, its axes by the link codec itself. */

const CONFIG = { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning' }, seed: 1 }

function sweep(raw: unknown): Sweep {
  const checked = checkSweepDefinition(raw)
  if (!checked.ok) throw new Error(checked.problems.join('\n'))
  return checked.sweep
}

function problems(raw: unknown): string[] {
  const checked = checkSweepDefinition(raw)
  if (checked.ok) throw new Error('the definition was accepted')
  return checked.problems
}

/** What the link itself says of one key=value on CliffWalking with Q-learning. */
function linkRefusal(key: string, value: string): string[] {
  return designFromSearch(`?env=cliffwalking&seed=1&l=qlearning&${new URLSearchParams([[key, value]])}`).ignored
}

describe('checkSweepDefinition', () => {
  it('makes one point per value, each the design the link makes of it', () => {
    const { points, seeds, steps, axes } = sweep({ config: CONFIG, axes: ['w.hazard=0:100:3'], seeds: 2, steps: 500 })
    expect(seeds).toBe(2)
    expect(steps).toBe(500)
    expect(axes).toEqual([{ name: 'w.hazard', values: [0, 50, 100] }])
    expect(points.map((point) => point.axes)).toEqual([{ 'w.hazard': 0 }, { 'w.hazard': 50 }, { 'w.hazard': 100 }])
    expect(points.map((point) => point.design.weights.hazard)).toEqual([0, 50, 100])
    expect(points.map((point) => point.index)).toEqual([0, 1, 2])
  })

  it('pairs two axes, the first outermost, and sets learner fields and parameters as a link does', () => {
    const { points } = sweep({ config: CONFIG, axes: ['l.alpha=0.1,0.5', 'p.time_limit=100,200,300'], seeds: 1, steps: 500 })
    expect(points.map((point) => point.axes)).toEqual([
      { 'l.alpha': 0.1, 'p.time_limit': 100 },
      { 'l.alpha': 0.1, 'p.time_limit': 200 },
      { 'l.alpha': 0.1, 'p.time_limit': 300 },
      { 'l.alpha': 0.5, 'p.time_limit': 100 },
      { 'l.alpha': 0.5, 'p.time_limit': 200 },
      { 'l.alpha': 0.5, 'p.time_limit': 300 },
    ])
    expect(points.map((point) => [point.design.learner.kind === 'qlearning' && point.design.learner.alpha, point.design.params.time_limit])).toEqual([
      [0.1, 100],
      [0.1, 200],
      [0.1, 300],
      [0.5, 100],
      [0.5, 200],
      [0.5, 300],
    ])
  })

  it('keeps the rest of the config in every point: its reward extras, weights, learner fields and seed', () => {
    const config = {
      env: { id: 'cliffwalking', params: { time_limit: 300 } },
      mix: { weights: { step: 2, progress: 0.5 }, terms: [{ name: 'edge', expression: 'row', weight: 0.25 }] },
      learner: { kind: 'sarsa', epsilon: 0.2 },
      seed: 9,
    }
    const { points } = sweep({ config, axes: ['w.hazard=10,20'], seeds: 1, steps: 500 })
    for (const [k, point] of points.entries()) {
      expect(point.design.weights).toEqual({ step: 2, hazard: [10, 20][k], goal: 0, progress: 0.5, edge: 0.25 })
      expect(point.design.reward.terms).toEqual([{ name: 'edge', expression: 'row', weight: 0.25 }])
      expect(point.design.learner).toMatchObject({ kind: 'sarsa', epsilon: 0.2 })
      expect(point.design.params.time_limit).toBe(300)
      expect(point.design.seed).toBe(9)
    }
  })

  it('refuses an unknown axis or a value out of range in exactly the words the link drops it with', () => {
    expect(problems({ config: CONFIG, axes: ['w.nope=1,2'], seeds: 1, steps: 500 })).toEqual([`axes[0] "w.nope=1,2": ${linkRefusal('w.nope', '1')[0]}`])
    expect(linkRefusal('w.nope', '1')).toEqual(['weight of unknown component "nope" (accepted: step, hazard, goal, progress)'])
    expect(problems({ config: CONFIG, axes: ['w.hazard=100:300:3'], seeds: 1, steps: 500 })).toEqual([
      'axes[0] "w.hazard=100:300:3": weight of hazard "300" (accepted: a number from 0 to 200)',
    ])
    expect(problems({ config: CONFIG, axes: ['l.nope=1', 'p.time_limit=-1,5'], seeds: 1, steps: 500 })).toEqual([
      `axes[0] "l.nope=1": ${linkRefusal('l.nope', '1')[0]}`,
      `axes[1] "p.time_limit=-1,5": ${linkRefusal('p.time_limit', '-1')[0]}`,
    ])
    expect(linkRefusal('p.time_limit', '-1')).toEqual(['parameter time_limit: parameter "time_limit" of cliffwalking must be an integer from 0 to 100000, got -1'])
    expect(problems({ config: CONFIG, axes: ['l.alpha=0.5,2'], seeds: 1, steps: 500 })).toEqual([`axes[0] "l.alpha=0.5,2": ${linkRefusal('l.alpha', '2')[0]}`])
  })

  it('refuses a key that is no axis, naming every one the config has', () => {
    expect(problems({ config: CONFIG, axes: ['seed=1,2'], seeds: 1, steps: 500 })).toEqual([
      'axes[0] "seed=1,2": unknown axis "seed" (every point trains on the sweep\'s seeds); accepted: w.<component> (step, hazard, goal, progress), l.<learner field> (numEnvs, stepsPerIteration, alpha, gamma, epsilon, initialValue), p.<parameter> (time_limit)',
    ])
    expect(problems({ config: CONFIG, axes: ['hazard=1,2'], seeds: 1, steps: 500 })[0]).toMatch(/^axes\[0\] "hazard=1,2": unknown axis "hazard"; accepted: w.<component> \(step, hazard/)
  })

  it('checks two axes together where a rule spans both (copies × steps per report)', () => {
    expect(problems({ config: CONFIG, axes: ['l.numEnvs=1,4096', 'l.stepsPerIteration=200,1000'], seeds: 1, steps: 500 })).toEqual([
      'point l.numEnvs=4096, l.stepsPerIteration=1000: learner stepsPerIteration: copies × steps per report must be at most 1000000, so that pause and stop answer promptly',
    ])
  })

  it('names every problem at once: the config, the axes, the seeds, the steps, unknown keys', () => {
    expect(problems({ config: { env: { id: 'nowhere' }, learner: { kind: 'qlearning' } }, axes: ['w.hazard=0:1'], seeds: 0, steps: 1.5, sed: 3 })).toEqual([
      'sed: unknown key in a sweep definition; accepted: config, axes, seeds, steps',
      expect.stringMatching(/^config\.env\.id: unknown environment "nowhere"/),
      'axes[0] "w.hazard=0:1": w.hazard: a range is lo:hi:N or lo:hi:N:log, got "0:1"',
      'seeds: must be a whole number from 1 to 10000, got 0',
      'steps: must be a whole number from 1 to 1000000000, got 1.5',
    ])
    // A value the link refuses is named beside bad seeds and steps, not only once they are fixed.
    expect(problems({ config: CONFIG, axes: ['w.hazard=0,300'], seeds: 0, steps: 'many' })).toEqual([
      'seeds: must be a whole number from 1 to 10000, got 0',
      'steps: must be a whole number from 1 to 1000000000, got "many"',
      `axes[0] "w.hazard=0,300": ${linkRefusal('w.hazard', '300')[0]}`,
    ])
    expect(problems(null)).toEqual([expect.stringMatching(/^expected a sweep definition \{"config": a run config/)])
    expect(problems({})).toEqual([
      expect.stringMatching(/^config: missing; expected a run config/),
      'axes: missing; expected 1 or 2 axes, each "NAME=v1,v2,…" or "NAME=lo:hi:N[:log]"',
      'seeds: must be a whole number from 1 to 10000, got nothing',
      'steps: must be a whole number from 1 to 1000000000, got nothing',
    ])
    expect(problems({ config: CONFIG, axes: ['w.hazard=1', 7], seeds: '3', steps: 500 })).toEqual(['axes[1] "7": not text; expected "NAME=v1,v2,…" or "NAME=lo:hi:N[:log]"', 'seeds: must be a whole number from 1 to 10000, got "3"'])
  })

  it('holds a sweep to at most 2 axes, 10,000 runs and seeds up to the largest seed', () => {
    expect(problems({ config: CONFIG, axes: ['w.step=1', 'w.goal=1', 'w.hazard=1'], seeds: 1, steps: 500 })).toEqual([
      'axes: 3 axes; a sweep has 1 or 2 axes, each "NAME=v1,v2,…" or "NAME=lo:hi:N[:log]"',
    ])
    expect(problems({ config: CONFIG, axes: [], seeds: 1, steps: 500 })).toEqual(['axes: 0 axes; a sweep has 1 or 2 axes, each "NAME=v1,v2,…" or "NAME=lo:hi:N[:log]"'])
    expect(problems({ config: CONFIG, axes: ['w.step=0:5:101', 'w.hazard=0:200:100'], seeds: 1, steps: 500 })).toEqual(['the sweep has 10100 points × 1 seeds = 10100 runs; at most 10000'])
    expect(sweep({ config: CONFIG, axes: ['w.step=0:5:100', 'w.hazard=0:200:100'], seeds: 1, steps: 500 }).points).toHaveLength(10_000)
    expect(problems({ config: { ...CONFIG, seed: 2 ** 31 - 2 }, axes: ['w.step=1'], seeds: 3, steps: 500 })).toEqual([
      'seeds: seeds 2147483646 to 2147483648 go past the largest seed, 2147483647; give fewer seeds or a smaller config seed',
    ])
  })

  it('refuses an axis given twice and a config the link cannot hold', () => {
    expect(problems({ config: CONFIG, axes: ['w.step=1,2', 'w.step=3'], seeds: 1, steps: 500 })).toEqual(['axes[1] "w.step=3": w.step is already an axis; give each axis once'])
    // train takes a weight beyond its slider; a link, and so the browser's sweep, would drop it.
    const config = { ...CONFIG, mix: { weights: { hazard: 300 } } }
    expect(problems({ config, axes: ['w.step=1,2'], seeds: 1, steps: 500 })).toEqual([
      'config: must be a design a link can hold, as the browser\'s sweep will read it; the link drops weight of hazard "300" (accepted: a number from 0 to 200)',
    ])
  })
})

describe('the definition file', () => {
  it('reads back as the same sweep, and two writings of the same points are one sweep', () => {
    const original = sweep({ config: CONFIG, axes: ['w.hazard=0:100:3'], seeds: 2, steps: 500 })
    const written = JSON.parse(JSON.stringify(definitionOf(original))) as unknown
    expect(written).toEqual({ config: original.config, axes: ['w.hazard=0:100:3'], seeds: 2, steps: 500 })
    expect(sweepDifference(sweep(written), original)).toBeNull()
    expect(sweepDifference(sweep({ config: CONFIG, axes: ['w.hazard=0,50,100'], seeds: 2, steps: 500 }), original)).toBeNull()
    expect(sweepDifference(sweep({ config: CONFIG, axes: ['w.hazard=0,50'], seeds: 2, steps: 500 }), original)).toBe('axes')
    expect(sweepDifference(sweep({ config: { ...CONFIG, seed: 2 }, axes: ['w.hazard=0:100:3'], seeds: 2, steps: 500 }), original)).toBe('config')
    expect(sweepDifference(sweep({ config: CONFIG, axes: ['w.hazard=0:100:3'], seeds: 3, steps: 500 }), original)).toBe('seeds')
    expect(sweepDifference(sweep({ config: CONFIG, axes: ['w.hazard=0:100:3'], seeds: 2, steps: 600 }), original)).toBe('steps')
  })
})
