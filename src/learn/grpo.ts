import * as tf from '@tensorflow/tfjs'
import { batchAdvantages, batchExcluded, mixedRewards } from '../core/credit/batchAdvantages'
import { zeroAdvantageFraction } from '../core/credit/group'
import { networkShapeProblem } from '../core/credit/storedProver'
import type { StoredNetwork } from '../core/credit/storedNetwork'
import { tokenAdvantages } from '../core/credit/tokenAdvantages'
import { isTokenSeqEnv } from '../core/envs/tokenseq'
import { allocateStepBuffers, type BatchEnv, MAX_ADDED_COMPONENTS, type RewardComponentSpec } from '../core/envs/types'
import { checkMix, type CompiledMix } from '../core/rewards/mix'
import type { Rng } from '../core/rng'
import { sampleAdvantages } from '../core/run/advantageSample'
import { tokenKl } from '../core/losses/kl'
import { adaptedKlCoefficient, sequenceMeanKl } from '../core/losses/klControl'
import { policyLossOf } from '../core/losses/policyLosses'
import { entropyTopFractionOf, estimatorBaseline, isProcessBaseline, klPlacementOf, passkOf, type GrpoOptions, type LearnerOptions } from '../core/run/config'
import { whyLearnerChangeNeedsNewRun } from '../core/run/liveLearner'
import { samplerCorrectionOf, samplerDiffers, samplerOf } from '../core/run/samplerOptions'
import { samplerCorrectionWeights, samplerMismatch } from '../core/losses/offPolicyCorrection'
import { estimatorGroupProblem, progressProblem } from '../core/run/learnerFit'
import { findEnv } from '../core/envs/registry'
import { DemoRecorder } from '../core/run/demo'
import type { FinishedEpisode } from '../core/run/episodes'
import { KL_PENALTY_COMPONENT, PROGRESS_COMPONENT, withLearnerComponents } from '../core/run/learnerComponents'
import type { IterationReport, Trainer } from '../core/run/trainer'
import { FlatAdam } from './flatAdam'
import { applyGradientStep, show } from './gradientStep'
import { grpoLoss, lossWeights, type GrpoLossTerms, type GrpoTokenRows } from './grpoLoss'
import { highEntropyMask } from './entropyMask'
import { actionLogProbs, logitsGradient } from './logSoftmax'
import { drawGroupsWithSignal, type DrawnBatch } from './dynamicSampling'
import { checkGroupEnv, CompletionSampler, completionLimit, greedyGroupCompletions, startGroups, type Completions, type GreedyCompletions } from './grpoRollout'
import { learnerShell } from './learnerShell'
import { createMlp, frozenMlp, mlpParameters, readOutputs, type Mlp } from './mlp'
import { sampleActionsWith } from './sampleActions'
import { keptPrompts, measureSignFlips, signFlipsMeasurable } from './signFlipProbe'
import { batchProgress } from './progressBatch'

/**
 * The GRPO family (Shao et al. 2024, as Hugging Face TRL implements it), read top to bottom in
 * `iterate`: give each group of G copies one prompt, let every copy write its completion to the end
 * under the current policy, score each completion with the mix (components summed over the
 * completion), turn the scores into one advantage per completion with the group estimator, then
 * updateEpochs full-batch steps on the aggregated token loss with its KL penalty (grpoLoss.ts: the
 * policy loss ppo, gspo, gspo_token, geo_mean, cispo, sapo, clip_cov, kl_cov or reinforce, verl's aggregations and KL estimators).
 * With klControl set, β follows verl's adaptive KL controller (core/losses/klControl.ts): from the
 * option's β, moved after each update by the KL of the sampling policy to the reference; the
 * diagnostics show the β each update used (kl_coef).
 * The reference policy of the KL penalty is a frozen copy of the initial policy. With dynamic
 * sampling on (DAPO), the rollout draws rounds of groups and keeps only those whose rewards differ
 * (dynamicSampling.ts); the charts and the step count get every completion sampled. With
 * maskTruncated on (DAPO's overlong filtering), the tokens of completions cut at the task's limit
 * weigh 0 in the loss (aggregationWeights: the divisors count only the kept ones), while their
 * advantages are computed, and count in their groups' mean and std, as any other. The advantages
 * come from batchAdvantages.ts under the estimator's baseline (the group's centre and scale, ReMax
 * with one greedy completion per group written after the sampling, OPO, pass@k, REINFORCE++'s
 * per-token returns-to-go, or MC-GRPO, whose groups of G + 1 each leave their pivot, the completion
 * on the median, out of the loss as maskTruncated leaves out a cut one; it still counts as steps and
 * in the charts); with klPlacement 'reward' the KL leaves the loss (β = 0 there) for a
 * per-token −β·KL_t in the reward, computed at rollout against the reference, which the charts
 * draw as a reward component of its own, kl_penalty (learnerComponents.ts: weight 1, after the
 * environment's components, in the trainer's spec only). With the progress option on, PAV's
 * progress p_t = weight·A_t under the prover (the frozen start policy, the sampling one, or the
 * environment's stored prover) is
 * computed after the rollout (progressBatch.ts) and added to each token's advantage in the loss
 * (PAV's effective reward, Q^π + α·A^μ; withProgress), not to the reward the estimator scores; the
 * charts show its sum over each completion as a component of its own, progress. The options that change neither the
 * network, the batch's shape nor the reward's components (GRPO_LIVE_FIELDS) may change while the
 * run trains (setLearner): the rollout and the update read them afresh, from the next update on.
 */
