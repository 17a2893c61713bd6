import type { LearnerOptions, RunConfig } from '../core/run/config'
import { whyLearnerChangeNeedsNewRun } from '../core/run/liveLearner'
import { MetricsAccumulator } from '../core/run/metrics'
import type { GroupBatch, IterationReport, Trainer, ValueBatch } from '../core/run/trainer'
import { compileMix } from '../core/rewards/mix'
import { createTrainerWithEnv } from '../learn/trainers'
import type { RewardDesign } from '../core/rewards/designSchema'
import { RewardedEnv } from '../core/rewards/rewardedEnv'
import { isTabularTrainer, tabularPicture } from '../core/learners/tabular'
import { learnerAddedComponents } from '../core/run/learnerComponents'
import { rewardedSpec } from '../core/rewards/extras'
import { whyRewardChangeNeedsNewRun } from '../core/run/liveChange'
import { ScheduledMix } from '../core/run/scheduledMix'
import { hasSchedules, scheduleProblems, type WeightSchedules } from '../core/rewards/weightSchedule'
import { FRAME_INTERVAL_MS, HIDDEN_FRAME_INTERVAL_MS, RECENT_EPISODES, RECORD_EVERY_FRAMES, type FromWorker, type MetricsFrame, type ToWorker } from './protocol'
import type { RecordingEnv } from '../core/run/stepRecord'
import { errorMessage } from '../core/errorMessage'
import { finishedRunFigures, pausedRunFigures, runSeconds } from '../core/run/runFigures'
import { batchPairs } from '../core/preferences/tokenStateCompletions'
import type { TokenCompletion } from '../core/preferences/tokenFeatures'
import { restAfter, restingDuty, type TrainerShare } from './trainerShare'
import type { Segment } from '../core/preferences/segmentPairs'
import { resolveEnvironment } from '../core/envs/registry'
import { stepFeaturesFor } from '../core/preferences/stepFeatures'

type Post = (message: FromWorker, transfer?: Transferable[]) => void

/**
 * One training run inside the worker: loops rollout → update, applies design changes between
 * iterations, and posts a metrics frame at most every FRAME_INTERVAL_MS (HIDDEN_FRAME_INTERVAL_MS
 * while the page is hidden).
 */
export class TrainingSession {
  private trainer: Trainer | null = null
  private env: RewardedEnv | null = null
  private record: RecordingEnv | null = null
  private framesPosted = 0
  /** Whether the page is hidden (frames then come seldom). */
  pageHidden = false
  private pendingReward: { changeId: number; design: RewardDesign; note: string } | null = null
  /** The latest learner change that arrived during an iteration, applied before the next. */
  private pendingLearner: { changeId: number; learner: LearnerOptions; note: string } | null = null
  /** The learner options the run trains with now. */
  private learner: LearnerOptions
  private metrics: MetricsAccumulator | null = null
  private paused = false
  private stopped = false
  private wake: (() => void) | null = null
  private weights: Record<string, number>
  /** Weights changed since the last iteration (merged), with the latest change's id. */
  private pendingWeights: { changeId: number; weights: Record<string, number> } | null = null
  /** The weights' schedules and the weights they put in force, set before each iteration. */
  private readonly scheduled: ScheduledMix
  private schedules: WeightSchedules | undefined
  private pendingSchedules: { changeId: number; schedules: WeightSchedules; note: string } | null = null
  /** The env steps when the latest iteration began: where its scheduled weights were sampled. */
  private iterationStartedAt = 0
  private lastDemo: IterationReport['demo'] = { states: new Float64Array(0), steps: 0, copies: 1 }
  private lastAdvantages: Float32Array | null = null
  private lastValueBatch: ValueBatch | null = null
  private lastGroupBatch: GroupBatch | null = null
  /** The copies' state after the latest update of a GRPO run on the token task: its batch's completions (latestPairs). */
  private lastCompletionState: Float64Array | null = null

