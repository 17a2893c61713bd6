import { describe, expect, it } from 'vitest'
import { END } from '../core/envs/tokenseq'
import { cliAsync, expectUsageError, jsonLines } from './testing'

/* `train --config` with a DPO learner: its figures and diagnostics, and its options refused with the limit named. */

const ENV = { id: 'tokenseq', params: { group_size: 4, max_length: 4 } }
const train = (learner: object) => cliAsync(['train', '--config', '-', '--iterations', '2', '--every', '1'], JSON.stringify({ env: ENV, learner: { kind: 'dpo', groupsPerIteration: 2, ...learner }, seed: 3 }))

describe('train --config with a DPO learner', () => {
  it('trains on a recipe’s pairs and prints the KL and DPO’s diagnostics', async () => {
    const result = await train({ preferences: { source: 'start', pairs: 20, temperature: 0, seed: 3 } })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const lines = jsonLines(result.stdout)
    const intervals = lines.filter((line) => line.done === undefined)
    expect(intervals.length).toBe(2)
    for (const line of intervals) {
      expect(line).toHaveProperty('meanKl')
      expect(line.diagnostics).toHaveProperty('dpo_loss')
      expect(line.diagnostics).toHaveProperty('preference_accuracy')
      expect(line.diagnostics).toHaveProperty('reward_margin')
      // 2 prompts × 4 completions a report
      expect(line.episodes).toBe(8)
    }
    // The same config, the same numbers
    const again = await train({ preferences: { source: 'start', pairs: 20, temperature: 0, seed: 3 } })
    const withoutClock = (text: string) => jsonLines(text).map(({ wallSeconds: _, ...rest }) => rest)
    expect(withoutClock(again.stdout)).toEqual(withoutClock(result.stdout))
  })

  it.each([
    [{ beta: 0 }, '--config stdin: learner.beta: DPO’s β must be a number above 0 and at most 100'],
    [{ labelSmoothing: 0.5 }, '--config stdin: learner.labelSmoothing: the label smoothing ε must be a number from 0 to below 0.5'],
    [{ preferences: { source: 'start', pairs: 0 } }, 'learner.preferences.pairs: a recipe draws a whole number of pairs from 1 to 10000'],
    [{ preferences: { source: 'labelled', pairs: [{ prompt: [1, 2], chosen: [3, END], rejected: [1, 1, 1, 1, 1] }] } }, '--config stdin: learner.preferences.pairs.0.rejected: 5 tokens, more than max_length 4'],
    [{ betta: 1 }, 'learner.betta: unknown key in a dpo learner'],
  ])('refuses %j with exit 2 and one line', async (learner, message) => {
    expect(expectUsageError(await train(learner))).toContain(message)
  })
})
