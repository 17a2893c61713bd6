import { beforeAll, describe, expect, it } from 'vitest'
import { scoreCompletion } from '../core/envs/tokenseq'
import { Rng } from '../core/rng'
import { checkRunConfig } from '../core/run/checkRunConfig'
import { initBackend } from './backend'
import { createStartPolicySampler } from './startPolicyCompletions'
import { createTrainer } from './trainers'

beforeAll(async () => {
  await initBackend('wasm')
})

describe('createStartPolicySampler', () => {
  it('samples, in its first round, the batch a fresh GRPO run of the seed samples first', async () => {
    const params = { max_length: 6, group_size: 4 }
    const checked = checkRunConfig({ env: { id: 'tokenseq', params }, learner: { kind: 'grpo' }, seed: 11 })
    if (!checked.ok) throw new Error(checked.problems.join('; '))
    const trainer = await createTrainer(checked.config)
    const report = await trainer.iterate()
    trainer.dispose()
    const sampler = await createStartPolicySampler(params, new Rng(11))
    const groups = await sampler.round()
    sampler.dispose()
    // GRPO's default 16 groups of G = 4
    expect(groups.map((group) => group.length)).toEqual(Array(16).fill(4))
    const completions = groups.flat()
    const components = new Float64Array(4)
    // The run's rows hold every component of tokenseq, scoreCompletion's four first.
    const K = report.groupBatch!.names.length
    completions.forEach((completion, i) => {
      // The run's completion i: its length and its four components, the proxy a hash of the exact tokens
      expect(completion.tokens.length).toBe(report.episodes[i].length)
      scoreCompletion(completion.prompt[0], completion.prompt[1], completion.tokens, 0, completion.tokens.length, 6, components, 0)
      expect(Array.from(components)).toEqual(Array.from(report.groupBatch!.components.subarray(K * i, K * i + 4)))
    })
    // A group shares its prompt
    for (const group of groups) for (const completion of group) expect(completion.prompt).toEqual(group[0].prompt)
  })

  it('gives the same completions for the same seed, and others for another', async () => {
    const sample = async (seed: number) => {
      const sampler = await createStartPolicySampler({}, new Rng(seed))
      const rounds = [await sampler.round(), await sampler.round()]
      sampler.dispose()
      return rounds
    }
    const first = await sample(3)
    expect(await sample(3)).toEqual(first)
    expect(await sample(4)).not.toEqual(first)
    // The second round goes on from the streams: new prompts and completions
    expect(first[1]).not.toEqual(first[0])
  })
})
