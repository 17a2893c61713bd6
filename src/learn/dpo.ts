import * as tf from '@tensorflow/tfjs'
import { tokenKl } from '../core/losses/kl'
import { isTokenSeqEnv } from '../core/envs/tokenseq'
import { allocateStepBuffers, type BatchEnv, type EnvParams, MAX_ADDED_COMPONENTS } from '../core/envs/types'
import { completionObservations } from '../core/preferences/completionObservations'
import { checkMix, type CompiledMix } from '../core/rewards/mix'
import type { Rng } from '../core/rng'
import { DemoRecorder } from '../core/run/demo'
import type { DpoOptions } from '../core/run/dpoOptions'
import type { IterationReport, Trainer } from '../core/run/trainer'
import { dpoBatchLoss, type DpoBatchTerms } from './dpoBatch'
import { dpoPairs } from './dpoPairs'
import { FlatAdam } from './flatAdam'
import { applyGradientStep, show } from './gradientStep'
import { columnMean, completionEpisodes, frozenCopy } from './grpo'
import { checkGroupEnv, CompletionSampler, completionLimit, startGroups } from './grpoRollout'
import { learnerShell } from './learnerShell'
import { actionLogProbs, logitsGradient } from './logSoftmax'
import { createMlp, readOutputs } from './mlp'

/** Rows of one forward pass of the reference over the preference set: bounds the tensors of a large set. */
const REFERENCE_CHUNK_ROWS = 8192

/**
 * Direct preference optimisation on the token task (Rafailov et al. 2023, as TRL's DPOTrainer),
 * read top to bottom in `iterate`. The policy is GRPO's network, built from the run's Rng as
 * createGrpoTrainer builds it (the network's, the environment's and the actions' streams split in
 * that order, then one more here for the order of the pairs), so a DPO run and a GRPO run of one
 * seed start from the same policy; the reference is a frozen copy of it. At creation the preference
 * set (dpoPairs.ts) is rebuilt as observations, token by token as the environment observes them
 * (teacher forcing, completionObservations.ts), and the reference's log-probability sums of every
 * completion are computed once. Each iteration first samples groupsPerIteration prompts' groups of
 * completions from the current policy, as GRPO's rollout does, only to report them (the curves, the
 * components, the KL to the reference); then it takes stepsPerIteration gradient steps on
 * minibatches of batchSize pairs, shuffled each epoch, until `epochs` passes are done. Each step's
 * gradient is written by hand: ∂L/∂log π of every token from dpoBatch.ts, then back through the
 * log-softmax and the network (Mlp.trace), as GRPO's update does: the loss is a few numbers per
 * pair, and the network is the only part that needs tensors.
 */
