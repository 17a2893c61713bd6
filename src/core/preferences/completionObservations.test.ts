import { describe, expect, it } from 'vitest'
import { END, THINK, tokenseq } from '../envs/tokenseq'
import { allocateStepBuffers } from '../envs/types'
import { Rng } from '../rng'
import { completionObservations, completionProblem } from './completionObservations'
import { completionOfCopy } from './tokenStateCompletions'

describe('completionObservations', () => {
  it('rebuilds, bit for bit, the observations the environment gave each token of completions it wrote', () => {
    const params = { max_length: 6, group_size: 2 }
    const env = tokenseq.create(4, params)
    const { obsSize } = env.spec
    const buffers = allocateStepBuffers(env.spec, env.n)
    const rng = new Rng(7)
    env.reset(rng, buffers.obs)
    const seen: Float32Array[][] = [[], [], [], []]
    const done = new Uint8Array(env.n)
    const actions = new Int32Array(env.n)
    while (done.some((ended) => ended === 0)) {
      for (let i = 0; i < env.n; i++) {
        if (!done[i]) seen[i].push(buffers.obs.slice(i * obsSize, (i + 1) * obsSize))
        // Mostly digits and think, end now and then, so some completions end and some are cut.
        actions[i] = rng.int(5) === 0 ? END : rng.int(11)
      }
      env.step(actions, buffers, rng, false)
      for (let i = 0; i < env.n; i++) if (buffers.terminated[i]) done[i] = 1
    }
    const stride = env.spec.stateVars.length
    const completions = Array.from({ length: env.n }, (_, i) => completionOfCopy(env.state, stride, i))
    const rebuilt = completionObservations(completions, params)
    const expected = seen.flat()
    expect(rebuilt.length).toBe(expected.length * obsSize)
    expected.forEach((row, r) => expect(Array.from(rebuilt.subarray(r * obsSize, (r + 1) * obsSize))).toEqual(Array.from(row)))
  })

  it('refuses a completion the task cannot write, naming why', () => {
    const completion = (tokens: number[]) => ({ prompt: [3, 4] as [number, number], tokens, maxLength: 4 })
    expect(completionProblem(completion([7, END]), 4)).toBeNull()
    expect(completionProblem(completion([THINK, THINK, 7, 1]), 4)).toBeNull()
    expect(completionProblem(completion([]), 4)).toBe('an empty completion')
    expect(completionProblem(completion([1, 2, 3, 4, END]), 4)).toBe('5 tokens, more than max_length 4')
    expect(completionProblem(completion([END, 7]), 4)).toBe('end at token 1 of 2; end is the last token written')
    expect(completionProblem(completion([7]), 4)).toBe('1 token without end; a completion that does not end is cut at max_length 4')
    expect(() => completionObservations([completion([END, 7])], { max_length: 4 })).toThrow('completion 11 7 of 3 + 4: end at token 1 of 2')
  })
})
