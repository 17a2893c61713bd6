import { describe, expect, it } from 'vitest'
import { garbleJson } from '../core/fuzzJson'
import { fitBradleyTerry } from '../core/preferences/bradleyTerryFit'
import { Rng } from '../core/rng'
import { MAX_INPUT_BYTES } from './limits'
import { cli, expectUsageError, spawnCli } from './testing'

type Pair = { a: number[]; b: number[]; preferred: 'a' | 'b' }

function ok(args: string[], input: unknown): { weights: number[]; loss: number; accuracy: number } {
  const { code, stdout, stderr } = cli(['bradley-terry', ...args], input)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  expect(stdout.endsWith('\n')).toBe(true)
  expect(stdout.trim().split('\n')).toHaveLength(1)
  const output = JSON.parse(stdout) as { weights: number[]; loss: number; accuracy: number }
  expect(Object.keys(output)).toEqual(['weights', 'loss', 'accuracy'])
  return output
}

const refused = (args: string[], input?: unknown) => expectUsageError(cli(['bradley-terry', ...args], input))

/** Three pairs over two features; the third is preferred against the first feature. */
const PAIRS: Pair[] = [
  { a: [1, 0], b: [0, 0], preferred: 'a' },
  { a: [0, 1], b: [0, 0], preferred: 'b' },
  { a: [2, 0], b: [0, 1], preferred: 'b' },
]

