import { describe, expect, it } from 'vitest'
import { cli, expectUsageError } from './testing'

/** `advantages --estimator grpo_passk` (verl's grpo_passk; the baseline passk_verl): only each group's best completion gets credit. */

const GRPO_PASSK = ['advantages', '--estimator', 'grpo_passk']

function advantagesOf(args: string[], input: unknown): number[][] {
  const { code, stdout, stderr } = cli(args, input)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  expect(stdout.endsWith('\n')).toBe(true)
  return (JSON.parse(stdout) as { advantages: number[][] }).advantages
}

describe('advantages --estimator grpo_passk', () => {
  it('gives the best completion its lead over the second best, over the group’s Bessel std + eps, and the rest 0', () => {
    // (1, 3, 2): lead 3 − 2 = 1, mean 2, std = √((1 + 1 + 0)/2) = 1; (0, 1, 0, 0): lead 1, std 1/2
    const [first, second] = advantagesOf([...GRPO_PASSK, '--eps', '0'], { groups: [[1, 3, 2], [0, 1, 0, 0]] })
    expect(first).toEqual([0, 1, 0])
    expect(second).toEqual([0, 2, 0, 0])
    // the default eps is the estimator option's, 1e-4
    const [withEps] = advantagesOf(GRPO_PASSK, { groups: [[0, 1, 0, 0]] })
    expect(withEps[1]).toBeCloseTo(1 / (0.5 + 1e-4), 14)
    expect([withEps[0], withEps[2], withEps[3]]).toEqual([0, 0, 0])
  })

  it('gives the bare lead with --scale none (verl’s norm_adv_by_std_in_grpo false)', () => {
    expect(advantagesOf([...GRPO_PASSK, '--scale', 'none'], { groups: [[1, 3, 2], [5, 1.5, -2]] })).toEqual([[0, 1, 0], [3.5, 0, 0]])
  })

  it('gives every completion 0 where the best is tied, and keeps an empty group’s place', () => {
    expect(advantagesOf(GRPO_PASSK, { groups: [[1, 0, 1], [], [2, 2]] })).toEqual([[0, 0, 0], [], [0, 0]])
  })

  it('answers to the record’s name passk_verl as well', () => {
    const input = { groups: [[1, 3, 2]] }
    expect(cli(['advantages', '--estimator', 'passk_verl'], input).stdout).toBe(cli(GRPO_PASSK, input).stdout)
  })

  it.each<[string[], unknown, string]>([
    [GRPO_PASSK, { groups: [[1, 0], [1]] }, "groups[1] has 1 completion; --estimator grpo_passk credits a group's best completion by its lead over the second best, so every group needs at least 2"],
    [[...GRPO_PASSK, '--scale', 'batch'], { groups: [[1, 0]] }, 'unknown --scale "batch" for --estimator grpo_passk; accepted: group, none'],
    [[...GRPO_PASSK, '--eps', '-1'], { groups: [[1, 0]] }, '--eps must be from 0 to 1, got -1'],
    [[...GRPO_PASSK, '--k', '2'], { groups: [[1, 0]] }, 'flag --k does not apply to --estimator grpo_passk; accepted: --estimator, --scale, --eps'],
    [[...GRPO_PASSK, '--rank'], { groups: [[1, 0]] }, 'flag --rank does not apply to --estimator grpo_passk'],
    [GRPO_PASSK, { groups: [[1, 0]], lengths: [[1, 1]] }, '"lengths" is the input of --estimator opo; --estimator grpo_passk does not take it'],
    [GRPO_PASSK, { groups: [[1, '0']] }, 'groups[0][1]: expected number, received string'],
  ])('rejects %j with stdin %j', (args, input, message) => {
    expect(expectUsageError(cli(args, input))).toContain(message)
  })
})
