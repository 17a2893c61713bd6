import type { RunConfig } from '../core/run/config'
import { MetricsAccumulator, RECENT_ITERATIONS } from '../core/run/metrics'
import { readoutEpisodes } from '../core/run/readoutWindow'
import type { IterationReport, Trainer } from '../core/run/trainer'
import { createTrainerWithEnv } from '../learn/trainers'
import type { RewardedEnv } from '../core/rewards/rewardedEnv'
import type { RecordingEnv } from '../core/run/stepRecord'
import type { Segment } from '../core/preferences/segmentPairs'
import type { TokenCompletion } from '../core/preferences/tokenFeatures'
import { errorMessage } from '../core/errorMessage'
import { FRAME_INTERVAL_MS, HIDDEN_FRAME_INTERVAL_MS, RECENT_EPISODES, type FromWorker, type ToWorker } from './protocol'
import { restAfter, restingDuty, type TrainerShare } from './trainerShare'
import { isLiveChange, LiveChangeQueue } from './liveChanges'
import { DesignInForce } from './designInForce'
import { FrameBuilder } from './frameBuilder'
import { RunLabelSource, type LabelSource } from './runLabelSource'
import type { SweepJob } from './sweepJob'

type Post = (message: FromWorker, transfer?: Transferable[]) => void

export interface TrainingSessionOptions {
  runId: string
  config: RunConfig
  post: Post
  /** Frames with the curve's figures only: no step record, batch, advantages or demo states (an extra seed's run). */
  lean?: boolean
  /** A sweep's run: it ends by itself at its budget with the run's figures, and posts no frames; absent: it trains until stopped. */
  sweepJob?: SweepJob | null
  /** The browser's training workers sharing its cores (trainerShare.ts); absent: this run computes all the time. */
  share?: TrainerShare | null
  /** A lesson's budget: no iteration starts at or past this many environment steps, the run pauses there instead (a sweep's run ignores it); absent: none. */
  pauseAt?: number | null
}

/**
 * One training run inside the worker: loops rollout → update, applies the live changes that
 * arrived meanwhile between iterations (liveChanges.ts, designInForce.ts), and posts a metrics
 * frame (frameBuilder.ts) at most every FRAME_INTERVAL_MS (HIDDEN_FRAME_INTERVAL_MS while the page
 * is hidden). An iteration that throws pauses the run with its diagnosis (a sweep's run ends with
 * it instead, sweepJob.ts). With a step budget to pause at (a lesson's), it pauses itself at the
 * first iteration boundary at or past it, as the lesson's check stops after whole updates, its
 * frame there sent first; a resume from there lifts the budget. A step (paused, or not yet
 * training) trains one iteration, sends its frame with the step record, and pauses again; at the
 * budget it trains that one iteration past it, and the budget stays. Labelling requests read the
 * run's current policy through it (runLabelSource.ts).
 */
export class TrainingSession implements LabelSource {
  readonly runId: string
  private readonly config: RunConfig
  private readonly post: Post
  private readonly lean: boolean
  private readonly sweepJob: SweepJob | null
  private readonly share: TrainerShare | null
  /** Whether the page is hidden (frames then come seldom, and on a shared machine the run rests longer). */
  pageHidden = false
  private readonly changes = new LiveChangeQueue()
  private readonly design: DesignInForce
  private readonly labels: RunLabelSource
  private paused = false
  private stopped = false
  /** Whether the loop has begun (before it, a step asks for the run's first iteration). */
  private looping = false
  /** Whether the next iteration is a step's: its frame is sent and the run pauses after it. */
  private stepping = false
  private wake: (() => void) | null = null
  /** The step budget the run pauses at (null: none), and whether it is paused there now. */
  private pauseAt: number | null
  private pausedAtBudget = false

  constructor({ runId, config, post, lean = false, sweepJob = null, share = null, pauseAt = null }: TrainingSessionOptions) {
    this.runId = runId
    this.config = config
    this.post = post
    this.lean = lean
    this.sweepJob = sweepJob
    this.share = share
    this.pauseAt = sweepJob ? null : pauseAt
    this.design = new DesignInForce(config)
    this.labels = new RunLabelSource(config)
  }

