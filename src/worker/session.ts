import type { RunConfig } from '../core/run/config'
import { MetricsAccumulator } from '../core/run/metrics'
import type { IterationReport, Trainer } from '../core/run/trainer'
import { compileMix } from '../core/rewards/mix'
import { createTrainerWithEnv } from '../learn/trainers'
import type { BatchEnv } from '../core/envs/types'
import type { RewardDesign } from '../core/rewards/designSchema'
import { RewardedEnv } from '../core/rewards/rewardedEnv'
import { isTabularTrainer, tabularPicture } from '../core/learners/tabular'
import { rewardedSpec } from '../core/rewards/extras'
import { learnerTakesNewComponents } from '../core/run/learnerFit'
import { FRAME_INTERVAL_MS, RECENT_EPISODES, RECORD_EVERY_FRAMES, type FromWorker, type ToWorker } from './protocol'
import type { RecordingEnv } from '../core/run/stepRecord'
import { errorMessage } from '../core/errorMessage'

type Post = (message: FromWorker, transfer?: Transferable[]) => void

/**
 * One training run inside the worker: loops rollout → update, applies design changes between
 * iterations, and posts a metrics frame at most every FRAME_INTERVAL_MS.
 */
export class TrainingSession {
  private trainer: Trainer | null = null
  private env: BatchEnv | null = null
  private record: RecordingEnv | null = null
  private framesPosted = 0
  private pendingReward: { changeId: number; design: RewardDesign; note: string } | null = null
  private metrics: MetricsAccumulator | null = null
  private paused = false
  private stopped = false
  private wake: (() => void) | null = null
  private weights: Record<string, number>
  private pendingChange: { changeId: number; weights: Record<string, number> } | null = null
  private lastDemo: IterationReport['demo'] = { states: new Float64Array(0), steps: 0, copies: 1 }
  private lastAdvantages: Float32Array | null = null
  private lastValueBatch: IterationReport['valueBatch'] | null = null
  private lastGroupBatch: IterationReport['groupBatch'] | null = null

  constructor(
    readonly runId: string,
    private readonly config: RunConfig,
    private readonly post: Post,
    /** Frames with the curve's figures only: no step record, batch, advantages or demo states. */
    private readonly lean = false,
  ) {
    this.weights = { ...config.mix.weights }
  }

  async start(): Promise<void> {
    try {
      const created = await createTrainerWithEnv(this.config)
      this.trainer = created.trainer
      this.env = created.env
      this.record = created.record
    } catch (error) {
      this.post({ type: 'error', runId: this.runId, message: errorMessage(error) })
      return
    }
    this.metrics = new MetricsAccumulator(this.trainer.spec.components.length, RECENT_EPISODES)
    this.post({ type: 'started', runId: this.runId, learner: this.config.learner.kind })
    await this.loop()
  }

