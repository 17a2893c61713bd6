import { describe, expect, it } from 'vitest'
import { Rng } from '../rng'
import { allocateStepBuffers } from '../envs/types'
import { END, isTokenSeqEnv, tokenseq, tokenSeqLayout } from '../envs/tokenseq'
import { batchPairs } from './tokenStateCompletions'

describe('the pairs of a finished batch of the token task', () => {
  it('reads each copy’s prompt and tokens from the state and pairs the first with the second of each group, then the third with the fourth', () => {
    const env = tokenseq.create(8, { group_size: 4, max_length: 4 })
    if (!isTokenSeqEnv(env)) throw new Error('not tokenseq')
    const buffers = allocateStepBuffers(env.spec, env.n)
    env.reset(new Rng(5), buffers.obs)
    // Copy i writes the digit i, then end: every completion ends on the second step.
    const rng = new Rng(6)
    env.step(Int32Array.from({ length: 8 }, (_, i) => i), buffers, rng, false)
    env.step(new Int32Array(8).fill(END), buffers, rng, false)
    const pairs = batchPairs(env.state, tokenSeqLayout(4).stride, env.n, 4)
    expect(pairs.map(([a, b]) => [a.tokens, b.tokens])).toEqual([
      [[0, END], [1, END]],
      [[2, END], [3, END]],
      [[4, END], [5, END]],
      [[6, END], [7, END]],
    ])
    // Both completions of a pair answer one prompt; the two groups' prompts are their own.
    for (const [a, b] of pairs) {
      expect(a.prompt).toEqual(b.prompt)
      expect(a.maxLength).toBe(4)
    }
  })
})