  async start(): Promise<void> {
    // Stopped before it began (a quick Reset): nothing to build.
    if (this.stopped) {
      this.post({ type: 'stopped', runId: this.runId })
      return
    }
    let created: { trainer: Trainer; env: RewardedEnv; record: RecordingEnv }
    try {
      // Building the networks is compute too: on a shared machine it waits for its turn.
      this.share?.setTraining(true)
      created = await (this.share ? this.share.turn(() => createTrainerWithEnv(this.config)) : createTrainerWithEnv(this.config))
    } catch (error) {
      this.share?.setTraining(false)
      this.post({ type: 'error', runId: this.runId, message: errorMessage(error) })
      return
    }
    const { trainer, env, record } = created
    this.labels.attach(env, record)
    if (this.stopped) {
      // A Reset while it waited for its turn: nothing to train.
      this.share?.setTraining(false)
      trainer.dispose()
      this.post({ type: 'stopped', runId: this.runId })
      return
    }
    const metrics = new MetricsAccumulator(trainer.spec.components.length, RECENT_EPISODES, RECENT_ITERATIONS, readoutEpisodes(this.config))
    this.post({ type: 'started', runId: this.runId, learner: this.config.learner.kind })
    await this.loop(trainer, env, metrics, new FrameBuilder(this.lean, metrics, record))
  }

  handle(message: ToWorker): void {
    if (isLiveChange(message)) {
      this.changes.add(message)
      return
    }
    switch (message.type) {
      case 'pause':
        this.paused = true
        // A run waiting for its turn on a shared machine stops waiting: the pause never waits on another tab.
        this.share?.abortWaits()
        this.post({ type: 'paused', runId: this.runId, diagnosis: null })
        break
      case 'resume':
        // Resumed where it paused at its budget: it trains on past it.
        if (this.pausedAtBudget) this.pauseAt = null
        this.pausedAtBudget = false
        this.paused = false
        this.stepping = false
        this.post({ type: 'resumed', runId: this.runId })
        this.wakeUp()
        break
      case 'step':
        this.step()
        break
      case 'setPauseAt':
        if (!this.sweepJob) this.pauseAt = message.steps
        break
      case 'stop':
        this.stop()
        break
    }
  }

  /** The latest batch's pairs, for a labelling request (runLabelSource.ts). */
  latestPairs(): [TokenCompletion, TokenCompletion][] | null {
    return this.labels.latestPairs()
  }

  /** Segments of the latest recorded steps, for a labelling request (runLabelSource.ts). */
  latestSegments(envId: string, steps: number): Segment[] | null {
    return this.labels.latestSegments(envId, steps)
  }

