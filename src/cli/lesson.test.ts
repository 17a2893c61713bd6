import { describe, expect, it } from 'vitest'
import { LESSONS } from '../lessons/catalogue'
import { setupToJson } from '../model/setupFile'
import { cli, cliAsync, expectUsageError } from './testing'

describe('lessons', () => {
  it('lists every lesson with its variants (index, label) and its claims', () => {
    const { code, stdout } = cli(['lessons'])
    expect(code).toBe(0)
    const listed = JSON.parse(stdout) as { id: string; variants: { index: number; label: string }[]; check: unknown }[]
    expect(listed.map((lesson) => lesson.id)).toEqual(LESSONS.map((lesson) => lesson.id))
    const cliff = listed.find((lesson) => lesson.id === 'cliff-sarsa-vs-q')!
    expect(cliff.variants).toEqual([
      { index: 0, label: 'Q-learning' },
      { index: 1, label: 'SARSA' },
      { index: 2, label: 'Expected SARSA' },
    ])
    expect(cliff.check).toMatchObject({ steps: 50_000, seeds: 5 })
  })
})

describe('lesson export', () => {
  it('prints a variant’s setup in exactly the schema train --config reads', async () => {
    const lesson = LESSONS.find((entry) => entry.id === 'coin-loop')!
    const { code, stdout } = await cliAsync(['lesson', 'export', 'coin-loop', '--variant', '1'])
    expect(code).toBe(0)
    expect(stdout).toBe(`${setupToJson(lesson.variants[1].design)}\n`)
  })

  it.each([
    [['lesson', 'export', 'nope', '--variant', '0'], /^no lesson "nope"; accepted: sparse-vs-shaped, /],
    [['lesson', 'export', 'coin-loop', '--variant', '3'], /^--variant must be a whole number from 0 to 2, got "3"$/],
    [['lesson', 'export', 'coin-loop'], /^lesson export needs --variant K, K from 0 to 2/],
    [['lesson', 'play'], /^lesson needs check, export or models, got "play"/],
  ])('%j exits 2 with one line', async (args, message) => {
    expect(expectUsageError(await cliAsync(args))).toMatch(message)
  })
})

describe('lesson check', () => {
  it('trains every variant a lesson’s claims name on K seeds and says each claim holds, with the numbers that decide it', async () => {
    const { code, stdout } = await cliAsync(['lesson', 'check', 'free-riding', '--seeds', '2', '--json'])
    expect(code).toBe(0)
    const result = JSON.parse(stdout)
    expect(result.id).toBe('free-riding')
    expect(result.variants.map((variant: { index: number }) => variant.index)).toEqual([0, 2, 3])
    expect(result.variants[0].seeds).toEqual([1, 2])
    for (const claim of result.claims) {
      expect(claim.holds).toBe(true)
      expect(claim.margins).toHaveLength(2)
      expect(claim.seedsHolding).toBe(2)
    }
  })

  it('is deterministic: the same seeds give the same figures, trained here or in processes of their own', async () => {
    const run = async (jobs: string) => JSON.parse((await cliAsync(['lesson', 'check', 'free-riding', '--seeds', '2', '--first-seed', '7', '--jobs', jobs, '--json'])).stdout).variants
    const here = await run('1')
    expect(here[0].figures.objective.values).toHaveLength(2)
    expect(await run('2')).toEqual(here)
  })

  it.each([
    [['lesson', 'check', 'free-riding', '--seeds', '1'], /^--seeds must be a whole number from 2 to 50, got "1"$/],
    [['lesson', 'check', 'nope'], /^no lesson "nope"; accepted: /],
    [['lesson', 'check', '--first-seed', '-1'], /^--first-seed must be a whole number from 0 to /],
    [['lesson', 'check', 'free-riding', '--jobs', '0'], /^--jobs must be a whole number from 1 to 64, got "0"$/],
  ])('%j exits 2 with one line', async (args, message) => {
    expect(expectUsageError(await cliAsync(args))).toMatch(message)
  })
})
