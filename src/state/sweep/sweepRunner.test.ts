import { describe, expect, it } from 'vitest'
import type { RunConfig } from '../../core/run/config'
import { allRuns, runConfigAt, unfinishedRuns } from '../../model/sweep/runIndex'
import { runRecordOf, type RunRecord } from '../../model/sweep/runRecord'
import { hazardSweep, record } from '../../model/sweep/testSweeps'
import { MAX_SWEEP_STEPS } from '../../model/sweep/limits'
import { MAX_BUDGET_STEPS } from '../../worker/protocol'
import { MAX_SWEEP_WORKERS, SweepRunner, sweepWorkerCount, type SweepSlotEvents } from './sweepRunner'

/* The page's sweep scheduler, with slots standing in for workers. */

interface FakeSlot {
  events: SweepSlotEvents
  started: { runId: string; config: RunConfig; budget: number }[]
  closed: boolean
}

function harness(runs: number[], workers: number) {
  const sweep = hazardSweep(2)
  const slots: FakeSlot[] = []
  const recorded: RunRecord[] = []
  const failed: [number, string][] = []
  const ended: string[] = []
  const runner = new SweepRunner(sweep, runs, { recorded: (each) => recorded.push(each), failed: (run, message) => failed.push([run, message]), ended: (how) => ended.push(how) })
  runner.start(workers, (_, events) => {
    const slot: FakeSlot = { events, started: [], closed: false }
    slots.push(slot)
    return { start: (runId, config, budget) => slot.started.push({ runId, config, budget }), close: () => (slot.closed = true) }
  })
  /** Slot k finishes its latest run with these figures. */
  const finish = (k: number, objective = 1) => {
    const latest = slots[k].started[slots[k].started.length - 1]
    const { run, point, axes, seed, ...figures } = record(sweep, 0, objective, -objective)
    slots[k].events.finished(latest.runId, figures)
  }
  const runsOf = (k: number) => slots[k].started.map((start) => sweep.points.findIndex((point) => point.design.weights.hazard === start.config.mix.weights.hazard) * 2 + (start.config.seed - 5))
  return { sweep, runner, slots, recorded, failed, ended, finish, runsOf }
}

describe('SweepRunner', () => {
  it('trains every run once, a slot taking the next run as its last finishes, each its own config to the budget', () => {
    const { sweep, slots, recorded, ended, finish, runsOf } = harness(allRuns(hazardSweep(2)), 2)
    expect(slots).toHaveLength(2)
    expect(slots[0].started[0]).toMatchObject({ config: runConfigAt(sweep, 0), budget: 500 })
    expect(slots[1].started[0]).toMatchObject({ config: runConfigAt(sweep, 1), budget: 500 })
    finish(1)
    finish(1)
    finish(0)
    finish(1)
    finish(0)
    expect(ended).toEqual([])
    finish(1)
    expect(ended).toEqual(['finished'])
    // Each run to whichever slot is free first, in run order.
    expect(runsOf(0)).toEqual([0, 4])
    expect(runsOf(1)).toEqual([1, 2, 3, 5])
    expect(recorded.map((each) => each.run).sort()).toEqual([0, 1, 2, 3, 4, 5])
    const { run, point, axes, seed, ...figures } = record(sweep, 0, 1, -1)
    expect(recorded.find((each) => each.run === 4)).toEqual(runRecordOf(sweep, 4, figures))
    expect(slots.every((slot) => slot.closed)).toBe(true)
  })

  it('on Resume trains exactly the runs no record holds, never more slots than runs', () => {
    const sweep = hazardSweep(2)
    const { slots, recorded, ended, finish, runsOf } = harness(unfinishedRuns(allRuns(sweep), [record(sweep, 0, 1, -1), record(sweep, 2, 1, -1), record(sweep, 3, 1, -1), record(sweep, 5, 1, -1)]), 4)
    expect(slots).toHaveLength(2)
    expect([...runsOf(0), ...runsOf(1)]).toEqual([1, 4])
    finish(0)
    finish(1)
    expect(recorded.map((each) => each.run)).toEqual([1, 4])
    expect(ended).toEqual(['finished'])
  })

  it('records nothing for a run that failed or sent no figures, and goes on with the rest', () => {
    const { slots, recorded, failed, ended, finish } = harness([0, 1, 2], 1)
    slots[0].events.failed(slots[0].started[0].runId, 'the trainer refused it')
    slots[0].events.finished(slots[0].started[1].runId, { objective: 'high' })
    finish(0)
    expect(failed.map(([run]) => run)).toEqual([0, 1])
    expect(failed[0][1]).toBe('the trainer refused it')
    expect(failed[1][1]).toMatch(/^the worker sent no run's figures/)
    expect(recorded.map((each) => each.run)).toEqual([2])
    expect(ended).toEqual(['finished'])
  })

  it('loses only the run of a crashed slot; with no slot left the sweep stops', () => {
    const { slots, recorded, failed, ended, finish } = harness([0, 1, 2, 3, 4], 2)
    slots[0].events.crashed('out of memory')
    expect(slots[0].closed).toBe(true)
    expect(failed).toEqual([[0, 'out of memory']])
    finish(1)
    expect(slots[1].started).toHaveLength(2)
    slots[1].events.crashed('again')
    expect(ended).toEqual(['stopped'])
    expect(recorded.map((each) => each.run)).toEqual([1])
  })

  it('stops at once: every slot closed, later answers ignored', () => {
    const { runner, slots, recorded, ended, finish } = harness([0, 1, 2, 3], 2)
    runner.stop()
    expect(ended).toEqual(['stopped'])
    expect(slots.every((slot) => slot.closed)).toBe(true)
    finish(0)
    runner.stop()
    expect(recorded).toEqual([])
    expect(ended).toEqual(['stopped'])
    expect(runner.waiting).toBe(0)
  })

  it('ignores an answer of a run the slot no longer trains', () => {
    const { slots, recorded, finish } = harness([0, 1], 1)
    const first = slots[0].started[0].runId
    finish(0)
    slots[0].events.finished(first, record(hazardSweep(2), 0, 1, -1))
    expect(recorded.map((each) => each.run)).toEqual([0])
  })
})

describe('sweepWorkerCount', () => {
  it('is one worker per core, at least 1, at most MAX_SWEEP_WORKERS, and never more than the runs', () => {
    expect(sweepWorkerCount(2, 30)).toBe(2)
    expect(sweepWorkerCount(undefined, 30)).toBe(1)
    expect(sweepWorkerCount(0, 30)).toBe(1)
    expect(sweepWorkerCount(64, 30)).toBe(MAX_SWEEP_WORKERS)
    expect(sweepWorkerCount(8, 3)).toBe(3)
  })

  it('hands the worker a budget it takes: the sweep’s steps bound is the protocol’s', () => {
    expect(MAX_BUDGET_STEPS).toBe(MAX_SWEEP_STEPS)
  })
})
