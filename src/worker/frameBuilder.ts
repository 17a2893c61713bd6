import { isTabularTrainer, tabularPicture } from '../core/learners/tabular'
import { learnerAddedComponents } from '../core/run/learnerComponents'
import type { MetricsAccumulator } from '../core/run/metrics'
import type { RecordingEnv } from '../core/run/stepRecord'
import type { GroupBatch, IterationReport, Trainer, ValueBatch } from '../core/run/trainer'
import type { RewardedEnv } from '../core/rewards/rewardedEnv'
import { RECORD_EVERY_FRAMES, type MetricsFrame } from './protocol'

/** A frame's figures: the metrics' summary and the timing, which the training loop measures. */
export type FrameFigures = Omit<MetricsFrame, 'componentNames' | 'demo' | 'advantages' | 'recentEpisodes' | 'record' | 'tabular' | 'valueBatch' | 'groupBatch'>

/**
 * The metrics frames of one run: what the latest iterations left for the next frame (a frame is
 * posted at most every so often, and the trainer reuses its buffers), and the frame made of it.
 */
export class FrameBuilder {
  private framesBuilt = 0
  private lastDemo: IterationReport['demo'] = { states: new Float64Array(0), steps: 0, copies: 1 }
  private lastAdvantages: Float32Array | null = null
  private lastValueBatch: ValueBatch | null = null
  private lastGroupBatch: GroupBatch | null = null

  constructor(
    /** Frames with the curve's figures only: no step record, batch, advantages or demo states. */
    private readonly lean: boolean,
    private readonly metrics: MetricsAccumulator,
    private readonly record: RecordingEnv,
  ) {}

  /** After each iteration: its demo (where it showed one), advantages (where it had some) and batches. */
  keep(report: IterationReport): void {
    if (report.demo.steps > 0) this.lastDemo = report.demo
    if (report.advantages) this.lastAdvantages = report.advantages
    this.lastValueBatch = report.valueBatch ?? null
    // The critic's values go with copy 0's episode steps, so its credit timeline has them for every step.
    if (report.valueBatch) this.record.keepValues(report.valueBatch)
    this.lastGroupBatch = report.groupBatch ?? null
  }

  /**
   * One metrics frame: the figures given, the recent episodes the what-if re-scores (a few numbers
   * each), the latest demo states and advantages (copied: the trainer reuses its buffers), and every
   * RECORD_EVERY_FRAMES frames the step record with the batch it lines up with and a tabular
   * learner's picture (`withRecord`: this frame carries them whatever the count, a step's frame, so
   * the credit views show that update). A lean run's frame has the curve's figures only. `transfer`:
   * every buffer, so the frame is posted without being copied again.
   */
  build(figures: FrameFigures, trainer: Trainer, env: RewardedEnv, { withRecord: recordAsked = false }: { withRecord?: boolean } = {}): { frame: MetricsFrame; transfer: Transferable[] } {
    const demo = this.lean ? { ...this.lastDemo, states: new Float64Array(0), steps: 0 } : { ...this.lastDemo, states: this.lastDemo.states.slice() }
    const advantages = this.lean ? null : (this.lastAdvantages?.slice() ?? null)
    const recentEpisodes = this.lean ? null : this.metrics.recentEpisodes()
    const onItsTurn = this.framesBuilt++ % RECORD_EVERY_FRAMES === 0
    const withRecord = !this.lean && (onItsTurn || recordAsked)
    const record = withRecord ? this.record.snapshot() : null
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
    const componentNames = [...env.spec.components, ...learnerAddedComponents(trainer.spec)].map((c) => c.name)
    return { frame: { ...figures, componentNames, demo, advantages, recentEpisodes, record, tabular, valueBatch, groupBatch }, transfer }
  }
}
