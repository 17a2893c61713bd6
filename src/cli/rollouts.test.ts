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

  it('adds the correlation with the length in tokens where the records give it', async () => {
    // As above, with tokens (10, 20, 30, none): A = (½, −½, 0) with t = (10, 20, 30): Σ A·(t − 20) = −5,
    // Σ A² = ½, Σ (t − 20)² = 200 → −5/√100 = −½
    const path = file('tokens.jsonl', jsonl([
      { group: 1, step: 4, text: 'ab', tokens: 10, rewards: { r: 1, s: 0 } },
      { group: 1, step: 4, text: 'a', tokens: 20, rewards: { r: 0, s: 0 } },
      { group: 2, step: 4, text: 'a', tokens: 30, rewards: { r: 1, s: 1 } },
      { group: 2, step: 4, text: 'a', rewards: { r: 1, s: 1 } },
    ]))
    const result = await cliAsync(['rollouts', 'summary', '--from', path, '--weights', 'r=1,s=1', '--scale', 'none'])
    expect(result.stderr).toBe('')
    const [step, whole] = jsonLines(result.stdout)
    expect(step.advantageTokenCorrelation).toBeCloseTo(-0.5, 14)
    expect(whole.advantageTokenCorrelation).toBeCloseTo(-0.5, 14)
    expect(Object.keys(step)).toEqual(['step', 'groups', 'completions', 'silentGroups', 'zeroAdvantageShare', 'components', 'advantageLengthCorrelation', 'advantageTokenCorrelation'])
  })
})

describe('rollouts --design', () => {
  // One step, one group, (r, s): (2, 1), (0, null), (1, 3).
  const plain = file('design.jsonl', jsonl([
    { group: 'a', step: 1, rewards: { r: 2, s: 1 } },
    { group: 'a', step: 1, rewards: { r: 0, s: null } },
    { group: 'a', step: 1, rewards: { r: 1, s: 3 } },
  ]))
  const transformed = { components: { r: { transforms: [{ kind: 'clip', lo: 0, hi: 1 }] }, s: { weight: 2, transforms: [{ kind: 'scale', factor: 0.5 }] } }, estimator: { scale: 'none' } }

  it('scores the file under a design with transforms, read from a file or stdin', async () => {
    // r' = (1, 0, 1), s' = (0.5, –, 1.5): R = (2, 0, 4), mean 2 → A = (0, −2, 2)
    const expected = [[2, 0], [0, -2], [4, 2]]
    const fromFile = await advantagesOf(['--from', plain, '--design', file('design.json', JSON.stringify(transformed))])
    expect(fromFile.map((line) => [line.reward, line.advantage])).toEqual(expected)
    const fromStdin = await cliAsync(['rollouts', 'advantages', '--from', plain, '--design', '-'], JSON.stringify(transformed))
    expect(jsonLines<AdvantageLine>(fromStdin.stdout).map((line) => [line.reward, line.advantage])).toEqual(expected)
  })

  it('gives a design without transforms what the flags give', async () => {
    const design = file('plain-design.json', JSON.stringify({ components: { acc: { weight: 1 }, length: { weight: -2 } }, estimator: { center: 'batch', combine: 'decoupled' } }))
    const byDesign = await cliAsync(['rollouts', 'summary', '--from', FOLDER, '--design', design])
    const byFlags = await cliAsync(['rollouts', 'summary', '--from', FOLDER, '--weights', 'acc=1,length=-2', '--center', 'batch', '--combine', 'decoupled'])
    expect(byDesign.code).toBe(0)
    expect(byDesign.stdout).toBe(byFlags.stdout)
  })

  it('refuses a bad design naming the component, a design with design flags, and a component the file lacks', async () => {
    const bad = file('bad-design.json', JSON.stringify({ components: { r: { transforms: [{ kind: 'normalize' }] }, s: { weight: 'x' } } }))
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', plain, '--design', bad]))).toBe(
      `the rollout design in --design "${bad}" has 2 problems: components.r.transforms[0]: normalize divides by the running std of a run's discounted returns, a history a rollout file does not hold; accepted on a rollout file's components: scale, clip, bounded (each needs only the completion's score); components.s.weight: expected a finite number`,
    )
    const good = file('good-design.json', JSON.stringify(transformed))
    expect(expectUsageError(await cliAsync(['rollouts', 'advantages', '--from', plain, '--design', good, '--rank']))).toBe('--design gives the whole design; give --design or --rank, not both')
    expect(expectUsageError(await cliAsync(['rollouts', 'summary', '--from', plain, '--design', good, '--weights', 'r=1']))).toBe('--design gives the whole design; give --design or --weights, not both')
    const other = file('other-design.json', JSON.stringify({ components: { format: {} } }))
    expect(expectUsageError(await cliAsync(['rollouts', 'summary', '--from', plain, '--design', other]))).toBe(`--design "${other}": the input has no component "format"; its components: "r", "s"`)
  })
})

