import type { EnvParams } from '../core/envs/types'
import { labelTokenPair, type LabelerBias, type TokenPairLabel } from '../core/preferences/biasedLabeler'
import type { TokenCompletion } from '../core/preferences/tokenFeatures'
import { groupSizeProblem, pairsPerGroup } from '../core/preferences/tokenPairs'
import { Rng } from '../core/rng'
import { createStartPolicySampler, type StartPolicySampler } from './startPolicyCompletions'

/*
 * Pairs of the token task from the start policy, drawn on demand and never twice: the sampler and
 * the labels' stream of tokenPreferencePairs (the start policy's three streams split from
 * Rng(seed), then the labels' fourth), kept between requests, and the pairs of a round not handed
 * out yet kept for the next. So the first N pairs labelled by the simulated labeler are those
 * `preferences --seed S --pairs N` writes, and the pairs a person labels next are fresh ones.
 */

export interface DrawnTokenPair {
  a: TokenCompletion
  b: TokenCompletion
  /** The simulated labeler's verdict, where one was asked for. */
  label?: TokenPairLabel
}

export interface PairLabeler {
  temperature: number
  biases: readonly LabelerBias[]
}

export class StartPolicyPairs {
  private readonly waiting: [TokenCompletion, TokenCompletion][] = []

  private constructor(
    private readonly sampler: StartPolicySampler,
    private readonly labelRng: Rng,
  ) {}

  /** The start policy of a run of `seed` on tokenseq under `params`; the TensorFlow.js backend must be ready. */
  static async create(params: EnvParams, seed: number): Promise<StartPolicyPairs> {
    const rng = new Rng(seed)
    const sampler = await createStartPolicySampler(params, rng)
    const problem = groupSizeProblem(sampler.groupSize)
    if (problem !== null) {
      sampler.dispose()
      throw new Error(problem)
    }
    return new StartPolicyPairs(sampler, rng.split())
  }

  /** The next `count` pairs, each labelled by `labeler` when one is given. */
  async draw(count: number, labeler: PairLabeler | null): Promise<DrawnTokenPair[]> {
    while (this.waiting.length < count) {
      for (const group of await this.sampler.round()) {
        for (let j = 0; j < pairsPerGroup(group.length); j++) this.waiting.push([group[2 * j], group[2 * j + 1]])
      }
    }
    return this.waiting.splice(0, count).map(([a, b]) => (labeler === null ? { a, b } : { a, b, label: labelTokenPair(a, b, labeler.temperature, labeler.biases, this.labelRng) }))
  }

  dispose(): void {
    this.sampler.dispose()
  }
}
