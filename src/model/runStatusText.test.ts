import { describe, expect, it } from 'vitest'
import { budgetStopOf, emptyCurveText, runStatusText } from './runStatusText'

describe('runStatusText', () => {
  it('says a run paused at a lesson’s budget stopped there', () => {
    expect(runStatusText('paused', {}, { budget: 100_000 }).label).toBe('Stopped at the lesson’s 100,000 steps')
  })

  it('says Paused for a pause of the user’s own, and Training while it trains', () => {
    expect(runStatusText('paused', {}, null).label).toBe('Paused')
    expect(runStatusText('running', {}, { budget: 100_000 }).label).toBe('Training')
  })

  it('notes a learning rate annealed to 0 while training goes on, and nothing while it is above 0 or not reported', () => {
    expect(runStatusText('running', { learning_rate: 0 }, null).note).toBe('Learning rate annealed to 0 — further steps change nothing.')
    expect(runStatusText('running', { learning_rate: 1e-6 }, null).note).toBeNull()
    expect(runStatusText('running', { loss: 0 }, null).note).toBeNull()
    expect(runStatusText('running', null, null).note).toBeNull()
    expect(runStatusText('paused', { learning_rate: 0 }, null).note).toBeNull()
  })
})

describe('budgetStopOf', () => {
  it('is the budget a paused run paused itself at, and none for a pause of the user’s own or a run that trains on', () => {
    expect(budgetStopOf({ status: 'paused', budgetPause: 20_000 })).toEqual({ budget: 20_000 })
    expect(budgetStopOf({ status: 'paused', budgetPause: null })).toBeNull()
    expect(budgetStopOf({ status: 'running', budgetPause: 20_000 })).toBeNull()
  })
})

describe('emptyCurveText', () => {
  it('says training is waiting for the first episode while a run trains, and to press Start before one does', () => {
    expect(emptyCurveText('running')).toBe('Training — waiting for the first episode to end.')
    expect(emptyCurveText('starting')).toBe('Training — waiting for the first episode to end.')
    expect(emptyCurveText('idle')).toMatch(/^No episodes yet\. Press Start/)
  })
})
