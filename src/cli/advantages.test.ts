import { describe, expect, it } from 'vitest'
import { groupAdvantages } from '../core/credit/group'
import { GroupEstimatorSchema } from '../core/run/learnerOptions'
import { cli, expectUsageError, spawnCli } from './testing'

const EPS = 1e-4

function ok(args: string[], input: unknown): Record<string, number[] | number[][]> {
  const { code, stdout, stderr } = cli(args, input)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  expect(stdout.endsWith('\n')).toBe(true)
  expect(stdout.trim().split('\n')).toHaveLength(1)
  return JSON.parse(stdout) as Record<string, number[] | number[][]>
}

function expectClose(actual: number[], expected: number[], digits = 12): void {
  expect(actual).toHaveLength(expected.length)
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, digits))
}

const GAE = ['advantages', '--estimator', 'gae']
const GROUP = ['advantages', '--estimator', 'group']

function rollout(rewards: number[], values: number[], lastValue: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const zeros = rewards.map(() => 0)
  return { rewards, values, terminated: zeros, truncated: zeros, bootstrapValues: zeros, lastValue, ...extra }
}

describe('advantages --estimator gae', () => {
  it('with λ = 1 gives the bootstrapped return minus V, and with λ = 0 the TD error', () => {
    // G_2 = 3 + 0.9·2 = 4.8; G_1 = 2 + 0.9·4.8 = 6.32; G_0 = 1 + 0.9·6.32 = 6.688
    const mc = ok([...GAE, '--gamma', '0.9', '--lambda', '1'], rollout([1, 2, 3], [0.5, 1, 1.5], 2))
    expectClose(mc.advantages as number[], [6.188, 5.32, 3.3])
    expectClose(mc.returns as number[], [6.688, 6.32, 4.8])
    // δ = (1 + 0.9·1 − 0.5, 2 + 0.9·1.5 − 1, 3 + 0.9·2 − 1.5)
    const td = ok([...GAE, '--gamma=0.9', '--lambda=0'], rollout([1, 2, 3], [0.5, 1, 1.5], 2))
    expectClose(td.advantages as number[], [1.4, 2.35, 3.3])
    expectClose(td.returns as number[], [1.9, 3.35, 4.8])
  })

  it('cuts at a termination and bootstraps a time-limit cut from bootstrapValues', () => {
    // γ = 0.5, λ = 1; step 1 terminated: A_1 = 1 − 0.4 = 0.6; A_0 = (1 + 0.5·0.4 − 0.2) + 0.5·0.6 = 1.3
    const terminated = ok([...GAE, '--gamma', '0.5', '--lambda', '1'], rollout([1, 1, 1], [0.2, 0.4, 0.6], 10, { terminated: [false, true, false] }))
    expectClose(terminated.advantages as number[], [1.3, 0.6, 5.4])
    // step 1 truncated with V(final) = 3: A_1 = 1 + 0.5·3 − 0.4 = 2.1; A_0 = 1 + 0.5·2.1 = 2.05; the 99s are never read
    const truncated = ok([...GAE, '--gamma', '0.5', '--lambda', '1'], rollout([1, 1, 1], [0.2, 0.4, 0.6], 10, { truncated: [0, 1, 0], bootstrapValues: [99, 3, 99] }))
    expectClose(truncated.advantages as number[], [2.05, 2.1, 5.4])
    expectClose(truncated.returns as number[], [2.25, 2.5, 6.0])
  })

  it('prints doubles at full precision, not rounded through float32', () => {
    // A_0 = 0.1 + 0.9·0 − 0 = 0.1 exactly as a double (float32 would print 0.10000000149011612)
    const { advantages, returns } = ok([...GAE, '--gamma', '0.9', '--lambda', '0.95'], rollout([0.1], [0], 0))
    expect(advantages).toEqual([0.1])
    expect(returns).toEqual([0.1])
    // A_1 = 1/3 − 0; A_0 = (0 + 0.5·0 − 0) + 0.5·1·(1/3): the double nearest 1/6 as the formula computes it
    expect(ok([...GAE, '--gamma', '0.5', '--lambda', '1'], rollout([0, 1 / 3], [0, 0], 0)).advantages).toEqual([0.5 * 1 * (1 / 3), 1 / 3])
  })

  it('accepts an empty rollout', () => {
    expect(ok([...GAE, '--gamma', '0.9', '--lambda', '1'], rollout([], [], 0))).toEqual({ advantages: [], returns: [] })
  })
})

