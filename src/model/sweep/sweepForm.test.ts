import { describe, expect, it } from 'vitest'
import { defaultDesign } from '../design'
import { axisNames } from './axisFit'
import { axisFormFor, axisFormText, axisHint, fieldValue, formOfSweep, sweepOfForm, type AxisForm, type SweepForm } from './sweepForm'

/* The sweep panel's fields as the definition the command line reads, checked as it checks one. */

const design = { ...defaultDesign('cliffwalking', 5), weights: { step: 1, hazard: 100, goal: 0, progress: 0 } }

function axis(overrides: Partial<AxisForm>): AxisForm {
  return { name: 'w.hazard', kind: 'list', list: '0,50,100', lo: '', hi: '', count: '5', log: false, ...overrides }
}

function form(overrides: Partial<SweepForm> = {}): SweepForm {
  return { axes: [axis({})], seeds: '2', steps: '500', ...overrides }
}

function problems(sweepForm: SweepForm): string[] {
  const checked = sweepOfForm(design, sweepForm)
  if (checked.ok) throw new Error('the form was accepted')
  return checked.problems
}

describe('the sweep panel’s fields', () => {
  it('offer as axes the design’s own link keys: its weights, learner fields and parameters', () => {
    expect(axisNames(design)).toEqual(['w.step', 'w.hazard', 'w.goal', 'w.progress', 'l.numEnvs', 'l.stepsPerIteration', 'l.alpha', 'l.gamma', 'l.epsilon', 'l.initialValue', 'p.time_limit'])
  })

  it('write an axis as a definition file does', () => {
    expect(axisFormText(axis({ list: ' 0, 50 ' }))).toBe('w.hazard=0, 50')
    expect(axisFormText(axis({ kind: 'range', lo: '0', hi: '100', count: '3' }))).toBe('w.hazard=0:100:3')
    expect(axisFormText(axis({ name: 'l.alpha', kind: 'range', lo: '0.01', hi: '1', count: '3', log: true }))).toBe('l.alpha=0.01:1:3:log')
  })

  it('make the sweep of the design on the page: its config, its seed first, each point the design with the axis value', () => {
    const checked = sweepOfForm(design, form())
    if (!checked.ok) throw new Error(checked.problems.join('; '))
    const { sweep } = checked
    expect(sweep.config.seed).toBe(5)
    expect(sweep.config.env.id).toBe('cliffwalking')
    expect(sweep.seeds).toBe(2)
    expect(sweep.steps).toBe(500)
    expect(sweep.axisTexts).toEqual(['w.hazard=0,50,100'])
    expect(sweep.points.map((point) => point.design.weights.hazard)).toEqual([0, 50, 100])
    const two = sweepOfForm(design, form({ axes: [axis({}), axis({ name: 'l.alpha', kind: 'range', lo: '0.1', hi: '0.5', count: '2' })] }))
    expect(two.ok && two.sweep.points.map((point) => point.axes)).toEqual([
      { 'w.hazard': 0, 'l.alpha': 0.1 },
      { 'w.hazard': 0, 'l.alpha': 0.5 },
      { 'w.hazard': 50, 'l.alpha': 0.1 },
      { 'w.hazard': 50, 'l.alpha': 0.5 },
      { 'w.hazard': 100, 'l.alpha': 0.1 },
      { 'w.hazard': 100, 'l.alpha': 0.5 },
    ])
  })

  it('name each problem after its field, with what is accepted', () => {
    expect(problems(form({ seeds: 'two' }))).toEqual(['Seeds per point: must be a whole number from 1 to 10000, got "two"'])
    expect(problems(form({ seeds: 'two', axes: [axis({ list: '0,300' })] }))).toEqual(['Seeds per point: must be a whole number from 1 to 10000, got "two"', 'Axis 1: weight of hazard "300" (accepted: a number from 0 to 200)'])
    expect(problems(form({ seeds: '' }))).toEqual(['Seeds per point: must be a whole number from 1 to 10000, got nothing'])
    expect(problems(form({ steps: '1.5' }))).toEqual(['Budget: must be a whole number from 1 to 1000000000, got 1.5'])
    expect(problems(form({ axes: [axis({ list: '0,300' })] }))).toEqual(['Axis 1: weight of hazard "300" (accepted: a number from 0 to 200)'])
    expect(problems(form({ axes: [axis({ kind: 'range', lo: '5', hi: '1', count: '3' })] }))).toEqual(['Axis 1: w.hazard: the range\'s lo must be below its hi, got 5:1'])
    expect(problems(form({ axes: [axis({ kind: 'range', lo: '0', hi: '10', count: '1' })] }))).toEqual(['Axis 1: w.hazard: the range\'s N (how many points) must be a whole number from 2 to 10000, got "1"'])
    expect(problems(form({ axes: [axis({}), axis({ list: '1,2' })] }))).toEqual(['Axis 2: w.hazard is already an axis; give each axis once'])
    expect(problems(form({ axes: [axis({ list: '' })] }))).toEqual(['Axis 1: w.hazard has no values; expected NAME=v1,v2,… (a list) or NAME=lo:hi:N[:log] (N points from lo to hi, both included, linear or log-spaced)'])
  })

  it('hold the page to 1000 runs, naming the command line for more', () => {
    expect(problems(form({ axes: [axis({ kind: 'range', lo: '0', hi: '200', count: '101' })], seeds: '10' }))).toEqual([
      "the sweep has 101 points × 10 seeds = 1010 runs; the page trains at most 1000 runs (the command line's sweep takes 10000 and shards them)",
    ])
    // Past the bound in points alone, whatever else is wrong.
    expect(problems(form({ axes: [axis({ kind: 'range', lo: '0', hi: '200', count: '40' }), axis({ name: 'w.step', kind: 'range', lo: '0', hi: '5', count: '30' })], seeds: 'x' }))).toEqual([
      "the sweep has 1200 points; the page trains at most 1000 runs (the command line's sweep takes 10000 and shards them)",
    ])
    expect(sweepOfForm(design, form({ axes: [axis({ kind: 'range', lo: '0', hi: '200', count: '100' })], seeds: '10' })).ok).toBe(true)
  })

  it('read a number field as a number, other text as itself, blank as nothing', () => {
    expect(fieldValue(' 12 ')).toBe(12)
    expect(fieldValue('1e3')).toBe(1000)
    expect(fieldValue('0x10')).toBe('0x10')
    expect(fieldValue('  ')).toBeUndefined()
  })

  it('start a new axis from what the key accepts: a weight’s range, a choice’s values, else the design’s value', () => {
    expect(axisHint(design, 'w.hazard')).toEqual({ now: '100', range: [0, 200], choices: null })
    expect(axisFormFor(design, 'w.hazard')).toEqual({ name: 'w.hazard', kind: 'range', list: '100', lo: '0', hi: '200', count: '5', log: false })
    expect(axisHint(design, 'p.time_limit')).toEqual({ now: '0', range: [0, 100000], choices: null })
    expect(axisFormFor(design, 'l.alpha')).toEqual({ name: 'l.alpha', kind: 'list', list: '0.5', lo: '', hi: '', count: '5', log: false })
    const cartpole = defaultDesign('cartpole', 1)
    expect(axisFormFor(cartpole, 'l.annealLr')).toMatchObject({ kind: 'list', list: 'false,true' })
    const grid = defaultDesign('gridworld', 1)
    expect(axisHint(grid, 'p.map').choices?.length).toBeGreaterThan(1)
  })
})

