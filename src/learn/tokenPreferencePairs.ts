import type { EnvParams } from '../core/envs/types'
import { checkLabelerBiases, labelTokenPair, type LabelerBias } from '../core/preferences/biasedLabeler'
import type { TokenCompletion } from '../core/preferences/tokenFeatures'
import { groupSizeProblem, pairsPerGroup } from '../core/preferences/tokenPairs'
import { Rng } from '../core/rng'
import { createStartPolicySampler } from './startPolicyCompletions'

/*
 * Preference pairs of the token task: two completions of one prompt from the start policy
 * (startPolicyCompletions.ts), labelled by the simulated labeler (biasedLabeler.ts), each group
 * paired as tokenPairs.ts says, round after round until there are enough. Labels draw from the fourth stream split from
 * Rng(seed), after the three the start policy's run takes, one uniform a pair.
 */

export interface LabelledTokenPair {
  a: TokenCompletion
  b: TokenCompletion
  /** The labeler's P(a ≻ b). */
  probability: number
  label: 'a' | 'b'
}

export interface TokenPairsRequest {
  params: EnvParams
  seed: number
  count: number
  temperature: number
  biases: readonly LabelerBias[]
}

/** `count` labelled pairs, a round's worth at a time; the TensorFlow.js backend must be ready. */
export async function* tokenPreferencePairs({ params, seed, count, temperature, biases }: TokenPairsRequest): AsyncGenerator<LabelledTokenPair[]> {
  checkLabelerBiases(biases)
  const rng = new Rng(seed)
  const sampler = await createStartPolicySampler(params, rng)
  const labelRng = rng.split()
  try {
    const problem = groupSizeProblem(sampler.groupSize)
    if (problem !== null) throw new Error(problem)
    let remaining = count
    while (remaining > 0) {
      const pairs: LabelledTokenPair[] = []
      for (const group of await sampler.round()) {
        for (let j = 0; j < pairsPerGroup(group.length) && remaining > 0; j++, remaining--) {
          const [a, b] = [group[2 * j], group[2 * j + 1]]
          pairs.push({ a, b, ...labelTokenPair(a, b, temperature, biases, labelRng) })
        }
      }
      yield pairs
    }
  } finally {
    sampler.dispose()
  }
}