  constructor(
    readonly runId: string,
    private readonly config: RunConfig,
    private readonly post: Post,
    /** Frames with the curve's figures only: no step record, batch, advantages or demo states. */
    private readonly lean = false,
    /** End after the iteration that reaches this many environment steps, reporting the run's figures (a sweep's run); null: train until stopped. */
    private readonly budget: number | null = null,
    /** The browser's training workers sharing its cores (trainerShare.ts); null: this run computes all the time. */
    private readonly share: TrainerShare | null = null,
  ) {
    this.weights = { ...config.mix.weights }
    this.learner = config.learner
    this.schedules = config.mix.schedules
    this.scheduled = ScheduledMix.of(config)
  }

  async start(): Promise<void> {
    // Stopped before it began (a quick Reset): nothing to build.
    if (this.stopped) {
      this.post({ type: 'stopped', runId: this.runId })
      return
    }
    try {
      // Building the networks is compute too: on a shared machine it waits for its turn.
      this.share?.setTraining(true)
      const created = await (this.share ? this.share.turn(() => createTrainerWithEnv(this.config)) : createTrainerWithEnv(this.config))
      this.trainer = created.trainer
      this.env = created.env
      this.record = created.record
    } catch (error) {
      this.share?.setTraining(false)
      this.post({ type: 'error', runId: this.runId, message: errorMessage(error) })
      return
    }
    if (this.stopped) {
      // A Reset while it waited for its turn: nothing to train.
      this.share?.setTraining(false)
      this.trainer.dispose()
      this.post({ type: 'stopped', runId: this.runId })
      return
    }
    this.metrics = new MetricsAccumulator(this.trainer.spec.components.length, RECENT_EPISODES)
    this.post({ type: 'started', runId: this.runId, learner: this.config.learner.kind })
    await this.loop()
  }

  handle(message: ToWorker): void {
    switch (message.type) {
      case 'setWeights':
        // Weights that arrive during one iteration are merged and applied together before the next.
        this.pendingWeights = { changeId: message.changeId, weights: { ...this.pendingWeights?.weights, ...message.weights } }
        break
      case 'setSchedules':
        this.pendingSchedules = { changeId: message.changeId, schedules: message.schedules, note: message.note }
        break
      case 'setReward':
        this.pendingReward = { changeId: message.changeId, design: message.design, note: message.note }
        break
      case 'updateLearner':
        this.pendingLearner = { changeId: message.changeId, learner: message.learner, note: message.note }
        break
      case 'pause':
        this.paused = true
        this.post({ type: 'paused', runId: this.runId, diagnosis: null })
        break
      case 'resume':
        this.paused = false
        this.post({ type: 'resumed', runId: this.runId })
        this.wakeUp()
        break
      case 'stop':
        this.stop()
        break
    }
  }

  /** The pairs of the latest batch (each group of one prompt paired as tokenPairs.ts says), or null before a GRPO run on the token task has one. */
  latestPairs(): [TokenCompletion, TokenCompletion][] | null {
    const state = this.lastCompletionState
    const env = this.env
    if (state === null || env === null) return null
    return batchPairs(state, env.spec.stateVars.length, env.n, env.spec.demoCopies ?? 1)
  }