describe('rollouts summary: sign changes', () => {
  it('counts the sign changes against the file’s own design, per step and overall, and lists them', async () => {
    // Own design (score, GRPO): a = (1, 0, 0) → (+, −, −); b = (1, 1) → (0, 0).
    // New (len, scale none): a = (0, 1, 0) → (−⅓, ⅔, −⅓); b = (1, 0) → (½, −½).
    const path = file('signs.jsonl', jsonl([
      { group: 'a', step: 7, rewards: { score: 1, len: 0 } },
      { group: 'a', step: 7, rewards: { score: 0, len: 1 } },
      { group: 'a', step: 7, rewards: { score: 0, len: 0 } },
      { group: 'b', step: 7, rewards: { score: 1, len: 1 } },
      { group: 'b', step: 7, rewards: { score: 1, len: 0 } },
    ]))
    const result = await cliAsync(['rollouts', 'summary', '--from', path, '--weights', 'len=1', '--scale', 'none'])
    expect(result.stderr).toBe('')
    const whole = jsonLines<{ signChanges: { first: { before: number }[] } }>(result.stdout)[1]
    // Group a's std: √(((2/3)² + 2·(1/3)²)/2) = 1/√3
    const s = 1 / Math.sqrt(3) + 1e-4
    expect(whole.signChanges.first.map((change) => change.before)).toEqual([expect.closeTo((2 / 3) / s, 12), expect.closeTo(-(1 / 3) / s, 12), 0, 0])
    expect(whole.signChanges).toEqual({
      versus: 'own design',
      compared: 5,
      flips: 2,
      toZero: 0,
      fromZero: 2,
      steps: [{ step: 7, compared: 5, flips: 2, toZero: 0, fromZero: 2 }],
      first: [
        { completion: 0, place: 'line 1', step: 7, group: 0, index: 0, kind: 'flip', before: whole.signChanges.first[0].before, after: expect.closeTo(-1 / 3, 15) },
        { completion: 1, place: 'line 2', step: 7, group: 0, index: 1, kind: 'flip', before: whole.signChanges.first[1].before, after: expect.closeTo(2 / 3, 15) },
        { completion: 3, place: 'line 4', step: 7, group: 1, index: 0, kind: 'fromZero', before: 0, after: 0.5 },
        { completion: 4, place: 'line 5', step: 7, group: 1, index: 1, kind: 'fromZero', before: 0, after: -0.5 },
      ],
    })
  })

  it('compares with the advantage a TRL table logged, and gives null where there is neither it nor a score', async () => {
    // Q1: correct (1, 0), logged (0.5, −0.5); under format=1 R = (0, 1) → (−½, ½): both flip.
    const csv = file('signs.csv', 'step,prompt,completion,correct,format,advantage\n1,Q1,a,1,0,0.5\n1,Q1,b,0,1,-0.5\n')
    const result = await cliAsync(['rollouts', 'summary', '--from', csv, '--weights', 'format=1', '--scale', 'none'])
    const whole = jsonLines<{ signChanges: { versus: string; flips: number; compared: number } }>(result.stdout)[1]
    expect(whole.signChanges).toMatchObject({ versus: 'logged advantage', compared: 2, flips: 2 })
    const plain = file('no-score.jsonl', jsonl([{ group: 1, rewards: { r: 1 } }, { group: 1, rewards: { r: 0 } }]))
    const none = await cliAsync(['rollouts', 'summary', '--from', plain, '--weights', 'r=1'])
    expect(jsonLines<{ signChanges: null }>(none.stdout)[1].signChanges).toBeNull()
  })
})

describe('rollouts export', () => {
  it('prints the GRPOConfig keywords for TRL, and on stderr what it cannot carry', async () => {
    const design = file('export-design.json', JSON.stringify({ components: { acc: { weight: 1 }, length: { weight: -0.5, transforms: [{ kind: 'clip', lo: 0, hi: 1 }] } }, estimator: { scale: 'none' }, aggregation: 'seq-mean-token-sum-norm' }))
    const result = await cliAsync(['rollouts', 'export', '--from', FOLDER, '--to', 'trl', '--design', design])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('GRPOConfig(\n    reward_weights=[0.0, 1.0, -0.5],  # "score", "acc", "length"\n    multi_objective_aggregation="sum_then_normalize",\n    scale_rewards="none",\n    loss_type="dr_grpo",\n)\n')
    expect(result.stderr).toBe('note: not exported: "length": clip to [0, 1]: TRL uses each reward\'s value as it is returned, with no transform; apply it in the reward function.\n')
  })

  it('prints verl’s Hydra overrides from the flags', async () => {
    const result = await cliAsync(['rollouts', 'export', '--from', FOLDER, '--to', 'verl', '--preset', 'rloo'])
    expect(result.stdout).toBe('algorithm.adv_estimator=rloo\n')
    expect(result.stderr).toBe('')
  })

  it('refuses a missing or unknown trainer, --to elsewhere, and a component the file lacks', async () => {
    expect(expectUsageError(await cliAsync(['rollouts', 'export', '--from', FOLDER]))).toBe('rollouts export needs --to TRAINER; accepted: trl, verl')
    expect(expectUsageError(await cliAsync(['rollouts', 'export', '--from', FOLDER, '--to', 'openrlhf']))).toBe('unknown --to "openrlhf"; accepted: trl, verl')
    expect(expectUsageError(await cliAsync(['rollouts', 'summary', '--from', FOLDER, '--to', 'trl']))).toBe('--to names the trainer rollouts export writes for; rollouts summary takes no --to')
    expect(expectUsageError(await cliAsync(['rollouts', 'export', '--from', FOLDER, '--to', 'trl', '--weights', 'format=1']))).toBe('--weights: the input has no component "format"; its components: "score", "acc", "length"')
  })
})