export async function createGrpoTrainer(env: BatchEnv, mix: CompiledMix, initialOptions: GrpoOptions, rng: Rng): Promise<GrpoTrainer> {
  // Read afresh by every rollout and update: setLearner swaps in new ones between updates.
  let options = initialOptions
  const spec = env.spec
  const { n } = env
  const { obsSize, numActions } = spec
  const numComponents = spec.components.length
  const groupSize = isTokenSeqEnv(env) ? env.groupSize : options.groupSize
  checkGroupEnv(env, groupSize)
  checkMix(mix, numComponents, spec.id)
  checkEstimatorFits(options, groupSize)
  // PAV's progress, where the options ask for it: only on an environment that computes it (its definition says so).
  const progressRefusal = options.progress === undefined ? null : progressProblem(spec.id, options.progress.prover)
  if (progressRefusal !== null) throw new Error(progressRefusal)
  const proverProgress = options.progress === undefined ? undefined : findEnv(spec.id)!.proverProgress!
  // The fixed prover's stored network, read once (the prover is no live option), checked against the environment's observations and actions.
  const storedProver = options.progress?.prover === 'fixed' ? proverProgress!.fixedProver!() : null
  const storedMisfit = storedProver === null ? null : networkShapeProblem(storedProver, spec)
  if (storedMisfit !== null) throw new Error(`the fixed prover of ${spec.id}: ${storedMisfit}`)
  await tf.ready()

  const networkRng = rng.split()
  const envRng = rng.split()
  const actionRng = rng.split()
  // Drawn only for ReMax, after the others, so that every other run draws what it drew before. A run
  // that switches to ReMax later splits it then (greedyRngOf): the run's RNG draws nothing after the
  // three splits above, so that is the very stream a run that started with ReMax gets.
  let greedyRng: Rng | null = isRemax(options) ? rng.split() : null
  const greedyRngOf = (): Rng => (greedyRng ??= rng.split())
  // Clip-Cov's random draws, split the same way the first time a clip_cov update needs them: every other run draws what it drew before.
  let covarianceRng: Rng | null = null
  const covarianceRngOf = (): Rng => (covarianceRng ??= rng.split())
  // The sampler, fixed for the run. Its logit noise draws from a stream of its own, split here only
  // when there is noise: every other run draws what it drew before.
  const samplerSettings = samplerOf(options)
  const samplerIsLearner = !samplerDiffers(samplerSettings)
  const noiseRng = samplerSettings.logitNoise > 0 ? rng.split() : null
  // The adaptive KL controller's β (verl's AdaptiveKLController.value): null while β is fixed, and
  // from the option's β again whenever the controller or β itself is changed.
  let controlledBeta: number | null = null
  /** β in force: the option's, or the adaptive controller's. */
  const betaNow = (): number => (options.klControl === undefined ? options.beta : (controlledBeta ??= options.beta))
  const hidden = options.hiddenSize
  const sizes = [obsSize, hidden, hidden, numActions]
  const actor = createMlp(sizes, 0.01, networkRng)
  const reference = frozenCopy(actor, sizes, networkRng)
  // Built after the run's networks, from the file alone: it draws nothing from the RNG.
  const fixedProver = storedProver === null ? null : frozenMlp(storedProver)
  const optimizer = new FlatAdam(actor.variables, options.learningRate, 0.9, 0.999, 1e-8)
  /** Options set while an update runs, taken when the next one starts. */
  let pendingOptions: GrpoOptions | null = null
  const maxLength = completionLimit(env)
  const groupSizes = new Int32Array(n / groupSize).fill(groupSize)
  const correctIndex = spec.components.findIndex((component) => component.name === 'correct')
  // The sign-flip fraction needs the prompts' states, kept only where the environment knows its components' expectations (signFlipProbe.ts).
  const keepsPrompts = signFlipsMeasurable(env)
  // Each completion's tokens, its group's prompt and the weights that paid it, in the recorded batch (keepCompletions: a rollout dump).
  let keepingCompletions = false

  const stepBuffers = allocateStepBuffers(spec, n, MAX_ADDED_COMPONENTS)
  const sampler = new CompletionSampler(env, stepBuffers)
  if (!samplerIsLearner) sampler.drawActions = (logits, actions, actionRng, chosen, logProbs) => sampleActionsWith(logits, actions, samplerSettings, actionRng, noiseRng, chosen, logProbs)
  // An asynchronous trainer's sampler: the policies of the last k updates, oldest first, frozen
  // copies made from the parameters alone (no draw from the RNG); the oldest samples. All start as the initial policy.
  const stalePolicies: Mlp[] = []
  for (let k = 0; k < samplerSettings.staleness; k++) stalePolicies.push(frozenMlp(await mlpParameters(actor)))
  // The states before each token and after the last.
  const demoFrames = maxLength + 1
  const demo = new DemoRecorder(spec, n, demoFrames)

  /** The policy's logits for the first `rows` observations of `obs`. */
  const policyLogits = (obs: Float32Array, rows: number) => readOutputs(actor, obs, rows, obsSize)
  /** The sampler's network's logits: the policy of k updates ago where the sampler is stale, else the policy's. */
  const samplerLogits = (obs: Float32Array, rows: number) => readOutputs(stalePolicies[0] ?? actor, obs, rows, obsSize)

  /**
   * Where the sampler is not the learner: keep the sampler's log π_s with the batch, and put the
   * learner's log π_old (one forward pass of the policy, before the update moves it) where the loss
   * reads π_old, as verl and TRL recompute old_log_prob with the trainer.
   */
  async function withLearnerLogProbs(completions: Completions): Promise<Completions> {
    if (samplerIsLearner || completions.tokens === 0) return completions
    const learner = actionLogProbs(await readOutputs(actor, completions.obs, completions.tokens, obsSize), completions.actions, numActions).logProbs
    return { ...completions, samplerLogProbs: completions.logProbs, logProbs: Float32Array.from(learner) }
  }

  /** log π_ref(o_t|·) of every token of `completions`: one forward pass of the frozen policy, shared by the KL in the reward and the loss. */
  async function referenceLogProbs(completions: Completions): Promise<Float64Array> {
    return actionLogProbs(await readOutputs(reference, completions.obs, completions.tokens, obsSize), completions.actions, numActions).logProbs
  }

  /** Every token's loss inputs: its completion's advantage, log π_old, log π_ref and its weights (`masked`: 1 for each completion left out of the loss). */
  function tokenRows(completions: Completions, advantages: Float64Array, refLogProbs: Float64Array, masked: Uint8Array | undefined, progress: Float64Array | undefined, correction: Float64Array | undefined): GrpoTokenRows {
    const weights = lossWeights(completions.lengths, options, maxLength, masked)
    return {
      lengths: completions.lengths,
      oldLogProbs: completions.logProbs,
      refLogProbs,
      advantages: withProgress(tokenAdvantages(advantages, completions.lengths), progress),
      weights: weights.weights,
      // w′_t·c_t: the sampler correction weighs each token's policy loss, not the KL term, as TRL's per_token_loss × importance_sampling_ratio
      policyWeights: correction === undefined ? weights.policyWeights : weights.policyWeights.map((weight, t) => weight * correction[t]),
    }
  }

  /**
   * The KL in the reward: p_t = −β·KL_t at each token of the batch, KL_t the chosen estimator of the
   * sampling policy's log π_old against the frozen reference's log π_ref (no gradient), as
   * OpenRLHF's compute_approx_kl at rollout time.
   */
  /**
   * The KL the adaptive controller observes, as verl's apply_kl_penalty: the chosen estimator of the
   * sampling policy's log π_old against the reference at each token, each completion's mean over its
   * tokens, averaged over the completions (whichever the KL's placement).
   */
  function observedKl(completions: Completions, refLogProbs: Float64Array): number {
    const perToken = new Float64Array(completions.tokens)
    for (let t = 0; t < completions.tokens; t++) perToken[t] = tokenKl(completions.logProbs[t], refLogProbs[t], options.kl)
    return sequenceMeanKl(perToken, completions.lengths, completions.count)
  }

  function klPenaltyOf(completions: Completions, refLogProbs: Float64Array): Float64Array {
    const penalty = new Float64Array(completions.tokens)
    // p_t = −β·KL_t(log π_old, log π_ref)
    const beta = betaNow()
    for (let t = 0; t < completions.tokens; t++) penalty[t] = -beta * tokenKl(completions.logProbs[t], refLogProbs[t], options.kl)
    return penalty
  }

  /**
   * PAV's progress at each token of the batch (progressBatch.ts): p_t = weight·A_t under the prover
   * μ, the frozen start policy (the reference), the policy that sampled the batch (the actor,
   * before this update moves it), or the environment's stored prover (frozen, built at the start).
   */
  async function progressOf(completions: Completions, prompts: Float64Array): Promise<Float64Array> {
    const { prover, weight } = options.progress!
    const network = prover === 'start' ? reference : prover === 'current' ? actor : fixedProver!
    return batchProgress(proverProgress!, prompts, spec.stateVars.length, completions, maxLength, weight, numActions, (obs, rows) => readOutputs(network, obs, rows, obsSize))
  }

  /** The rollout of one update: one round of groups, or with dynamic sampling the rounds it takes to fill the batch with groups that have signal. */
  async function draw(activeMix: CompiledMix): Promise<{ trained: Completions; sampled: Completions; demo: IterationReport['demo']; drawn: DrawnBatch | null; greedy: GreedyCompletions | null; prompts: Float64Array | null }> {
    sampler.keepTokenComponents = isProcessBaseline(estimatorBaseline(options.estimator))
    if (!options.dynamicSampling.enabled) {
      startGroups(env, groupSize, envRng, stepBuffers.obs)
      const prompts = isRemax(options) || keepsPrompts || options.progress !== undefined || keepingCompletions ? env.state.slice() : null
      const completions = await withLearnerLogProbs(await sampler.sample(samplerLogits, activeMix, actionRng, envRng, demo, demoFrames))
      // ReMax's greedy completions: the sampler asks the policy only for each group's first copy, the one that writes.
      const greedy = prompts === null || !isRemax(options) ? null : await greedyGroupCompletions(env, sampler, stepBuffers.obs, prompts, groupSize, policyLogits, activeMix, greedyRngOf(), demo)
      return { trained: completions, sampled: completions, demo: demo.take(), drawn: null, greedy, prompts }
    }
    let round = 0
    const roundPrompts: Float64Array[] = []
    const drawn = await drawGroupsWithSignal(
      async () => {
        startGroups(env, groupSize, envRng, stepBuffers.obs)
        if (keepsPrompts || keepingCompletions) roundPrompts.push(env.state.slice())
        // The picture shows the first round only.
        return sampler.sample(samplerLogits, activeMix, actionRng, envRng, demo, round++ === 0 ? demoFrames : 0)
      },
      activeMix.weights,
      { groupSize, obsSize, groupsWanted: n / groupSize, maxRounds: options.dynamicSampling.maxRounds },
    )
    const prompts = keepsPrompts || keepingCompletions ? keptPrompts(roundPrompts, drawn.keptFrom, groupSize, spec.stateVars.length) : null
    const trained = await withLearnerLogProbs(drawn.kept)
    const sampled = drawn.sampled === drawn.kept ? trained : await withLearnerLogProbs(drawn.sampled)
    return { trained, sampled, demo: demo.take(), drawn, greedy: null, prompts }
  }

  /**
   * updateEpochs full-batch steps on the batch: each a forward pass of the actor, the loss and its
   * gradient with respect to the log-probabilities in plain arrays (grpoLoss.ts), then back through
   * the log-softmax and the network (Mlp.trace) to the parameters. The diagnostics averaged over
   * the steps; a diagnosis, with nothing applied, when a number is not finite.
   */
  async function update(completions: Completions, advantages: Float64Array, refLogProbs: Float64Array, masked: Uint8Array | undefined, progress: Float64Array | undefined, correction: Float64Array | undefined): Promise<Record<string, number>> {
    const obs = tf.tensor2d(completions.obs, [completions.tokens, obsSize])
    const sums = { loss: 0, policyLoss: 0, kl: 0, clipLow: 0, clipHigh: 0, entropy: 0, gradNorm: 0, entropyMaskFraction: 0, selected: 0 }
    const entropyTopFraction = entropyTopFractionOf(options)
    const diagnose = (terms: GrpoLossTerms, gradNorm: number | null) =>
      `GRPO loss is ${show(terms.loss)} (policy_loss ${show(terms.policyLoss)}, kl ${show(terms.tokenMeanKl)}${gradNorm === null ? '' : `, grad_norm ${show(gradNorm)}`}); ` +
      `the largest |advantage| in the batch is ${show(largestMagnitude(advantages))}. Lower the learning rate or β; the update was not applied`
    const lossOptions = { ...lossOptionsOf(options, betaNow()), ...(options.policyLoss === 'clip_cov' ? { covarianceRng: covarianceRngOf() } : {}) }
    try {
      const rows = tokenRows(completions, advantages, refLogProbs, masked, progress, correction)
      const slopes = new Float64Array(completions.tokens)
      for (let epoch = 0; epoch < options.updateEpochs; epoch++) {
        const trace = actor.trace(obs)
        try {
          const { probabilities, logProbs, entropies, entropy } = actionLogProbs((await trace.output.data()) as Float32Array, completions.actions, numActions)
          // High-entropy token training: the mask from this epoch's logits, the policy being optimised (verl's actor computes it in the same forward pass).
          const selected = options.entropyTopFraction === undefined ? null : highEntropyMask(entropies, rows.policyWeights, entropyTopFraction)
          if (selected !== null) sums.entropyMaskFraction += selected.candidates === 0 ? 0 : selected.kept / selected.candidates
          const terms = inFloat32(grpoLoss(logProbs, selected === null ? rows : { ...rows, policyMask: selected.mask }, lossOptions, slopes))
          if (!Object.values(terms).every(Number.isFinite) || !Number.isFinite(entropy)) throw new Error(diagnose(terms, null))
          const dLogits = logitsGradient(probabilities, completions.actions, numActions, slopes)
          const gradients = tf.tidy(() => trace.gradients(tf.tensor2d(dLogits, [completions.tokens, numActions])))
          try {
            const step = await applyGradientStep(optimizer, options.maxGradNorm, gradients)
            if (!step.applied) throw new Error(diagnose(terms, step.gradNorm))
            sums.gradNorm += step.gradNorm
          } finally {
            tf.dispose(gradients)
          }
          sums.loss += terms.loss
          sums.policyLoss += terms.policyLoss
          sums.kl += terms.tokenMeanKl
          sums.clipLow += terms.clipLow
          sums.clipHigh += terms.clipHigh
          sums.selected += terms.selected ?? 0
          sums.entropy += entropy
        } finally {
          trace.dispose()
        }
      }
    } finally {
      obs.dispose()
    }
    const epochs = options.updateEpochs
    // kl: the estimator's mean per token, as TRL reports it; clip_fraction: the core's clipFraction for the policy loss.
    return {
      policy_loss: sums.policyLoss / epochs,
      kl: sums.kl / epochs,
      clip_fraction: (sums.clipLow + sums.clipHigh) / epochs,
      clip_low_fraction: sums.clipLow / epochs,
      clip_high_fraction: sums.clipHigh / epochs,
      entropy: sums.entropy / epochs,
      grad_norm: sums.gradNorm / epochs,
      loss: sums.loss / epochs,
      // entropy_mask_fraction: the share of the loss's tokens the high-entropy mask kept.
      ...(options.entropyTopFraction === undefined ? {} : { entropy_mask_fraction: sums.entropyMaskFraction / epochs }),
      // cov_selected_fraction: the share of the loss's tokens Clip-Cov detached or KL-Cov penalised (verl reports clip_cov's as pg_clipfrac).
      ...(policyLossOf(options.policyLoss).clipCov || policyLossOf(options.policyLoss).klCov ? { cov_selected_fraction: sums.selected / epochs } : {}),
    }
  }

  const shell = learnerShell('GRPO', env, mix, {
    async iterate(activeMix: CompiledMix): Promise<IterationReport> {
      if (pendingOptions !== null) {
        if (pendingOptions.klControl === undefined || pendingOptions.beta !== options.beta) controlledBeta = null
        options = pendingOptions
        pendingOptions = null
        // Adam's step size is read at every step; its moments carry over.
        optimizer.learningRate = options.learningRate
      }
      const klInReward = klPlacementOf(options) === 'reward'
      const weights = activeMix.weights
      const { trained, sampled, demo: demoRecording, drawn, greedy, prompts } = await draw(activeMix)
      // The stale sampler moves on by one update: the oldest policy (of update t − k, which sampled
      // this batch) goes, and this update's policy, before the update moves it, joins.
      if (stalePolicies.length > 0) {
        stalePolicies.shift()!.dispose()
        stalePolicies.push(frozenMlp(await mlpParameters(actor)))
      }
      const trainedSizes = drawn === null ? groupSizes : new Int32Array(drawn.groupsKept).fill(groupSize)

      // R_i = Σ_k w_k·C_ik with C_ik = Σ_t c_k,t over completion i; A_i from its group's baseline
      // (batchAdvantages.ts: group, remax, opo, passk, passk_verl, mc_grpo; token_batch per token). Cut completions count here even when masked.
      // With the KL in the reward, p_t = −β·KL_t joins each token's reward (batchAdvantages.ts).
      const trainedReference = trained.count > 0 ? await referenceLogProbs(trained) : null
      const klPenalty = klInReward && trainedReference !== null ? klPenaltyOf(trained, trainedReference) : undefined
      const processBaseline = isProcessBaseline(estimatorBaseline(options.estimator))
      // Which components are process rewards (a process reward model's), for the min-form credit's split.
      const processComponents = processBaseline ? Uint8Array.from(activeMix.names, (name) => (env.spec.components.find((component) => component.name === name)?.process ? 1 : 0)) : undefined
      // PAV's progress p_t = weight·A^μ_t (progressOf) is no part of the reward the estimator scores:
      // it is added to each token's own advantage in the loss (tokenRows), PAV's effective reward
      // Q^π + α·A^μ with the estimator's advantage standing for Q^π. Summed into the reward it would
      // telescope to weight·(correct − Q_μ(∅)), the same for a whole group.
      const progress = options.progress === undefined || prompts === null || trained.count === 0 ? undefined : await progressOf(trained, prompts)
      const progressSums = progress === undefined ? undefined : completionSums(progress, trained.lengths, trained.count)
      const scores = { components: trained.components, weights, groupSizes: trainedSizes, lengths: trained.lengths, greedyComponents: greedy?.components, klPenalty, ...(processBaseline ? { tokenComponents: trained.tokenComponents, processComponents } : {}) }
      const advantages = batchAdvantages(scores, options.estimator)
      // The completions left out of the loss (weight 0, in no divisor): those cut at the limit under
      // maskTruncated, and MC-GRPO's pivots (batchExcluded), whose advantage is 0.
      const masked = lossMaskOf(options.maskTruncated ? trained.truncated : null, batchExcluded(scores, options.estimator))
      // The charts' episodes are the sampled completions, each with its share of the KL penalty (dynamic sampling trained on some of them).
      const sampledPenalty = !klInReward ? undefined : sampled === trained && klPenalty !== undefined ? klPenalty : klPenaltyOf(sampled, await referenceLogProbs(sampled))
      // Without dynamic sampling (progress refuses it) the sampled completions are the trained ones, and so is their progress.
      const episodes = completionEpisodes(sampled, weights, sampledPenalty, progress)

      // With dynamic sampling every round may come back silent, and with masking every completion may be left out:
      // then there is nothing to learn from and no update (Adam's momentum would still move the policy on a zero loss).
      const skipped = trained.count === 0 || (masked !== undefined && masked.every((left) => left === 1))
      // sign_flip_fraction (signFlipProbe.ts): against the prompts' exact values under π_old, so before the update moves the policy; the completions left out of the loss are left out of it too.
      const signFlips = !keepsPrompts || skipped || prompts === null ? null : await measureSignFlips(env, { prompts, completions: trained, advantages, weights, groupSize, policyLogits, klPenalty, excluded: masked })
      // The sampler correction c_t of each trained token (offPolicyCorrection.ts), from π_old and π_s as the batch was sampled.
      const samplerCorrection = samplerCorrectionOf(options)
      const corrected = samplerCorrection === null || trained.samplerLogProbs === undefined ? null : samplerCorrectionWeights(trained.logProbs, trained.samplerLogProbs, trained.lengths, samplerCorrection)
      const diagnostics: Record<string, number> = skipped || trainedReference === null ? {} : await update(trained, advantages, trainedReference, masked, progress, corrected?.weights)
      // The sampler–learner gap over the trained tokens: ρ = π_old/π_s's mean and max, KL(π_s ‖ π_old) by k3, and the share of tokens the correction truncated or masked.
      if (trained.samplerLogProbs !== undefined) {
        const gap = samplerMismatch(trained.logProbs, trained.samplerLogProbs)
        diagnostics.sampler_ratio_mean = gap.ratioMean
        diagnostics.sampler_ratio_max = gap.ratioMax
        diagnostics.sampler_kl = gap.klK3
        if (corrected !== null) diagnostics.sampler_corrected_fraction = corrected.correctedFraction
      }

      // kl_coef: the β this update used (kl_penalty's and the loss's); then the adaptive controller
      // moves it by the KL of the sampling policy to the reference over the trained completions.
      if (options.klControl !== undefined) {
        diagnostics.kl_coef = betaNow()
        if (trainedReference !== null) controlledBeta = adaptedKlCoefficient(betaNow(), observedKl(trained, trainedReference), trained.count, options.klControl)
      }
      let rewardSum = 0
      for (const episode of episodes) rewardSum += episode.shapedReturn
      if (!skipped) diagnostics.zero_advantage_fraction = zeroAdvantageFraction(advantages)
      if (signFlips !== null) diagnostics.sign_flip_fraction = signFlips
      diagnostics.mean_length = sampled.tokens / sampled.count
      diagnostics.reward_mean = rewardSum / sampled.count
      if (correctIndex >= 0) diagnostics.correct_rate = columnMean(sampled.components, weights.length, correctIndex)
      else diagnostics.objective_mean = mean(sampled.objective)
      if (drawn !== null) {
        diagnostics.groups_drawn = drawn.groupsDrawn
        diagnostics.groups_kept = drawn.groupsKept
      }
      // The share of the sampled completions cut at the limit: with dynamic sampling off, the share masked out of the loss.
      if (options.maskTruncated) diagnostics.truncated_fraction = mean(sampled.truncated)
      // kl_penalty: the mean over the trained completions of Σ_t −β·KL_t, the KL's share of their reward.
      if (klPenalty !== undefined) diagnostics.kl_penalty = klPenalty.reduce((sum, value) => sum + value, 0) / trained.count
      // progress: the mean over the trained completions of Σ_t p_t, progress's share of their reward.
      if (progressSums !== undefined) diagnostics.progress = mean(progressSums)
      if (greedy !== null) {
        diagnostics.greedy_tokens = greedy.tokens
        diagnostics.greedy_reward_mean = mean(mixedRewards(greedy.components, weights))
      }
      if (drawn !== null || options.maskTruncated) diagnostics.update_skipped = skipped ? 1 : 0
      // The greedy completions were rolled out, so their tokens are steps too (not episodes: the charts show the sampled policy).
      const report: IterationReport = { envSteps: sampled.tokens + (greedy?.tokens ?? 0), episodes, diagnostics, demo: demoRecording }
      if (skipped) return report
      const groupBatch = {
        names: activeMix.names.slice(),
        components: trained.components.slice(0, trained.count * weights.length),
        groupSizes: trainedSizes.slice(),
        lengths: trained.lengths.slice(0, trained.count),
        ...(greedy === null ? {} : { greedyComponents: greedy.components.slice() }),
        ...(klPenalty === undefined ? {} : { klPenalty: klPenalty.slice() }),
        // The components paid at each token, for the what-if view's process supervision; only under it, to keep other frames as they were.
        ...(processBaseline ? { tokenComponents: trained.tokenComponents.slice(), tokens: trained.actions.slice(), processComponents: processComponents! } : {}),
        // PAV's progress as the loss added it to each token's advantage, with the tokens it was paid on, for the per-token credit view.
        ...(progress === undefined ? {} : { progress: progress.slice(), tokens: trained.actions.slice() }),
        ...(keepingCompletions && prompts !== null ? { tokens: trained.actions.slice(), weights: weights.slice(), prompts: groupPrompts(prompts, groupSize, spec.stateVars.length) } : {}),
      }
      return { ...report, advantages: sampleAdvantages(advantages), groupBatch }
    },
    release() {
      actor.dispose()
      reference.dispose()
      for (const policy of stalePolicies) policy.dispose()
      fixedProver?.dispose()
      optimizer.dispose()
    },
  })
  // With the KL in the reward the spec lists kl_penalty after the environment's components, and with
  // progress on (for the whole run: it is no live option) progress after that; each listing built the
  // first time it is needed (withLearnerComponents refuses an environment that has the name).
  const progressOn = options.progress !== undefined
  let withKlPenalty: Trainer | null = null
  let withoutKlPenalty: Trainer | null = null
  const listingKlPenalty = () => (withKlPenalty ??= withLearnerComponents(shell, env, progressOn ? [KL_PENALTY_COMPONENT, PROGRESS_COMPONENT] : [KL_PENALTY_COMPONENT]))
  const listingNoKlPenalty = () => (progressOn ? (withoutKlPenalty ??= withLearnerComponents(shell, env, [PROGRESS_COMPONENT])) : shell)
  if (klPlacementOf(options) === 'reward') listingKlPenalty()
  else listingNoKlPenalty()
  return {
    // The options in force (a live change takes them at the start of an iteration): the frame after it lists what its episodes were paid.
    get spec() {
      return klPlacementOf(options) === 'reward' ? listingKlPenalty().spec : listingNoKlPenalty().spec
    },
    iterate: () => shell.iterate(),
    setMix: (next) => shell.setMix(next),
    dispose: () => shell.dispose(),
    policyNetwork: () => mlpParameters(actor),
    keepCompletions() {
      keepingCompletions = true
    },
    setLearner(next: LearnerOptions) {
      if (next.kind !== 'grpo') throw new Error(`a GRPO run cannot turn into ${next.kind} while it trains; start a new run`)
      const refusal = whyLearnerChangeNeedsNewRun(pendingOptions ?? options, next)
      if (refusal !== null) throw new Error(refusal)
      checkEstimatorFits(next, groupSize)
      if (klPlacementOf(next) === 'reward') listingKlPenalty()
      pendingOptions = next
    },
  }
}

