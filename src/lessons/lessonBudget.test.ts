import { describe, expect, it } from 'vitest'
import type { MetricsFrame } from '../core/run/frame'
import { EMPTY_RUN, type RunView } from '../model/runView'
import { LESSONS } from './catalogue'
import { lessonBudget } from './lessonBudget'

const coin = LESSONS.find((lesson) => lesson.id === 'coin-loop')!
const budget = coin.check!.steps
const goal = coin.variants[0].design

function runAt(envSteps: number, changes: Partial<RunView> = {}): RunView {
  return { ...EMPTY_RUN, runId: 'run-1', status: 'running', design: goal, latest: { envSteps, recentObjective: 0.5, recentReturn: 1 } as MetricsFrame, ...changes }
}

describe('a lesson’s budget', () => {
  it('is the check’s steps for a run of one of its variants, untouched', () => {
    expect(lessonBudget(coin, runAt(10), goal)).toBe(budget)
  })

  it('is none for a run changed live, a design of no variant, or a lesson without a check', () => {
    expect(lessonBudget(coin, runAt(10, { marks: [{ envSteps: 5, at: 0, changes: { coin: 10 }, changeId: 1 }] }), goal)).toBeNull()
    const other = { ...goal, weights: { ...goal.weights, coin: 3 } }
    expect(lessonBudget(coin, runAt(10, { design: other }), other)).toBeNull()
    expect(lessonBudget({ ...coin, check: undefined }, runAt(10), goal)).toBeNull()
  })

  it('holds from the run’s start, before its first frame, so the start can carry it to the worker', () => {
    expect(lessonBudget(coin, { design: goal, marks: [] }, goal)).toBe(budget)
    expect(lessonBudget(coin, runAt(0, { latest: null, status: 'starting' }), goal)).toBe(budget)
  })
})
