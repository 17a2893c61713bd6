import { describe, expect, it } from 'vitest'
import { batchAdvantages } from '../core/credit/batchAdvantages'
import { GroupEstimatorSchema } from '../core/run/learnerOptions'
import { cli, expectUsageError } from './testing'

/* `advantages --estimator process`: DeepSeekMath's process supervision, the GRPO learner's baseline "process". */

const run = (input: unknown, ...flags: string[]) => {
  const result = cli(['advantages', '--estimator', 'process', ...flags], input)
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return JSON.parse(result.stdout).advantages as number[][][]
}

describe('advantages --estimator process', () => {
  it('refuses process_min’s outcomes, which the summed form does not take', () => {
    expect(expectUsageError(cli(['advantages', '--estimator', 'process'], { groups: [[[1]]], outcomes: [[1]] }))).toContain('"outcomes" is the input of --estimator process_min')
  })

  it('normalises each step reward by its group’s and sums the steps at or after each token (hand-computed)', () => {
    // R = {1, 0, 0, 0, 1}: mean 0.4, std √(1.2/4) = √0.3; r̃ = 0.6/√0.3 or −0.4/√0.3
    const hi = 0.6 / Math.sqrt(0.3)
    const lo = -0.4 / Math.sqrt(0.3)
    const [[first, second]] = run({ groups: [[[1, 0], [0, 0, 1]]] }, '--eps', '0')
    ;[hi + lo, lo].forEach((value, t) => expect(first[t]).toBeCloseTo(value, 14))
    ;[lo + lo + hi, lo + hi, hi].forEach((value, t) => expect(second[t]).toBeCloseTo(value, 14))
  })

  it('gives what the learner computes: batchAdvantages with baseline process over the per-token components and weights', () => {
    // Two components paid per token (a step score and an outcome at the end), weights 0.5 and 2; groups of two.
    const tokenComponents = [
      [[-0.1, 0], [-2, 0], [-3, 0]],
      [[-0.2, 0], [-0.1, 1]],
      [[-1, 0], [-0.5, 0]],
      [[-0.3, 1]],
    ]
    const weights = [0.5, 2]
    const rewards = tokenComponents.map((completion) => completion.map(([step, outcome]) => weights[0] * step + weights[1] * outcome))
    const fromCli = run({ groups: [rewards.slice(0, 2), rewards.slice(2)] }).flat(2)
    const components = tokenComponents.flatMap((completion) => [completion.reduce((sum, [step]) => sum + step, 0), completion.reduce((sum, [, outcome]) => sum + outcome, 0)])
    const learner = batchAdvantages(
      { components, weights, groupSizes: [2, 2], lengths: tokenComponents.map((completion) => completion.length), tokenComponents: tokenComponents.flat(2) },
      GroupEstimatorSchema.parse({ baseline: 'process' }),
    )
    expect(fromCli).toEqual(Array.from(learner))
  })

  it.each([
    [{ groups: [[[]]] }, [], 'groups[0][0] is empty; a completion has at least 1 token'],
    [{ groups: [[1, 2]] }, [], 'groups'],
    [{ groups: [[[1]]], lengths: [[1]] }, [], '"lengths" is the input of --estimator opo'],
    [{ groups: [[[1]]] }, ['--eps', '2'], '--eps must be from 0 to 1, got 2'],
    [{ groups: [[[1]]] }, ['--center', 'loo'], 'flag --center does not apply to --estimator process; accepted: --estimator, --eps'],
  ])('refuses bad input with one line: %j %j', (input, flags, message) => {
    expect(expectUsageError(cli(['advantages', '--estimator', 'process', ...flags], input))).toContain(message)
  })
})