/** A GRPO trainer takes the live-switchable options (core/run/liveLearner.ts) from its next update on. */
export interface GrpoTrainer extends Trainer {
  /** The options from the next update on; throws, changing nothing, for a change that needs a new run. */
  setLearner(options: LearnerOptions): void
  /** The policy's parameters as they stand (between updates), as plain arrays: what a stored prover keeps (learn/grpoPolicy.ts). */
  policyNetwork(): Promise<StoredNetwork>
}

/** The first copy's state of each group of `groupSize` copies (copies × stride): the group's prompt, groups × stride. */
function groupPrompts(states: Float64Array, groupSize: number, stride: number): Float64Array {
  const groups = states.length / (groupSize * stride)
  const prompts = new Float64Array(groups * stride)
  for (let g = 0; g < groups; g++) prompts.set(states.subarray(g * groupSize * stride, g * groupSize * stride + stride), g * stride)
  return prompts
}

/** Each token's advantage with PAV's progress added, A_t + p_t (p_t = weight·A^μ_t, PAV's effective reward); the advantages as they are without it. */
export function withProgress(advantages: Float32Array, progress: Float64Array | undefined): Float32Array {
  if (progress === undefined) return advantages
  if (progress.length !== advantages.length) throw new Error(`withProgress: ${progress.length} progress values for ${advantages.length} tokens`)
  return advantages.map((advantage, t) => advantage + progress[t])
}

