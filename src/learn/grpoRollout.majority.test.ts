import { describe, expect, it } from 'vitest'
import { completionEnded, END, NUM_TOKENS, THINK, tokenseq, type TokenSeqEnv } from '../core/envs/tokenseq'
import { allocateStepBuffers, MAX_ADDED_COMPONENTS } from '../core/envs/types'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { DemoRecorder } from '../core/run/demo'
import { CompletionSampler, startGroups } from './grpoRollout'

/*
 * The sampler pays tokenseq's majority once every completion of a batch has ended: in each
 * completion's summed components and, where the sampler keeps them, on its last token.
 */

const E = END
const T = THINK
const GROUP_SIZE = 4
const MAJORITY = tokenseq.spec.components.findIndex((component) => component.name === 'majority')

// Group 0: 7, 3, 7 and one cut at 4 tokens → majority 7: 1, 0, 1, 0.
// Group 1: end alone (no answer), 4, 9, "0 4": three answers once each, the first written (4) wins: 0, 1, 0, 0.
const SCRIPTS = [[7, E], [3, E], [T, 7, E], [1, 2, 3, 4], [E], [4, E], [9, E], [0, 4, E]]

describe('the majority component in the GRPO sampler', () => {
  it('is each completion’s agreement with its group’s majority, paid on its last token', async () => {
    const env = tokenseq.create(SCRIPTS.length, { group_size: GROUP_SIZE, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
    const buffers = allocateStepBuffers(env.spec, env.n, MAX_ADDED_COMPONENTS)
    const sampler = new CompletionSampler(env, buffers)
    sampler.keepTokenComponents = true
    const rng = new Rng(2)
    startGroups(env, GROUP_SIZE, rng, buffers.obs)
    const stride = env.spec.stateVars.length
    // Each writing copy (in copy order, as the sampler packs them) puts a logit of 60 on its script's next token: a sure draw.
    const scripted = async (_obs: Float32Array, rows: number) => {
      const logits = new Float32Array(rows * NUM_TOKENS)
      let row = 0
      for (let i = 0; i < env.n; i++) {
        if (completionEnded(env.state, i * stride)) continue
        logits[row++ * NUM_TOKENS + SCRIPTS[i][env.state[i * stride + 3]]] = 60
      }
      expect(row).toBe(rows)
      return logits
    }
    const mix = compileMix(env.spec, { weights: { correct: 0, majority: 1 } })
    const completions = await sampler.sample(scripted, mix, rng, rng, new DemoRecorder(env.spec, env.n, 0), 0)
    const K = env.spec.components.length
    expect(Array.from(completions.lengths)).toEqual(SCRIPTS.map((tokens) => tokens.length))
    expect(Array.from({ length: env.n }, (_, i) => completions.components[i * K + MAJORITY])).toEqual([1, 0, 1, 0, 0, 1, 0, 0])
    // On the last token of each completion, 0 on the others.
    for (let i = 0; i < env.n; i++) {
      const paid = Array.from({ length: completions.lengths[i] }, (_, t) => completions.tokenComponents[(completions.starts[i] + t) * K + MAJORITY])
      expect(paid.slice(0, -1).every((value) => value === 0)).toBe(true)
      expect(paid.at(-1)).toBe(completions.components[i * K + MAJORITY])
    }
  })
})
