import type { RunConfig } from '../core/run/config'
import { resolveEnvironment } from '../core/envs/registry'
import type { RewardedEnv } from '../core/rewards/rewardedEnv'
import type { RecordingEnv } from '../core/run/stepRecord'
import type { Segment } from '../core/preferences/segmentPairs'
import { stepFeaturesFor } from '../core/preferences/stepFeatures'
import { batchPairs } from '../core/preferences/tokenStateCompletions'
import type { TokenCompletion } from '../core/preferences/tokenFeatures'

/** What a labelling request (pairDraws.ts) may take from the run the worker trains: its current policy's pairs. */
export interface LabelSource {
  /** The pairs of the latest batch (each group of one prompt paired as tokenPairs.ts says), or null before a GRPO run on the token task has one. */
  latestPairs(): [TokenCompletion, TokenCompletion][] | null
  /**
   * Segments of at most `steps` steps of the run's latest recorded steps (its current policy), with
   * the environment's default reward as their gold; null when the run is not on `envId`, keeps no
   * states (no step features), or has not stepped yet.
   */
  latestSegments(envId: string, steps: number): Segment[] | null
}

/** The run's side of labelling requests: it keeps what its latest iteration left to pair. */
export class RunLabelSource implements LabelSource {
  private env: RewardedEnv | null = null
  private record: RecordingEnv | null = null
  /** The copies' state after the latest update of a GRPO run on the token task: its batch's completions (latestPairs). */
  private lastCompletionState: Float64Array | null = null

  constructor(private readonly config: RunConfig) {}

  /** The run's environment and its step record, once built. */
  attach(env: RewardedEnv, record: RecordingEnv): void {
    this.env = env
    this.record = record
  }

  /** After each update. */
  keepLatestBatch(): void {
    // A group learner's copies keep their finished completions until its next rollout; kept before the next one starts.
    if ((this.config.learner.kind === 'grpo' || this.config.learner.kind === 'dpo') && this.env?.spec.completions === 'tokens') this.lastCompletionState = this.env.state.slice()
  }

  latestPairs(): [TokenCompletion, TokenCompletion][] | null {
    const state = this.lastCompletionState
    const env = this.env
    if (state === null || env === null) return null
    return batchPairs(state, env.spec.stateVars.length, env.n, env.spec.demoCopies ?? 1)
  }

  latestSegments(envId: string, steps: number): Segment[] | null {
    const record = this.record
    if (record === null || this.config.env.id !== envId) return null
    const { spec } = resolveEnvironment(this.config.env.id, this.config.env.params)
    const features = stepFeaturesFor(spec)
    if (features === null) return null
    return record.segments(steps, features, new Map(spec.components.map((component) => [component.name, component.defaultWeight])))
  }
}