describe('advantages --estimator group', () => {
  it('reproduces the worked GRPO example by default (mean, group std, eps 1e-4)', () => {
    // {1, 1, 2}: (−1/3, −1/3, 2/3)/(1/√3 + eps); {0, 3}: (−1.5, 1.5)/(√4.5 + eps)
    const s = 1 / Math.sqrt(3)
    const { advantages } = ok(GROUP, { groups: [[1, 1, 2], [0, 3]] })
    expect(advantages).toHaveLength(2)
    expectClose((advantages as number[][])[0], [-1 / 3 / (s + EPS), -1 / 3 / (s + EPS), 2 / 3 / (s + EPS)], 14)
    expectClose((advantages as number[][])[1], [-1.5 / (Math.sqrt(4.5) + EPS), 1.5 / (Math.sqrt(4.5) + EPS)], 14)
  })

  it('passes every option through to the estimator', () => {
    const groups = [[0, 2, 3, 11], [5], [1, 4]]
    const cases: [string[], Record<string, unknown>][] = [
      [[], {}],
      [['--center', 'median'], { center: 'median' }],
      [['--center', 'loo', '--scale', 'none'], { center: 'loo', scale: 'none' }],
      [['--center', 'batch', '--scale', 'batch'], { center: 'batch', scale: 'batch' }],
      [['--rank'], { rank: true }],
      [['--batch-normalize', '--scale', 'none'], { batchNormalize: true, scale: 'none' }],
      [['--eps', '0.5', '--rank', '--batch-normalize'], { eps: 0.5, rank: true, batchNormalize: true }],
      [['--eps=0'], { eps: 0 }],
    ]
    for (const [flags, options] of cases) {
      const expected = Array.from(groupAdvantages(groups.flat(), [4, 1, 2], GroupEstimatorSchema.parse(options)))
      expect((ok([...GROUP, ...flags], { groups }).advantages as number[][]).flat()).toEqual(expected)
    }
  })

  it('hand-computes a median and a leave-one-out baseline', () => {
    // (0, 2, 3, 11), median 2.5, no scale: (−2.5, −0.5, 0.5, 8.5)
    expect(ok([...GROUP, '--center', 'median', '--scale', 'none'], { groups: [[0, 2, 3, 11]] }).advantages).toEqual([[-2.5, -0.5, 0.5, 8.5]])
    // RLOO (1, 2, 6): b = (4, 3.5, 1.5) → (−3, −1.5, 4.5); a lone completion gets 0
    expect(ok([...GROUP, '--center', 'loo', '--scale', 'none'], { groups: [[1, 2, 6], [7]] }).advantages).toEqual([[-3, -1.5, 4.5], [0]])
    // ranks (3.5, 1, 3.5, 2) minus their mean 2.5
    expect(ok([...GROUP, '--rank', '--scale', 'none'], { groups: [[3, 1, 3, 2]] }).advantages).toEqual([[1, -1.5, 1, -0.5]])
  })

  it('gives all-equal groups exactly zero advantage', () => {
    expect(ok(GROUP, { groups: [[0.1, 0.1, 0.1], [1, 1]] }).advantages).toEqual([[0, 0, 0], [0, 0]])
  })

  it('sums components first or normalises each first (decoupled)', () => {
    // Components (1, 0), (0, 1), (1, 0), (0, 0), weights (1, 1)
    const groups = [[[1, 0], [0, 1], [1, 0], [0, 0]]]
    // sum: R = (1, 1, 1, 0), mean 3/4, std 1/2
    const summed = ok(GROUP, { groups, weights: [1, 1], combine: 'sum' }).advantages as number[][]
    expectClose(summed[0], [0.25, 0.25, 0.25, -0.75].map((d) => d / (0.5 + EPS)))
    expect(summed[0][0]).toBe(summed[0][1])
    // decoupled: (½, −½, ½, −½)/(√(1/3) + eps) + (−¼, ¾, −¼, −¼)/(1/2 + eps)
    const s1 = Math.sqrt(1 / 3) + EPS
    const s2 = 0.5 + EPS
    const decoupled = ok(GROUP, { groups, weights: [1, 1], combine: 'decoupled' }).advantages as number[][]
    expectClose(decoupled[0], [0.5 / s1 - 0.25 / s2, -0.5 / s1 + 0.75 / s2, 0.5 / s1 - 0.25 / s2, -0.5 / s1 - 0.25 / s2])
    expect(decoupled[0][1]).toBeGreaterThan(decoupled[0][0])
    // Weights apply: (2, 10), (4, 0) with weights (0.5, −1), no scale → (−5.5, 5.5) either way
    for (const combine of ['sum', 'decoupled']) {
      expect(ok([...GROUP, '--scale', 'none'], { groups: [[[2, 10], [4, 0]]], weights: [0.5, -1], combine }).advantages).toEqual([[-5.5, 5.5]])
    }
  })

  it('keeps the shape of uneven and empty groups', () => {
    expect(ok([...GROUP, '--scale', 'none'], { groups: [[1, 3], [], [5]] }).advantages).toEqual([[-1, 1], [], [0]])
    expect(ok(GROUP, { groups: [] }).advantages).toEqual([])
  })
})

