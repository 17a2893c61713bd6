import type { EnvParams } from '../core/envs/types'
import type { TokenCompletion } from '../core/preferences/tokenFeatures'
import { Rng } from '../core/rng'
import { createStartPolicySampler } from './startPolicyCompletions'

/**
 * The first `count` completions the start policy of a GRPO run of `seed` writes under `params`,
 * round after round, group after group (startPolicyCompletions.ts): the same seed gives the same
 * completions. The TensorFlow.js backend must be ready.
 */
export async function startPolicyCompletionList(params: EnvParams, seed: number, count: number): Promise<TokenCompletion[]> {
  const sampler = await createStartPolicySampler(params, new Rng(seed))
  try {
    const completions: TokenCompletion[] = []
    while (completions.length < count) {
      for (const group of await sampler.round()) completions.push(...group)
    }
    return completions.slice(0, count)
  } finally {
    sampler.dispose()
  }
}
