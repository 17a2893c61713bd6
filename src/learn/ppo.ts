import * as tf from '@tensorflow/tfjs'
import { gae } from '../core/credit/gae'
import { redistributeRollout } from '../core/rewards/redistributeRollout'
import { allocateStepBuffers, type BatchEnv, MAX_ADDED_COMPONENTS } from '../core/envs/types'
import { mixInto, type CompiledMix, checkMix } from '../core/rewards/mix'
import type { Rng } from '../core/rng'
import type { PpoOptions } from '../core/run/config'
import { sampleAdvantages } from '../core/run/advantageSample'
import { zeroAdvantageFraction } from '../core/credit/group'
import { DemoRecorder } from '../core/run/demo'
import { EpisodeTracker, type FinishedEpisode } from '../core/run/episodes'
import type { IterationReport, Trainer } from '../core/run/trainer'
import { FlatAdam } from './flatAdam'
import { applyGradientStep, show } from './gradientStep'
import { learnerShell } from './learnerShell'
import { createMlp } from './mlp'
import { ObservationNormalizer } from './observationNormalizer'
import { ppoLoss, type PpoLossTerms } from './ppoLoss'
import { gatherMinibatch } from './ppoMinibatch'
import { diagnoseReward } from './rewardGuard'
import { allocateRollout, type RolloutBuffer } from './rolloutBuffer'
import { sampleActions } from './sampleActions'

/**
 * PPO as CleanRL's ppo.py does it, read top to bottom in `iterate`: roll out numSteps steps of
 * env.n copies, mix the reward from its raw components, estimate advantages with GAE (bootstrapping
 * time-limit cuts from V(final observation)), then updateEpochs passes of numMinibatches minibatch
 * steps. Runs on whatever TensorFlow.js backend is active (see initBackend).
 */
