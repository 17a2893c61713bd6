import { describe, expect, it } from 'vitest'
import { progressRewards } from '../core/credit/progressRewards'
import { proverSuccess } from '../core/credit/proverSuccess'
import { TOKEN_PROVER_PROGRESS } from '../core/envs/tokenseqProverProgress'
import { A_INDEX, B_INDEX } from '../core/envs/tokenseq'
import { batchProgress } from './progressBatch'

describe('batchProgress', () => {
  it('asks the prover network once for every distinct prompt and pays weight·A_t per token', async () => {
    const stride = 6
    // Copies 0 and 2 hold 3 + 4, copy 1 holds 5 + 7.
    const prompts = new Float64Array(3 * stride)
    for (const [copy, a, b] of [[0, 3, 4], [1, 5, 7], [2, 3, 4]]) {
      prompts[copy * stride + A_INDEX] = a
      prompts[copy * stride + B_INDEX] = b
    }
    // "7 end", "1 2 end", "think 8 end"
    const completions = { count: 3, lengths: [2, 3, 3], actions: Int32Array.of(7, 11, 1, 2, 11, 10, 8, 11) }
    const calls: number[] = []
    // Equal logits: the uniform prover.
    const logits = async (_observations: Float32Array, rows: number) => {
      calls.push(rows)
      return new Float32Array(rows * 12)
    }
    const rewards = await batchProgress(TOKEN_PROVER_PROGRESS, prompts, stride, completions, 3, 2, 12, logits)
    // Two distinct prompts, the states of both in one call of the network.
    expect(calls).toHaveLength(1)
    const uniform = (_observations: Float32Array, rows: number) => new Float64Array(rows * 12).fill(1 / 12)
    const expected = [
      ...progressRewards({ a: 3, b: 4 }, [7, 11], 3, proverSuccess({ a: 3, b: 4 }, 3, uniform)),
      ...progressRewards({ a: 5, b: 7 }, [1, 2, 11], 3, proverSuccess({ a: 5, b: 7 }, 3, uniform)),
      ...progressRewards({ a: 3, b: 4 }, [10, 8, 11], 3, proverSuccess({ a: 3, b: 4 }, 3, uniform)),
    ].map((value) => 2 * value)
    expect(rewards).toHaveLength(8)
    rewards.forEach((value, t) => expect(value).toBeCloseTo(expected[t], 12))
    // The hand-computed values of reward-design.md: "7 end" earns 71/864 for 7 and 131/144 for end under the uniform prover.
    expect(rewards[0]).toBeCloseTo((2 * 71) / 864, 12)
    expect(rewards[1]).toBeCloseTo((2 * 131) / 144, 12)
    // "1 2 end" is right for 5 + 7: the sum is 2·(1 − Q(empty)).
    expect(rewards[2] + rewards[3] + rewards[4]).toBeCloseTo(2 * (1 - proverSuccess({ a: 5, b: 7 }, 3, uniform)([])), 12)
  })
})