  /**
   * Segments of at most `steps` steps of the run's latest recorded steps (its current policy), with
   * the environment's default reward as their gold; null when the run is not on `envId`, keeps no
   * states (no step features), or has not stepped yet.
   */
  latestSegments(envId: string, steps: number): Segment[] | null {
    const record = this.record
    if (record === null || this.config.env.id !== envId) return null
    const { spec } = resolveEnvironment(this.config.env.id, this.config.env.params)
    const features = stepFeaturesFor(spec)
    if (features === null) return null
    return record.segments(steps, features, new Map(spec.components.map((component) => [component.name, component.defaultWeight])))
  }

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.wakeUp()
  }

  private async loop(): Promise<void> {
    const trainer = this.trainer!
    const metrics = this.metrics!
    const startedAt = performance.now()
    let pausedFor = 0
    let lastFrameAt = 0
    let stepsAtLastFrame = 0
    let iterations = 0
    while (!this.stopped) {
      if (this.paused) {
        this.share?.setTraining(false)
        const pausedAt = performance.now()
        await this.sleep(null)
        pausedFor += performance.now() - pausedAt
        continue
      }
      this.share?.setTraining(true)
      const busyFrom = performance.now()
      this.applyPendingChanges(trainer, metrics.totalEnvSteps)
      // The schedules' weights at the env steps so far, once per iteration before its rollout.
      this.iterationStartedAt = metrics.totalEnvSteps
      this.scheduled.applyBefore(trainer, this.iterationStartedAt, this.env?.spec ?? trainer.spec)
      let report: IterationReport
      try {
        report = await (this.share ? this.share.turn(() => trainer.iterate()) : trainer.iterate())
      } catch (error) {
        if (this.budget !== null) {
          // A sweep's run that stops itself is over, with its diagnosis, as train --steps ends it.
          this.post({ type: 'finished', runId: this.runId, figures: pausedRunFigures(iterations + 1, metrics.totalEnvSteps, runSeconds(performance.now() - startedAt - pausedFor), errorMessage(error)) })
          break
        }
        // A NaN or ±Infinity reward or loss: pause with the diagnosis instead of training on garbage.
        this.paused = true
        this.post({ type: 'paused', runId: this.runId, diagnosis: errorMessage(error) })
        continue
      }
      metrics.add(report)
      iterations += 1
      if (this.budget !== null && metrics.totalEnvSteps >= this.budget) {
        // As train --steps: whole iterations until the budget, the figures from one last summary.
        const seconds = runSeconds(performance.now() - startedAt - pausedFor)
        this.post({ type: 'finished', runId: this.runId, figures: finishedRunFigures(metrics.flush(), trainer.spec.components.map((component) => component.name), seconds) })
        break
      }
      // A group learner's copies keep their finished completions until its next rollout; kept before the next one starts.
      if ((this.config.learner.kind === 'grpo' || this.config.learner.kind === 'dpo') && this.config.env.id === 'tokenseq' && this.env) this.lastCompletionState = this.env.state.slice()
      if (report.demo.steps > 0) this.lastDemo = report.demo
      if (report.advantages) this.lastAdvantages = report.advantages
      this.lastValueBatch = report.valueBatch ?? null
      // The critic's values go with copy 0's episode steps, so its credit timeline has them for every step.
      if (report.valueBatch) this.record?.keepValues(report.valueBatch)
      this.lastGroupBatch = report.groupBatch ?? null
      const now = performance.now()
      // A sweep's run (a budget) reports its figures once, at the end: nobody draws its curve.
      if (this.budget === null && now - lastFrameAt >= (this.pageHidden ? HIDDEN_FRAME_INTERVAL_MS : FRAME_INTERVAL_MS)) {
        const wallSeconds = (now - startedAt - pausedFor) / 1000
        const summary = metrics.flush()
        const elapsed = lastFrameAt === 0 ? wallSeconds : (now - lastFrameAt) / 1000
        this.postFrame(trainer, { ...summary, wallSeconds, stepsPerSecond: (summary.envSteps - stepsAtLastFrame) / Math.max(elapsed, 1e-6) })
        lastFrameAt = now
        stepsAtLastFrame = summary.envSteps
      }
      const busyMs = performance.now() - busyFrom
      await yieldToEvents()
      await this.restForOthers(busyMs)
    }
    this.share?.setTraining(false)
    trainer.dispose()
    this.post({ type: 'stopped', runId: this.runId })
  }

  /**
   * Post one metrics frame: the summary and timing given, the recent episodes the what-if re-scores
   * (a few numbers each), the latest demo states and advantages (copied: the trainer reuses its
   * buffers), and every RECORD_EVERY_FRAMES frames the step record with the batch it lines up with
   * and a tabular learner's picture. A lean run sends the curve's figures only. Every buffer is
   * transferred, not copied again.
   */
  private postFrame(trainer: Trainer, figures: Omit<MetricsFrame, 'componentNames' | 'demo' | 'advantages' | 'recentEpisodes' | 'record' | 'tabular' | 'valueBatch' | 'groupBatch'>): void {
    const demo = this.lean ? { ...this.lastDemo, states: new Float64Array(0), steps: 0 } : { ...this.lastDemo, states: this.lastDemo.states.slice() }
    const advantages = this.lean ? null : (this.lastAdvantages?.slice() ?? null)
    const recentEpisodes = this.lean ? null : (this.metrics?.recentEpisodes() ?? null)
    const withRecord = !this.lean && this.framesPosted++ % RECORD_EVERY_FRAMES === 0
    const record = withRecord ? (this.record?.snapshot() ?? null) : null
    const tabular = withRecord && isTabularTrainer(trainer) ? tabularPicture(trainer) : null
    // The batch's values travel with the record they line up with (its last rows are that batch).
    const valueBatch = record ? this.lastValueBatch : null
    const groupBatch = record ? this.lastGroupBatch : null
    const transfer: Transferable[] = [demo.states.buffer]
    if (advantages) transfer.push(advantages.buffer)
    if (recentEpisodes) transfer.push(recentEpisodes.returns.buffer, recentEpisodes.componentSums.buffer, recentEpisodes.weights.buffer, recentEpisodes.paid.buffer)
    if (record) transfer.push(record.components.buffer, record.ends.buffer, record.copies.buffer)
    if (record?.visits) transfer.push(record.visits.buffer)
    if (record?.latestEpisode) transfer.push(record.latestEpisode.components.buffer)
    if (tabular) transfer.push(tabular.values.buffer, tabular.policy.buffer)
    // The environment's components as they are now (a live design change may have changed them), then those the learner adds (the KL in the reward).
    const components = this.env ? [...this.env.spec.components, ...learnerAddedComponents(trainer.spec)] : trainer.spec.components
    const componentNames = components.map((c) => c.name)
    const frame: MetricsFrame = { ...figures, componentNames, demo, advantages, recentEpisodes, record, tabular, valueBatch, groupBatch }
    if (hasSchedules(this.schedules)) frame.scheduledWeights = this.scheduled.scheduledAt(this.iterationStartedAt)
    if (this.share) frame.machineShare = this.share.current()
    this.post({ type: 'metrics', runId: this.runId, frame }, transfer)
  }

  /** Changes that arrived during the last iteration, applied before the next one. */
  private applyPendingChanges(trainer: Trainer, envSteps: number): void {
    this.applyPendingReward(trainer, envSteps)
    this.applyPendingWeights(trainer, envSteps)
    this.applyPendingLearner(trainer, envSteps)
    this.applyPendingSchedules(envSteps)
  }

  /** A live learner change: the trainer takes the options from its next update on, or the run goes on as it was and the page hears why. */
  private applyPendingLearner(trainer: Trainer, envSteps: number): void {
    const change = this.pendingLearner
    if (!change) return
    this.pendingLearner = null
    try {
      const refusal = whyLearnerChangeNeedsNewRun(this.learner, change.learner)
      if (refusal !== null) throw new Error(refusal)
      if (!trainer.setLearner) throw new Error(`${this.learner.kind} takes no learner changes while it runs; start a new run`)
      trainer.setLearner(change.learner)
    } catch (error) {
      this.post({ type: 'refused', runId: this.runId, message: errorMessage(error), learner: this.learner })
      return
    }
    this.learner = change.learner
    this.post({ type: 'designApplied', runId: this.runId, changeId: change.changeId, envSteps, changed: {}, weights: this.weights, note: change.note })
  }

  /** New schedules, checked against the components in force now; the next iteration samples them (in the loop). */
  private applyPendingSchedules(envSteps: number): void {
    const change = this.pendingSchedules
    if (!change) return
    this.pendingSchedules = null
    const problems = scheduleProblems(change.schedules, (this.env ?? this.trainer)?.spec.components ?? [])
    if (problems.length > 0) {
      this.post({ type: 'refused', runId: this.runId, message: problems.join('; ') })
      return
    }
    this.schedules = hasSchedules(change.schedules) ? change.schedules : undefined
    this.scheduled.set(this.weights, this.schedules)
    this.post({ type: 'designApplied', runId: this.runId, changeId: change.changeId, envSteps, changed: {}, weights: this.weights, note: change.note })
  }

  /** A live reward design change: the environment computes its terms anew, the mix takes its weights. */
  private applyPendingReward(trainer: Trainer, envSteps: number): void {
    const change = this.pendingReward
    if (!change || !this.env) return
    this.pendingReward = null
    const env = this.env
    try {
      const after = { spec: rewardedSpec(env.inner.spec, change.design), design: change.design }
      const refusal = whyRewardChangeNeedsNewRun(this.config.learner.kind, { spec: env.spec, design: env.rewardDesign }, after)
      if (refusal !== null) throw new Error(refusal)
      env.setDesign(change.design)
      // The design's schedules come with it (a removed term takes its schedule along).
      this.scheduled.set({ ...this.weights, ...change.design.weights }, change.design.schedules)
      trainer.setMix(compileMix(env.spec, { weights: this.scheduled.weightsAt(envSteps) }))
    } catch (error) {
      this.scheduled.set(this.weights, this.schedules)
      this.post({ type: 'refused', runId: this.runId, message: errorMessage(error) })
      return
    }
    this.weights = { ...this.weights, ...change.design.weights }
    this.schedules = change.design.schedules
    this.post({ type: 'designApplied', runId: this.runId, changeId: change.changeId, envSteps, changed: {}, weights: this.weights, note: change.note })
  }

  private applyPendingWeights(trainer: Trainer, envSteps: number): void {
    const change = this.pendingWeights
    if (!change) return
    this.pendingWeights = null
    const weights = { ...this.weights, ...change.weights }
    try {
      // A scheduled component's weight stays its schedule's; the others take the change.
      this.scheduled.set(weights, this.schedules)
      trainer.setMix(compileMix(this.env?.spec ?? trainer.spec, { weights: this.scheduled.weightsAt(envSteps) }))
    } catch (error) {
      this.scheduled.set(this.weights, this.schedules)
      this.post({ type: 'refused', runId: this.runId, message: errorMessage(error) })
      return
    }
    this.weights = weights
    this.post({ type: 'designApplied', runId: this.runId, changeId: change.changeId, envSteps, changed: change.weights, weights })
  }

  /**
   * When more of the browser's workers train than it has cores, rest after each iteration so this
   * one computes only its duty of the time (trainerShare.ts); a pause or stop ends the rest at once.
   */
  private async restForOthers(busyMs: number): Promise<void> {
    if (!this.share || this.stopped || this.paused) return
    this.share.beat()
    const restMs = restAfter(busyMs, restingDuty(this.share.current(), this.pageHidden))
    if (restMs > 0) await this.sleep(restMs)
  }

  /** Wait until woken (a resume or a stop), or until `ms` have passed where given. */
  private sleep(ms: number | null): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = ms === null ? undefined : setTimeout(() => this.wakeUp(), ms)
      this.wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }

  private wakeUp(): void {
    const wake = this.wake
    this.wake = null
    wake?.()
  }
}

/** Let queued messages (slider moves, pause) in between iterations without a timer clamp. */
function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