export async function createPpoTrainer(env: BatchEnv, mix: CompiledMix, options: PpoOptions, rng: Rng): Promise<Trainer> {
  const spec = env.spec
  const { n } = env
  const { obsSize, numActions } = spec
  const numComponents = spec.components.length
  const demo = new DemoRecorder(spec, n, options.numSteps)
  if (n !== options.numEnvs) throw new Error(`PPO was configured for ${options.numEnvs} environment copies but the environment has ${n}`)
  checkMix(mix, numComponents, spec.id)
  await tf.ready()

  const networkRng = rng.split()
  const envRng = rng.split()
  const actionRng = rng.split()
  const shuffleRng = rng.split()
  const hidden = options.hiddenSize
  const actor = createMlp([obsSize, hidden, hidden, numActions], 0.01, networkRng)
  const critic = createMlp([obsSize, hidden, hidden, 1], 1, networkRng)
  const parameters = [...actor.variables, ...critic.variables]
  const optimizer = new FlatAdam(parameters, options.learningRate, 0.9, 0.999, 1e-5)
  const lossOptions = { numActions, clipCoef: options.clipCoef, clipValueLoss: options.clipValueLoss, entCoef: options.entCoef, vfCoef: options.vfCoef }

  const stepBuffers = allocateStepBuffers(spec, n, MAX_ADDED_COMPONENTS)
  const rollout = allocateRollout(options.numSteps, n, obsSize)
  const tracker = new EpisodeTracker(n, numComponents)
  const scratch = new Float64Array(numActions)
  const batchSize = options.numSteps * n
  const numIterations = Math.max(1, Math.floor(options.totalSteps / batchSize))
  // With normObs the policy and critic see running-normalised observations (observationNormalizer.ts), the buffer keeps them so.
  const normalizer = options.normObs ? new ObservationNormalizer(obsSize) : null
  env.reset(envRng, stepBuffers.obs)
  if (normalizer) {
    normalizer.update(stepBuffers.obs, n)
    normalizer.normalize(stepBuffers.obs, n)
  }

  // Components whose design ends with `redistribute`: spread over each episode of the rollout.
  const redistributed = env.redistributed ?? []
  const spread = redistributed.length > 0 ? new Float64Array(options.numSteps * n) : null
  let iteration = 0

  /** Step every copy numSteps times with actions from the current policy, rewarded by `activeMix`; returns copy 0's states. */
  async function collectRollout(activeMix: CompiledMix, episodes: FinishedEpisode[]): Promise<IterationReport['demo']> {
    for (let t = 0; t < options.numSteps; t++) {
      const base = t * n
      rollout.obs.set(stepBuffers.obs, base * obsSize)
      demo.record(t, env.state)
      const logits = tf.tidy(() => actor.apply(tf.tensor2d(stepBuffers.obs, [n, obsSize])))
      let logitValues: Float32Array
      try {
        logitValues = (await logits.data()) as Float32Array
      } finally {
        logits.dispose()
      }
      const actions = rollout.actions.subarray(base, base + n)
      sampleActions(logitValues, numActions, actionRng, actions, rollout.logProbs.subarray(base, base + n), scratch)
      env.step(actions, stepBuffers, envRng)
      if (normalizer) normalizeStep(normalizer)

      const rewards = rollout.rewards.subarray(base, base + n)
      // r_t = Σ_k w_k · c_k,t
      mixInto(activeMix.weights, stepBuffers.components, n, rewards)
      for (let i = 0; i < n; i++) {
        if (!Number.isFinite(rewards[i])) {
          throw new Error(`${diagnoseReward(rewards[i], i, t, activeMix.names, activeMix.weights, stepBuffers.components)}; not training on it`)
        }
      }
      tracker.record(stepBuffers, rewards, activeMix.weights, episodes)
      if (spread) {
        // the weighted contributions Σ_{k redistributed} w_k·c_k,t, spread over episodes after the rollout
        for (let i = 0; i < n; i++) {
          let contribution = 0
          for (const k of redistributed) contribution += activeMix.weights[k] * stepBuffers.components[i * activeMix.weights.length + k]
          spread[base + i] = contribution
        }
      }
      rollout.terminated.set(stepBuffers.terminated, base)
      rollout.truncated.set(stepBuffers.truncated, base)
      for (let i = 0; i < n; i++) {
        if (stepBuffers.truncated[i]) {
          rollout.finalObs.set(stepBuffers.finalObs.subarray(i * obsSize, (i + 1) * obsSize), (base + i) * obsSize)
        }
      }
    }
    if (spread) redistributeRollout(rollout.rewards, spread, rollout.terminated, rollout.truncated, n)
    return demo.take()
  }

  /** Fold the new observations into the statistics, then normalise them and the final observations of cut episodes. */
  function normalizeStep(normalizer: ObservationNormalizer): void {
    normalizer.update(stepBuffers.obs, n)
    normalizer.normalize(stepBuffers.obs, n)
    for (let i = 0; i < n; i++) if (stepBuffers.truncated[i]) normalizer.normalize(stepBuffers.finalObs.subarray(i * obsSize, (i + 1) * obsSize), 1)
  }

  /** V(s_t) for the rollout, V of the next observation per copy, V(final observation) where truncated: one forward pass. */
  async function evaluateValues(): Promise<void> {
    const cut: number[] = []
    for (let index = 0; index < batchSize; index++) if (rollout.truncated[index] && !rollout.terminated[index]) cut.push(index)
    const rows = batchSize + n + cut.length
    const input = new Float32Array(rows * obsSize)
    input.set(rollout.obs.subarray(0, batchSize * obsSize), 0)
    input.set(stepBuffers.obs, batchSize * obsSize)
    cut.forEach((index, j) => input.set(rollout.finalObs.subarray(index * obsSize, (index + 1) * obsSize), (batchSize + n + j) * obsSize))
    const values = tf.tidy(() => tf.reshape(critic.apply(tf.tensor2d(input, [rows, obsSize])), [-1]))
    let output: Float32Array
    try {
      output = (await values.data()) as Float32Array
    } finally {
      values.dispose()
    }
    rollout.values.set(output.subarray(0, batchSize))
    rollout.lastValues.set(output.subarray(batchSize, batchSize + n))
    cut.forEach((index, j) => (rollout.bootstrapValues[index] = output[batchSize + n + j]))
  }

  /**
   * One gradient step on rollout rows `indices`: the networks' outputs read back, the loss and its
   * gradient with respect to them in plain arrays (ppoLoss.ts), then back through the networks
   * (Mlp.trace) to the parameters. Throws a diagnosis, with nothing applied, when a number is not finite.
   */
  async function minibatchStep(indices: Int32Array): Promise<UpdateStats> {
    const { batch, obs } = gatherMinibatch(rollout, indices, options.normAdvantages)
    const input = tf.tensor2d(obs, [batch.rows, obsSize])
    const actorTrace = actor.trace(input)
    const criticTrace = critic.trace(input)
    try {
      // [logits | value] per row
      const outputs = tf.concat([actorTrace.output, criticTrace.output], 1)
      let values: Float32Array
      try {
        values = (await outputs.data()) as Float32Array
      } finally {
        outputs.dispose()
      }
      const gradient = new Float32Array(values.length)
      const stats: UpdateStats = { ...inFloat32(ppoLoss(values, batch, lossOptions, gradient)), gradNorm: null }
      if (!Object.values(stats).every((value) => value === null || Number.isFinite(value))) throw new Error(diagnoseLoss(stats, rollout))
      // Each network's part of ∂L/∂[logits | value], split here rather than by a kernel on the backend.
      const { dLogits, dValues } = splitOutputGradient(gradient, batch.rows, numActions)
      const gradients = tf.tidy(() => [
        ...actorTrace.gradients(tf.tensor2d(dLogits, [batch.rows, numActions])),
        ...criticTrace.gradients(tf.tensor2d(dValues, [batch.rows, 1])),
      ])
      try {
        const step = await applyGradientStep(optimizer, options.maxGradNorm, gradients)
        stats.gradNorm = step.gradNorm
        if (!step.applied) throw new Error(diagnoseLoss(stats, rollout))
      } finally {
        tf.dispose(gradients)
      }
      return stats
    } finally {
      input.dispose()
      actorTrace.dispose()
      criticTrace.dispose()
    }
  }

  /** updateEpochs × numMinibatches gradient steps on shuffled minibatches; mean statistics. */
  async function update(learningRate: number): Promise<Record<keyof UpdateStats, number>> {
    optimizer.learningRate = learningRate
    const order = new Int32Array(batchSize)
    for (let index = 0; index < batchSize; index++) order[index] = index
    const minibatchSize = Math.ceil(batchSize / options.numMinibatches)
    const sums = { loss: 0, policyLoss: 0, valueLoss: 0, entropy: 0, approxKl: 0, clipFraction: 0, gradNorm: 0 }
    let count = 0
    for (let epoch = 0; epoch < options.updateEpochs; epoch++) {
      shuffleRng.shuffle(order)
      for (let start = 0; start < batchSize; start += minibatchSize) {
        const stats = await minibatchStep(order.subarray(start, Math.min(batchSize, start + minibatchSize)))
        for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] += stats[key] ?? 0
        count++
      }
    }
    for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] /= count
    return sums
  }

  return learnerShell('PPO', env, mix, {
    async iterate(activeMix: CompiledMix): Promise<IterationReport> {
      iteration++
      // lr_k = lr_0 · (1 − (k − 1)/K), K = ⌊totalSteps / batch⌋, held at 0 beyond totalSteps
      const learningRate = options.annealLr ? options.learningRate * Math.max(0, 1 - (iteration - 1) / numIterations) : options.learningRate
      const episodes: FinishedEpisode[] = []
      const demoRecording = await collectRollout(activeMix, episodes)
      await evaluateValues()
      gae(
        {
          n,
          rewards: rollout.rewards,
          values: rollout.values,
          terminated: rollout.terminated,
          truncated: rollout.truncated,
          bootstrapValues: rollout.bootstrapValues,
          lastValues: rollout.lastValues,
        },
        { gamma: options.gamma, lambda: options.gaeLambda },
        { advantages: rollout.advantages, returns: rollout.returns },
      )
      const stats = await update(learningRate)
      return {
        envSteps: batchSize,
        episodes,
        diagnostics: {
          policy_loss: stats.policyLoss,
          value_loss: stats.valueLoss,
          entropy: stats.entropy,
          approx_kl: stats.approxKl,
          clip_fraction: stats.clipFraction,
          explained_variance: explainedVariance(rollout.values, rollout.returns),
          grad_norm: stats.gradNorm,
          learning_rate: learningRate,
          loss: stats.loss,
          zero_advantage_fraction: zeroAdvantageFraction(rollout.advantages),
        },
        advantages: sampleAdvantages(rollout.advantages),
        valueBatch: {
          n,
          steps: options.numSteps,
          values: rollout.values.slice(),
          lastValues: rollout.lastValues.slice(),
          bootstrapValues: rollout.bootstrapValues.slice(),
          gamma: options.gamma,
          lambda: options.gaeLambda,
        },
        demo: demoRecording,
      }
    },
    release() {
      actor.dispose()
      critic.dispose()
      optimizer.dispose()
    },
  })
}