/** With the KL in the reward the loss has no KL term: β = 0 there; `beta` is the β in force. */
function lossOptionsOf(options: GrpoOptions, beta: number) {
  const klInReward = klPlacementOf(options) === 'reward'
  return {
    policyLoss: options.policyLoss,
    epsLow: options.epsLow,
    epsHigh: options.epsHigh,
    dualClip: options.dualClip,
    delta: options.delta,
    tauPos: options.tauPos,
    tauNeg: options.tauNeg,
    kl: options.kl,
    beta: klInReward ? 0 : beta,
    clipCovRatio: options.clipCovRatio,
    clipCovLb: options.clipCovLb,
    clipCovUb: options.clipCovUb,
    klCovRatio: options.klCovRatio,
    ppoKlCoef: options.ppoKlCoef,
  }
}

function isRemax(options: GrpoOptions): boolean {
  return estimatorBaseline(options.estimator) === 'remax'
}

/** What the estimator asks of the group: pass@k's k at most its size, and a size its baseline takes (passk_verl's at least 2, MC-GRPO's odd G + 1). */
function checkEstimatorFits(options: GrpoOptions, groupSize: number): void {
  const misfit = estimatorGroupProblem(estimatorBaseline(options.estimator), groupSize)
  if (misfit !== null) throw new Error(misfit)
  if (estimatorBaseline(options.estimator) === 'passk' && passkOf(options.estimator) > groupSize) {
    throw new Error(`pass@k's k is ${passkOf(options.estimator)}, more than the ${groupSize} completions of a group; k must be from 1 to the group size`)
  }
}