describe('advantages --estimator remax|opo|passk', () => {
  const REMAX = ['advantages', '--estimator', 'remax']
  const OPO = ['advantages', '--estimator', 'opo']
  const PASSK = ['advantages', '--estimator', 'passk']

  it('subtracts each group’s greedy reward with remax', () => {
    // (1, 0, 0.5) − 0.5; (2) − 3; an empty group keeps its place
    expect(ok(REMAX, { groups: [[1, 0, 0.5], [2], []], greedy: [0.5, 3, 7] }).advantages).toEqual([[0.5, -0.5, 0], [-1], []])
  })

  it('subtracts the length-weighted group mean with opo', () => {
    // (1, 0, 0) with lengths (1, 2, 1): b = 1/4; (2, 4) with (3, 1): b = (6 + 4)/4 = 2.5; a lone completion gets 0
    expect(ok(OPO, { groups: [[1, 0, 0], [2, 4], [9]], lengths: [[1, 2, 1], [3, 1], [5]] }).advantages).toEqual([[0.75, -0.25, -0.25], [-0.5, 1.5], [0]])
  })

  it('gives the analytical pass@k advantages with passk', () => {
    // N = 4, one right, k = 2: R̄ = 1/2, σ = 1/2, A_pos = 1, A_neg = (1/2 − 2/3)/(1/2) = −1/3; (1, 1): R̄ = 1 → 0
    const { advantages } = ok([...PASSK, '--k', '2'], { groups: [[0, 1, 0, 0], [1, 1]] })
    expectClose((advantages as number[][])[0], [-1 / 3, 1, -1 / 3, -1 / 3], 14)
    expect((advantages as number[][])[1]).toEqual([0, 0])
    // --eps E divides by σ + E, as the authors' code does with 1e-6
    const eps = ok([...PASSK, '--k', '2', '--eps', '1e-6'], { groups: [[0, 1, 0, 0]] }).advantages as number[][]
    expectClose(eps[0], [-1 / 6, 0.5, -1 / 6, -1 / 6].map((a) => a / (0.5 + 1e-6)), 14)
    // k = 1: (r − mean)/population std
    const k1 = ok([...PASSK, '--k', '1'], { groups: [[1, 0, 0, 0]] }).advantages as number[][]
    expectClose(k1[0], [0.75, -0.25, -0.25, -0.25].map((a) => a / Math.sqrt(3 / 16)), 14)
  })

  it.each<[string[], unknown, string]>([
    [REMAX, { groups: [[1, 2]] }, '"greedy" is missing; expected {"groups": [[r, ...], ...], "greedy": [the greedy completion\'s reward, one per group]}'],
    [REMAX, { groups: [[1, 2], [3]], greedy: [1] }, 'greedy has 1 entries but groups has 2; give one greedy reward per group'],
    [REMAX, { groups: [[1, 2]], greedy: ['1'] }, 'greedy[0]: expected number, received string'],
    [REMAX, { groups: [[1, 2]], greedy: [1], lengths: [[1, 1]] }, '"lengths" is the input of --estimator opo; --estimator remax does not take it'],
    [OPO, { groups: [[1, 2]] }, '"lengths" is missing; expected {"groups": [[r, ...], ...], "lengths": [[l, ...], ...]}'],
    [OPO, { groups: [[1, 2], [3]], lengths: [[1, 1]] }, 'lengths has 1 groups but groups has 2; give one length per completion'],
    [OPO, { groups: [[1, 2]], lengths: [[1]] }, 'lengths[0] has 1 entries but groups[0] has 2; give one length per completion'],
    [OPO, { groups: [[1, 2]], lengths: [[1, 0]] }, 'lengths[0][1] is 0; a length is a whole number of tokens, at least 1'],
    [OPO, { groups: [[1, 2]], lengths: [[1, 2.5]] }, 'lengths[0][1] is 2.5; a length is a whole number of tokens, at least 1'],
    [OPO, { groups: [[1, 2]], lengths: [[1, 2]], greedy: [0] }, '"greedy" is the input of --estimator remax; --estimator opo does not take it'],
    [PASSK, { groups: [[1, 0]] }, 'advantages --estimator passk needs --k (how many completions a pass@k draw takes, a whole number from 1 to the group size)'],
    [[...PASSK, '--k', '0'], { groups: [[1, 0]] }, '--k must be a whole number of at least 1, got 0'],
    [[...PASSK, '--k', '1.5'], { groups: [[1, 0]] }, '--k must be a whole number of at least 1, got 1.5'],
    [[...PASSK, '--k', 'x'], { groups: [[1, 0]] }, '--k must be a finite number, got "x"'],
    [[...PASSK, '--k', '3'], { groups: [[1, 0, 0], [1, 0]] }, "--k 3 is more than groups[1]'s 2 completions; k must be at most every group's size"],
    [[...PASSK, '--k', '1'], { groups: [[1, 0.5]] }, 'groups[0][1] is 0.5; pass@k takes 1 for a right completion and 0 for a wrong one'],
    [[...PASSK, '--k', '1', '--eps', '2'], { groups: [[1, 0]] }, '--eps must be from 0 to 1, got 2'],
    [[...PASSK, '--k', '1', '--rank'], { groups: [[1, 0]] }, 'flag --rank does not apply to --estimator passk; accepted: --estimator, --k, --eps'],
    [[...REMAX, '--eps', '0.1'], { groups: [[1]], greedy: [0] }, 'flag --eps does not apply to --estimator remax; accepted: --estimator'],
    [[...OPO, '--k', '2'], { groups: [[1]], lengths: [[1]] }, 'flag --k does not apply to --estimator opo; accepted: --estimator'],
    [[...GROUP, '--k', '2'], { groups: [[1]] }, 'flag --k does not apply to --estimator group'],
    [GROUP, { groups: [[1, 2]], greedy: [0] }, '"greedy" is the input of --estimator remax; --estimator group does not take it'],
    [GROUP, { groups: [[1, 2]], lengths: [[1, 1]] }, '"lengths" is the input of --estimator opo; --estimator group does not take it'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], { ...rollout([1], [0], 0), greedy: [0] }, '"greedy" is the input of --estimator remax; --estimator gae does not take it'],
    [[...PASSK, '--k', '1'], { groups: [[1, 0]], lengths: [[1, 1]] }, '"lengths" is the input of --estimator opo; --estimator passk does not take it'],
  ])('rejects %j with stdin %j', (args, input, message) => {
    expect(expectUsageError(cli(args, input))).toContain(message)
  })

  it('refuses advantages that overflow', () => {
    expect(expectUsageError(cli(REMAX, { groups: [[1e308]], greedy: [-1e308] }))).toBe('advantages[0] came out as Infinity: the input is too large to compute with')
  })
})