export async function createDpoTrainer(env: BatchEnv, mix: CompiledMix, options: DpoOptions, rng: Rng, params: EnvParams): Promise<Trainer> {
  const spec = env.spec
  if (!isTokenSeqEnv(env)) throw new Error(`DPO trains on the token task's completions (tokenseq), not ${spec.id}`)
  const groupSize = env.groupSize
  checkGroupEnv(env, groupSize)
  checkMix(mix, spec.components.length, spec.id)
  const { obsSize, numActions } = spec
  await tf.ready()

  const networkRng = rng.split()
  const envRng = rng.split()
  const actionRng = rng.split()
  const orderRng = rng.split()
  const sizes = [obsSize, options.hiddenSize, options.hiddenSize, numActions]
  const actor = createMlp(sizes, 0.01, networkRng)
  const reference = frozenCopy(actor, sizes, networkRng)
  const optimizer = new FlatAdam(actor.variables, options.learningRate, 0.9, 0.999, 1e-8)
  const maxLength = completionLimit(env)
  const correctIndex = spec.components.findIndex((component) => component.name === 'correct')
  const stepBuffers = allocateStepBuffers(spec, env.n, MAX_ADDED_COMPONENTS)
  const sampler = new CompletionSampler(env, stepBuffers)
  const demoFrames = maxLength + 1
  const demo = new DemoRecorder(spec, env.n, demoFrames)

  let set: PreferenceSet
  try {
    set = await preferenceSet(options, params, obsSize, numActions, (obs, rows) => readOutputs(reference, obs, rows, obsSize))
  } catch (error) {
    for (const held of [actor, reference, optimizer]) held.dispose()
    throw error
  }
  const pairCount = set.chosenRef.length
  const stepsPerEpoch = Math.ceil(pairCount / options.batchSize)
  const totalSteps = stepsPerEpoch * options.epochs
  let stepsTaken = 0
  let order: Int32Array = new Int32Array(0)

  /** The pairs of gradient step `step` (counted from 0 over the run): a fresh shuffle at each epoch's first. */
  function batchOf(step: number): Int32Array {
    const within = step % stepsPerEpoch
    if (within === 0) order = shuffled(pairCount, orderRng)
    return order.subarray(within * options.batchSize, Math.min(pairCount, (within + 1) * options.batchSize))
  }

  /** One gradient step on the pairs `batch`: the diagnostics, or a diagnosis with nothing applied when a number is not finite. */
  async function step(batch: Int32Array): Promise<DpoBatchTerms & { gradNorm: number }> {
    const packed = packBatch(set, batch, obsSize)
    const obs = tf.tensor2d(packed.obs, [packed.actions.length, obsSize])
    const trace = actor.trace(obs)
    try {
      const { probabilities, logProbs } = actionLogProbs((await trace.output.data()) as Float32Array, packed.actions, numActions)
      const slopes = new Float64Array(packed.actions.length)
      const terms = dpoBatchLoss(logProbs, packed.lengths, packed.refChosen, packed.refRejected, options, slopes)
      const diagnose = (gradNorm: number | null) =>
        `DPO loss is ${show(terms.loss)} (chosen reward ${show(terms.chosenReward)}, rejected reward ${show(terms.rejectedReward)}${gradNorm === null ? '' : `, grad_norm ${show(gradNorm)}`}); lower the learning rate or β; the update was not applied`
      if (!Object.values(terms).every(Number.isFinite)) throw new Error(diagnose(null))
      const dLogits = logitsGradient(probabilities, packed.actions, numActions, slopes)
      const gradients = tf.tidy(() => trace.gradients(tf.tensor2d(dLogits, [packed.actions.length, numActions])))
      try {
        const applied = await applyGradientStep(optimizer, options.maxGradNorm, gradients)
        if (!applied.applied) throw new Error(diagnose(applied.gradNorm))
        return { ...terms, gradNorm: applied.gradNorm }
      } finally {
        tf.dispose(gradients)
      }
    } finally {
      trace.dispose()
      obs.dispose()
    }
  }

  const policyLogits = (obs: Float32Array, rows: number) => readOutputs(actor, obs, rows, obsSize)

  const shell = learnerShell('DPO', env, mix, {
    async iterate(activeMix: CompiledMix): Promise<IterationReport> {
      const weights = activeMix.weights
      // The rollout reports the policy as it is before this iteration's steps, as GRPO's does.
      startGroups(env, groupSize, envRng, stepBuffers.obs)
      const sampled = await sampler.sample(policyLogits, activeMix, actionRng, envRng, demo, demoFrames)
      const demoRecording = demo.take()
      const episodes = completionEpisodes(sampled, weights)
      const refLogProbs = actionLogProbs(await readOutputs(reference, sampled.obs, sampled.tokens, obsSize), sampled.actions, numActions).logProbs
      // kl: the k3 estimator's mean per sampled token, the sampling policy against the reference, as GRPO reports its kl
      let klSum = 0
      for (let t = 0; t < sampled.tokens; t++) klSum += tokenKl(sampled.logProbs[t], refLogProbs[t], 'k3')

      const sums = { loss: 0, accuracy: 0, chosenReward: 0, rejectedReward: 0, gradNorm: 0 }
      let steps = 0
      for (; steps < options.stepsPerIteration && stepsTaken < totalSteps; steps++, stepsTaken++) {
        const terms = await step(batchOf(stepsTaken))
        for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] += terms[key]
      }

      let rewardSum = 0
      for (const episode of episodes) rewardSum += episode.shapedReturn
      const diagnostics: Record<string, number> = {
        kl: sampled.tokens === 0 ? 0 : klSum / sampled.tokens,
        mean_length: sampled.tokens / sampled.count,
        reward_mean: rewardSum / sampled.count,
        dpo_epoch: stepsTaken / stepsPerEpoch,
      }
      if (correctIndex >= 0) diagnostics.correct_rate = columnMean(sampled.components, weights.length, correctIndex)
      if (steps > 0) {
        // Means over this iteration's minibatches, as TRL logs rewards/accuracies and rewards/margins per batch.
        diagnostics.dpo_loss = sums.loss / steps
        diagnostics.preference_accuracy = sums.accuracy / steps
        diagnostics.chosen_reward = sums.chosenReward / steps
        diagnostics.rejected_reward = sums.rejectedReward / steps
        diagnostics.reward_margin = (sums.chosenReward - sums.rejectedReward) / steps
        diagnostics.grad_norm = sums.gradNorm / steps
      }
      return { envSteps: sampled.tokens, episodes, diagnostics, demo: demoRecording }
    },
    release() {
      actor.dispose()
      reference.dispose()
      optimizer.dispose()
    },
  })
  return shell
}

