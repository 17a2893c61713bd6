import { describe, expect, it } from 'vitest'
import { parseAxis, type Axis } from './axisText'
import { rangePoints } from './axisRange'

/* An axis as text: a list, or N points from lo to hi (linear or log), and every way to get it wrong. */

function axis(text: string): Axis {
  const parsed = parseAxis(text)
  if (!parsed.ok) throw new Error(parsed.problem)
  return parsed.axis
}

function problem(text: string): string {
  const parsed = parseAxis(text)
  if (parsed.ok) throw new Error(`"${text}" was accepted`)
  return parsed.problem
}

describe('parseAxis: lists', () => {
  it('reads numbers as numbers and other values as text, in the order written', () => {
    expect(axis('w.hazard=0,50,100')).toEqual({ name: 'w.hazard', values: [0, 50, 100] })
    expect(axis(' w.step = 2 , -0.5,.25, 1e-3 ')).toEqual({ name: 'w.step', values: [2, -0.5, 0.25, 0.001] })
    expect(axis('p.map=4x4,8x8')).toEqual({ name: 'p.map', values: ['4x4', '8x8'] })
    expect(axis('l.estimator.center=mean,median')).toEqual({ name: 'l.estimator.center', values: ['mean', 'median'] })
    // Hex and overflowing numbers stay text: the link decides what they are.
    expect(axis('w.step=0x10,1e999')).toEqual({ name: 'w.step', values: ['0x10', '1e999'] })
  })

  it('takes a single value', () => {
    expect(axis('w.goal=5')).toEqual({ name: 'w.goal', values: [5] })
  })
})

describe('parseAxis: ranges', () => {
  it('spaces N points evenly from lo to hi, both included', () => {
    expect(axis('w.step=0:1:5')).toEqual({ name: 'w.step', values: [0, 0.25, 0.5, 0.75, 1] })
    expect(axis('w.hazard=-10:10:3').values).toEqual([-10, 0, 10])
    expect(axis('w.goal=0:1:2').values).toEqual([0, 1])
  })

  it('keeps the endpoints exact and rounds the points between to 12 significant digits', () => {
    // 0.1 + 2·(0.3 − 0.1)/2 is 0.30000000000000004 in doubles; the endpoint is the 0.3 written.
    expect(axis('w.step=0.1:0.3:3').values).toEqual([0.1, 0.2, 0.3])
    expect(axis('w.step=0:1:4').values).toEqual([0, 0.333333333333, 0.666666666667, 1])
  })

  it('spaces log ranges evenly in log', () => {
    expect(axis('l.alpha=0.001:1:4:log').values).toEqual([0.001, 0.01, 0.1, 1])
    expect(axis('l.alpha=1:100:3:log').values).toEqual([1, 10, 100])
    // √2 = 1.41421356237…, to 12 digits.
    expect(axis('w.step=1:2:3:log').values).toEqual([1, 1.41421356237, 2])
  })

  it('matches rangePoints for the same numbers', () => {
    expect(axis('w.step=0.5:4:8').values).toEqual(rangePoints(0.5, 4, 8, false))
    expect(rangePoints(2, 32, 5, true)).toEqual([2, 4, 8, 16, 32])
  })
})

describe('parseAxis: refusals name the axis, the fault and what is accepted', () => {
  it.each([
    ['w.hazard', 'expected NAME=v1,v2,… (a list) or NAME=lo:hi:N[:log] (N points from lo to hi, both included, linear or log-spaced), got "w.hazard"'],
    ['=1,2', 'expected NAME=v1,v2,… (a list) or NAME=lo:hi:N[:log] (N points from lo to hi, both included, linear or log-spaced), got "=1,2"'],
    ['w.hazard=', 'w.hazard has no values; expected NAME=v1,v2,… (a list) or NAME=lo:hi:N[:log] (N points from lo to hi, both included, linear or log-spaced)'],
    ['w.hazard=1,,2', 'w.hazard has an empty value in "1,,2"; expected NAME=v1,v2,… (a list) or NAME=lo:hi:N[:log] (N points from lo to hi, both included, linear or log-spaced)'],
    ['w.hazard=1,2,1.0', 'w.hazard lists 1 twice; give each value once'],
    ['p.map=4x4,4x4', 'p.map lists "4x4" twice; give each value once'],
    ['w.hazard=0:1', 'w.hazard: a range is lo:hi:N or lo:hi:N:log, got "0:1"'],
    ['w.hazard=0:1:3:log:5', 'w.hazard: a range is lo:hi:N or lo:hi:N:log, got "0:1:3:log:5"'],
    ['w.hazard=a:1:3', 'w.hazard: the range\'s lo must be a number, got "a"'],
    ['w.hazard=0:1e999:3', 'w.hazard: the range\'s hi must be a number, got "1e999"'],
    ['w.hazard=0:1:1', 'w.hazard: the range\'s N (how many points) must be a whole number from 2 to 10000, got "1"'],
    ['w.hazard=0:1:2.5', 'w.hazard: the range\'s N (how many points) must be a whole number from 2 to 10000, got "2.5"'],
    ['w.hazard=0:1:10001', 'w.hazard: the range\'s N (how many points) must be a whole number from 2 to 10000, got "10001"'],
    ['w.hazard=1:1:3', 'w.hazard: the range\'s lo must be below its hi, got 1:1'],
    ['w.hazard=2:1:3', 'w.hazard: the range\'s lo must be below its hi, got 2:1'],
    ['w.hazard=0:1:3:lin', 'w.hazard: a range\'s fourth part can only be log (log-spaced points), got "lin"'],
    ['l.alpha=0:1:3:log', 'l.alpha: log spacing needs lo and hi above 0, got 0:1'],
    ['l.alpha=-1:1:3:log', 'l.alpha: log spacing needs lo and hi above 0, got -1:1'],
    ['w.step=1:1.0000000000001:3', 'w.step: 3 points from 1 to 1.0000000000001 are not all different at 12 significant digits; give fewer points or a wider range'],
  ])('%s', (text, message) => {
    expect(problem(text)).toBe(message)
  })

  it('refuses a list longer than a whole sweep', () => {
    expect(problem(`w.step=${Array.from({ length: 10_001 }, (_, k) => k).join(',')}`)).toBe('w.step lists 10001 values; at most 10000')
  })
})