describe('advantages --estimator reinforce_pp', () => {
  const REINFORCE_PP = ['advantages', '--estimator', 'reinforce_pp']

  it('normalises each token’s return-to-go of the task reward and the penalties over the batch’s tokens', () => {
    // G = (1 − 0.1, 1 − 0.1) = (0.9, 0.9) and (0.05): μ = 1.85/3, σ² = Σ(G − μ)²/3, A = (G − μ)/σ.
    const { advantages } = ok(REINFORCE_PP, { rewards: [1, 0], penalties: [[0, -0.1], [0.05]] })
    const returns = [0.9, 0.9, 0.05]
    const mean = 1.85 / 3
    const std = Math.sqrt(returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / 3)
    const [first, second] = advantages as number[][]
    expectClose([...first, ...second], returns.map((value) => (value - mean) / std), 14)
    expect([first.length, second.length]).toEqual([2, 1])
  })

  it('prints every digit, and gives 0 to returns that are all equal (the variance floor 1e-8)', () => {
    const { advantages } = ok(REINFORCE_PP, { rewards: [1, 1], penalties: [[0, 0], [0]] })
    expect(advantages).toEqual([[0, 0], [0]])
    // σ² = 0.25·1e-10 is below the floor: A = (G − μ)/√1e-8, here ±0.5e-5/1e-4 = ±0.05
    const floored = ok(REINFORCE_PP, { rewards: [1e-5, 0], penalties: [[0], [0]] }).advantages as number[][]
    expectClose(floored.flat(), [0.05, -0.05], 14)
    expect(ok(REINFORCE_PP, { rewards: [], penalties: [] }).advantages).toEqual([])
  })

  it.each<[string[], unknown, string]>([
    [REINFORCE_PP, { rewards: [1] }, '"penalties" is missing; expected {"rewards": [R, ...], "penalties": [[p, ...], ...]}'],
    [REINFORCE_PP, { rewards: [1, 2], penalties: [[0]] }, 'penalties has 1 completions but rewards has 2; give one array of penalties per completion'],
    [REINFORCE_PP, { rewards: [1], penalties: [[]] }, 'penalties[0] is empty; a completion has at least 1 token, so give one penalty per token (0 where the KL is not in the reward)'],
    [REINFORCE_PP, { rewards: ['1'], penalties: [[0]] }, 'rewards[0]: expected number, received string'],
    [REINFORCE_PP, { rewards: [1], penalties: [[0]], lengths: [1] }, '--estimator reinforce_pp takes no "lengths": each completion\'s length is its number of penalties'],
    [REINFORCE_PP, { rewards: [1], penalties: [[0]], greedy: [0] }, '"greedy" is the input of --estimator remax; --estimator reinforce_pp does not take it'],
    [[...REINFORCE_PP, '--eps', '0.1'], { rewards: [1], penalties: [[0]] }, 'flag --eps does not apply to --estimator reinforce_pp; accepted: --estimator'],
    [GROUP, { groups: [[1, 2]], penalties: [[0], [0]] }, '"penalties" is the input of --estimator reinforce_pp; --estimator group does not take it'],
  ])('rejects %j with stdin %j', (args, input, message) => {
    expect(expectUsageError(cli(args, input))).toContain(message)
  })

  it('refuses advantages that overflow', () => {
    expect(expectUsageError(cli(REINFORCE_PP, { rewards: [1e308, -1e308], penalties: [[1e308], [0]] }))).toMatch(/^advantages\[\d\] came out as (-)?(Infinity|NaN): the input is too large to compute with$/)
  })
})

