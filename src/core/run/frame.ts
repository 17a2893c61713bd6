import type { TabularPicture } from '../learners/tabular'
import type { StepRecord } from './stepRecord'
import type { GroupBatch, IterationReport, ValueBatch } from './trainer'

/** A bounded-rate summary of the iterations since the previous frame. */
export interface MetricsFrame {
  iteration: number
  envSteps: number
  wallSeconds: number
  stepsPerSecond: number
  /** Episodes finished since the previous frame, and in the whole run. */
  episodesInFrame: number
  episodesTotal: number
  /** Means over the episodes finished since the previous frame; null when none finished. */
  meanReturn: number | null
  meanObjective: number | null
  meanLength: number | null
  /** Mean contribution Σ_t w_k·c_k,t of each component, in spec order; null when none finished. */
  meanContributions: number[] | null
  /** The components in force, in the order of meanContributions (a live change may add some). */
  componentNames: string[]
  /** Mean shaped return and objective of the last 20 finished episodes (the "solved" test). */
  recentReturn: number | null
  recentObjective: number | null
  diagnostics: Record<string, number>
  /** The latest steps (≤ 4096 copy-steps) with every component's value, about once a second; else null. */
  record: StepRecord | null
  /** A GAE learner's latest batch of values (with the step record), for what-if advantages; else null. */
  valueBatch: ValueBatch | null
  /** A group learner's latest completions (component totals and group sizes), for what-if advantages; else null. */
  groupBatch: GroupBatch | null
  /** A tabular learner's V(s) and greedy action per state (with the step record); else null. */
  tabular: TabularPicture | null
  /** The latest update's advantages (sampled, bounded), for the histogram; null before the first. */
  advantages: Float32Array | null
  /** The shown copies' internal states during the latest rollout, for the canvas view (see IterationReport). */
  demo: IterationReport['demo']
}