/** m_i = 1 for a completion left out of the loss, either mask's (cut, or left out by the estimator); undefined where none is left out by either. */
export function lossMaskOf(truncated: Uint8Array | null, excluded: Uint8Array | null): Uint8Array | undefined {
  if (truncated === null) return excluded ?? undefined
  if (excluded === null) return truncated
  // m_i = cut_i ∨ excluded_i
  return truncated.map((cut, i) => (cut === 1 || excluded[i] === 1 ? 1 : 0))
}

/** A network with `source`'s current parameters that no optimiser ever sees. */
export function frozenCopy(source: Mlp, sizes: number[], rng: Rng): Mlp {
  const copy = createMlp(sizes, 0.01, rng)
  copy.variables.forEach((variable, j) => variable.assign(source.variables[j]))
  return copy
}

/**
 * Each completion as a finished episode for the charts: its reward, contributions, verdict and
 * length. With the KL in the reward (`penalty`, p_t per token), the completion's Σ_t p_t joins its
 * reward as a component after the mix's, kl_penalty, at weight 1; with PAV's progress (`progress`,
 * p_t per token) its Σ_t p_t joins after that, progress, at weight 1.
 */
export function completionEpisodes(completions: Completions, weights: Float64Array, penalty?: Float64Array, progress?: Float64Array): FinishedEpisode[] {
  const K = weights.length
  const episodes: FinishedEpisode[] = []
  // The learner's own per-token columns, in the spec's order: kl_penalty, then progress.
  const learnerColumns = ([[penalty, KL_PENALTY_COMPONENT], [progress, PROGRESS_COMPONENT]] as const).filter((column): column is readonly [Float64Array, RewardComponentSpec] => column[0] !== undefined)
  let token = 0
  for (let i = 0; i < completions.count; i++) {
    const contributions: number[] = []
    let reward = 0
    for (let k = 0; k < K; k++) {
      const contribution = weights[k] * completions.components[i * K + k]
      contributions.push(contribution)
      reward += contribution
    }
    // One mix paid the whole completion: its component totals and those weights re-score it.
    const componentSums = Array.from(completions.components.subarray(i * K, i * K + K))
    const paidWeights = Array.from(weights)
    for (const [perToken, component] of learnerColumns) {
      // Σ_t p_t over the completion's tokens (the KL penalty's, or PAV's progress), paid at weight 1
      let sum = 0
      for (let t = token; t < token + completions.lengths[i]; t++) sum += perToken[t]
      contributions.push(sum)
      componentSums.push(sum)
      paidWeights.push(component.defaultWeight)
      reward += sum
    }
    token += completions.lengths[i]
    episodes.push({ shapedReturn: reward, contributions, componentSums, weights: paidWeights, objective: completions.objective[i], length: completions.lengths[i], truncated: false })
  }
  return episodes
}