/** EV = 1 − Var(R − V) / Var(R); 0 when the returns do not vary (undefined there, kept finite). */
export function explainedVariance(values: Float32Array, returns: Float32Array): number {
  const count = returns.length
  let meanReturn = 0
  let meanError = 0
  for (let j = 0; j < count; j++) {
    meanReturn += returns[j]
    meanError += returns[j] - values[j]
  }
  meanReturn /= count
  meanError /= count
  let varReturn = 0
  let varError = 0
  for (let j = 0; j < count; j++) {
    varReturn += (returns[j] - meanReturn) ** 2
    varError += (returns[j] - values[j] - meanError) ** 2
  }
  return varReturn === 0 ? 0 : 1 - varError / varReturn
}

/** Means over an update's minibatch steps of what each step read back (or one step's numbers, for a diagnosis). */
interface UpdateStats extends PpoLossTerms {
  /** Global gradient norm before clipping; null when the loss was not finite and no gradient was taken. */
  gradNorm: number | null
}

/** Rows of [∂L/∂logits | ∂L/∂value] as the two networks' own gradients. */
function splitOutputGradient(gradient: Float32Array, rows: number, numActions: number): { dLogits: Float32Array; dValues: Float32Array } {
  const dLogits = new Float32Array(rows * numActions)
  const dValues = new Float32Array(rows)
  for (let i = 0; i < rows; i++) {
    dLogits.set(gradient.subarray(i * (numActions + 1), i * (numActions + 1) + numActions), i * numActions)
    dValues[i] = gradient[i * (numActions + 1) + numActions]
  }
  return { dLogits, dValues }
}

