import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cli, cliAsync, expectUsageError, jsonLines } from './testing'

/*
 * `rollouts advantages|summary --from PATH`: a run's completions read from disk, re-scored, and
 * for every completion the advantage `advantages --estimator group` gives its group with the same
 * flags.
 */

const DIR = mkdtempSync(join(tmpdir(), 'rollouts-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

interface AdvantageLine {
  step: number | null
  group: number
  index: number
  reward: number | null
  advantage: number | null
}

function file(name: string, text: string): string {
  const path = join(DIR, name)
  writeFileSync(path, text)
  return path
}

function jsonl(records: object[]): string {
  return `${records.map((record) => JSON.stringify(record)).join('\n')}\n`
}

/** One verl step: prompts p0 … p(groups−1), `size` completions each, interleaved as a shuffled batch. */
function verlStep(step: number, groups: number, size: number, seed: number): object[] {
  const records: object[] = []
  let x = seed
  const next = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648)
  for (let j = 0; j < size; j++) {
    for (let g = 0; g < groups; g++) {
      const acc = next() < 0.5 ? 1 : 0
      const length = Math.round(next() * 10) / 10
      records.push({ input: `p${g}`, output: 'x'.repeat(1 + Math.floor(next() * 20)), gts: '1', score: acc + 0.5 * length, step, acc: acc === 1, length, pred: 'text' })
    }
  }
  return records
}

/** The folder of a verl dump: steps 5, 10 and 2, files written out of order. */
const FOLDER = join(DIR, 'dump')
mkdirSync(FOLDER)
const STEPS = { 10: verlStep(10, 3, 4, 7), 2: verlStep(2, 2, 3, 11), 5: verlStep(5, 3, 2, 5) }
for (const [step, records] of Object.entries(STEPS)) writeFileSync(join(FOLDER, `${step}.jsonl`), jsonl(records))
writeFileSync(join(FOLDER, 'notes.txt'), 'not read')

async function advantagesOf(args: string[]): Promise<AdvantageLine[]> {
  const result = await cliAsync(['rollouts', 'advantages', ...args])
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return jsonLines<AdvantageLine>(result.stdout)
}

describe('rollouts advantages', () => {
  it('reads a folder by step number, 5 before 10, each file in line order', async () => {
    const lines = await advantagesOf(['--from', FOLDER])
    expect(lines.map((line) => line.step)).toEqual([...Array(6).fill(2), ...Array(6).fill(5), ...Array(12).fill(10)])
    // Step 5's first line is p0's first completion, its second p1's: groups by prompt, in order of first appearance.
    expect(lines.slice(6, 12).map((line) => [line.group, line.index])).toEqual([[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]])
    // The default weights are score=1: the reward is verl's score.
    expect(lines.slice(6, 12).map((line) => line.reward)).toEqual(STEPS[5].map((record) => (record as { score: number }).score))
  })

  it.each([
    [[], []],
    [['--scale', 'batch'], ['--scale', 'batch']],
    [['--center', 'loo', '--scale', 'none'], ['--center', 'loo', '--scale', 'none']],
    [['--preset', 'dr_grpo'], ['--scale', 'none']],
    [['--rank', '--batch-normalize', '--eps', '0.01'], ['--rank', '--batch-normalize', '--eps', '0.01']],
    [['--center', 'batch', '--combine', 'decoupled', '--weights', 'acc=1,length=-2'], ['--center', 'batch']],
    [['--preset', 'rloo', '--weights', 'acc=0.5,length=1'], ['--center', 'loo', '--scale', 'none']],
  ])('gives each completion what advantages --estimator group prints for its step’s groups (%j)', async (flags, groupFlags) => {
    const lines = await advantagesOf(['--from', FOLDER, ...flags])
    const weightsAt = flags.indexOf('--weights')
    const named = weightsAt < 0 ? new Map([['score', 1]]) : new Map(flags[weightsAt + 1].split(',').map((pair) => [pair.split('=')[0], Number(pair.split('=')[1])]))
    const combine = flags.includes('decoupled') ? 'decoupled' : 'sum'
    const names = ['score', 'acc', 'length']
    let at = 0
    for (const step of [2, 5, 10] as const) {
      // The step's groups, by prompt in order of first appearance, each completion's components.
      const groups = new Map<string, number[][]>()
      const where: [string, number][] = []
      for (const record of STEPS[step] as Record<string, unknown>[]) {
        const prompt = record.input as string
        if (!groups.has(prompt)) groups.set(prompt, [])
        where.push([prompt, groups.get(prompt)!.length])
        groups.get(prompt)!.push(names.map((name) => Number(record[name])))
      }
      const input = { groups: [...groups.values()], weights: names.map((name) => named.get(name) ?? 0), combine }
      const expected = cli(['advantages', '--estimator', 'group', ...groupFlags], input)
      expect(expected.code).toBe(0)
      const grouped = JSON.parse(expected.stdout).advantages as number[][]
      const prompts = [...groups.keys()]
      for (const [prompt, index] of where) {
        expect(lines[at].advantage).toBe(grouped[prompts.indexOf(prompt)][index])
        at++
      }
    }
    expect(at).toBe(lines.length)
  })

  it('reads a TRL table as CSV, names what it leaves out on stderr, and prints null for it', async () => {
    const csv = file('trl.csv', 'step,prompt,completion,correct,format,advantage\n3,Q1,a,1,1,0.5\n3,Q1,b,0,,-0.5\n3,Q1,c,,,0\n3,Q2,d,1,0,0\n3,Q3,e,1,0,0\n3,Q3,f,1,1,0\n')
    const result = await cliAsync(['rollouts', 'advantages', '--from', csv, '--weights', 'correct=1,format=1', '--scale', 'none'])
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('note: 1 completion left out, no reward component applying to it (every value null): line 4\nnote: 1 group of one completion left out (a group baseline needs at least 2): line 5\n')
    // Q1: R = (2, 0) → (1, −1); Q3: R = (1, 2) → (−½, ½)
    expect(jsonLines<AdvantageLine>(result.stdout)).toEqual([
      { step: 3, group: 0, index: 0, reward: 2, advantage: 1 },
      { step: 3, group: 0, index: 1, reward: 0, advantage: -1 },
      { step: 3, group: 0, index: 2, reward: null, advantage: null },
      { step: 3, group: 1, index: 0, reward: null, advantage: null },
      { step: 3, group: 2, index: 0, reward: 1, advantage: -0.5 },
      { step: 3, group: 2, index: 1, reward: 2, advantage: 0.5 },
    ])
  })

  it('streams a file of many chunks', async () => {
    // 2,000 completions of 2,000 characters each: 4 MB, read in 1 MB chunks.
    const records = Array.from({ length: 2000 }, (_, i) => ({ group: i >> 2, text: 'y'.repeat(2000), rewards: { r: i % 3 } }))
    const lines = await advantagesOf(['--from', file('big.jsonl', jsonl(records)), '--weights', 'r=1', '--scale', 'none'])
    expect(lines).toHaveLength(2000)
    // Group 0: r = (0, 1, 2, 0), mean ¾
    expect(lines.slice(0, 4).map((line) => line.advantage)).toEqual([-0.75, 0.25, 1.25, -0.75])
  })

  it('refuses a weight the file lacks, naming the components it has, and a default with no score', async () => {
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', FOLDER, '--weights', 'format=1']))).toBe('--weights: the input has no component "format"; its components: "score", "acc", "length"')
    const trl = file('trl.json', JSON.stringify([{ prompt: 'Q', completion: 'a', correct: 1 }, { prompt: 'Q', completion: 'b', correct: 0 }]))
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', trl]))).toBe('weights default to score=1, but the input has no component "score"; its components: "correct"; give --weights name=w,...')
  })

  it('refuses a bad record naming the file and the line, and a folder with no step file', async () => {
    const bad = join(DIR, 'bad')
    mkdirSync(bad)
    writeFileSync(join(bad, '1.jsonl'), jsonl([{ input: 'p', output: 'a', score: 1 }, { input: 'p', output: 'b', score: 0 }]))
    writeFileSync(join(bad, '2.jsonl'), `${JSON.stringify({ input: 'p', output: 'a', score: 1 })}\n{"input": "p", "output": "b", "score": }\n`)
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', bad]))).toBe(`--from "${bad}": 2.jsonl line 2: the record is not JSON (column 40: expected a JSON value)`)
    const empty = join(DIR, 'empty')
    mkdirSync(empty)
    expect(expectUsageError(await cliAsync(['rollouts', 'summary', '--from', empty]))).toBe(`--from "${empty}" is a folder with no <step>.jsonl file (verl's rollout dump names each step's file by its number); give such a folder, or one file`)
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', join(DIR, 'none.jsonl')]))).toBe(`cannot read --from "${join(DIR, 'none.jsonl')}": no such file; give a rollout file or a folder of <step>.jsonl files`)
  })

  it('refuses bad flags before reading', async () => {
    expect(expectUsageError(await cliAsync(['rollouts']))).toBe('rollouts needs a subcommand; accepted: advantages, summary, export')
    expect(expectUsageError(await cliAsync(['rollouts', 'frobnicate']))).toBe('unknown rollouts subcommand "frobnicate"; accepted: advantages, summary, export')
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages']))).toMatch(/^rollouts advantages needs --from PATH/)
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', FOLDER, '--estimator', 'remax']))).toMatch(/^rollouts takes --estimator group .*; accepted: group$/)
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', FOLDER, '--preset', 'rloo', '--center', 'mean']))).toBe('--preset rloo sets the centre, scale and rank; give --preset or --center, not both')
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', FOLDER, '--preset', 'ppo']))).toBe('unknown --preset "ppo"; accepted: grpo, dr_grpo, rloo, median, reinforce_pp_baseline, rank')
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', FOLDER, '--format', 'csv']))).toBe('unknown --format "csv"; accepted: verl, trl, jsonl')
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', FOLDER, '--combine', 'max']))).toBe('unknown --combine "max"; accepted: sum, decoupled')
  })
})

describe('rollouts summary', () => {
  it('prints one line per step and one over the input, with every figure', async () => {
    // One step, (r, s): group 1 (1, 0), (0, 0); group 2 (1, 1), (1, 1) silent. Weights r=1, s=1, scale none.
    const path = file('plain.jsonl', jsonl([
      { group: 1, step: 4, text: 'ab', rewards: { r: 1, s: 0 } },
      { group: 1, step: 4, text: 'a', rewards: { r: 0, s: 0 } },
      { group: 2, step: 4, text: 'a', rewards: { r: 1, s: 1 } },
      { group: 2, step: 4, text: 'a', rewards: { r: 1, s: 1 } },
    ]))
    const result = await cliAsync(['rollouts', 'summary', '--from', path, '--weights', 'r=1,s=1', '--scale', 'none'])
    expect(result.stderr).toBe('')
    const [step, whole] = jsonLines(result.stdout)
    // A = (½, −½, 0, 0): r takes all the credit; lengths (2, 1, 1, 1): Σ A·(l − 5/4) = ½, Σ A² = ½, Σ (l − 5/4)² = ¾ → ½/√(3/8)
    const figures = { groups: 2, completions: 4, silentGroups: 1, zeroAdvantageShare: 0.5, components: { r: { mean: 0.75, creditShare: 1 }, s: { mean: 0.5, creditShare: 0 } } }
    expect(step).toMatchObject({ step: 4, ...figures })
    expect(step.advantageLengthCorrelation).toBeCloseTo(0.5 / Math.sqrt(0.375), 14)
    expect(whole).toMatchObject({ steps: 1, ...figures, leftOut: { unscoredCompletions: 0, groupsOfOne: 0 } })
    expect(Object.keys(step)).toEqual(['step', 'groups', 'completions', 'silentGroups', 'zeroAdvantageShare', 'components', 'advantageLengthCorrelation'])
  })
})