export function columnMean(values: Float64Array, K: number, k: number): number {
  let sum = 0
  const rows = values.length / K
  for (let i = 0; i < rows; i++) sum += values[i * K + k]
  return rows === 0 ? 0 : sum / rows
}

/** Σ_t v_t over each of the first `count` completions' tokens (`lengths`), completion after completion. */
function completionSums(values: Float64Array, lengths: ArrayLike<number>, count: number): Float64Array {
  const sums = new Float64Array(count)
  let token = 0
  for (let i = 0; i < count; i++) {
    for (let t = 0; t < lengths[i]; t++) sums[i] += values[token++]
  }
  return sums
}

function mean(values: Float64Array | Uint8Array): number {
  let sum = 0
  for (const value of values) sum += value
  return values.length === 0 ? 0 : sum / values.length
}

function largestMagnitude(values: Float64Array): number {
  let largest = 0
  for (const value of values) largest = Math.max(largest, Math.abs(value))
  return largest
}

/** The loss's terms as float32 numbers, as the network computes: a loss beyond float32's range is as unusable as Infinity. */
function inFloat32(terms: GrpoLossTerms): GrpoLossTerms {
  const rounded = { ...terms }
  for (const key of Object.keys(rounded) as (keyof GrpoLossTerms)[]) rounded[key] = Math.fround(rounded[key] ?? 0)
  return rounded
}
