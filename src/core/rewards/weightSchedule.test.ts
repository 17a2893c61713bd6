import { describe, expect, it } from 'vitest'
import { getEnv } from '../envs/registry'
import { checkRewardDesign } from './checkRewardDesign'
import { parseRewardDesign } from './designSchema'
import { describeSchedule, scheduledWeight, scheduleProblems, weightsAt, type WeightSchedule } from './weightSchedule'

const cartpole = getEnv('cartpole').spec

describe('scheduledWeight', () => {
  // a = 2, b = 0, N = 100 unless a test says otherwise; every value below is worked by hand.
  const of = (kind: WeightSchedule['kind'], from = 2, to = 0, steps = 100): WeightSchedule => ({ kind, from, to, steps })

  it('linear: w = a + (b − a)·min(t/N, 1)', () => {
    expect(scheduledWeight(of('linear'), 0)).toBe(2)
    expect(scheduledWeight(of('linear'), 25)).toBe(1.5)
    expect(scheduledWeight(of('linear'), 50)).toBe(1)
    expect(scheduledWeight(of('linear'), 100)).toBe(0)
    expect(scheduledWeight(of('linear'), 250)).toBe(0)
    // Rising: 0 → 1 over 4 steps, at t = 1 it is 1/4.
    expect(scheduledWeight(of('linear', 0, 1, 4), 1)).toBe(0.25)
  })

  it('cosine: w = b + (a − b)·(1 + cos(π·min(t/N, 1)))/2', () => {
    expect(scheduledWeight(of('cosine'), 0)).toBe(2)
    // cos(π/4) = √2/2: 0 + 2·(1 + 0.70710678)/2 = 1.70710678
    expect(scheduledWeight(of('cosine'), 25)).toBeCloseTo(1.7071067811865475, 12)
    // cos(π/2) = 0: halfway, 1
    expect(scheduledWeight(of('cosine'), 50)).toBeCloseTo(1, 12)
    expect(scheduledWeight(of('cosine'), 100)).toBe(0)
    expect(scheduledWeight(of('cosine'), 250)).toBe(0)
    // Rising 1 → 3: at t = N/2, 3 + (1 − 3)·1/2 = 2
    expect(scheduledWeight(of('cosine', 1, 3, 10), 5)).toBeCloseTo(2, 12)
  })

  it('step: a before step N, b from step N on', () => {
    expect(scheduledWeight(of('step'), 0)).toBe(2)
    expect(scheduledWeight(of('step'), 50)).toBe(2)
    expect(scheduledWeight(of('step'), 99)).toBe(2)
    expect(scheduledWeight(of('step'), 100)).toBe(0)
    expect(scheduledWeight(of('step'), 250)).toBe(0)
  })

  it('N = 1: the whole way in one step', () => {
    expect(scheduledWeight(of('linear', 2, 0, 1), 0)).toBe(2)
    expect(scheduledWeight(of('linear', 2, 0, 1), 0.5)).toBe(1)
    expect(scheduledWeight(of('linear', 2, 0, 1), 1)).toBe(0)
    expect(scheduledWeight(of('cosine', 2, 0, 1), 0)).toBe(2)
    expect(scheduledWeight(of('cosine', 2, 0, 1), 1)).toBe(0)
    expect(scheduledWeight(of('cosine', 2, 0, 1), 7)).toBe(0)
    expect(scheduledWeight(of('step', 2, 0, 1), 0)).toBe(2)
    expect(scheduledWeight(of('step', 2, 0, 1), 1)).toBe(0)
  })

  it('a = b: the weight stays a', () => {
    for (const kind of ['linear', 'cosine', 'step'] as const) {
      for (const t of [0, 50, 100, 1e6]) expect(scheduledWeight(of(kind, 0.7, 0.7), t)).toBeCloseTo(0.7, 15)
    }
  })
})

describe('weightsAt', () => {
  it('replaces the scheduled weights only, and leaves weights alone without schedules', () => {
    const weights = { alive: 1, upright: 0.5 }
    expect(weightsAt(weights, undefined, 10)).toEqual(weights)
    expect(weightsAt(weights, { alive: { kind: 'linear', from: 1, to: 0, steps: 20 } }, 10)).toEqual({ alive: 0.5, upright: 0.5 })
  })
})

