import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cliAsync, jsonLines } from './testing'

/* Christiano et al. 2017 on CartPole: segment pairs labelled by their gold → a linear reward model of steps → PPO against it alone. */

const DIR = mkdtempSync(join(tmpdir(), 'train-segment-rm-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

interface Done {
  done?: true
  recentObjective: number
  recentContributions: Record<string, number>
}

async function succeed(args: string[], input?: string): Promise<string> {
  const result = await cliAsync(args, input)
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return result.stdout
}

async function trainedObjective(mix: Record<string, unknown>, name: string): Promise<Done> {
  const path = join(DIR, `${name}.json`)
  writeFileSync(path, JSON.stringify({ env: { id: 'cartpole' }, mix, learner: { kind: 'ppo' }, seed: 1 }))
  const lines = jsonLines<Done>(await succeed(['train', '--config', path, '--steps', '12288']))
  return lines.find((line) => line.done === true)!
}

describe('PPO against a reward model fitted on CartPole segment pairs', () => {
  it('balances the pole far longer than the random policy and than a run paid nothing', async () => {
    const pairs = await succeed(['preferences', '--env', 'cartpole', '--pairs', '1000', '--temperature', '0', '--seed', '1'])
    const fit = JSON.parse(await succeed(['reward-model', 'fit', '--pairs', '-'], pairs)) as { model: unknown }
    writeFileSync(join(DIR, 'fit.json'), JSON.stringify(fit))
    // The environment's own reward is off: the model is all the agent is paid.
    const learned = await trainedObjective({ weights: { alive: 0, rm: 1 }, rewardModels: [{ name: 'rm', file: 'fit.json' }] }, 'learned')
    const unpaid = await trainedObjective({ weights: { alive: 0 } }, 'unpaid')
    expect(learned.recentContributions.rm).toBeGreaterThan(0)
    // The uniform random policy keeps the pole up about 22 steps (Gymnasium's CartPole-v1).
    expect(learned.recentObjective).toBeGreaterThan(60)
    expect(learned.recentObjective).toBeGreaterThan(2 * unpaid.recentObjective)
  }, 120_000)
})
