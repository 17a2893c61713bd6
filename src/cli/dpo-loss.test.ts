import { describe, expect, it } from 'vitest'
import { garbleJson } from '../core/fuzzJson'
import { Rng } from '../core/rng'
import { MAX_INPUT_BYTES } from './limits'
import { cli, expectUsageError, spawnCli } from './testing'

interface DpoOutput {
  loss: number
  losses: number[]
  chosenRewards: number[]
  rejectedRewards: number[]
  accuracy: number
}

function ok(args: string[], input: unknown): DpoOutput {
  const { code, stdout, stderr } = cli(['dpo-loss', ...args], input)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  expect(stdout.endsWith('\n')).toBe(true)
  expect(stdout.trim().split('\n')).toHaveLength(1)
  const output = JSON.parse(stdout) as DpoOutput
  expect(Object.keys(output)).toEqual(['loss', 'losses', 'chosenRewards', 'rejectedRewards', 'accuracy'])
  return output
}

const refused = (args: string[], input?: unknown) => expectUsageError(cli(['dpo-loss', ...args], input))

/*
 * β = 1/2. Pair 0: log-ratios (1, −1), h = 2, βh = 1; pair 1: (−1, 0), h = −1, βh = −1/2;
 * pair 2: (0, 0), h = 0. Rewards β·log-ratio: chosen (0.5, −0.5, 0), rejected (−0.5, 0, 0).
 */
const INPUT = { policyChosen: [-1, -2, -4], policyRejected: [-3, -2, -4], refChosen: [-2, -1, -4], refRejected: [-2, -2, -4] }
const BETA = ['--beta', '0.5']