/** The loss's terms as float32 numbers, as the networks compute: a loss beyond float32's range is as unusable as Infinity. */
function inFloat32(terms: PpoLossTerms): PpoLossTerms {
  const rounded = { ...terms }
  for (const key of Object.keys(rounded) as (keyof PpoLossTerms)[]) rounded[key] = Math.fround(rounded[key])
  return rounded
}

function diagnoseLoss(stats: UpdateStats, rollout: RolloutBuffer): string {
  let largestReturn = 0
  let largestAdvantage = 0
  for (let j = 0; j < rollout.returns.length; j++) {
    largestReturn = Math.max(largestReturn, Math.abs(rollout.returns[j]))
    largestAdvantage = Math.max(largestAdvantage, Math.abs(rollout.advantages[j]))
  }
  const terms =
    `policy_loss ${show(stats.policyLoss)}, value_loss ${show(stats.valueLoss)}, entropy ${show(stats.entropy)}` +
    (stats.gradNorm === null ? '' : `, grad_norm ${show(stats.gradNorm)}`)
  return (
    `PPO loss is ${show(stats.loss)} (${terms}); the largest |return| in the batch is ${show(largestReturn)} and the largest |advantage| ${show(largestAdvantage)}. ` +
    'Scale the reward down or lower the learning rate; the update was not applied'
  )
}