describe('advantages --estimator mc_grpo', () => {
  const MC_GRPO = ['advantages', '--estimator', 'mc_grpo']

  it('centres each group on its median, scales by MAD + 0.001 and by n over the non-zero count, and names each group’s pivot', () => {
    // (0.2, 1.0, 0.5): median 0.5 (pivot 2), MAD 0.3 → (−0.3, 0.5, 0)/0.301 × 3/2;
    // (1, 0, 0): median 0, the first 0 the pivot (1), MAD 0 → (1000, 0, 0) × 3/1
    const out = ok(MC_GRPO, { groups: [[0.2, 1.0, 0.5], [1, 0, 0]] })
    const advantages = out.advantages as number[][]
    expectClose(advantages[0], [-0.45 / 0.301, 0.75 / 0.301, 0])
    expectClose(advantages[1], [3000, 0, 0], 9)
    expect(out.pivots).toEqual([2, 1])
    // G + 1 = 5; an all-equal group: every advantage exactly 0, the first completion the pivot
    // (3, 1, 4, 1, 5): median 3 (pivot 0), deviations (0, 2, 1, 2, 2), MAD 2 → (0, −2, 1, −2, 2)/2.001 × 5/4
    const five = ok(MC_GRPO, { groups: [[3, 1, 4, 1, 5], [2, 2, 2, 2, 2]] })
    expectClose((five.advantages as number[][])[0], [0, -2.5 / 2.001, 1.25 / 2.001, -2.5 / 2.001, 2.5 / 2.001])
    expect((five.advantages as number[][])[1]).toEqual([0, 0, 0, 0, 0])
    expect(five.pivots).toEqual([0, 0])
  })

  it.each<[unknown, string]>([
    [{ groups: [[1, 2, 3], [1, 2]] }, 'groups[1] has 2 rewards; MC-GRPO takes groups of G + 1 completions, an odd number of at least 3 (3, 5, 7, …), so that one is the median'],
    [{ groups: [[1]] }, 'groups[0] has 1 rewards; MC-GRPO takes groups of G + 1 completions'],
    [{ groups: [[]] }, 'groups[0] has 0 rewards'],
    [{ groups: [[1, 2, 3]], lengths: [[1, 1, 1]] }, '"lengths" is the input of --estimator opo; --estimator mc_grpo does not take it'],
    [{ groups: [[1, 2, 'x']] }, 'groups[0][2]: expected number, received string; expected {"groups": [[r, ...], ...]}, each group G + 1 rewards, an odd number of at least 3'],
    [{ groups: [[-1e308, 1e308, 1e308]] }, 'advantages[0] came out as -Infinity: the input is too large to compute with'],
  ])('rejects stdin %j', (input, message) => {
    expect(expectUsageError(cli(MC_GRPO, input))).toContain(message)
  })

  it('takes no flag beyond --estimator', () => {
    expect(expectUsageError(cli([...MC_GRPO, '--eps', '0.1'], { groups: [[1, 2, 3]] }))).toBe('flag --eps does not apply to --estimator mc_grpo; accepted: --estimator')
  })
})

