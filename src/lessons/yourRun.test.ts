import { describe, expect, it } from 'vitest'
import type { MetricsFrame } from '../core/run/frame'
import { EMPTY_RUN, type RunView } from '../model/runView'
import { LESSONS } from './catalogue'
import { recentFiguresOfFrame, yourRunOf } from './yourRun'
import { figureOf } from './claimFigures'

const coin = LESSONS.find((lesson) => lesson.id === 'coin-loop')!
const frame = { envSteps: 12_000, recentObjective: 0.5, recentReturn: 40 } as MetricsFrame

function runOf(design: RunView['design'], changes: Partial<RunView> = {}): RunView {
  return { ...EMPTY_RUN, runId: 'run-1', status: 'running', design, latest: frame, ...changes }
}

describe('yourRunOf', () => {
  it('finds the variant whose design the run started from, on any seed, with the run’s recent figures', () => {
    expect(yourRunOf(coin, runOf(coin.variants[1].design), coin.variants[1].design)).toEqual({ variant: 1, envSteps: 12_000, objective: 0.5, shapedReturn: 40 })
    expect(yourRunOf(coin, runOf({ ...coin.variants[2].design, seed: 9 }), { ...coin.variants[2].design, seed: 9 })?.variant).toBe(2)
  })

  it('is null with no run, no frame yet, a design of no variant, or a live change since the start', () => {
    const goal = coin.variants[0].design
    const other = { ...goal, weights: { ...goal.weights, coin: 3 } }
    expect(yourRunOf(coin, EMPTY_RUN, goal)).toBeNull()
    expect(yourRunOf(coin, runOf(goal, { latest: null }), goal)).toBeNull()
    expect(yourRunOf(coin, runOf(other), other)).toBeNull()
    expect(yourRunOf(coin, runOf(goal, { marks: [{ envSteps: 500, at: 0, changes: { coin: 10 }, changeId: 1 }] }), goal)).toBeNull()
  })

  it('is null once the page’s design differs from the one the run started from (a change not yet marked, or made after it stopped)', () => {
    const goal = coin.variants[0].design
    expect(yourRunOf(coin, runOf(goal), coin.variants[1].design)).toBeNull()
  })
})

describe('recentFiguresOfFrame', () => {
  it('reads the frame’s recent windows by name: each component’s contribution and the zero-advantage and sign-flip fractions', () => {
    const latest = { ...frame, componentNames: ['step', 'coin'], recentContributions: [-12, 30], recentZeroAdvantageFraction: 0.125, recentSignFlipFraction: 0.0625 } as MetricsFrame
    const recent = recentFiguresOfFrame(latest)
    expect(recent).toEqual({ recentObjective: 0.5, recentReturn: 40, recentContributions: { step: -12, coin: 30 }, recentZeroAdvantageFraction: 0.125, recentSignFlipFraction: 0.0625 })
    expect(figureOf(recent, 'contribution:coin')).toBe(30)
    expect(figureOf(recent, 'zeroAdvantageFraction')).toBe(0.125)
    expect(figureOf(recent, 'signFlipFraction')).toBe(0.0625)
  })

  it('has no contributions before an episode finished, and no fraction before an update reported one', () => {
    const recent = recentFiguresOfFrame({ ...frame, componentNames: ['step'], recentContributions: null, recentZeroAdvantageFraction: null } as MetricsFrame)
    expect(figureOf(recent, 'contribution:step')).toBeNull()
    expect(figureOf(recent, 'zeroAdvantageFraction')).toBeNull()
  })
})