describe('dpo-loss', () => {
  it('prints the sigmoid loss by default, with the rewards and the accuracy', () => {
    const output = ok(BETA, INPUT)
    // −log σ(1) = ln(1 + e^−1), −log σ(−1/2) = ln(1 + e^½), −log σ(0) = ln 2
    const expected = [Math.log(1 + Math.exp(-1)), Math.log(1 + Math.exp(0.5)), Math.LN2]
    expected.forEach((value, i) => expect(output.losses[i]).toBeCloseTo(value, 15))
    expect(output.loss).toBeCloseTo((expected[0] + expected[1] + expected[2]) / 3, 15)
    expect(output.chosenRewards).toEqual([0.5, -0.5, 0])
    expect(output.rejectedRewards).toEqual([-0.5, 0, 0])
    // Strictly greater in pair 0 only
    expect(output.accuracy).toBeCloseTo(1 / 3, 15)
    expect(ok([...BETA, '--loss', 'sigmoid'], INPUT)).toEqual(output)
  })

  it('smooths the sigmoid loss with --label-smoothing', () => {
    // ε = 0.1, pair 0: 0.9·ln(1 + e^−1) + 0.1·ln(1 + e), which is 0.1 more than at ε = 0 (ln(1 + e) − ln(1 + e^−1) = 1)
    const { losses } = ok([...BETA, '--label-smoothing', '0.1'], INPUT)
    expect(losses[0]).toBeCloseTo(0.9 * Math.log(1 + Math.exp(-1)) + 0.1 * Math.log(1 + Math.E), 15)
    expect(losses[0] - ok(BETA, INPUT).losses[0]).toBeCloseTo(0.1, 15)
    expect(losses[2]).toBeCloseTo(Math.LN2, 15)
    expect(ok([...BETA, '--label-smoothing', '0'], INPUT)).toEqual(ok(BETA, INPUT))
  })

  it('prints the IPO and hinge losses', () => {
    // (h − 1/(2β))² with 1/(2β) = 1: (1, 4, 1), mean 2
    expect(ok([...BETA, '--loss', 'ipo'], INPUT)).toEqual({ loss: 2, losses: [1, 4, 1], chosenRewards: [0.5, -0.5, 0], rejectedRewards: [-0.5, 0, 0], accuracy: 1 / 3 })
    // max(0, 1 − βh): (0, 1.5, 1), mean 2.5/3
    const hinge = ok([...BETA, '--loss=hinge'], INPUT)
    expect(hinge.losses).toEqual([0, 1.5, 1])
    expect(hinge.loss).toBe(2.5 / 3)
  })

  it('prints numbers at full precision', () => {
    // One pair, β = 0.1, h = 0.1 − 0 = 0.1: chosen reward 0.1·0.1 as a double, IPO (0.1 − 5)²
    const output = ok(['--beta', '0.1', '--loss', 'ipo'], { policyChosen: [0.1], policyRejected: [0], refChosen: [0], refRejected: [0] })
    expect(output.chosenRewards).toEqual([0.1 * 0.1])
    expect(output.losses).toEqual([(0.1 - 1 / (2 * 0.1)) ** 2])
  })

  it.each([
    [[], 'dpo-loss needs --beta (β > 0, the strength of the pull towards the reference; 0.1 is usual)'],
    [['--beta', '0'], '--beta must be greater than 0, got 0'],
    [['--beta', '-0.1'], '--beta must be greater than 0, got -0.1'],
    [['--beta', 'x'], '--beta must be a finite number, got "x"'],
    [['--beta', 'Infinity'], '--beta must be a finite number, got "Infinity"'],
    [['--beta', 'NaN'], '--beta must be a finite number, got "NaN"'],
    [['--beta'], 'flag --beta needs a value'],
    [[...BETA, '--loss', 'kto'], 'unknown --loss "kto"; accepted: sigmoid, ipo, hinge'],
    [[...BETA, '--loss', 'constructor'], 'unknown --loss "constructor"; accepted: sigmoid, ipo, hinge'],
    [[...BETA, '--label-smoothing', '0.5'], '--label-smoothing must be at least 0 and below 0.5, got 0.5'],
    [[...BETA, '--label-smoothing', '-0.01'], '--label-smoothing must be at least 0 and below 0.5, got -0.01'],
    [[...BETA, '--label-smoothing', 'NaN'], '--label-smoothing must be a finite number, got "NaN"'],
    [[...BETA, '--loss', 'ipo', '--label-smoothing', '0.1'], 'flag --label-smoothing does not apply to --loss ipo, which has no label smoothing; it applies to --loss sigmoid'],
    [[...BETA, '--loss', 'hinge', '--label-smoothing', '0'], 'flag --label-smoothing does not apply to --loss hinge'],
    [[...BETA, '--beta', '1'], 'flag --beta given twice'],
    [[...BETA, '--eps', '1'], 'unknown flag "--eps" for dpo-loss; accepted: --beta, --loss, --label-smoothing'],
    [[...BETA, 'ipo'], 'unexpected argument "ipo" for dpo-loss'],
  ])('refuses the flags %j', (args, message) => {
    expect(refused(args, INPUT)).toContain(message)
  })

  const SHAPE = 'expected {"policyChosen": [n numbers], "policyRejected": [n], "refChosen": [n], "refRejected": [n]}, summed log-probabilities, n ≥ 1'
  it.each([
    ['{"policyChosen": [1', 'stdin is not valid JSON'],
    ['', `no JSON on stdin; ${SHAPE}`],
    [[1, 2], 'input: expected object, received array'],
    [{ ...INPUT, policyChosen: undefined }, `"policyChosen" is missing; ${SHAPE}`],
    [{ policyChosen: [1], policyRejected: [1], refChosen: [1] }, '"refRejected" is missing'],
    [{ ...INPUT, beta: 0.1 }, 'unknown key "beta"'],
    [JSON.parse(`{"__proto__": [1], ${JSON.stringify(INPUT).slice(1)}`), 'unknown key "__proto__"'],
    [{ ...INPUT, refChosen: [-1, 'x', -4] }, 'refChosen[1]: expected number, received string'],
    [{ ...INPUT, refChosen: [-1, null, -4] }, 'refChosen[1]: expected number, received null'],
    [{ ...INPUT, policyRejected: 3 }, 'policyRejected: expected array, received number'],
    [`{"policyChosen": [-1e999], "policyRejected": [0], "refChosen": [0], "refRejected": [0]}`, 'policyChosen[0]: expected number, received -Infinity'],
    [{ policyChosen: [], policyRejected: [], refChosen: [], refRejected: [] }, 'policyChosen is empty; give at least one pair'],
    [{ ...INPUT, refRejected: [-2, -2] }, 'refRejected has 2 entries but policyChosen has 3; every array needs one entry per pair'],
    [{ ...INPUT, policyChosen: [-1, -2] }, 'policyRejected has 3 entries but policyChosen has 2'],
  ])('refuses stdin %j', (input, message) => {
    expect(refused(BETA, input)).toContain(message)
  })

  it('refuses results that overflow instead of printing null', () => {
    // πc − refc = 1e308 − (−1e308) overflows: h = ∞ gives the sigmoid loss 0, but the chosen reward is ∞
    expect(refused(['--beta', '2'], { policyChosen: [1e308], policyRejected: [0], refChosen: [-1e308], refRejected: [0] })).toBe('chosenRewards[0] came out as Infinity: the input is too large to compute with')
    // βh = 10·(−1e308) overflows: the hinge loss 1 − βh is ∞
    expect(refused(['--beta', '10', '--loss', 'hinge'], { policyChosen: [0], policyRejected: [1e308], refChosen: [0], refRejected: [0] })).toBe('losses[0] came out as Infinity: the input is too large to compute with')
    // Each loss finite, their sum not: the mean is refused
    expect(refused(['--beta', '1', '--loss', 'ipo'], { policyChosen: [-1e154, -1e154], policyRejected: [0, 0], refChosen: [0, 0], refRejected: [0, 0] })).toBe('loss came out as Infinity: the input is too large to compute with')
  })

  it('says so when there is no stdin to read', () => {
    expect(cli(['dpo-loss', ...BETA])).toEqual({ code: 2, stdout: '', stderr: 'dpo-loss reads JSON on stdin, and there is none to read\n' })
  })

  it('exits 0, or 2 with one line, for 300 garbled inputs and never prints null for a number', () => {
    const rng = new Rng(17)
    const losses = ['sigmoid', 'ipo', 'hinge']
    for (let k = 0; k < 300; k++) {
      const input = garbleJson(INPUT, rng)
      const { code, stdout, stderr } = cli(['dpo-loss', '--beta', '0.1', '--loss', losses[k % 3]], input)
      expect([0, 2], `${input.slice(0, 300)}: ${stderr}`).toContain(code)
      if (code === 2) {
        expect(stderr.trim().split('\n'), input.slice(0, 300)).toHaveLength(1)
        expect(stdout).toBe('')
      } else expect(stdout, input.slice(0, 300)).not.toMatch(/null|NaN/)
    }
  })
})

describe.concurrent('dpo-loss as a process', () => {
  it('refuses more than 16 MiB on stdin with exit 2 and one line, as every command does', async () => {
    const input = '{"policyChosen": [-1], "policyRejected": [-2], "refChosen": [-1], "refRejected": [-1]}'.padEnd(MAX_INPUT_BYTES + 1, ' ')
    expect(expectUsageError(await spawnCli(['dpo-loss', '--beta', '0.1'], input))).toBe('stdin holds more than 16 MiB, the most the command line reads; give a smaller input')
  })

  it('reads stdin through a pipe and prints one JSON line', async () => {
    const { code, stdout, stderr } = await spawnCli(['dpo-loss', '--beta', '0.5', '--loss', 'ipo'], JSON.stringify(INPUT))
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toBe('{"loss":2,"losses":[1,4,1],"chosenRewards":[0.5,-0.5,0],"rejectedRewards":[-0.5,0,0],"accuracy":0.3333333333333333}\n')
  })

  it('fails on malformed JSON with exit 2, one line on stderr, nothing on stdout', async () => {
    expect(expectUsageError(await spawnCli(['dpo-loss', '--beta', '0.1'], '{"policyChosen": ['))).toMatch(/^stdin is not valid JSON/)
  })
})
