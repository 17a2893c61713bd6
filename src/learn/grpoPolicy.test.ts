import { beforeAll, describe, expect, it } from 'vitest'
import { RunConfigSchema } from '../core/run/config'
import { Rng } from '../core/rng'
import { initBackend } from './backend'
import { trainGrpoPolicy } from './grpoPolicy'
import { createMlp, mlpParameters } from './mlp'

beforeAll(async () => {
  await initBackend('wasm')
})

/** A small GRPO run on the token task, paid by length so that every group has signal. */
const config = RunConfigSchema.parse({
  env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4, group_size: 4 } },
  mix: { weights: { correct: 0, length: 1 } },
  learner: { kind: 'grpo', groupsPerIteration: 4, hiddenSize: 8, learningRate: 0.01 },
  seed: 5,
})

describe('trainGrpoPolicy', () => {
  it('trains whole updates to the budget and returns the policy before and after, the same for the same seed', async () => {
    const updates: number[] = []
    const first = await trainGrpoPolicy(config, 100, (envSteps) => updates.push(envSteps))
    // Each update's 16 completions write 1 to 4 tokens: the first count at or past 100.
    expect(first.envSteps).toBeGreaterThanOrEqual(100)
    expect(updates.at(-1)).toBe(first.envSteps)
    expect(updates.at(-2)!).toBeLessThan(100)
    // The start is the network the run's first split draws, as the trainer builds it.
    const start = createMlp([47, 8, 8, 12], 0.01, new Rng(5).split())
    expect(first.start).toEqual(await mlpParameters(start))
    start.dispose()
    expect(first.trained.sizes).toEqual([47, 8, 8, 12])
    expect(first.trained).not.toEqual(first.start)
    const again = await trainGrpoPolicy(config, 100)
    expect(again).toEqual(first)
  })

  it('refuses another learner and a budget that is not a whole number of steps', async () => {
    await expect(trainGrpoPolicy(RunConfigSchema.parse({ env: { id: 'cartpole' }, learner: { kind: 'ppo' } }), 100)).rejects.toThrow("createGrpoTrainerFor builds the GRPO family's trainer; the config's learner is ppo")
    await expect(trainGrpoPolicy(config, 0)).rejects.toThrow('trainGrpoPolicy: steps must be a whole number of at least 1, got 0')
    await expect(trainGrpoPolicy(config, 2.5)).rejects.toThrow('trainGrpoPolicy: steps must be a whole number of at least 1, got 2.5')
  })
})