/** The preference set as the network sees it: completion 2i is pair i's chosen one, 2i + 1 its rejected one. */
interface PreferenceSet {
  /** Every completion's tokens' observations, completion after completion. */
  obs: Float32Array
  actions: Int32Array
  lengths: Int32Array
  /** Where each completion's tokens start. */
  starts: Int32Array
  /** log ref of each pair's chosen and rejected completion: sums over their tokens. */
  chosenRef: Float64Array
  rejectedRef: Float64Array
}

async function preferenceSet(options: DpoOptions, params: EnvParams, obsSize: number, numActions: number, referenceLogits: (obs: Float32Array, rows: number) => Promise<Float32Array>): Promise<PreferenceSet> {
  const pairs = await dpoPairs(options.preferences, params)
  const completions = pairs.flatMap((pair) => [pair.chosen, pair.rejected])
  const obs = completionObservations(completions, params)
  const lengths = Int32Array.from(completions, (completion) => completion.tokens.length)
  const starts = new Int32Array(lengths.length)
  for (let c = 1; c < lengths.length; c++) starts[c] = starts[c - 1] + lengths[c - 1]
  const actions = Int32Array.from(completions.flatMap((completion) => completion.tokens))
  const refLogProbs = new Float64Array(actions.length)
  for (let row = 0; row < actions.length; row += REFERENCE_CHUNK_ROWS) {
    const rows = Math.min(REFERENCE_CHUNK_ROWS, actions.length - row)
    const logits = await referenceLogits(obs.subarray(row * obsSize, (row + rows) * obsSize), rows)
    refLogProbs.set(actionLogProbs(logits, actions.subarray(row, row + rows), numActions).logProbs, row)
  }
  const chosenRef = new Float64Array(pairs.length)
  const rejectedRef = new Float64Array(pairs.length)
  for (let c = 0; c < completions.length; c++) {
    let sum = 0
    for (let t = starts[c]; t < starts[c] + lengths[c]; t++) sum += refLogProbs[t]
    if (c % 2 === 0) chosenRef[c >> 1] = sum
    else rejectedRef[c >> 1] = sum
  }
  return { obs, actions, lengths, starts, chosenRef, rejectedRef }
}

/** The tokens of `batch`'s pairs, each pair's chosen completion then its rejected one, with their reference sums. */
function packBatch(set: PreferenceSet, batch: Int32Array, obsSize: number) {
  let tokens = 0
  for (const pair of batch) tokens += set.lengths[2 * pair] + set.lengths[2 * pair + 1]
  const obs = new Float32Array(tokens * obsSize)
  const actions = new Int32Array(tokens)
  const lengths = new Int32Array(2 * batch.length)
  const refChosen = new Float64Array(batch.length)
  const refRejected = new Float64Array(batch.length)
  let row = 0
  batch.forEach((pair, i) => {
    for (let side = 0; side < 2; side++) {
      const c = 2 * pair + side
      const [start, length] = [set.starts[c], set.lengths[c]]
      obs.set(set.obs.subarray(start * obsSize, (start + length) * obsSize), row * obsSize)
      actions.set(set.actions.subarray(start, start + length), row)
      lengths[2 * i + side] = length
      row += length
    }
    refChosen[i] = set.chosenRef[pair]
    refRejected[i] = set.rejectedRef[pair]
  })
  return { obs, actions, lengths, refChosen, refRejected }
}

/** 0 … n − 1 in an order drawn from `rng` (Fisher–Yates). */
function shuffled(n: number, rng: Rng): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i)
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  return order
}
