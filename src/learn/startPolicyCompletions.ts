import * as tf from '@tensorflow/tfjs'
import { A_INDEX, B_INDEX, isTokenSeqEnv, tokenseq, tokenSeqGame, tokenSeqLayout } from '../core/envs/tokenseq'
import { allocateStepBuffers, type EnvParams } from '../core/envs/types'
import type { TokenCompletion } from '../core/preferences/tokenFeatures'
import { compileMix } from '../core/rewards/mix'
import type { Rng } from '../core/rng'
import { GrpoOptionsSchema } from '../core/run/config'
import { DemoRecorder } from '../core/run/demo'
import { CompletionSampler, completionLimit, startGroups } from './grpoRollout'
import { createMlp, readOutputs, type Mlp } from './mlp'

/*
 * Completions of the token task from the start policy: the policy a fresh GRPO run of the seed
 * starts with (GRPO's default options), built as createGrpoTrainer builds it. From the run's Rng,
 * new Rng(seed), the network's stream, the environment's and the actions' are split in that order;
 * the actor is a tanh MLP [obs, hidden, hidden, actions] with output gain 0.01; each round deals
 * one prompt to each of groupsPerIteration groups of G copies and samples every completion to its
 * end. The first round is the batch that run's first iteration samples; later rounds go on from
 * the same streams with the policy unchanged. The same seed and parameters give the same
 * completions, bit for bit.
 */

/** The start policy's actor as createGrpoTrainer builds it from the network's stream: a tanh MLP [obs, hidden, hidden, actions] with output gain 0.01. */
export function createStartActor(obsSize: number, numActions: number, hiddenSize: number, networkRng: Rng): Mlp {
  return createMlp([obsSize, hiddenSize, hiddenSize, numActions], 0.01, networkRng)
}

export interface StartPolicySampler {
  /** Completions per group (tokenseq's group_size G). */
  readonly groupSize: number
  /** One round: groupsPerIteration groups of G completions, each group one prompt. */
  round(): Promise<TokenCompletion[][]>
  dispose(): void
}

/**
 * The start policy's sampler for tokenseq under `params`. `rng` is the run's, new Rng(seed): three
 * streams are split from it here, and the caller may split more after. The TensorFlow.js backend
 * must be ready.
 */
export async function createStartPolicySampler(params: EnvParams, rng: Rng): Promise<StartPolicySampler> {
  const options = GrpoOptionsSchema.parse({ kind: 'grpo' })
  const { groupSize } = tokenSeqGame(params)
  // As copiesFor gives GRPO: groupsPerIteration groups of the environment's G.
  const env = tokenseq.create(options.groupsPerIteration * groupSize, params)
  if (!isTokenSeqEnv(env)) throw new Error('createStartPolicySampler: tokenseq did not build a token-sequence environment')
  const { spec, n } = env
  const { obsSize, numActions } = spec
  await tf.ready()

  const networkRng = rng.split()
  const envRng = rng.split()
  const actionRng = rng.split()
  const actor = createStartActor(obsSize, numActions, options.hiddenSize, networkRng)
  const stepBuffers = allocateStepBuffers(spec, n)
  const sampler = new CompletionSampler(env, stepBuffers)
  // The sampler checks each step's reward under a mix; the components' sums are not used here.
  const mix = compileMix(spec, { weights: {} })
  const demo = new DemoRecorder(spec, n, 1)
  const maxLength = completionLimit(env)
  const { stride } = tokenSeqLayout(maxLength)

  return {
    groupSize,
    async round() {
      startGroups(env, groupSize, envRng, stepBuffers.obs)
      const completions = await sampler.sample((obs, rows) => readOutputs(actor, obs, rows, obsSize), mix, actionRng, envRng, demo, 0)
      const groups: TokenCompletion[][] = []
      for (let i = 0; i < n; i++) {
        // With autoReset off a finished copy keeps its prompt and tokens until the next round.
        const prompt: [number, number] = [env.state[i * stride + A_INDEX], env.state[i * stride + B_INDEX]]
        const start = completions.starts[i]
        const tokens = Array.from(completions.actions.subarray(start, start + completions.lengths[i]))
        if (i % groupSize === 0) groups.push([])
        groups[groups.length - 1].push({ prompt, tokens, maxLength })
      }
      return groups
    },
    dispose() {
      actor.dispose()
    },
  }
}