describe('advantages: bad input', () => {
  const rollout3 = rollout([1, 2, 3], [0, 0, 0], 0)
  it.each<[string[], unknown, string]>([
    [['advantages'], undefined, 'advantages needs --estimator; accepted: gae, group'],
    [['advantages', '--estimator', 'td'], undefined, 'unknown estimator "td" for advantages; accepted: gae, group'],
    [[...GAE, '--lambda', '1'], rollout3, 'advantages --estimator gae needs --gamma'],
    [[...GAE, '--gamma', '0.9'], rollout3, 'advantages --estimator gae needs --lambda'],
    [[...GAE, '--gamma', '1.5', '--lambda', '1'], rollout3, '--gamma must be from 0 to 1, got 1.5'],
    [[...GAE, '--gamma', 'x', '--lambda', '1'], rollout3, '--gamma must be a finite number, got "x"'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1', '--rank'], rollout3, 'flag --rank does not apply to --estimator gae; accepted: --estimator, --gamma, --lambda'],
    [[...GROUP, '--gamma', '0.9'], { groups: [[1]] }, 'flag --gamma does not apply to --estimator group; accepted: --estimator, --center, --scale, --rank, --batch-normalize, --eps'],
    [[...GROUP, '--speed', '2'], { groups: [[1]] }, 'unknown flag "--speed" for advantages; accepted: --estimator, --gamma, --lambda, --center, --scale, --rank, --batch-normalize, --eps'],
    [[...GROUP, '--center', 'mode'], { groups: [[1]] }, 'unknown --center "mode"; accepted: mean, median, loo, batch'],
    [[...GROUP, '--scale', 'mad'], { groups: [[1]] }, 'unknown --scale "mad"; accepted: group, batch, none'],
    [[...GROUP, '--eps', '-1'], { groups: [[1]] }, '--eps must be from 0 to 1, got -1'],
    [[...GROUP, '--rank', '--rank'], { groups: [[1]] }, 'flag --rank given twice'],
    [[...GROUP, '--rank=yes'], { groups: [[1]] }, 'flag --rank is a switch and takes no value'],
    [[...GROUP, '--center'], { groups: [[1]] }, 'flag --center needs a value'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], '{"rewards": [1, 2', 'stdin is not valid JSON'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], '', 'no JSON on stdin; expected {"rewards": [T numbers]'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], { ...rollout3, values: [0, 0] }, 'values has 2 entries but rewards has 3; every array needs one entry per step'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], { ...rollout3, truncated: [0, 0] }, 'truncated has 2 entries but rewards has 3'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], { ...rollout3, rewards: [1, '2', 3] }, 'rewards[1]: expected number, received string; expected {"rewards": [T numbers]'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], { ...rollout3, terminated: [0, 2, 0] }, 'terminated[1]: expected true, false, 0 or 1'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], { ...rollout3, lastValue: undefined }, '"lastValue" is missing; expected {"rewards"'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], { ...rollout3, bootstrap_values: [0, 0, 0] }, 'unknown key "bootstrap_values"'],
    [[...GAE, '--gamma', '0.9', '--lambda', '1'], [1, 2, 3], 'input: expected object, received array'],
    [GROUP, { groups: [[1, 'a']] }, 'groups[0][1]: expected number, received string; expected {"groups": [[r, ...], ...]} or, for several reward components,'],
    [GROUP, { groups: [[1, 2], 3] }, 'groups[1]: expected array, received number'],
    [GROUP, { rewards: [1, 2] }, '"groups" is missing; expected {"groups": [[r, ...], ...]}'],
    [GROUP, { groups: [[1, 2]], weights: [1] }, 'unknown key "weights"; expected {"groups": [[r, ...], ...]} or, for several reward components'],
    [GROUP, { groups: [[[1, 0], [0, 1, 2]]], weights: [1, 1], combine: 'sum' }, 'groups[0][1] has 3 components but the first completion has 2; every completion needs one value per component'],
    [GROUP, { groups: [[[1, 0], [0, 1]], [[1, 2]]], weights: [1], combine: 'sum' }, 'weights has 1 entries but each completion has 2 components'],
    [GROUP, { groups: [[[1, 0], [0, 1]]], weights: [1, 1] }, '"combine" is missing'],
    [GROUP, { groups: [[[1, 0], [0, 1]]], weights: [1, 1], combine: 'product' }, 'combine: expected one of "sum"|"decoupled"'],
    [GROUP, { groups: [[[1, 0], 2]], weights: [1, 1], combine: 'sum' }, 'groups[0][1]: expected array, received number'],
    [GROUP, '{"groups": [[1e999]]}', 'groups[0][0]: expected number, received Infinity'],
  ])('rejects %j with stdin %j', (args, input, message) => {
    expect(expectUsageError(cli(args, input))).toContain(message)
  })

  it.each([
    // Σ_k w_k·c_k = 10·1e308 overflows: zeros came out before.
    [[], { groups: [[[1e308], [0]]], weights: [10], combine: 'sum' }, 'advantages[0] came out as NaN'],
    // Component 0 is (0, 1e308, −1e308): mean 0, but its std overflows to ∞.
    [[], { groups: [[[0, 0], [1e308, 0], [-1e308, 0]]], weights: [1, 1], combine: 'decoupled' }, 'advantages[0] came out as NaN'],
    // Finite rewards whose spread overflows, and a batch normalisation of overflowed advantages.
    [[], { groups: [[0, 1e308, -1e308]] }, 'advantages[0] came out as NaN'],
    [['--scale', 'none', '--batch-normalize'], { groups: [[1e308, -1e308]] }, 'advantages[0] came out as NaN'],
  ])('refuses advantages that overflow (%j, %j) instead of printing zeros', (flags, input, message) => {
    expect(expectUsageError(cli([...GROUP, ...flags], input))).toBe(`${message}: the input is too large to compute with`)
  })

  it('says so when there is no stdin to read', () => {
    expect(cli(GROUP)).toEqual({ code: 2, stdout: '', stderr: 'advantages reads JSON on stdin, and there is none to read\n' })
  })
})