describe('the panel’s fields of a checked sweep', () => {
  it('show each axis as written, a range as its ends and N, and make the same sweep again', () => {
    const checked = sweepOfForm(design, form({ axes: [axis({ kind: 'range', lo: '0', hi: '100', count: '3' }), axis({ name: 'l.alpha', kind: 'range', lo: '0.01', hi: '1', count: '3', log: true })], seeds: '4', steps: '700' }))
    if (!checked.ok) throw new Error(checked.problems.join('; '))
    const fields = formOfSweep(checked.sweep)
    expect(fields).toEqual({
      axes: [
        { name: 'w.hazard', kind: 'range', list: '0,50,100', lo: '0', hi: '100', count: '3', log: false },
        { name: 'l.alpha', kind: 'range', list: '0.01,0.1,1', lo: '0.01', hi: '1', count: '3', log: true },
      ],
      seeds: '4',
      steps: '700',
    })
    const again = sweepOfForm(design, fields)
    expect(again.ok && again.sweep.axisTexts).toEqual(checked.sweep.axisTexts)
    const list = sweepOfForm(design, form())
    expect(list.ok && formOfSweep(list.sweep).axes).toEqual([{ name: 'w.hazard', kind: 'list', list: '0,50,100', lo: '', hi: '', count: '5', log: false }])
  })
})