describe('advantages --estimator process_min', () => {
  const runMin = (input: unknown, ...flags: string[]) => {
    const result = cli(['advantages', '--estimator', 'process_min', ...flags], input)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    return JSON.parse(result.stdout).advantages as number[][][]
  }

  it('takes the minimum of the step rewards at or after each token against the group’s completion values (hand-computed)', () => {
    // G = (−3, −3, −3) and (−2, −2); V = {−3, −2}: mean −2.5, std √0.5
    const s = Math.sqrt(0.5)
    const [[first, second]] = runMin({ groups: [[[-1, 0, -3], [0, -2]]] }, '--eps', '0')
    first.forEach((value) => expect(value).toBeCloseTo(-0.5 / s, 14))
    second.forEach((value) => expect(value).toBeCloseTo(0.5 / s, 14))
  })

  it('gives what the learner computes under baseline process_min', () => {
    const rewards = [[[-0.1, -2, -3], [-0.2, 1.9]], [[-1, -0.5], [1.7]]]
    const learner = batchAdvantages(
      { components: rewards.flat().map((completion) => completion.reduce((sum, r) => sum + r, 0)), weights: [1], groupSizes: [2, 2], lengths: rewards.flat().map((completion) => completion.length), tokenComponents: rewards.flat(2) },
      GroupEstimatorSchema.parse({ baseline: 'process_min' }),
    )
    expect(runMin({ groups: rewards }).flat(2)).toEqual(Array.from(learner))
  })

  it('adds each completion’s outcome after the minimum, as PURE adds its verifiable reward (hand-computed), as the learner does with a process model and correct', () => {
    // G = min suffix + R: (−1, −0.5, −0.5) + 1 = (0, 0.5, 0.5) and (−0.2, −0.1) + 0; V = {0, −0.2}: mean −0.1, std √0.02
    const s = Math.sqrt(0.02)
    const input = { groups: [[[-1, 0, -0.5], [-0.2, -0.1]]], outcomes: [[1, 0]] }
    const [[first, second]] = runMin(input, '--eps', '0')
    ;[0.1 / s, 0.6 / s, 0.6 / s].forEach((value, t) => expect(first[t]).toBeCloseTo(value, 13))
    ;[-0.1 / s, 0].forEach((value, t) => expect(second[t]).toBeCloseTo(value, 13))
    // The learner's split: components [correct, rm], rm a process reward, correct paid at the last token.
    const learner = batchAdvantages(
      {
        components: [1, -1.5, 0, -0.3],
        weights: [1, 1],
        groupSizes: [2],
        lengths: [3, 2],
        tokenComponents: [0, -1, 0, 0, 1, -0.5, 0, -0.2, 0, -0.1],
        processComponents: [0, 1],
      },
      GroupEstimatorSchema.parse({ baseline: 'process_min', eps: 0 }),
    )
    expect(Array.from(learner)).toEqual(runMin(input, '--eps', '0').flat(2))
    // Without the split every component is a step reward, and the +1 is never a minimum before the last token.
    const unsplit = batchAdvantages(
      { components: [1, -1.5, 0, -0.3], weights: [1, 1], groupSizes: [2], lengths: [3, 2], tokenComponents: [0, -1, 0, 0, 1, -0.5, 0, -0.2, 0, -0.1] },
      GroupEstimatorSchema.parse({ baseline: 'process_min', eps: 0 }),
    )
    expect(Array.from(unsplit)).toEqual(runMin({ groups: [[[-1, 0, 0.5], [-0.2, -0.1]]] }, '--eps', '0').flat(2))
  })

  it.each([
    [{ groups: [[[]]] }, [], 'groups[0][0] is empty; a completion has at least 1 token'],
    [{ groups: [[[1]]], lengths: [[1]] }, [], '"lengths" is the input of --estimator opo'],
    [{ groups: [[[1], [2]]], outcomes: [[1]] }, [], 'outcomes[0] has 1 values but groups[0] has 2 completions; give one outcome per completion'],
    [{ groups: [[[1]]], outcomes: [[1], [0]] }, [], 'outcomes has 2 groups but groups has 1; give one outcome per completion of each group'],
    [{ groups: [[[1]]], outcomes: [['1']] }, [], 'outcomes'],
    [{ groups: [[[1]]] }, ['--center', 'loo'], 'flag --center does not apply to --estimator process_min; accepted: --estimator, --eps'],
  ])('refuses bad input with one line: %j %j', (input, flags, message) => {
    expect(expectUsageError(cli(['advantages', '--estimator', 'process_min', ...flags], input))).toContain(message)
  })
})
