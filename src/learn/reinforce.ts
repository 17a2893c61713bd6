import * as tf from '@tensorflow/tfjs'
import { zeroAdvantageFraction } from '../core/credit/group'
import { allocateStepBuffers, type BatchEnv, MAX_ADDED_COMPONENTS } from '../core/envs/types'
import { mixInto, type CompiledMix, checkMix } from '../core/rewards/mix'
import type { Rng } from '../core/rng'
import { sampleAdvantages } from '../core/run/advantageSample'
import type { ReinforceOptions } from '../core/run/config'
import { DemoRecorder } from '../core/run/demo'
import { EpisodeTracker, type FinishedEpisode } from '../core/run/episodes'
import type { IterationReport, Trainer } from '../core/run/trainer'
import { FlatAdam } from './flatAdam'
import { gradientStep, show, type StepResult } from './gradientStep'
import { Growable } from '../core/growable'
import { learnerShell } from './learnerShell'
import { createMlp } from './mlp'
import { explainedVariance } from './ppo'
import { baselineLoss, discountedReturns, reinforcePolicyLoss } from './reinforceLoss'
import { diagnoseReward } from './rewardGuard'
import { sampleActions } from './sampleActions'

/**
 * Where no time limit ends an episode, REINFORCE cuts it after this many steps and learns from the
 * part it has (a random walk on CliffWalking may otherwise wander for longer than anyone waits); the
 * copy walks on, and its next stretch is learned from as an episode of its own.
 */
export const EPISODE_CAP = 10_000

/** Most states of the demo copies one iteration records for the canvas view. */
const DEMO_STEPS = 500

/**
 * REINFORCE (Williams 1992), with or without a learned state-value baseline (Sutton & Barto §13.4),
 * read top to bottom in `iterate`: step all copies with auto-reset until episodesPerIteration
 * episodes have ended, compute every step's return-to-go G_t = Σ_k γ^k r_{t+k}, then one policy
 * gradient step on −mean_t log π(a_t|s_t)·(G_t − b(s_t)) and, with the baseline, one step of the
 * value network towards G_t.
 *
 * Only complete episodes are learned from. An episode still running when an iteration has its
 * episodes carries on into the next one, where it is used once it ends: its early steps were taken
 * by the policy before the last update, a lag of one small step that REINFORCE ignores. An episode
 * cut by a time limit bootstraps its return from the baseline's V of the state it was cut in (with
 * no baseline it is used as it stands); `cut_fraction` says how many of the batch's episodes were cut.
 */
