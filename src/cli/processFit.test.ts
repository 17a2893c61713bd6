import { describe, expect, it } from 'vitest'
import { parseRewardModel } from '../core/preferences/rewardModelSchema'
import { scoreRewardModel } from '../core/preferences/rewardModel'
import { stepAccuracy, tokenStepData } from '../core/preferences/processFit'
import { initBackend } from '../learn/backend'
import { startPolicyCompletionList } from '../learn/startPolicyCompletionList'
import { cliAsync, expectUsageError } from './testing'

/* `reward-model fit --process`: a process reward model fitted on the gold step labels of start-policy completions. */

const fit = async (args: string[]) => {
  const result = await cliAsync(['reward-model', 'fit', '--process', ...args])
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return JSON.parse(result.stdout)
}
const refused = async (args: string[]) => expectUsageError(await cliAsync(['reward-model', 'fit', ...args]))

describe('reward-model fit --process', () => {
  it('prints a process model, its train and held-out step accuracies, and the options; the model reads back and scores the steps as reported', async () => {
    const output = await fit(['--completions', '200', '--params', 'max_length=6', '--seed', '3'])
    expect(Object.keys(output)).toEqual(['model', 'completions', 'train', 'heldOut', 'options'])
    expect(output.model).toMatchObject({ kind: 'linear', featureNames: ['one', 'position', 'wrong_digits', 'ended_short', 'out_of_room'], granularity: 'process' })
    expect(output.completions).toEqual({ total: 200, train: 160, heldOut: 40 })
    expect(output.options).toEqual({ process: true, env: 'tokenseq', params: { group_size: 8, max_length: 6, overlong_cache: 2, difficulty: 'mixed' }, completions: 200, holdout: 0.2, l2: 1, seed: 3 })
    const parsed = parseRewardModel(output.model)
    expect(parsed.success).toBe(true)
    // Every step of the 200 completions, scored by the model as read back: train and held-out together.
    await initBackend('wasm')
    const all = tokenStepData(await startPolicyCompletionList({ max_length: 6 }, 3, 200))
    expect(output.train.steps + output.heldOut.steps).toBe(all.count)
    const overall = stepAccuracy(parsed.success ? parsed.data : output.model, all)
    expect(overall.accuracy).toBeCloseTo((output.train.accuracy * output.train.steps + output.heldOut.accuracy * output.heldOut.steps) / all.count, 12)
    expect(scoreRewardModel(output.model, all.values, all.count, { kind: 'mean' }).every(Number.isFinite)).toBe(true)
    expect(output.heldOut.accuracy).toBeGreaterThan(0.95)
  })

  it('gives the same model for the same seed, bit for bit', async () => {
    const args = ['--completions', '64', '--seed', '5']
    expect((await fit(args)).model).toEqual((await fit(args)).model)
  })

  it.each([
    [['--process'], 'reward-model fit --process needs --completions N'],
    [['--process', '--completions', '0'], '--completions must be a whole number from 1 to 20000, got "0"'],
    [['--process', '--completions', '10', '--pairs', 'x.jsonl'], '--pairs does not apply to reward-model fit --process'],
    [['--process', '--completions', '10', '--model', 'mlp'], '--model does not apply to reward-model fit --process'],
    [['--process', '--completions', '10', '--env', 'cartpole'], '--env "cartpole" has no step labels; accepted: tokenseq'],
    [['--process', '--completions', '10', '--holdout', '1'], '--holdout must be a fraction from 0'],
    [['--process', '--completions', '10', '--params', 'max_length=99'], 'max_length'],
    [['--process=yes', '--completions', '10'], 'flag --process is a switch and takes no value'],
    [['--process', '--process', '--completions', '10'], 'flag --process given twice'],
  ])('refuses bad input with one line: %j', async (args, message) => {
    expect(await refused(args)).toContain(message)
  })
})
