import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunConfig } from '../core/run/config'
import type { IterationReport } from '../core/run/trainer'
import { createCliTrainer } from './cliTrainer'
import { cliAsync, expectUsageError, jsonLines } from './testing'
import { parseRunConfig } from './train-command'

/*
 * `train --dump-rollouts DIR` writes each update's completions in verl's format, and `rollouts
 * advantages` reads them back to the advantages the run itself trained on: the report's
 * advantages (float32) are the float64 ones rounded, so the two agree exactly once rounded.
 */

const DIR = mkdtempSync(join(tmpdir(), 'dump-rollouts-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

const ITERATIONS = 3
const ENV = { id: 'tokenseq', params: { group_size: 4, max_length: 4 } }
const MIX = { format: 0.5, length: 0.2 }

interface AdvantageLine {
  step: number
  group: number
  index: number
  reward: number
  advantage: number
}

/** The run's own reports, update by update, from a trainer built as train builds it. */
async function ownReports(config: object): Promise<IterationReport[]> {
  const trainer = await createCliTrainer(parseRunConfig(JSON.stringify(config), 'test') as RunConfig)
  try {
    const reports: IterationReport[] = []
    for (let i = 0; i < ITERATIONS; i++) reports.push(await trainer.iterate())
    return reports
  } finally {
    trainer.dispose()
  }
}

async function dumpAndReadBack(name: string, config: object, readFlags: string[]): Promise<{ lines: AdvantageLine[]; reports: IterationReport[]; dir: string }> {
  const dir = join(DIR, name)
  const train = await cliAsync(['train', '--config', '-', '--iterations', String(ITERATIONS), '--dump-rollouts', dir], JSON.stringify(config))
  expect(train.stderr).toBe('')
  expect(train.code).toBe(0)
  const read = await cliAsync(['rollouts', 'advantages', '--from', dir, ...readFlags])
  expect(read.stderr).toBe('')
  expect(read.code).toBe(0)
  return { lines: jsonLines<AdvantageLine>(read.stdout), reports: await ownReports(config), dir }
}

/** Every completion's advantage read back, rounded to float32 as the report keeps it, is the run's (an update with no batch wrote no file). */
function expectRunAdvantages(lines: AdvantageLine[], reports: IterationReport[]): void {
  let read = 0
  reports.forEach((report, update) => {
    const step = lines.filter((line) => line.step === update + 1)
    if (report.groupBatch === undefined) return expect(step).toEqual([])
    expect(step.map((line) => Math.fround(line.advantage))).toEqual(Array.from(report.advantages!))
    read += step.length
  })
  expect(read).toBe(lines.length)
  // Not all zero: the comparison has something to compare.
  expect(lines.some((line) => line.advantage !== 0)).toBe(true)
}

describe('train --dump-rollouts', () => {
  it('writes verl lines per update that read back to the run’s own advantages (GRPO)', async () => {
    // A start policy seldom answers right in three updates: format and length give the groups their spread.
    // 16 groups of the task's 100 prompts: some update draws one prompt for two groups, which the uid keeps apart.
    const config = { env: ENV, mix: { weights: MIX }, learner: { kind: 'grpo', groupsPerIteration: 16 }, seed: 3 }
    const { lines, reports, dir } = await dumpAndReadBack('grpo', config, [])
    expectRunAdvantages(lines, reports)
    const first = readFileSync(join(dir, '1.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line))
    expect(first).toHaveLength(64)
    expect(Object.keys(first[0])).toEqual(['input', 'output', 'score', 'step', 'uid', 'correct', 'format', 'length', 'proxy', 'overlong', 'closeness', 'digits'])
    const prompts = first.filter((_, i) => i % 4 === 0).map((line) => line.input)
    expect(new Set(prompts).size).toBeLessThan(16)
    for (const line of first) {
      expect(line.input).toMatch(/^\d\+\d=$/)
      expect(line.output).toMatch(/^(\d|think|end)( (\d|think|end))*$/)
      expect(line.step).toBe(1)
    }
    // A group's four completions share a prompt; the score is the mix the run paid.
    for (let g = 0; g < 16; g++) expect(new Set(first.slice(4 * g, 4 * g + 4).map((line) => [line.input, line.uid].join())).size).toBe(1)
    for (const line of first) expect(line.score).toBe(line.correct + 0.5 * line.format + 0.2 * line.length)
  })

  it('reads back a decoupled, unscaled run by its components and weights, and the KL in the reward as a component', async () => {
    const decoupled = { env: ENV, mix: { weights: MIX }, learner: { kind: 'grpo', groupsPerIteration: 2, estimator: { combine: 'decoupled', scale: 'none' } }, seed: 5 }
    // The mix's weights: the token task's defaults (correct 1, proxy 0, overlong 0) with MIX's.
    const run = await dumpAndReadBack('decoupled', decoupled, ['--combine', 'decoupled', '--scale', 'none', '--weights', 'correct=1,format=0.5,length=0.2,proxy=0,overlong=0'])
    expectRunAdvantages(run.lines, run.reports)
    const kl = { env: ENV, mix: { weights: MIX }, learner: { kind: 'grpo', groupsPerIteration: 2, klPlacement: 'reward', beta: 0.5 }, seed: 3 }
    const withKl = await dumpAndReadBack('kl', kl, ['--weights', 'score=1,kl_penalty=1'])
    expectRunAdvantages(withKl.lines, withKl.reports)
    expect(JSON.parse(readFileSync(join(withKl.dir, '1.jsonl'), 'utf8').split('\n')[0]).kl_penalty).toBeLessThanOrEqual(0)
  })

  it('writes the groups dynamic sampling kept, with their own prompts', async () => {
    const config = { env: ENV, mix: { weights: MIX }, learner: { kind: 'grpo', groupsPerIteration: 4, dynamicSampling: { enabled: true, maxRounds: 3 } }, seed: 7 }
    const { lines, reports } = await dumpAndReadBack('dynamic', config, [])
    expectRunAdvantages(lines, reports)
    expect(reports.some((report) => (report.diagnostics.groups_drawn ?? 0) > (report.diagnostics.groups_kept ?? 0))).toBe(true)
  })

  it('refuses a learner or an environment with no text completions, and a folder that holds rollouts', async () => {
    const q = { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning' }, seed: 1 }
    expect(expectUsageError(await cliAsync(['train', '--config', '-', '--dump-rollouts', join(DIR, 'q')], JSON.stringify(q)))).toBe("train --dump-rollouts writes a GRPO run's completions, and the config's learner is qlearning; accepted: the grpo learner on tokenseq")
    const bandit = { env: { id: 'bandit' }, learner: { kind: 'grpo', groupSize: 4 }, seed: 1 }
    expect(expectUsageError(await cliAsync(['train', '--config', '-', '--dump-rollouts', join(DIR, 'b')], JSON.stringify(bandit)))).toBe("train --dump-rollouts writes completions whose prompts and tokens are text, and bandit's are not; accepted: the grpo learner on tokenseq")
    expect(existsSync(join(DIR, 'q'))).toBe(false)
    const held = join(DIR, 'held')
    mkdirSync(held)
    writeFileSync(join(held, '1.jsonl'), '')
    const config = { env: ENV, learner: { kind: 'grpo', groupsPerIteration: 2 }, seed: 3 }
    expect(expectUsageError(await cliAsync(['train', '--config', '-', '--iterations', '1', '--dump-rollouts', held], JSON.stringify(config)))).toBe(`--dump-rollouts "${held}" already holds rollouts (1.jsonl); give a new or empty folder`)
  })
})