  /** One iteration, then a pause: ignored while the run trains (a step under way included), and by a sweep's run. */
  private step(): void {
    if (this.stopped || this.sweepJob || this.stepping) return
    if (this.looping && !this.paused) return
    this.stepping = true
    if (!this.paused) return
    this.paused = false
    this.post({ type: 'resumed', runId: this.runId })
    this.wakeUp()
  }

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.share?.abortWaits()
    this.wakeUp()
  }

  private async loop(trainer: Trainer, env: RewardedEnv, metrics: MetricsAccumulator, frames: FrameBuilder): Promise<void> {
    const startedAt = performance.now()
    let pausedFor = 0
    let lastFrameAt = 0
    let stepsAtLastFrame = 0
    let iterations = 0
    // Whether the latest iteration's figures have reached the page in a frame.
    let latestSent = true
    const elapsedMs = () => performance.now() - startedAt - pausedFor
    const postFrame = (now: number, iterationStartedAt: number, withRecord = false) => {
      const wallSeconds = (now - startedAt - pausedFor) / 1000
      const summary = metrics.flush()
      const elapsed = lastFrameAt === 0 ? wallSeconds : (now - lastFrameAt) / 1000
      const { frame, transfer } = frames.build({ ...summary, wallSeconds, stepsPerSecond: (summary.envSteps - stepsAtLastFrame) / Math.max(elapsed, 1e-6) }, trainer, env, { withRecord })
      const scheduledWeights = this.design.scheduledWeightsAt(iterationStartedAt)
      if (scheduledWeights !== null) frame.scheduledWeights = scheduledWeights
      const multipliers = this.design.multipliers()
      if (multipliers !== null) frame.multipliers = multipliers
      if (this.share) frame.machineShare = this.share.current()
      this.post({ type: 'metrics', runId: this.runId, frame }, transfer)
      lastFrameAt = now
      stepsAtLastFrame = summary.envSteps
      latestSent = true
    }
    let iterationStartedAt = 0
    this.looping = true
    while (!this.stopped) {
      if (this.paused) {
        this.share?.setTraining(false)
        const pausedAt = performance.now()
        await this.sleep(null)
        pausedFor += performance.now() - pausedAt
        continue
      }
      // The budget: no iteration starts at or past it (but a step's, asked for there). The page gets the figures there, then the pause.
      if (!this.stepping && this.pauseAt !== null && metrics.totalEnvSteps >= this.pauseAt) {
        if (!latestSent) postFrame(performance.now(), iterationStartedAt)
        this.paused = true
        this.pausedAtBudget = true
        this.post({ type: 'paused', runId: this.runId, diagnosis: null, budget: this.pauseAt })
        continue
      }
      this.share?.setTraining(true)
      const busyFrom = performance.now()
      // The changes that arrived during the last iteration, before the next one.
      for (const change of this.changes.takeInApplyOrder()) this.post(this.design.apply(change, { runId: this.runId, trainer, env, envSteps: metrics.totalEnvSteps }))
      // The schedules' weights at the env steps so far, once per iteration before its rollout.
      iterationStartedAt = metrics.totalEnvSteps
      this.design.applySchedulesBefore(trainer, env, iterationStartedAt)
      let report: IterationReport
      try {
        report = await (this.share ? this.share.turn(() => trainer.iterate()) : trainer.iterate())
      } catch (error) {
        if (this.sweepJob) {
          this.post({ type: 'finished', runId: this.runId, figures: this.sweepJob.figuresOfFailure(iterations + 1, metrics, elapsedMs(), error) })
          break
        }
        // A NaN or ±Infinity reward or loss: pause with the diagnosis instead of training on garbage.
        this.stepping = false
        this.paused = true
        this.post({ type: 'paused', runId: this.runId, diagnosis: errorMessage(error) })
        continue
      }
      metrics.add(report)
      this.design.afterIteration(report, env)
      iterations += 1
      const figures = this.sweepJob?.figuresOnceDone(metrics, trainer.spec.components, elapsedMs())
      if (figures) {
        this.post({ type: 'finished', runId: this.runId, figures })
        break
      }
      this.labels.keepLatestBatch()
      frames.keep(report)
      latestSent = false
      const now = performance.now()
      if (this.stepping) {
        // A step's update: its frame whatever the interval, with the step record, then the pause (unless one came meanwhile).
        this.stepping = false
        postFrame(now, iterationStartedAt, true)
        if (!this.paused) {
          this.paused = true
          this.post({ type: 'paused', runId: this.runId, diagnosis: null, ...(this.pausedAtBudget && this.pauseAt !== null ? { budget: this.pauseAt } : {}) })
        }
        continue
      }
      // A sweep's run reports its figures once, at the end: nobody draws its curve.
      if (!this.sweepJob && now - lastFrameAt >= (this.pageHidden ? HIDDEN_FRAME_INTERVAL_MS : FRAME_INTERVAL_MS)) postFrame(now, iterationStartedAt)
      const busyMs = performance.now() - busyFrom
      await yieldToEvents()
      await this.restForOthers(busyMs)
    }
    this.share?.setTraining(false)
    trainer.dispose()
    this.post({ type: 'stopped', runId: this.runId })
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
