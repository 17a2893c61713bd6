import { beforeEach, describe, expect, it } from 'vitest'
import { cartpoleFrame } from '../../model/testFrames'
import { usePlayground } from './store'

const frame = cartpoleFrame

describe('playground store', () => {
  beforeEach(() => {
    usePlayground.getState().setEnv('cartpole')
    usePlayground.getState().runStarting('run-1')
  })

  it('adds a curve point only for frames in which episodes finished', () => {
    const store = usePlayground.getState()
    store.addFrame(frame(512, 20))
    store.addFrame(frame(1024, null))
    store.addFrame(frame(1536, 30))
    const run = usePlayground.getState().run
    expect(run.status).toBe('running')
    expect(run.series.map((p) => [p.envSteps, p.shapedReturn])).toEqual([
      [512, 20],
      [1536, 30],
    ])
    expect(run.latest?.envSteps).toBe(1536)
  })

  it('collapses the marks of one dragged slider between two curve points, keeps other marks', () => {
    const store = usePlayground.getState()
    store.addFrame(frame(512, 20))
    store.addMark({ envSteps: 600, at: 0, changes: { alive: 0.98 }, changeId: 1 })
    store.addMark({ envSteps: 700, at: 50, changes: { alive: 0.96 }, changeId: 2 })
    store.addMark({ envSteps: 800, at: 100, changes: { failure: 1 }, changeId: 3 })
    store.addMark({ envSteps: 800, at: 150, changes: { upright: 0.5 }, changeId: 4 })
    store.addFrame(frame(1024, 25))
    // A new curve point came in, but the same slider moved again within a moment: same mark.
    store.addMark({ envSteps: 1100, at: 900, changes: { failure: 1, upright: 0.75 }, changeId: 5 })
    store.addFrame(frame(1536, 25))
    store.addMark({ envSteps: 1600, at: 5000, changes: { failure: 1, upright: 1 }, changeId: 6 })
    expect(usePlayground.getState().run.marks).toEqual([
      // The drag of alive collapses into one mark where it began, with the value it ended at.
      { envSteps: 600, at: 50, changes: { alive: 0.96 }, changeId: 2 },
      // Two sliders changed before one rollout: one mark naming both; moved again a moment later: still one.
      { envSteps: 800, at: 900, changes: { failure: 1, upright: 0.75 }, changeId: 5 },
      // Seconds later, after new curve points: a new mark.
      { envSteps: 1600, at: 5000, changes: { failure: 1, upright: 1 }, changeId: 6 },
    ])
  })

  it('starts over with default weights when the environment changes', () => {
    const store = usePlayground.getState()
    store.setWeight('alive', 0.5)
    store.addFrame(frame(512, 20))
    store.setEnv('gridworld')
    const state = usePlayground.getState()
    expect(state.design.weights).toEqual({ step: 1, hazard: 100, goal: 0, progress: 0, coin: 0 })
    expect(state.design.learner.kind).toBe('qlearning')
    expect(state.run.series).toEqual([])
  })

  it('keeps one note per thing changed when marks merge, the latest value winning', () => {
    const store = usePlayground.getState()
    store.addMark({ envSteps: 100, at: 0, changes: {}, changeId: 1, note: 'term1 := -abs(theta)' })
    store.addMark({ envSteps: 100, at: 10, changes: {}, changeId: 2, note: 'term1 := -2*abs(theta)' })
    store.addMark({ envSteps: 100, at: 20, changes: {}, changeId: 3, note: 'count_global β = 0.5' })
    expect(usePlayground.getState().run.marks.map((m) => m.note)).toEqual(['term1 := -2*abs(theta); count_global β = 0.5'])
  })

  it('refuses parameters that the added terms no longer fit, keeping the last valid ones', () => {
    const store = usePlayground.getState()
    store.setEnv('bandit')
    expect(store.setReward({ terms: [{ name: 'last', expression: 'mean_4', weight: 1 }], shaping: [], bonuses: [], transforms: {} })).toEqual([])
    const refusal = usePlayground.getState().setParams({ ...usePlayground.getState().design.params, k: 3 })
    expect(refusal).toMatch(/^these parameters do not fit the terms added to the reward: terms\[0\]\.expression: unknown variable "mean_4"/)
    expect(usePlayground.getState().design.params.k).toBe(5)
  })
})