export async function createReinforceTrainer(env: BatchEnv, mix: CompiledMix, options: ReinforceOptions, rng: Rng): Promise<Trainer> {
  const spec = env.spec
  const { n } = env
  const { obsSize, numActions } = spec
  const numComponents = spec.components.length
  const withBaseline = options.baseline === 'value'
  checkMix(mix, numComponents, spec.id)
  await tf.ready()

  const networkRng = rng.split()
  const envRng = rng.split()
  const actionRng = rng.split()
  const hidden = options.hiddenSize
  const actor = createMlp([obsSize, hidden, hidden, numActions], 0.01, networkRng)
  const critic = withBaseline ? createMlp([obsSize, hidden, hidden, 1], 1, networkRng) : null
  // Two optimisers, clipped separately: the value loss is in squared return units and would
  // otherwise decide, through the shared norm, how far the policy may move.
  const policyOptimizer = new FlatAdam(actor.variables, options.learningRate, 0.9, 0.999, 1e-5)
  const valueOptimizer = critic ? new FlatAdam(critic.variables, options.learningRate, 0.9, 0.999, 1e-5) : null
  const episodeCap = spec.timeLimit ?? EPISODE_CAP
  const returnScale = new ReturnScale(RETURN_SCALE_DECAY)

  const stepBuffers = allocateStepBuffers(spec, n, MAX_ADDED_COMPONENTS)
  const tracker = new EpisodeTracker(n, numComponents)
  const demo = new DemoRecorder(spec, n, Math.min(DEMO_STEPS, spec.timeLimit ?? DEMO_STEPS))
  const scratch = new Float64Array(numActions)
  const actions = new Int32Array(n)
  const logProbs = new Float32Array(n)
  const rewards = new Float32Array(n)
  // The episode each copy is in the middle of: its observations, actions and rewards so far.
  const running = Array.from({ length: n }, () => ({ obs: new Growable(Float32Array), actions: new Growable(Int32Array), rewards: new Growable(Float64Array) }))
  // The complete episodes of this iteration, one row per step.
  const batch = { obs: new Growable(Float32Array), actions: new Growable(Int32Array), rewards: new Growable(Float64Array) }
  const episodeEnds: number[] = []
  // Episodes cut by a time limit (not ended): the state they were cut in, to bootstrap G_T = V(s_T)
  // from when there is a value baseline; −1 for episodes that ended.
  const cutObs = new Growable(Float32Array)
  const episodeCuts: number[] = []
  env.reset(envRng, stepBuffers.obs)

  /**
   * Move copy i's running episode into the batch; it ended, or was cut in the state whose
   * observation starts at `cutAt` of `cutFrom` (kept to bootstrap from when there is a baseline).
   */
  function completeEpisode(i: number, cutFrom: Float32Array | null, cutAt: number): void {
    if (cutFrom !== null && critic !== null) {
      episodeCuts.push(cutObs.length / obsSize)
      cutObs.pushFrom(cutFrom, cutAt, obsSize)
    } else episodeCuts.push(-1)
    const episode = running[i]
    batch.obs.pushFrom(episode.obs.view(), 0, episode.obs.length)
    batch.actions.pushFrom(episode.actions.view(), 0, episode.actions.length)
    batch.rewards.pushFrom(episode.rewards.view(), 0, episode.rewards.length)
    episodeEnds.push(batch.actions.length)
    episode.obs.clear()
    episode.actions.clear()
    episode.rewards.clear()
  }

  /** Drop every running and collected episode and reset all copies. */
  function restartEpisodes(): void {
    for (const episode of running) {
      episode.obs.clear()
      episode.actions.clear()
      episode.rewards.clear()
    }
    batch.obs.clear()
    batch.actions.clear()
    batch.rewards.clear()
    episodeEnds.length = 0
    cutObs.clear()
    episodeCuts.length = 0
    tracker.reset()
    demo.take()
    env.reset(envRng, stepBuffers.obs)
  }

  /**
   * Step every copy, rewarded by `activeMix`, until episodesPerIteration episodes have ended; returns
   * the env steps taken and how many episodes were cut.
   */
  async function collectEpisodes(activeMix: CompiledMix, episodes: FinishedEpisode[]): Promise<{ envSteps: number; cut: number }> {
    let steps = 0
    let cut = 0
    while (episodeEnds.length < options.episodesPerIteration) {
      if (steps < DEMO_STEPS) demo.record(steps, env.state)
      const logits = tf.tidy(() => actor.apply(tf.tensor2d(stepBuffers.obs, [n, obsSize])))
      let logitValues: Float32Array
      try {
        logitValues = (await logits.data()) as Float32Array
      } finally {
        logits.dispose()
      }
      sampleActions(logitValues, numActions, actionRng, actions, logProbs, scratch)
      for (let i = 0; i < n; i++) {
        running[i].obs.pushFrom(stepBuffers.obs, i * obsSize, obsSize)
        running[i].actions.push(actions[i])
      }
      env.step(actions, stepBuffers, envRng)
      // r_t = Σ_k w_k · c_k,t
      mixInto(activeMix.weights, stepBuffers.components, n, rewards)
      for (let i = 0; i < n; i++) {
        if (!Number.isFinite(rewards[i])) {
          throw new Error(`${diagnoseReward(rewards[i], i, steps, activeMix.names, activeMix.weights, stepBuffers.components)}; not training on it`)
        }
      }
      tracker.record(stepBuffers, rewards, activeMix.weights, episodes)
      for (let i = 0; i < n; i++) {
        running[i].rewards.push(rewards[i])
        const ended = stepBuffers.terminated[i] === 1 || stepBuffers.truncated[i] === 1
        const tooLong = running[i].actions.length >= episodeCap
        if (ended || tooLong) {
          if (stepBuffers.terminated[i]) completeEpisode(i, null, 0)
          else {
            cut++
            // Cut by the time limit: the final observation; cut by our own cap: the state it is still in.
            completeEpisode(i, ended ? stepBuffers.finalObs : stepBuffers.obs, i * obsSize)
          }
        }
      }
      steps++
    }
    return { envSteps: steps * n, cut }
  }

  /**
   * b(s_t) = μ + σ·V̂(s_t) for every row of the batch, in return units, read back (empty without a
   * baseline). μ and σ come from earlier batches only, so b does not depend on this batch's returns.
   */
  async function baselineValues(obs: tf.Tensor2D): Promise<Float32Array> {
    if (critic === null) return new Float32Array(0)
    const values = tf.tidy(() => tf.reshape(critic.apply(obs), [-1]))
    let normalized: Float32Array
    try {
      normalized = (await values.data()) as Float32Array
    } finally {
      values.dispose()
    }
    const { mean, std } = returnScale.current()
    return normalized.map((value) => mean + std * value)
  }

  /** b(s) for `rows` observations given as a flat array. */
  async function valuesOf(observations: Float32Array, rows: number): Promise<Float32Array> {
    const tensor = tf.tensor2d(observations, [rows, obsSize])
    try {
      return await baselineValues(tensor)
    } finally {
      tensor.dispose()
    }
  }

  function diagnoseLoss(what: string, step: StepResult, returns: Float32Array, advantages: Float32Array): string {
    let largestReturn = 0
    let largestAdvantage = 0
    for (let j = 0; j < returns.length; j++) {
      largestReturn = Math.max(largestReturn, Math.abs(returns[j]))
      largestAdvantage = Math.max(largestAdvantage, Math.abs(advantages[j]))
    }
    const terms = step.terms.map(show).join(', ')
    return (
      `REINFORCE ${what} is ${show(step.loss)} (terms ${terms}, grad_norm ${show(step.gradNorm)}); the largest |return| in the batch is ${show(largestReturn)} and the largest |advantage| ${show(largestAdvantage)}. ` +
      'Scale the reward down or lower the learning rate; the update was not applied'
    )
  }

  return learnerShell('REINFORCE', env, mix, {
    async iterate(activeMix: CompiledMix): Promise<IterationReport> {
      const episodes: FinishedEpisode[] = []
      let collected: { envSteps: number; cut: number }
      try {
        collected = await collectEpisodes(activeMix, episodes)
      } catch (error) {
        // A step that failed half-way (a reward that is not finite) leaves the running episodes
        // one reward short: start every copy afresh so that a later iteration learns from whole episodes.
        restartEpisodes()
        throw error
      }
      const { envSteps, cut } = collected
      const demoRecording = demo.take()
      const numEpisodes = episodeEnds.length

      const size = batch.actions.length
      const returns = new Float32Array(size)
      // V(s_T) of the states cut episodes were cut in (a time limit is not a failure); none without a baseline.
      const cutValues = cutObs.length > 0 ? await valuesOf(cutObs.view().slice(), cutObs.length / obsSize) : new Float32Array(0)
      let from = 0
      episodeEnds.forEach((to, episode) => {
        const cutIndex = episodeCuts[episode]
        discountedReturns(batch.rewards.view(), from, to, options.gamma, returns, cutIndex >= 0 ? cutValues[cutIndex] : 0)
        from = to
      })
      cutObs.clear()
      episodeCuts.length = 0
      const obs = tf.tensor2d(batch.obs.view().slice(), [size, obsSize])
      const batchActions = tf.tensor1d(batch.actions.view().slice(), 'int32')
      batch.obs.clear()
      batch.actions.clear()
      batch.rewards.clear()
      episodeEnds.length = 0

      try {
        const values = await baselineValues(obs)
        // A_t = G_t − V(s_t), or G_t alone
        const advantages = new Float32Array(size)
        for (let j = 0; j < size; j++) advantages[j] = critic === null ? returns[j] : returns[j] - values[j]

        const advantageTensor = tf.tensor1d(advantages)
        let policyStep: StepResult
        try {
          policyStep = await gradientStep(actor.variables, policyOptimizer, options.maxGradNorm, () => {
            const terms = reinforcePolicyLoss(actor, { obs, actions: batchActions, advantages: advantageTensor }, numActions, options.entCoef)
            return { loss: terms.loss, terms: [terms.policyLoss, terms.entropy] }
          })
        } finally {
          advantageTensor.dispose()
        }
        if (!policyStep.applied) throw new Error(diagnoseLoss('policy loss', policyStep, returns, advantages))
        const [policyLoss, entropy] = policyStep.terms

        const diagnostics: Record<string, number> = {
          policy_loss: policyLoss,
          entropy,
          grad_norm: policyStep.gradNorm,
          zero_advantage_fraction: zeroAdvantageFraction(advantages),
          cut_fraction: cut / numEpisodes,
          episodes: numEpisodes,
        }
        if (critic !== null && valueOptimizer !== null) {
          returnScale.update(returns)
          const { mean, std } = returnScale.current()
          // The network fits (G_t − μ)/σ: returns of any scale become numbers near ±1 that one
          // Adam step can follow, and the baseline is the running mean before V̂ has learnt anything.
          const returnTensor = tf.tensor1d(returns.map((value) => (value - mean) / std))
          let valueStep: StepResult
          try {
            valueStep = await gradientStep(critic.variables, valueOptimizer, options.maxGradNorm, () => ({ loss: baselineLoss(critic, obs, returnTensor), terms: [] }))
          } finally {
            returnTensor.dispose()
          }
          if (!valueStep.applied) throw new Error(diagnoseLoss('value loss', valueStep, returns, advantages))
          // ½·mean((μ + σV̂) − G)² = σ²·½·mean(V̂ − (G − μ)/σ)²: reported in return units
          diagnostics.value_loss = std * std * valueStep.loss
          diagnostics.explained_variance = explainedVariance(values, returns)
        }
        return { envSteps, episodes, diagnostics, advantages: sampleAdvantages(advantages), demo: demoRecording }
      } finally {
        obs.dispose()
        batchActions.dispose()
      }
    },
    release() {
      actor.dispose()
      critic?.dispose()
      policyOptimizer.dispose()
      valueOptimizer?.dispose()
    },
  })
}