describe.concurrent('advantages as a process', () => {
  it('reads stdin through a pipe and prints one JSON line', async () => {
    const { code, stdout, stderr } = await spawnCli(['advantages', '--estimator', 'group', '--center', 'loo', '--scale', 'none'], '{"groups": [[1, 2, 6], [0, 1]]}\n')
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toBe('{"advantages":[[-3,-1.5,4.5],[-1,1]]}\n')
  })

  it('runs GAE through a pipe', async () => {
    const input = JSON.stringify(rollout([1, 1, 1], [0.2, 0.4, 0.6], 10, { truncated: [0, 1, 0], bootstrapValues: [99, 3, 99] }))
    const { code, stdout, stderr } = await spawnCli(['advantages', '--estimator', 'gae', '--gamma', '0.5', '--lambda', '1'], input)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const { advantages } = JSON.parse(stdout) as { advantages: number[] }
    expectClose(advantages, [2.05, 2.1, 5.4])
  })

  it('fails on malformed JSON with exit 2, one line on stderr, nothing on stdout', async () => {
    const { code, stdout, stderr } = await spawnCli(['advantages', '--estimator', 'group'], '{"groups": [[1, 2]')
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toMatch(/^stdin is not valid JSON/)
  })
})

describe('advantages --estimator tree', () => {
  const TREE = ['advantages', '--estimator', 'tree']
  const leaf = (reward: number) => ({ reward })
  const node = (...children: unknown[]) => ({ children })
  // root → a [1, 0], b [0, 0]: V(root) = 1/4, V(a) = 1/2, V(b) = 0
  const twoLevels = { tree: node(node(leaf(1), leaf(0)), node(leaf(0), leaf(0))) }

  it('prints every node in pre-order: its advantage V(n) − V(parent), path, value and leaves', () => {
    const { code, stdout, stderr } = cli(TREE, twoLevels)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    // A(a) = 1/2 − 1/4; a's leaves 1 − 1/2, 0 − 1/2; A(b) = 0 − 1/4; b's leaves 0 − 0
    expect(stdout).toBe('{"advantages":[0,0.25,0.5,-0.5,-0.25,0,0],"paths":["","0","0.0","0.1","1","1.0","1.1"],"values":[0.25,0.5,1,0,0,0,0],"leaves":[4,2,1,1,2,1,1]}\n')
  })

  it('adds the global term with --global and divides by √|L(n)| with --reweight (TreeRL’s form)', () => {
    // (GA + LA)/√|L|: a (0.25 + 0.25)/√2; a.0 (0.75 + 0.5)/1; a.1 (−0.25 − 0.5); b (−0.25 − 0.25)/√2; b.0, b.1 −0.25
    const both = ok([...TREE, '--global', '--reweight'], twoLevels)
    expectClose(both.advantages as number[], [0, 0.5 / Math.SQRT2, 1.25, -0.75, -0.5 / Math.SQRT2, -0.25, -0.25])
    expectClose(ok([...TREE, '--global'], twoLevels).advantages as number[], [0, 0.5, 1.25, -0.75, -0.5, -0.25, -0.25])
  })

  it('takes unequal branching and a lone leaf', () => {
    // root → x [1, 1, 0], y 0: V(root) = 1/2, V(x) = 2/3
    const unequal = ok(TREE, { tree: node(node(leaf(1), leaf(1), leaf(0)), leaf(0)) })
    expectClose(unequal.advantages as number[], [0, 1 / 6, 1 / 3, 1 / 3, -2 / 3, -0.5])
    expect(ok(TREE, { tree: leaf(2) })).toEqual({ advantages: [0], paths: [''], values: [2], leaves: [1] })
  })

  it.each([
    [{ tree: node(leaf(1), node()) }, 'tree.children[1].children (node 1) is empty; a node has at least 1 child'],
    [{ tree: node(leaf(1), { reward: 'x' }) }, 'tree.children[1].reward (node 1) is a string; a reward is a finite number'],
    [{ tree: node({ reward: 1, children: [] }) }, 'tree.children[0] (node 0) has both "children" and "reward"'],
    [{ tree: node({ value: 1 }) }, 'tree.children[0] (node 0) has the unknown key "value"'],
    [{}, '"tree" is missing; expected {"tree": NODE}'],
    [{ tree: leaf(1), groups: [[1]] }, 'unknown key "groups"; expected {"tree": NODE}'],
    [[1], 'input: expected an object'],
  ])('refuses %j naming the node', (input, message) => {
    expect(expectUsageError(cli(TREE, input))).toContain(message)
  })

  it('refuses a tree over the depth or node limit, a flag of another estimator, and an overflow', () => {
    let deep: unknown = leaf(1)
    for (let d = 0; d < 65; d++) deep = node(deep)
    expect(expectUsageError(cli(TREE, { tree: deep }))).toContain('lies 65 levels below the root; a tree may be at most 64 deep')
    const wide = { tree: { children: Array.from({ length: 100_000 }, () => leaf(0)) } }
    expect(expectUsageError(cli(TREE, wide))).toBe('the tree has more than 100000 nodes; give at most 100000')
    expect(expectUsageError(cli([...TREE, '--rank'], twoLevels))).toContain('flag --rank does not apply to --estimator tree; accepted: --estimator, --global, --reweight')
    expect(expectUsageError(cli(['advantages', '--estimator', 'group', '--global'], { groups: [[1, 2]] }))).toContain('flag --global does not apply to --estimator group')
    expect(expectUsageError(cli(TREE, { tree: node(leaf(1e308), leaf(1e308)) }))).toBe('values of the root came out as Infinity: the input is too large to compute with')
  })
})