  handle(message: ToWorker): void {
    switch (message.type) {
      case 'setWeights':
        // Changes that arrive during one iteration are merged and applied together before the next.
        this.pendingChange = { changeId: message.changeId, weights: { ...this.pendingChange?.weights, ...message.weights } }
        break
      case 'setReward':
        this.pendingReward = { changeId: message.changeId, design: message.design, note: message.note }
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
    while (!this.stopped) {
      if (this.paused) {
        const pausedAt = performance.now()
        await new Promise<void>((resolve) => (this.wake = resolve))
        pausedFor += performance.now() - pausedAt
        continue
      }
      this.applyPendingChange(trainer, metrics.totalEnvSteps)
      let report: IterationReport
      try {
        report = await trainer.iterate()
      } catch (error) {
        // A NaN or ±Infinity reward or loss: pause with the diagnosis instead of training on garbage.
        this.paused = true
        this.post({ type: 'paused', runId: this.runId, diagnosis: errorMessage(error) })
        continue
      }
      metrics.add(report)
      if (report.demo.steps > 0) this.lastDemo = report.demo
      if (report.advantages) this.lastAdvantages = report.advantages
      this.lastValueBatch = report.valueBatch ?? null
      this.lastGroupBatch = report.groupBatch ?? null
      const now = performance.now()
      if (now - lastFrameAt >= FRAME_INTERVAL_MS) {
        const wallSeconds = (now - startedAt - pausedFor) / 1000
        const summary = metrics.flush()
        const elapsed = lastFrameAt === 0 ? wallSeconds : (now - lastFrameAt) / 1000
        const demo = this.lean ? { ...this.lastDemo, states: new Float64Array(0), steps: 0 } : { ...this.lastDemo, states: this.lastDemo.states.slice() }
        const advantages = this.lean ? null : (this.lastAdvantages?.slice() ?? null)
        const withRecord = !this.lean && this.framesPosted++ % RECORD_EVERY_FRAMES === 0
        const record = withRecord ? (this.record?.snapshot() ?? null) : null
        const tabular = withRecord && isTabularTrainer(trainer) ? tabularPicture(trainer) : null
        // The batch's values travel with the record they line up with (its last rows are that batch).
        const valueBatch = record ? this.lastValueBatch : null
        const groupBatch = record ? this.lastGroupBatch : null
        const transfer: Transferable[] = [demo.states.buffer]
        if (advantages) transfer.push(advantages.buffer)
        if (record) transfer.push(record.components.buffer, record.ends.buffer, record.copies.buffer)
        if (record?.visits) transfer.push(record.visits.buffer)
        if (tabular) transfer.push(tabular.values.buffer, tabular.policy.buffer)
        this.post(
          {
            type: 'metrics',
            runId: this.runId,
            frame: {
              ...summary,
              componentNames: (this.env?.spec ?? trainer.spec).components.map((c) => c.name),
              wallSeconds,
              stepsPerSecond: (summary.envSteps - stepsAtLastFrame) / Math.max(elapsed, 1e-6),
              demo,
              advantages,
              record,
              tabular,
              valueBatch,
              groupBatch,
            },
          },
          transfer,
        )
        lastFrameAt = now
        stepsAtLastFrame = summary.envSteps
      }
      await yieldToEvents()
    }
    trainer.dispose()
    this.post({ type: 'stopped', runId: this.runId })
  }

  /** A live reward design change: the environment computes its terms anew, the mix takes its weights. */
  private applyPendingReward(trainer: Trainer, envSteps: number): void {
    const change = this.pendingReward
    if (!change) return
    this.pendingReward = null
    try {
      if (!(this.env instanceof RewardedEnv)) throw new Error('this run cannot change its reward design; start a new run')
      const before = this.env.spec.components.map((c) => c.name).join(',')
      const after = rewardedSpec(this.env.inner.spec, change.design).components.map((c) => c.name).join(',')
      if (before !== after && !learnerTakesNewComponents(this.config.learner.kind)) {
        throw new Error(`${this.config.learner.kind} cannot take added or removed components while it runs; start a new run`)
      }
      this.env.setDesign(change.design)
      trainer.setMix(compileMix(this.env.spec, { weights: { ...this.weights, ...change.design.weights } }))
    } catch (error) {
      this.post({ type: 'refused', runId: this.runId, message: errorMessage(error) })
      return
    }
    this.weights = { ...this.weights, ...change.design.weights }
    this.post({ type: 'designApplied', runId: this.runId, changeId: change.changeId, envSteps, changed: {}, weights: this.weights, note: change.note })
  }

  private applyPendingChange(trainer: Trainer, envSteps: number): void {
    this.applyPendingReward(trainer, envSteps)
    const change = this.pendingChange
    if (!change) return
    this.pendingChange = null
    const weights = { ...this.weights, ...change.weights }
    try {
      trainer.setMix(compileMix(this.env?.spec ?? trainer.spec, { weights }))
    } catch (error) {
      this.post({ type: 'refused', runId: this.runId, message: errorMessage(error) })
      return
    }
    this.weights = weights
    this.post({ type: 'designApplied', runId: this.runId, changeId: change.changeId, envSteps, changed: change.weights, weights })
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

