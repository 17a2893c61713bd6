import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberScores, scoreRewardModel } from '../core/preferences/rewardModel'
import { parseRewardModel } from '../core/preferences/rewardModelSchema'
import { MLP_BATCH_SIZE, MLP_EPOCHS, MLP_HIDDEN, MLP_LEARNING_RATE } from '../learn/mlpRewardModel'
import { cli, cliAsync, expectUsageError, jsonLines, spawnCli } from './testing'
import { HELP } from './usage'

/* `reward-model fit --pairs FILE`: a reward model fitted to labelled pairs, judged on held-out ones. */

const DIR = mkdtempSync(join(tmpdir(), 'reward-model-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

interface Figures {
  trainAccuracy: number
  trainGoldAccuracy: number | null
  trainLoss: number
  heldOutAccuracy: number | null
  heldOutGoldAccuracy: number | null
  heldOutLoss: number | null
  lossByEpoch?: number[]
}
interface FitOutput {
  model: unknown
  pairs: { total: number; train: number; heldOut: number; trainGold: number; heldOutGold: number }
  ensemble: Figures
  members: Figures[]
  options: Record<string, unknown>
}
interface PairLine {
  a: { features: Record<string, number>; gold: number }
  b: { features: Record<string, number>; gold: number }
  label: 'a' | 'b'
}

function file(name: string, text: string): string {
  const path = join(DIR, name)
  writeFileSync(path, text)
  return path
}

async function preferences(args: string[]): Promise<string> {
  const { code, stdout, stderr } = await cliAsync(['preferences', '--env', 'tokenseq', ...args])
  expect(stderr).toBe('')
  expect(code).toBe(0)
  return stdout
}

async function fit(args: string[], stdin?: string): Promise<FitOutput> {
  const { code, stdout, stderr } = await cliAsync(['reward-model', 'fit', ...args], stdin)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  expect(stdout.endsWith('\n')).toBe(true)
  expect(stdout.trim().split('\n')).toHaveLength(1)
  return JSON.parse(stdout) as FitOutput
}

const refused = async (args: string[], stdin?: string) => expectUsageError(await cliAsync(['reward-model', ...args], stdin))

/** 20,000 pairs of easy prompts and max_length 4 (a right answer in about 1% of completions), labelled by the gold alone at T = 0. */
let goldPairs = ''
/** 2000 pairs labelled with a length bias at T = 0.5: a signal in nearly every pair. */
let biasedPairs = ''
beforeAll(async () => {
  goldPairs = file('gold.jsonl', await preferences(['--params', 'difficulty=easy,max_length=4', '--pairs', '20000', '--temperature', '0', '--seed', '1']))
  biasedPairs = file('biased.jsonl', await preferences(['--pairs', '2000', '--temperature', '0.5', '--seed', '2', '--bias', 'length=0.3,token:0=0.5']))
}, 120_000)

/** Each line's features in file order (preferred side first) and the gold of each side. */
function readPairs(text: string) {
  const lines = jsonLines<PairLine>(text)
  const names = Object.keys(lines[0].a.features)
  const sides = lines.map((line) => (line.label === 'a' ? [line.a, line.b] : [line.b, line.a]))
  return {
    names,
    count: lines.length,
    preferred: Float64Array.from(sides.flatMap(([winner]) => names.map((name) => winner.features[name]))),
    rejected: Float64Array.from(sides.flatMap(([, loser]) => names.map((name) => loser.features[name]))),
    gold: sides.map(([winner, loser]) => [winner.gold, loser.gold]),
  }
}

/** The accuracies a model's scores give: the preferred side strictly higher; over gold pairs, the gold-higher side. */
function accuracies(preferred: ArrayLike<number>, rejected: ArrayLike<number>, gold: number[][]) {
  let ordered = 0
  let goldCount = 0
  let goldOrdered = 0
  gold.forEach(([winnerGold, loserGold], i) => {
    if (preferred[i] > rejected[i]) ordered++
    if (winnerGold === loserGold) return
    goldCount++
    if (Math.sign(preferred[i] - rejected[i]) === Math.sign(winnerGold - loserGold)) goldOrdered++
  })
  return { trainAccuracy: ordered / gold.length, trainGoldAccuracy: goldCount === 0 ? null : goldOrdered / goldCount }
}

describe('reward-model fit', () => {
  it('recovers the gold from labels at T = 0: a linear model that orders held-out pairs as the gold does', async () => {
    const output = await fit(['--pairs', goldPairs])
    expect(Object.keys(output)).toEqual(['model', 'pairs', 'ensemble', 'members', 'options'])
    expect(output.pairs).toMatchObject({ total: 20000, train: 16000, heldOut: 4000 })
    // Measured: 61 held-out pairs of different gold, all ordered as the gold orders them (1.0); 0.992 of 261 in training
    expect(output.pairs.heldOutGold).toBeGreaterThan(30)
    expect(output.ensemble.heldOutGoldAccuracy).toBeGreaterThanOrEqual(0.9)
    // Pairs of equal gold are labelled by a coin: about half of all pairs are ordered as labelled
    expect(output.ensemble.heldOutAccuracy).toBeGreaterThan(0.45)
    expect(output.ensemble.heldOutAccuracy).toBeLessThan(0.56)
    expect(output.members).toEqual([output.ensemble])
    expect(output.options).toEqual({ model: 'linear', ensemble: 1, holdout: 0.2, l2: 1, seed: 1 })
  })

  it('fits one linear member on every pair exactly as bradley-terry does', async () => {
    const text = (await preferences(['--pairs', '300', '--temperature', '0.5', '--seed', '4', '--bias', 'length=0.2'])).trim()
    const output = await fit(['--pairs', '-', '--holdout', '0', '--l2', '0.5'], text)
    const { names, preferred, rejected, count } = readPairs(text)
    const row = (values: Float64Array, i: number) => Array.from(values.subarray(i * names.length, (i + 1) * names.length))
    const input = { pairs: Array.from({ length: count }, (_, i) => ({ a: row(preferred, i), b: row(rejected, i), preferred: 'a' })) }
    const bradleyTerry = cli(['bradley-terry', '--l2', '0.5'], input)
    expect(bradleyTerry.code).toBe(0)
    const exact = JSON.parse(bradleyTerry.stdout) as { weights: number[]; accuracy: number }
    expect(output.model).toEqual({ kind: 'linear', featureNames: names, members: [{ weights: exact.weights }] })
    expect(output.ensemble.trainAccuracy).toBe(exact.accuracy)
    expect(output.pairs).toEqual({ total: 300, train: 300, heldOut: 0, trainGold: output.pairs.trainGold, heldOutGold: 0 })
    expect([output.ensemble.heldOutAccuracy, output.ensemble.heldOutGoldAccuracy, output.ensemble.heldOutLoss]).toEqual([null, null, null])
  })

  it('lowers an MLP’s loss epoch by epoch, and states how it trained', async () => {
    const output = await fit(['--pairs', biasedPairs, '--model', 'mlp', '--seed', '3'])
    const [member] = output.members
    expect(member.lossByEpoch).toHaveLength(MLP_EPOCHS)
    const losses = member.lossByEpoch!
    expect(losses[MLP_EPOCHS - 1]).toBeLessThan(losses[0] - 0.05)
    expect(losses.slice(1).filter((loss, epoch) => loss < losses[epoch]).length).toBeGreaterThanOrEqual(MLP_EPOCHS - 6)
    // The length bias is most of the labels: a model of it orders most held-out pairs as labelled
    expect(output.ensemble.heldOutAccuracy).toBeGreaterThan(0.7)
    expect(output.options).toEqual({ model: 'mlp', ensemble: 1, holdout: 0.2, l2: 1, seed: 3, hidden: MLP_HIDDEN, epochs: MLP_EPOCHS, batchSize: MLP_BATCH_SIZE, learningRate: MLP_LEARNING_RATE })
    // --help says the numbers the fit uses
    expect(HELP).toContain(`two tanh layers of ${MLP_HIDDEN}`)
    expect(HELP).toContain(`Adam (learning rate ${MLP_LEARNING_RATE}) for ${MLP_EPOCHS} epochs of minibatches of ${MLP_BATCH_SIZE}`)
  }, 60_000)

  it.each([
    ['linear', ['--ensemble', '3']],
    ['mlp', ['--ensemble', '2', '--model', 'mlp']],
  ])('prints a %s model that, read back and scoring the pairs again, gives the accuracies it reported', async (_kind, args) => {
    const output = await fit(['--pairs', biasedPairs, '--holdout', '0', ...args])
    const parsed = parseRewardModel(output.model)
    if (!parsed.success) throw new Error(parsed.error.message)
    const model = parsed.data
    const { count, preferred, rejected, gold } = readPairs(readFileSync(biasedPairs, 'utf8'))
    const mean = (rows: Float64Array) => scoreRewardModel(model, rows, count, { kind: 'mean' })
    expect(accuracies(mean(preferred), mean(rejected), gold)).toEqual({ trainAccuracy: output.ensemble.trainAccuracy, trainGoldAccuracy: output.ensemble.trainGoldAccuracy })
    const members = [memberScores(model, preferred, count), memberScores(model, rejected, count)]
    output.members.forEach((member, k) => {
      expect(accuracies(members[0][k], members[1][k], gold)).toEqual({ trainAccuracy: member.trainAccuracy, trainGoldAccuracy: member.trainGoldAccuracy })
    })
    expect(new Set(output.members.map((member) => member.trainLoss)).size).toBe(output.members.length)
  }, 60_000)

  it('gives the same model for the same seed, in a process of its own', async () => {
    const args = ['reward-model', 'fit', '--pairs', biasedPairs, '--ensemble', '2', '--seed', '6']
    const [first, second] = await Promise.all([spawnCli(args), spawnCli(args)])
    expect(first.code).toBe(0)
    expect(second.stdout).toBe(first.stdout)
    expect((await fit(['--pairs', biasedPairs, '--ensemble', '2', '--seed', '7'])).model).not.toEqual(JSON.parse(first.stdout).model)
  }, 60_000)
})

describe('reward-model fit refuses bad pairs files, naming the line', () => {
  const good = '{"a": {"features": {"x": 1, "y": 0}, "gold": 1}, "b": {"features": {"x": 0, "y": 1}, "gold": 0}, "label": "a"}'
  const lines = (...rest: string[]) => [good, ...rest].join('\n')

  it.each([
    ['not JSON', lines('{"a": '), '--pairs "FILE": line 2 is not valid JSON: '],
    ['NaN', lines(good.replace('"x": 0', '"x": NaN')), 'line 2 is not valid JSON: NaN and Infinity are not JSON numbers, and every number must be finite'],
    ['Infinity', lines(good.replace('"x": 0', '"x": Infinity')), 'line 2 is not valid JSON: NaN and Infinity are not JSON numbers, and every number must be finite'],
    ['a number beyond double precision', lines(good.replace('"x": 0', '"x": 1e999')), 'line 2: b.features.x is Infinity, not a finite number'],
    ['not an object', lines('[1, 2]'), 'line 2 is [1,2], not an object'],
    ['an unknown key', lines(good.replace('"label"', '"extra": 1, "label"')), 'line 2: unknown key "extra"; accepted: prompt, a, b, probability, label'],
    ['a missing key', lines(good.replace(', "label": "a"', '')), 'line 2: "label" is missing'],
    ['a bad label', lines(good.replace('"label": "a"', '"label": "c"')), 'line 2: label is "c"; accepted: "a", "b" or "tie"'],
    ['a missing gold', lines(good.replace('"gold": 0', '"score": 0')), 'line 2: unknown key "score" in b'],
    ['a text feature', lines(good.replace('"y": 1', '"y": "1"')), 'line 2: b.features.y is "1", not a finite number'],
    ['fewer features than line 1', lines(good.replace(', "y": 0', '').replace(', "y": 1', '')), 'line 2: a.features lacks the feature "y", which line 1 has'],
    ['other features than line 1', lines(good.replaceAll('"y"', '"z"')), 'line 2: a.features has the feature "z", which line 1 lacks'],
    ['sides of other features', lines(good.replace('"y": 1', '"z": 1')), 'line 2: b.features has the feature "z", which line 1 lacks'],
    ['a reserved feature name', good.replaceAll('"y"', '"__proto__"'), 'line 1: a.features: the name "__proto__" is reserved'],
    ['an empty line', lines('', good), 'line 2 is empty'],
    ['a line too long', lines(`${good}${' '.repeat(70_000)}`), 'line 2 is longer than 65536 characters, the longest a pair\'s line may be'],
    ['no pair at all', '', '--pairs "FILE" holds no pairs; give one pair a line'],
  ])('%s', async (_what, text, message) => {
    const path = file('bad.jsonl', text)
    const line = await refused(['fit', '--pairs', path])
    expect(line).toContain(message.replace('"FILE"', `"${path}"`))
    // Stdin gives the same verdict
    expect(await refused(['fit', '--pairs', '-'], text)).toContain(message.replace('"FILE"', 'stdin'))
  })

  it('reads a final newline and Windows line ends as nothing more', async () => {
    const plain = await fit(['--pairs', file('plain.jsonl', lines(good.replace('"label": "a"', '"label": "b"'))), '--holdout', '0'])
    expect(await fit(['--pairs', file('crlf.jsonl', `${lines(good.replace('"label": "a"', '"label": "b"')).replaceAll('\n', '\r\n')}\r\n`), '--holdout', '0'])).toEqual(plain)
  })

  it('refuses more than 100,000 pairs, naming the limit', async () => {
    const path = file('many.jsonl', `${Array(100_001).fill(good).join('\n')}\n`)
    expect(await refused(['fit', '--pairs', path])).toBe(`--pairs "${path}": line 100001: the file holds more than 100000 pairs, the most a fit takes`)
  }, 60_000)

  it('refuses a file it cannot read', async () => {
    const missing = join(DIR, 'missing.jsonl')
    expect(await refused(['fit', '--pairs', missing])).toBe(`cannot read --pairs file "${missing}": no such file; give a JSONL file of pairs, or - for stdin`)
    const folder = join(DIR, 'folder')
    mkdirSync(folder)
    expect(await refused(['fit', '--pairs', folder])).toBe(`cannot read --pairs file "${folder}": it is a directory; give a JSONL file of pairs, or - for stdin`)
  })

  it('says why a fit has no answer, and what to do', async () => {
    // One pair and no penalty: the weights grow for ever
    const line = await refused(['fit', '--pairs', '-', '--holdout', '0', '--l2', '0'], good)
    expect(line).toMatch(/^--pairs stdin: the pairs are separable: .*; give --l2 > 0 \(the default is 1\)$/)
    // Features near 1e200: their squares overflow double precision
    const huge = [good.replace('"x": 1', '"x": 3e200'), good.replace('"x": 0', '"x": -2e200').replace('"label": "a"', '"label": "b"')].join('\n')
    expect(await refused(['fit', '--pairs', '-', '--holdout', '0'], huge)).toMatch(/^--pairs stdin: the loss or its derivatives came out as Infinity at weights \[0, 0\]; rescale the features$/)
    expect(await refused(['fit', '--pairs', '-', '--holdout', '0', '--model', 'mlp'], huge)).toBe("--pairs stdin: feature 0's values are too large to standardise (their mean or spread overflows double precision); rescale the features")
  })
})

describe('reward-model fit --decorrelate length', () => {
  it('fits a content head whose scores of the training completions are uncorrelated with length, and a length head that takes the labels’ taste for it', async () => {
    const output = await fit(['--pairs', biasedPairs, '--holdout', '0', '--decorrelate', 'length'])
    const parsed = parseRewardModel(output.model)
    if (!parsed.success) throw new Error(parsed.error.message)
    const model = parsed.data
    if (model.kind !== 'linear') throw new Error('expected a linear model')
    expect(output.options).toEqual({ model: 'linear', ensemble: 1, holdout: 0, l2: 1, seed: 1, decorrelate: 'length' })
    const { names, count, preferred, rejected } = readPairs(readFileSync(biasedPairs, 'utf8'))
    const member = model.members[0]
    // The labeler liked length (bias 0.3 per token): the length head holds it.
    expect(member.lengthWeight).toBeGreaterThan(0.05)
    // Cov(w_Q·x, L) over both sides of every pair, relative to the spread of the scores and of L
    const scores = [...memberScores(model, preferred, count)[0], ...memberScores(model, rejected, count)[0]]
    const lengthAt = names.indexOf('length')
    const lengths = [...Array.from({ length: count }, (_, i) => preferred[i * names.length + lengthAt]), ...Array.from({ length: count }, (_, i) => rejected[i * names.length + lengthAt])]
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
    const [ms, ml] = [mean(scores), mean(lengths)]
    const covariance = mean(scores.map((score, j) => (score - ms) * (lengths[j] - ml)))
    const spread = Math.sqrt(mean(scores.map((score) => (score - ms) ** 2)) * mean(lengths.map((length) => (length - ml) ** 2)))
    expect(Math.abs(covariance) / spread).toBeLessThan(1e-9)
    // The plain fit's scores do correlate with length: the constraint is what removed it.
    const plain = parseRewardModel((await fit(['--pairs', biasedPairs, '--holdout', '0'])).model)
    if (!plain.success) throw new Error(plain.error.message)
    const plainScores = [...memberScores(plain.data, preferred, count)[0], ...memberScores(plain.data, rejected, count)[0]]
    const pm = mean(plainScores)
    const plainCorrelation = mean(plainScores.map((score, j) => (score - pm) * (lengths[j] - ml))) / Math.sqrt(mean(plainScores.map((score) => (score - pm) ** 2)) * mean(lengths.map((length) => (length - ml) ** 2)))
    expect(plainCorrelation).toBeGreaterThan(0.1)
  }, 60_000)

  it.each([
    [['--decorrelate', 'format'], 'unknown --decorrelate "format"; accepted: length'],
    [['--decorrelate', 'length', '--model', 'mlp'], '--decorrelate length fits a linear model only; give --model linear'],
  ])('refuses %j', async (args, message) => {
    expect(await refused(['fit', '--pairs', 'x', ...args])).toBe(message)
  })
})

describe('reward-model flags', () => {
  it.each([
    [[], 'reward-model needs a subcommand; accepted: fit'],
    [['score'], 'reward-model needs a subcommand, not "score"; accepted: fit'],
    [['fit'], 'reward-model fit needs --pairs FILE: labelled pairs as JSONL, one pair a line, as preferences writes them (- for stdin)'],
    [['fit', '--pairs', 'x', '--model', 'tree'], 'unknown --model "tree"; accepted: linear, mlp'],
    [['fit', '--pairs', 'x', '--ensemble', '0'], '--ensemble must be a whole number from 1 to 16, got "0"'],
    [['fit', '--pairs', 'x', '--ensemble', '17'], '--ensemble must be a whole number from 1 to 16, got "17"'],
    [['fit', '--pairs', 'x', '--ensemble', '1.5'], '--ensemble must be a whole number from 1 to 16, got "1.5"'],
    [['fit', '--pairs', 'x', '--holdout', '1'], '--holdout must be a fraction from 0 (none held out) to below 1, got 1'],
    [['fit', '--pairs', 'x', '--holdout', '-0.1'], '--holdout must be a fraction from 0 (none held out) to below 1, got -0.1'],
    [['fit', '--pairs', 'x', '--holdout', 'half'], '--holdout must be a finite number, got "half"'],
    [['fit', '--pairs', 'x', '--l2', '-1'], '--l2 must be at least 0 (0 for no penalty), got -1'],
    [['fit', '--pairs', 'x', '--l2', 'Infinity'], '--l2 must be a finite number, got "Infinity"'],
    [['fit', '--pairs', 'x', '--seed', '-1'], '--seed must be a whole number from 0 to 2147483647, got "-1"'],
    [['fit', '--pairs', 'x', '--epochs', '5'], 'unknown flag "--epochs" for reward-model fit; accepted: --pairs, --model, --ensemble, --holdout, --l2, --seed, --decorrelate'],
  ])('refuses %j with one line', async (args, message) => {
    expect(await refused(args)).toBe(message)
  })
})
