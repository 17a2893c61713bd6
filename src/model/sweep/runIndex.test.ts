import { describe, expect, it } from 'vitest'
import { allRuns, parseShard, runAt, runConfigAt, runCount, shardRuns, unfinishedRuns } from './runIndex'
import { hazardSweep, record } from './testSweeps'

describe('run indexing', () => {
  it('numbers runs point by point, seeds within a point, from the config seed', () => {
    const sweep = hazardSweep(2)
    expect(runCount(sweep)).toBe(6)
    expect(Array.from({ length: 6 }, (_, run) => runAt(sweep, run))).toEqual([
      { run: 0, point: 0, seed: 5 },
      { run: 1, point: 0, seed: 6 },
      { run: 2, point: 1, seed: 5 },
      { run: 3, point: 1, seed: 6 },
      { run: 4, point: 2, seed: 5 },
      { run: 5, point: 2, seed: 6 },
    ])
  })

  it('trains each run as its point’s design on its seed', () => {
    const sweep = hazardSweep(2)
    const config = runConfigAt(sweep, 3)
    expect(config.seed).toBe(6)
    expect(config.mix.weights.hazard).toBe(50)
    expect(config).toEqual({ ...runConfigAt(sweep, 2), seed: 6 })
  })
})

describe('sharding', () => {
  it('gives shard I/N the runs whose index mod N is I', () => {
    expect(shardRuns(10, { index: 0, count: 3 })).toEqual([0, 3, 6, 9])
    expect(shardRuns(10, { index: 1, count: 3 })).toEqual([1, 4, 7])
    expect(shardRuns(10, { index: 2, count: 3 })).toEqual([2, 5, 8])
    expect(shardRuns(2, { index: 4, count: 5 })).toEqual([])
    expect(shardRuns(4, { index: 0, count: 1 })).toEqual([0, 1, 2, 3])
  })

  it('splits any sweep into N parts that together are every run, each once', () => {
    for (const total of [1, 7, 30, 101]) {
      for (const count of [1, 2, 3, 8, 200]) {
        const all = Array.from({ length: count }, (_, index) => shardRuns(total, { index, count })).flat()
        expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, run) => run))
      }
    }
  })

  it.each([
    ['0/1', { index: 0, count: 1 }],
    ['2/3', { index: 2, count: 3 }],
    [' 7 / 10000 ', { index: 7, count: 10_000 }],
  ])('reads %j', (text, shard) => {
    expect(parseShard(text)).toEqual({ ok: true, shard })
  })

  it.each(['3/3', '0/0', '-1/3', '1', '1/2/3', 'a/b', '1.5/3', '0/10001', ''])('refuses %j, naming what is accepted', (text) => {
    expect(parseShard(text)).toEqual({ ok: false, problem: `expected I/N with N from 1 to 10000 and I from 0 to N − 1 (the runs whose index mod N is I), got "${text}"` })
  })
})

describe('resuming', () => {
  it('trains exactly the runs no record holds, in order, whatever order the records came in', () => {
    const sweep = hazardSweep(2)
    expect(allRuns(sweep)).toEqual([0, 1, 2, 3, 4, 5])
    const records = [record(sweep, 4, 1, -1), record(sweep, 1, 1, -1), record(sweep, 4, 2, -2)]
    expect(unfinishedRuns(allRuns(sweep), records)).toEqual([0, 2, 3, 5])
    expect(unfinishedRuns(allRuns(sweep), [])).toEqual([0, 1, 2, 3, 4, 5])
    expect(unfinishedRuns(allRuns(sweep), allRuns(sweep).map((run) => record(sweep, run, 0, 0)))).toEqual([])
    // A shard's runs only: the others are another process's.
    expect(unfinishedRuns(shardRuns(6, { index: 1, count: 2 }), records)).toEqual([3, 5])
  })
})
