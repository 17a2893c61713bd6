import type { MetricsSummary, RecentEpisodes } from './metrics'
import type { StepRecord } from './stepRecord'
import type { GroupBatch, IterationReport, ValueBatch } from './trainer'

/** What a grid view draws of a tabular learner: V(s) = max_a Q(s, a) and the greedy action per state (the learner draws it, learners/tabular.ts). */
export interface TabularPicture {
  values: Float32Array
  policy: Int8Array
}

/** How the browser's training workers share its cores: the workers training (this one included), the cores, and this worker's duty. */
export interface MachineShare {
  trainers: number
  cores: number
  /** The fraction of its time this worker computes, in (0, 1]. */
  duty: number
  /** How it keeps to its duty: taking turns with the others on a core (Web Locks), or resting after each iteration. */
  mode: 'turns' | 'rests'
}

/** A bounded-rate summary of the iterations since the previous frame. */
export interface MetricsFrame extends MetricsSummary {
  wallSeconds: number
  stepsPerSecond: number
  /** The components in force, in the order of meanContributions (a live change may add some). */
  componentNames: string[]
  /**
   * The recent episodes recentReturn averages, with their component sums and weights, so the page
   * re-scores those whole episodes under the sliders (every frame but a lean one; null before the first ends).
   */
  recentEpisodes: RecentEpisodes | null
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
  /** The scheduled components' weights in force during the latest iteration, by name; absent when no weight is scheduled. */
  scheduledWeights?: Record<string, number>
  /** λ of each cost after the latest iteration (its weight −λ from the next one on), by component; absent when no component has a budget. */
  multipliers?: Record<string, number>
  /** How the browser's training workers share its cores now (src/worker/trainerShare.ts); absent where the run computes all the time. */
  machineShare?: MachineShare
  /** The shown copies' internal states during the latest rollout, for the canvas view (see IterationReport). */
  demo: IterationReport['demo']
}