describe('bradley-terry', () => {
  it('fits one pair: w = σ(−w) at λ = 1, the root of w(1 + e^w) = 1', () => {
    // x_w − x_l = 1: ∂L/∂w = −σ(−w) + w; w ≈ 0.40106, L = softplus(−w) + w²/2, and the pair is ordered
    const { weights, loss, accuracy } = ok([], { pairs: [{ a: [1], b: [0], preferred: 'a' }] })
    expect(weights[0]).toBeCloseTo(0.40106, 5)
    expect(weights[0] * (1 + Math.exp(weights[0]))).toBeCloseTo(1, 14)
    expect(loss).toBeCloseTo(Math.log(1 + Math.exp(-weights[0])) + weights[0] ** 2 / 2, 14)
    expect(accuracy).toBe(1)
    // "preferred": "b" with the sides swapped is the same pair
    expect(ok(['--l2', '1'], { pairs: [{ a: [0], b: [1], preferred: 'b' }] })).toEqual({ weights, loss, accuracy })
  })

  it('prints the core fit at full precision, with the accuracy of w·x_w > w·x_l', () => {
    const output = ok(['--l2', '0.25'], { pairs: PAIRS })
    // Differences x_w − x_l: (1, 0), (0, −1), (−2, 1)
    const fit = fitBradleyTerry({ count: 3, features: 2, values: Float64Array.from([1, 0, 0, -1, -2, 1]) }, 0.25)
    expect(output.weights).toEqual(Array.from(fit.weights))
    expect(output.loss).toBe(fit.loss)
    const scoresRight = PAIRS.filter((pair) => {
      const score = (x: number[]) => x[0] * output.weights[0] + x[1] * output.weights[1]
      return pair.preferred === 'a' ? score(pair.a) > score(pair.b) : score(pair.b) > score(pair.a)
    }).length
    expect(output.accuracy).toBe(scoresRight / 3)
    // The --l2=VALUE form, and the default λ = 1
    expect(ok(['--l2=0.25'], { pairs: PAIRS })).toEqual(output)
    expect(ok([], { pairs: PAIRS }).weights).toEqual(Array.from(fitBradleyTerry({ count: 3, features: 2, values: Float64Array.from([1, 0, 0, -1, -2, 1]) }, 1).weights))
  })

  it('fits without a penalty where the pairs have a finite minimiser', () => {
    // The same items preferred both ways: the weight of feature 0 is log(2/1)
    const pairs = [
      { a: [1], b: [0], preferred: 'a' },
      { a: [1], b: [0], preferred: 'a' },
      { a: [1], b: [0], preferred: 'b' },
    ]
    const { weights, accuracy } = ok(['--l2', '0'], { pairs })
    expect(weights[0]).toBeCloseTo(Math.LN2, 14)
    expect(accuracy).toBeCloseTo(2 / 3, 15)
  })

  it.each([
    [['--l2', '-1'], '--l2 must be at least 0 (0 for no penalty), got -1'],
    [['--l2', 'abc'], '--l2 must be a finite number, got "abc"'],
    [['--l2', 'Infinity'], '--l2 must be a finite number, got "Infinity"'],
    [['--l2', 'NaN'], '--l2 must be a finite number, got "NaN"'],
    [['--l2', ''], '--l2 must be a finite number, got ""'],
    [['--l2'], 'flag --l2 needs a value'],
    [['--l2', '1', '--l2', '2'], 'flag --l2 given twice'],
    [['--beta', '1'], 'unknown flag "--beta" for bradley-terry; accepted: --l2'],
    [['0.5'], 'unexpected argument "0.5" for bradley-terry; accepted flags: --l2'],
  ])('refuses the flags %j', (args, message) => {
    expect(refused(args, { pairs: PAIRS })).toBe(message)
  })

  const SHAPE = 'expected {"pairs": [{"a": [x, ...], "b": [x, ...], "preferred": "a" | "b"}, ...]} with 1 to 100000 pairs'
  it.each([
    ['{"pairs": [', `stdin is not valid JSON`],
    ['', `no JSON on stdin; ${SHAPE}`],
    [[PAIRS], 'input: expected object, received array'],
    [{}, `"pairs" is missing; ${SHAPE}`],
    [{ pairs: PAIRS, l2: 1 }, 'unknown key "l2"'],
    [JSON.parse('{"__proto__": {"a": 1}, "pairs": []}'), 'unknown key "__proto__"'],
    [{ pairs: [{ ...PAIRS[0], constructor: 1 }] }, 'unknown key "constructor" in pairs[0]'],
    [{ pairs: [{ a: [1], b: [0] }] }, '"pairs[0].preferred" is missing'],
    [{ pairs: [{ a: [1], b: [0], preferred: 'c' }] }, 'pairs[0].preferred: expected one of "a"|"b"'],
    [{ pairs: [{ a: [1], b: [0], preferred: 'toString' }] }, 'pairs[0].preferred: expected one of "a"|"b"'],
    [{ pairs: [{ a: [1], b: ['0'], preferred: 'a' }] }, 'pairs[0].b[0]: expected number, received string'],
    [{ pairs: [{ a: [null], b: [0], preferred: 'a' }] }, 'pairs[0].a[0]: expected number, received null'],
    [{ pairs: [{ a: 1, b: [0], preferred: 'a' }] }, 'pairs[0].a: expected array, received number'],
    ['{"pairs": [{"a": [1e999], "b": [0], "preferred": "a"}]}', 'pairs[0].a[0]: expected number, received Infinity'],
    [{ pairs: [] }, 'pairs is empty; give at least one pair'],
    [{ pairs: [{ a: [], b: [], preferred: 'a' }] }, 'pairs[0].a is empty; every feature vector needs at least one number'],
    [{ pairs: [PAIRS[0], { a: [0, 1], b: [0], preferred: 'b' }] }, 'pairs[1].b has 1 features but pairs[0].a has 2; every feature vector needs the same length'],
    [{ pairs: [{ a: [1, 2], b: [0, 1, 2], preferred: 'a' }] }, 'pairs[0].b has 3 features but pairs[0].a has 2'],
    [{ pairs: [{ a: Array(101).fill(1), b: Array(101).fill(0), preferred: 'a' }] }, 'pairs[0].a has 101 features, more than the 100 one fit takes'],
  ])('refuses stdin %j', (input, message) => {
    expect(refused([], input)).toContain(message)
  })

  it('takes 100000 pairs and refuses one more, naming the limit', () => {
    const pairs = (count: number) => ({ pairs: Array.from({ length: count }, (_, i) => ({ a: [i % 7], b: [(i * 3) % 5], preferred: i % 3 === 0 ? 'b' : 'a' })) })
    expect(ok([], pairs(100_000)).weights).toHaveLength(1)
    expect(refused([], pairs(100_001))).toBe('pairs holds 100001 pairs, more than the 100000 one fit takes')
  })

  it('refuses separable pairs without a penalty, naming the weights that order them, and suggests --l2 > 0', () => {
    expect(refused(['--l2', '0'], { pairs: [{ a: [1, 0], b: [0, 1], preferred: 'a' }] })).toBe(
      'with --l2 0 the pairs are separable: the weights [0.7071, -0.7071] score the preferred side at least as high in every pair (higher in 1 of 1), so the loss keeps falling as they grow and no finite weights minimise it; give --l2 > 0 (the default is 1)',
    )
    // With the default penalty the same pair fits
    expect(ok([], { pairs: [{ a: [1, 0], b: [0, 1], preferred: 'a' }] }).accuracy).toBe(1)
  })

  it('refuses pairs that leave the weights undetermined without a penalty, and features too large to fit', () => {
    // Feature 1 is equal on both sides of every pair
    const tied = { pairs: [{ a: [1, 5], b: [0, 5], preferred: 'a' }, { a: [1, 5], b: [0, 5], preferred: 'b' }] }
    expect(refused(['--l2', '0'], tied)).toMatch(/^with --l2 0 the pairs do not determine the weights: .*; give --l2 > 0 \(the default is 1\)$/)
    expect(refused(['--l2', '1e-300'], tied)).toMatch(/too small for double precision to tell the Hessian from a singular one; give a larger --l2 than 1e-300$/)
    expect(refused([], { pairs: [{ a: [1e308], b: [-1e308], preferred: 'a' }] })).toBe('pair 0: feature 0 of the preferred side minus the rejected side came out as Infinity; rescale the features')
    expect(refused([], { pairs: [{ a: [1e200], b: [0], preferred: 'a' }] })).toMatch(/came out as Infinity at weights \[0\]; rescale the features$/)
  })

  it('says so when there is no stdin to read', () => {
    expect(cli(['bradley-terry'])).toEqual({ code: 2, stdout: '', stderr: 'bradley-terry reads JSON on stdin, and there is none to read\n' })
  })

  it('exits 0, or 2 with one line, for 300 garbled inputs and never prints null for a number', () => {
    const rng = new Rng(13)
    for (let k = 0; k < 300; k++) {
      const input = garbleJson({ pairs: PAIRS }, rng)
      const { code, stdout, stderr } = cli(['bradley-terry', '--l2', k % 2 === 0 ? '1' : '0'], input)
      expect([0, 2], `${input.slice(0, 300)}: ${stderr}`).toContain(code)
      if (code === 2) {
        expect(stderr.trim().split('\n'), input.slice(0, 300)).toHaveLength(1)
        expect(stdout).toBe('')
      } else expect(stdout, input.slice(0, 300)).not.toMatch(/null|NaN/)
    }
  })
})

