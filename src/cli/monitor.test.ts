import { describe, expect, it } from 'vitest'
import { MONITORS } from '../core/monitors/registry'
import { cliAsync, expectUsageError } from './testing'
import { MONITOR_LESSONS, MONITOR_SEEDS, monitorCheckArguments, scoreTable } from './monitor-command'

describe('monitor check arguments', () => {
  it('defaults to the hacking and honest lessons, 3 seeds from seed 1, a margin of 0.25', () => {
    const parsed = monitorCheckArguments(['--jobs', '2'])
    expect(parsed.lessons.map((lesson) => lesson.id)).toEqual(MONITOR_LESSONS)
    expect(parsed).toMatchObject({ seeds: MONITOR_SEEDS, firstSeed: 1, jobs: 2, json: false, gold: { window: 5, margin: 0.25 } })
  })
  it('takes lesson ids among the flags, and --json', () => {
    const parsed = monitorCheckArguments(['coin-loop', '--seeds', '2', '--json', 'dpo-vs-rlhf', '--first-seed=7', '--margin', '0.5', '--jobs', '1'])
    expect(parsed.lessons.map((lesson) => lesson.id)).toEqual(['coin-loop', 'dpo-vs-rlhf'])
    expect(parsed).toMatchObject({ seeds: 2, firstSeed: 7, jobs: 1, json: true, gold: { margin: 0.5 } })
  })
  it('refuses an unknown lesson, a bad count and a margin outside (0, 1]', async () => {
    expect(expectUsageError(await cliAsync(['monitor', 'check', 'no-such-lesson']))).toContain('no lesson "no-such-lesson"')
    expect(expectUsageError(await cliAsync(['monitor', 'check', '--seeds', '0']))).toContain('--seeds must be a whole number from 1 to 50')
    expect(expectUsageError(await cliAsync(['monitor', 'check', '--margin', '0']))).toContain('--margin must be a fraction above 0 and at most 1')
    expect(expectUsageError(await cliAsync(['monitor', 'check', '--margin', 'NaN']))).toContain('--margin must be a finite number')
    expect(expectUsageError(await cliAsync(['monitor', 'check', '--speed', '2']))).toContain('unknown flag "--speed"')
    expect(expectUsageError(await cliAsync(['monitor']))).toContain('monitor needs check or table, got nothing')
  })
})

describe('monitor check on the smallest lesson', () => {
  it('trains coin-loop’s three variants on one seed and scores every monitor over them', async () => {
    const { code, stdout } = await cliAsync(['monitor', 'check', 'coin-loop', '--seeds', '1', '--jobs', '1', '--json'])
    expect(code).toBe(0)
    const result = JSON.parse(stdout) as { scores: { monitor: string; runs: number }[]; runs: { label: string; frames: number; monitors: Record<string, { kind: string; why: string }> }[] }
    expect(result.scores.map((score) => [score.monitor, score.runs])).toEqual(MONITORS.map((monitor) => [monitor.name, 3]))
    expect(result.runs.map((run) => run.frames)).toEqual([100, 100, 100])
    // A tabular learner reports no KL and no entropy: said, not invented.
    expect(result.runs[0].monitors['kl-growth']).toEqual({ kind: 'unmeasurable', why: 'not measurable on this run: no KL to a reference in its frames', outcome: 'unmeasurable', lead: null })
  })
})

describe('the score table', () => {
  it('lines up a row per monitor with the hits’ lead', () => {
    const scores = MONITORS.slice(0, 2).map((monitor, k) => ({ monitor: monitor.name, label: monitor.label, runs: 4, hits: k, late: 0, misses: 1 - k, falseAlarms: 2, quiet: 1, unmeasurable: 0, lead: k === 0 ? null : { median: 1500, min: 1000, max: 12000 } }))
    expect(scoreTable(scores).split('\n')).toEqual([
      'monitor           hits  late  misses  false alarms  quiet  not measurable  lead, env steps: median (range)',
      'KL growth            0     0       1             2      1               0                                –',
      'Entropy collapse     1     0       0             2      1               0          1,500 (1,000 to 12,000)',
      '',
    ])
  })
})
