import { describe, expect, it } from 'vitest'
import { cliAsync, expectUsageError } from './testing'

const CONFIG = {
  env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4 } },
  mix: { version: 1, weights: { correct: 0, proxy: 1 } },
  learner: { kind: 'grpo' },
  seed: 3,
}

describe('best-of-n', () => {
  it('prints one point per n, the KL log n − (n − 1)/n, the proxy rising with n', async () => {
    const { code, stdout } = await cliAsync(['best-of-n', '--config', '-', '--n', '1,2,4', '--prompts', '8', '--json'], CONFIG)
    expect(code).toBe(0)
    const result = JSON.parse(stdout)
    expect(result).toMatchObject({ seed: 3, prompts: 8, drawsPerPrompt: 4 })
    expect(result.points.map((point: { n: number }) => point.n)).toEqual([1, 2, 4])
    // log 2 − 1/2 = 0.193147…
    expect(result.points[1].kl).toBeCloseTo(0.193147, 6)
    // nested draws: best of the first 4 is never below best of the first 2, prompt by prompt, so neither is the mean
    expect(result.points[2].proxy).toBeGreaterThanOrEqual(result.points[1].proxy)
    expect(result.points[1].proxy).toBeGreaterThanOrEqual(result.points[0].proxy)
  })

  it('refuses an n list that is not ascending whole numbers, too many draws, and another environment', async () => {
    expect(expectUsageError(await cliAsync(['best-of-n', '--config', '-', '--n', '4,2'], CONFIG))).toContain('--n must be comma-separated whole numbers from 1 to 1024 in ascending order (e.g. 1,2,4,8); 2 follows 4')
    expect(expectUsageError(await cliAsync(['best-of-n', '--config', '-', '--n', '1,2048'], CONFIG))).toContain('got "2048"')
    expect(expectUsageError(await cliAsync(['best-of-n', '--config', '-', '--n', '1024', '--prompts', '4096'], CONFIG))).toContain('at most 1048576 are drawn')
    expect(expectUsageError(await cliAsync(['best-of-n', '--config', '-'], { ...CONFIG, env: { id: 'cartpole' }, mix: { version: 1, weights: {} }, learner: { kind: 'ppo' } }))).toContain('accepted: tokenseq')
  })
})