describe('describeSchedule', () => {
  it('says the schedule in words', () => {
    expect(describeSchedule({ kind: 'linear', from: 1, to: 0, steps: 10000 })).toBe('linear 1 → 0 over 10000 steps')
    expect(describeSchedule({ kind: 'step', from: 1, to: 0, steps: 5000 })).toBe('step 1 → 0 at step 5000')
  })
})

describe('schedules in a reward design', () => {
  it('a design without schedules has no schedules key (its JSON is as before)', () => {
    const parsed = parseRewardDesign({ weights: { alive: 1 } })
    expect(parsed.ok && 'schedules' in parsed.design).toBe(false)
  })

  it('accepts a schedule of an existing component within its range', () => {
    const checked = checkRewardDesign({ schedules: { alive: { kind: 'cosine', from: 1, to: 0, steps: 1000 } } }, cartpole)
    expect(checked).toEqual({ ok: true, design: expect.objectContaining({ schedules: { alive: { kind: 'cosine', from: 1, to: 0, steps: 1000 } } }) })
  })

  it('names each problem once: kind, steps, unknown key, unknown component, out of range', () => {
    const checked = checkRewardDesign(
      {
        schedules: {
          alive: { kind: 'exponential', from: 1, to: 0, steps: 10 },
          upright: { kind: 'linear', from: 0, to: 1, steps: 1.5 },
          centred: { kind: 'linear', from: 0, to: 1, steps: 10, every: 2 },
          calm: { kind: 'step', from: 0, to: 1, steps: 1e10 },
          wobble: { kind: 'linear', from: 0, to: 1, steps: 10 },
          failure: { kind: 'linear', from: -1, to: 200, steps: 10 },
        },
      },
      cartpole,
    )
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.problems).toEqual([
      'schedules.alive.kind: expected a schedule kind; accepted: linear, cosine, step',
      'schedules.upright.steps: expected steps: a whole number from 1 to 1000000000',
      'schedules.centred: unknown key "every" in a weight schedule; accepted: kind, from, to, steps',
      'schedules.calm.steps: expected steps: a whole number from 1 to 1000000000',
      'schedules.wobble: there is no component "wobble" to schedule; accepted: alive, upright, centred, calm, effort, failure',
      "schedules.failure.from: -1 is outside failure's slider range; accepted: a number from 0 to 100",
      "schedules.failure.to: 200 is outside failure's slider range; accepted: a number from 0 to 100",
    ])
  })

  it('refuses steps of 0 and a missing field', () => {
    const checked = checkRewardDesign({ schedules: { alive: { kind: 'linear', from: 1, steps: 0 } } }, cartpole)
    expect(checked.ok ? [] : checked.problems).toEqual(['schedules.alive.to: expected to: a finite number, the weight from `steps` on', 'schedules.alive.steps: expected steps: a whole number from 1 to 1000000000'])
  })

  it('refuses reserved names, __proto__ included, with the one message', () => {
    const checked = checkRewardDesign(JSON.parse('{"schedules": {"__proto__": {"kind": "linear", "from": 1, "to": 0, "steps": 10}, "constructor": {"kind": "linear", "from": 1, "to": 0, "steps": 10}}}'), cartpole)
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.problems.filter((problem) => problem.includes('is reserved'))).toHaveLength(2)
    expect(checked.problems.every((problem) => problem.startsWith('schedules'))).toBe(true)
  })

  it('a schedule may name a term the design adds, within its range', () => {
    const design = { terms: [{ name: 'keep', expression: '-abs(x)', weight: 1 }], schedules: { keep: { kind: 'linear', from: 1, to: 3, steps: 10 } } }
    const checked = checkRewardDesign(design, cartpole)
    expect(checked.ok ? [] : checked.problems).toEqual(["schedules.keep.to: 3 is outside keep's slider range; accepted: a number from -2 to 2"])
  })

  it('scheduleProblems quotes an odd name', () => {
    expect(scheduleProblems({ 'a b': { kind: 'linear', from: 0, to: 1, steps: 1 } }, [{ name: 'alive', range: [0, 2] }])).toEqual(['schedules["a b"]: there is no component "a b" to schedule; accepted: alive'])
  })
})
