import * as tf from '@tensorflow/tfjs'
import { resolveEnvironment } from '../core/envs/registry'
import { isTokenSeqEnv } from '../core/envs/tokenseq'
import { allocateStepBuffers } from '../core/envs/types'
import { designWeights } from '../core/rewards/extras'
import { compileMix, mixOne } from '../core/rewards/mix'
import { assertRewardDesignFits } from '../core/rewards/rewardProblems'
import { RewardedEnv } from '../core/rewards/rewardedEnv'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema, type RunConfig } from '../core/run/config'
import { DemoRecorder } from '../core/run/demo'
import { CompletionSampler } from './grpoRollout'
import { readOutputs } from './mlp'
import { createStartActor } from './startPolicyCompletions'

/*
 * The draws best-of-n chooses from (core/run/bestOfN.ts): `perPrompt` completions of each of
 * `prompts` prompts from the start policy of a GRPO run of the config's seed (the actor
 * createGrpoTrainer builds from the network's stream, the config's hidden size), each scored by the
 * config's reward design exactly as that run scores a completion, R = Σ_k w_k·C_k with C_k the
 * design's component k summed over the completion (its reward models, terms and transforms
 * included), and judged by the environment's objective (the gold).
 *
 * From new Rng(seed) the network's, the environment's and the actions' streams are split in that
 * order, as GRPO does. Each round takes ⌊MAX_ROUND_COPIES / perPrompt⌋ prompts: the environment
 * deals them, then every copy of a prompt's block takes its first copy's prompt, and all are
 * sampled to their end. The same config, seed, prompts and perPrompt give the same draws.
 */

/** Copies sampled at once: bounds the memory of a round's observations (copies × tokens × 47 floats). */
export const MAX_ROUND_COPIES = 16_384

export interface BestOfNDraws {
  /** The design's reward R of each completion, prompt after prompt, perPrompt each. */
  proxy: Float64Array
  /** The environment's objective of each completion (tokenseq: correct, 0 or 1). */
  gold: Float64Array
  prompts: number
  perPrompt: number
}

/** Draw and score; the TensorFlow.js backend must be ready. Throws one line where the config does not fit (not the token task, a design that does not fit). */
export async function drawBestOfN(config: RunConfig, prompts: number, perPrompt: number): Promise<BestOfNDraws> {
  const { definition, params, spec } = resolveEnvironment(config.env.id, config.env.params)
  if (spec.completions !== 'tokens') throw new Error(`best-of-n samples completions of the token task; the config's environment is ${spec.id}; accepted: tokenseq`)
  assertRewardDesignFits(config.mix, spec)
  const promptsPerRound = Math.max(1, Math.floor(MAX_ROUND_COPIES / perPrompt))
  const env = new RewardedEnv(definition.create(promptsPerRound * perPrompt, params), config.mix)
  if (!isTokenSeqEnv(env)) throw new Error('drawBestOfN: tokenseq did not build a token-sequence environment')
  const { n } = env
  const { obsSize, numActions, stateVars } = env.spec
  const K = env.spec.components.length
  const mix = compileMix(env.spec, { weights: designWeights(config.mix, spec) })
  const hiddenSize = config.learner.kind === 'grpo' ? config.learner.hiddenSize : GrpoOptionsSchema.parse({ kind: 'grpo' }).hiddenSize
  await tf.ready()

  const rng = new Rng(config.seed)
  const networkRng = rng.split()
  const envRng = rng.split()
  const actionRng = rng.split()
  const actor = createStartActor(obsSize, numActions, hiddenSize, networkRng)
  const stepBuffers = allocateStepBuffers(env.spec, n)
  const sampler = new CompletionSampler(env, stepBuffers)
  const demo = new DemoRecorder(env.spec, n, 1)
  const stride = stateVars.length
  const row = new Float64Array(stride)
  const proxy = new Float64Array(prompts * perPrompt)
  const gold = new Float64Array(prompts * perPrompt)
  try {
    for (let first = 0; first < prompts; first += promptsPerRound) {
      env.reset(envRng, stepBuffers.obs)
      for (let leader = 0; leader < n; leader += perPrompt) {
        row.set(env.state.subarray(leader * stride, (leader + 1) * stride))
        for (let i = leader + 1; i < leader + perPrompt; i++) {
          env.setState(i, row)
          env.observe(i, stepBuffers.obs)
        }
      }
      const completions = await sampler.sample((obs, rows) => readOutputs(actor, obs, rows, obsSize), mix, actionRng, envRng, demo, 0)
      const kept = Math.min(n, (prompts - first) * perPrompt)
      const offset = first * perPrompt
      for (let i = 0; i < kept; i++) {
        // R_i = Σ_k w_k·C_ik, the reward GRPO scores completion i by
        proxy[offset + i] = mixOne(mix.weights, completions.components, i * K)
        gold[offset + i] = completions.objective[i]
      }
    }
  } finally {
    actor.dispose()
  }
  return { proxy, gold, prompts, perPrompt }
}