/**
 * Running mean μ and standard deviation σ of the returns the baseline fits, as exponential moving
 * averages over batches with Adam's bias correction (so the first batch counts fully):
 *   m ← β·m + (1 − β)·mean_B G,  q ← β·q + (1 − β)·mean_B G²,  μ = m/(1 − β^k),  σ = √(q/(1 − β^k) − μ²).
 * Before any batch μ = 0 and σ = 1, so the network's raw output is the baseline.
 */
export class ReturnScale {
  private mean = 0
  private square = 0
  private weight = 0

  constructor(private readonly decay: number) {}

  update(returns: ArrayLike<number>): void {
    if (returns.length === 0) return
    let sum = 0
    let squares = 0
    for (let j = 0; j < returns.length; j++) {
      sum += returns[j]
      squares += returns[j] * returns[j]
    }
    this.mean = this.decay * this.mean + (1 - this.decay) * (sum / returns.length)
    this.square = this.decay * this.square + (1 - this.decay) * (squares / returns.length)
    this.weight = this.decay * this.weight + (1 - this.decay)
  }

  current(): { mean: number; std: number } {
    if (this.weight === 0) return { mean: 0, std: 1 }
    const mean = this.mean / this.weight
    // σ floored so that constant returns (a solved task) do not blow up the targets
    const variance = Math.max(this.square / this.weight - mean * mean, 0)
    return { mean, std: Math.max(Math.sqrt(variance), RETURN_STD_FLOOR) }
  }
}

/** β of the running return statistics, per batch: they follow returns that grow over ~10 iterations. */
const RETURN_SCALE_DECAY = 0.9
const RETURN_STD_FLOOR = 1e-2

