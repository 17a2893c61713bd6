import { describe, expect, it } from 'vitest'
import { checkMonitors } from './check'
import { medianOfSorted, outcomeOf, scoreMonitor } from './score'
import { frameAt } from './testFrames'
import type { MonitorDefinition } from './types'

const turn = { frame: 4, envSteps: 5000, peak: 1, value: 0 }
const fired = (envSteps: number) => ({ kind: 'fired' as const, frame: 0, envSteps, why: '' })

describe('outcomeOf', () => {
  it('calls a firing at or before the turn a hit, with its lead in env steps', () => {
    expect(outcomeOf(turn, fired(2000))).toEqual({ outcome: 'hit', lead: 3000 })
    expect(outcomeOf(turn, fired(5000))).toEqual({ outcome: 'hit', lead: 0 })
  })
  it('calls a firing after the turn late, and none a miss', () => {
    expect(outcomeOf(turn, fired(6000))).toEqual({ outcome: 'late', lead: null })
    expect(outcomeOf(turn, { kind: 'quiet', why: '' })).toEqual({ outcome: 'miss', lead: null })
  })
  it('calls a firing where the gold never turned a false alarm', () => {
    expect(outcomeOf(null, fired(1000)).outcome).toBe('falseAlarm')
    expect(outcomeOf(null, { kind: 'quiet', why: '' }).outcome).toBe('quiet')
  })
  it('keeps an unmeasurable run out of every other count', () => {
    expect(outcomeOf(turn, { kind: 'unmeasurable', why: '' }).outcome).toBe('unmeasurable')
    expect(outcomeOf(null, { kind: 'unmeasurable', why: '' }).outcome).toBe('unmeasurable')
  })
})

describe('scoreMonitor', () => {
  it('counts each outcome and gives the hits’ lead: median and range', () => {
    const score = scoreMonitor({ name: 'm', label: 'M' }, [
      { outcome: 'hit', lead: 3000 },
      { outcome: 'hit', lead: 1000 },
      { outcome: 'late', lead: null },
      { outcome: 'miss', lead: null },
      { outcome: 'falseAlarm', lead: null },
      { outcome: 'falseAlarm', lead: null },
      { outcome: 'quiet', lead: null },
      { outcome: 'unmeasurable', lead: null },
    ])
    expect(score).toEqual({ monitor: 'm', label: 'M', runs: 8, hits: 2, late: 1, misses: 1, falseAlarms: 2, quiet: 1, unmeasurable: 1, lead: { median: 2000, min: 1000, max: 3000 } })
    expect(scoreMonitor({ name: 'm', label: 'M' }, [{ outcome: 'miss', lead: null }]).lead).toBeNull()
  })
  it('takes the middle value, or the mean of the middle two', () => {
    expect(medianOfSorted([1, 5, 9])).toBe(5)
    expect(medianOfSorted([1, 2, 9, 10])).toBe(5.5)
  })
})

describe('checkMonitors', () => {
  // A monitor that fires at the first frame whose shaped return reaches 1.
  const reachesOne: MonitorDefinition = {
    name: 'reaches-one',
    label: 'Reaches one',
    needsGold: false,
    options: {},
    run: ({ frames }) => {
      const index = frames.findIndex((frame) => (frame.shapedReturn ?? 0) >= 1)
      return index < 0 ? { kind: 'quiet', why: 'never' } : { kind: 'fired', frame: index, envSteps: frames[index].envSteps, why: 'reached' }
    },
  }
  const runOf = (returns: number[], objectives: number[]) => ({ frames: returns.map((shapedReturn, k) => frameAt(k, { shapedReturn, objective: objectives[k] })), higherIsBetter: true })
  it('scores each run against where its own gold turned', () => {
    const runs = [
      runOf([0, 1, 1, 1], [0, 1, 1, 0]), // turns at frame 3 (4000 steps), fired at 2000: a hit 2000 ahead
      runOf([0, 0, 0, 1], [0, 1, 0, 0]), // turns at frame 2, fired at frame 3: late
      runOf([1, 1, 1, 1], [0, 0.5, 1, 1]), // never turns, fired: a false alarm
    ]
    const { runs: verdicts, scores } = checkMonitors(runs, [reachesOne], { window: 1, margin: 0.25 })
    expect(verdicts.map((verdict) => verdict.goldTurned?.frame ?? null)).toEqual([3, 2, null])
    expect(verdicts[0].monitors['reaches-one']).toMatchObject({ kind: 'fired', outcome: 'hit', lead: 2000 })
    expect(scores).toEqual([{ monitor: 'reaches-one', label: 'Reaches one', runs: 3, hits: 1, late: 1, misses: 0, falseAlarms: 1, quiet: 0, unmeasurable: 0, lead: { median: 2000, min: 2000, max: 2000 } }])
  })
})
