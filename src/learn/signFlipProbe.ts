import { mixedRewards } from '../core/credit/groupScores'
import { expectedMixedReward, signFlipFraction } from '../core/credit/signFlips'
import { findEnv } from '../core/envs/registry'
import type { BatchEnv } from '../core/envs/types'
import { softmaxRow } from '../core/softmax'
import type { Completions } from './grpoRollout'

/*
 * The GRPO learner's sign_flip_fraction (core/credit/signFlips.ts), measured where it is exact: an
 * environment whose definition knows E[c_k | s, a] of its one-step episodes (EnvDefinition
 * expectedComponents: the bandit). Each completion's prompt value is
 *   V_i = Σ_a π_old(a | prompt) · Σ_k w_k · E[c_k | s_i, a]
 * with s_i the copy's state before its pull and π_old the softmax of the sampling policy's logits
 * at the group's observation (one forward pass of one row per group). The figure is absent (null)
 * where V is not known exactly: a weighted component the definition cannot give (a design's custom
 * terms, shaping, bonuses and reward models, or a transformed column), the KL in the reward,
 * completions longer than one step, or an environment without the fact (on the token task, V
 * would need every completion up to max_length enumerated under the policy). Under dynamic
 * sampling the kept groups' prompts come from the rounds they were drawn in (keptPrompts).
 */

/** Whether the environment's definition can give its components' expectations: else the learner keeps no prompts for the figure and pays nothing. */
export function signFlipsMeasurable(env: BatchEnv): boolean {
  return findEnv(env.spec.id)?.expectedComponents !== undefined
}

/**
 * The prompts of the groups dynamic sampling kept, in the order it kept them: group `group` of
 * round `round` is the copies group·G … group·G + G − 1 of that round's states (`roundStates`, each
 * n × stride, kept before the round's rollout).
 */
export function keptPrompts(roundStates: readonly Float64Array[], keptFrom: readonly { round: number; group: number }[], groupSize: number, stride: number): Float64Array {
  const width = groupSize * stride
  const prompts = new Float64Array(keptFrom.length * width)
  keptFrom.forEach(({ round, group }, kept) => {
    const states = roundStates[round]
    if (states === undefined || (group + 1) * width > states.length) throw new Error(`kept group ${group} of round ${round} has no prompt states: ${roundStates.length} rounds were kept`)
    prompts.set(states.subarray(group * width, (group + 1) * width), kept * width)
  })
  return prompts
}

/** One update's batch, as the GRPO learner has it before its update. */
export interface SignFlipBatch {
  /** Each trained completion's copy state before its rollout, count × stateVars.length: the prompts (keptPrompts under dynamic sampling). */
  prompts: Float64Array
  /** The trained completions, group after group, in the copies' order. */
  completions: Completions
  /** One per completion (per token when an estimator gives them per token: one-step completions have one). */
  advantages: Float64Array
  /** The mix's weights w_k, one per component of the environment's spec. */
  weights: Float64Array
  groupSize: number
  /** The sampling policy's logits for the first `rows` observations of `obs`. */
  policyLogits(obs: Float32Array, rows: number): Promise<Float32Array>
  /** The KL in the reward (−β·KL_t per token), when it is there: its expectation is not computed, so the figure is absent. */
  klPenalty?: Float64Array
  /** 1 for a completion left out of the count (masked out of the loss), one per completion. */
  excluded?: ArrayLike<number>
}

/** The batch's sign-flip fraction, or null where it cannot be measured exactly. */
export async function measureSignFlips(env: BatchEnv, batch: SignFlipBatch): Promise<number | null> {
  const expectedComponents = findEnv(env.spec.id)?.expectedComponents
  const { completions, weights, groupSize } = batch
  const { count } = completions
  const K = env.spec.components.length
  if (expectedComponents === undefined || batch.klPenalty !== undefined || count === 0 || weights.length !== K) return null
  if (completions.tokens !== count || batch.advantages.length !== count) return null
  // Every weighted column must be the environment's own, as its step wrote it.
  const own = env.ownComponents
  for (let k = 0; k < K; k++) if (weights[k] !== 0 && own !== undefined && own[k] !== 1) return null
  const stride = env.spec.stateVars.length
  if (batch.prompts.length < count * stride || count % groupSize !== 0) {
    throw new Error(`the sign-flip fraction needs the states of ${count} copies (${count * stride} values) in groups of ${groupSize}; got ${batch.prompts.length} values`)
  }

  // π_old(·|prompt): one row per group, its first completion's observation (the group shares its prompt).
  const { obsSize, numActions } = env.spec
  const groups = count / groupSize
  const groupObs = new Float32Array(groups * obsSize)
  for (let g = 0; g < groups; g++) {
    const token = completions.starts[g * groupSize]
    groupObs.set(completions.obs.subarray(token * obsSize, (token + 1) * obsSize), g * obsSize)
  }
  const logits = await batch.policyLogits(groupObs, groups)
  const probabilities = new Float64Array(groups * numActions)
  for (let g = 0; g < groups; g++) softmaxRow(logits, g * numActions, numActions, probabilities, g * numActions)

  // V_i = Σ_a π_old(a|prompt) · Σ_k w_k · E[c_k | s_i, a]; a column that is not the environment's own weighs 0 here.
  const expected = new Float64Array(numActions * K)
  const values = new Float64Array(count)
  for (let i = 0; i < count; i++) {
    expected.fill(0)
    for (let a = 0; a < numActions; a++) expectedComponents(batch.prompts, i * stride, a, expected.subarray(a * K, (a + 1) * K))
    const g = Math.floor(i / groupSize)
    values[i] = expectedMixedReward(probabilities, g * numActions, numActions, expected, weights)
  }
  const rewards = mixedRewards(completions.components.subarray(0, count * K), weights)
  return signFlipFraction(batch.advantages, rewards, values, batch.excluded)
}