describe.concurrent('bradley-terry as a process', () => {
  it('refuses more than 16 MiB on stdin with exit 2 and one line, as every command does', async () => {
    const input = '{"pairs": [{"a": [1], "b": [0], "preferred": "a"}]}'.padEnd(MAX_INPUT_BYTES + 1, ' ')
    expect(expectUsageError(await spawnCli(['bradley-terry'], input))).toBe('stdin holds more than 16 MiB, the most the command line reads; give a smaller input')
  })

  it('reads stdin through a pipe and prints one JSON line', async () => {
    const { code, stdout, stderr } = await spawnCli(['bradley-terry', '--l2', '1'], '{"pairs": [{"a": [1], "b": [0], "preferred": "a"}]}\n')
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const { weights, loss, accuracy } = JSON.parse(stdout) as { weights: number[]; loss: number; accuracy: number }
    expect(weights[0]).toBeCloseTo(0.40106, 5)
    expect(loss).toBeCloseTo(Math.log(1 + Math.exp(-weights[0])) + weights[0] ** 2 / 2, 14)
    expect(accuracy).toBe(1)
  })

  it('fails on malformed JSON and on separable pairs with exit 2, one line on stderr, nothing on stdout', async () => {
    expect(expectUsageError(await spawnCli(['bradley-terry'], '{"pairs": [{"a": [1]'))).toMatch(/^stdin is not valid JSON/)
    expect(expectUsageError(await spawnCli(['bradley-terry', '--l2', '0'], '{"pairs": [{"a": [1], "b": [0], "preferred": "a"}]}'))).toMatch(/^with --l2 0 the pairs are separable/)
  })
})
