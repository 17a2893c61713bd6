import { z } from 'zod'
import { LearnerOptionsSchema, RunConfigSchema, type LearnerOptions } from '../core/run/config'
import { RewardDesignSchema } from '../core/rewards/designSchema'
import { WeightSchedulesSchema } from '../core/rewards/weightSchedule'
import { nameRecord } from '../core/reservedNames'
import type { MetricsFrame } from '../core/run/frame'
import type { FinishedRunFigures } from '../core/run/runFigures'
import { MAX_ENSEMBLE_MEMBERS, MAX_LABELER_BIAS, MAX_LABELER_TEMPERATURE, MAX_PREFERENCE_FEATURES, MAX_PREFERENCE_PAIRS } from '../core/preferences/limits'
import { NUM_TOKENS } from '../core/envs/tokenseq'
import type { TokenCompletion } from '../core/preferences/tokenFeatures'
import { MAX_SEED } from '../core/rng'
import type { TokenPairLabel } from '../core/preferences/biasedLabeler'
import type { RewardModel } from '../core/preferences/rewardModel'
import type { PairAccuracy } from '../core/preferences/rewardModelAccuracy'

export type { MetricsFrame }
export { RECENT_EPISODES } from '../core/run/metrics'

/**
 * The typed messages between the page and the training worker. The page sends the whole run config
 * once (start); during a run only changes travel: weights, a changed reward design (which may add or
 * remove components), the GRPO family's live learner options, pause, resume, one step, stop.
 */

/** The largest step budget a run takes: `train --steps`' own bound. */
export const MAX_BUDGET_STEPS = 1_000_000_000

/** A chart mark's note (what changed, in words) is cut to this length. */
export const MAX_NOTE_LENGTH = 200

const finite = z.number().refine(Number.isFinite, 'must be a finite number')

/** The most pairs one drawPairs asks for: a page of pairs to label, or a simulated labeler's batch (the aim's 10,000). */
export const MAX_PAIRS_PER_DRAW = 10_000

const LabelerBiasSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('length'), weight: finite.refine((w) => Math.abs(w) <= MAX_LABELER_BIAS) }),
  z.object({ kind: z.literal('format'), weight: finite.refine((w) => Math.abs(w) <= MAX_LABELER_BIAS) }),
  z.object({ kind: z.literal('token'), token: z.number().int().min(0).max(NUM_TOKENS - 1), weight: finite.refine((w) => Math.abs(w) <= MAX_LABELER_BIAS) }),
])

/** One side of the pairs a fit takes, row-major (pair × feature). */
const pairRows = z.custom<Float64Array>((value) => value instanceof Float64Array, { message: "expected a Float64Array" })

export const FitOptionsSchema = z.object({
  kind: z.enum(['linear', 'mlp']),
  ensemble: z.number().int().min(1).max(MAX_ENSEMBLE_MEMBERS),
  holdout: z.number().min(0).lt(1),
  l2: finite.refine((l2) => l2 >= 0),
  seed: z.number().int().min(0).max(MAX_SEED),
  /** Linear only: a length head absorbs length, the content head is the model (reward-model fit --decorrelate length). */
  decorrelateLength: z.boolean().optional(),
})

/** The most cores a page may say it has (more than any browser reports). */
export const MAX_CORES = 4096

/** A navigator's hardwareConcurrency where it is a sensible core count (a whole number from 1 to MAX_CORES); else undefined. */
export function reportedCores(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_CORES ? value : undefined
}

export const ToWorkerSchema = z.discriminatedUnion('type', [
  /** `cores`: the page's navigator.hardwareConcurrency, the cores the browser's training workers share (trainerShare.ts). */
  z.object({ type: z.literal('init'), backend: z.string().optional(), cores: z.number().int().min(1).max(MAX_CORES).optional() }),
  /** The page was hidden or shown again: while hidden, frames come at most every HIDDEN_FRAME_INTERVAL_MS. */
  z.object({ type: z.literal('pageVisibility'), hidden: z.boolean() }),
  /**
   * `lean`: frames carry the curve's figures only (no step record, batch, advantages or demo): an extra seed's run.
   * `budget`: the run ends by itself after the iteration that reaches this many environment steps and reports its
   * figures (`finished`), as `train --steps` would, and posts no frames: a sweep's run.
   * `pauseAt`: the run pauses by itself instead of starting an iteration at or past this many environment steps
   * (a lesson's budget, where its evidence was measured), its figures there sent first, and says so (`paused` with
   * `budget`); a resume from there lifts it. A sweep's run (`budget`) ignores it.
   */
  z.object({
    type: z.literal('start'),
    runId: z.string(),
    config: RunConfigSchema,
    lean: z.boolean().optional(),
    budget: z.number().int().min(1).max(MAX_BUDGET_STEPS).optional(),
    pauseAt: z.number().int().min(1).max(MAX_BUDGET_STEPS).optional(),
  }),
  z.object({ type: z.literal('setWeights'), runId: z.string(), changeId: z.number().int(), weights: nameRecord(finite) }),
  /** A changed reward design that adds the same components (expressions, potentials, β, transforms). */
  z.object({ type: z.literal('setReward'), runId: z.string(), changeId: z.number().int(), design: RewardDesignSchema, note: z.string().max(MAX_NOTE_LENGTH) }),
  /**
   * New learner options from the next update on, validated as the start config's are; the worker
   * applies them where the run takes them live (core/run/liveLearner.ts), else refuses them and the
   * run goes on as it was. `note` names the change for the chart's mark.
   */
  z.object({ type: z.literal('updateLearner'), runId: z.string(), changeId: z.number().int(), learner: LearnerOptionsSchema, note: z.string().max(MAX_NOTE_LENGTH) }),
  /** The weights' schedules, all of them (none: every weight constant), in force from the next iteration; `note` says what changed. */
  z.object({ type: z.literal('setSchedules'), runId: z.string(), changeId: z.number().int(), schedules: WeightSchedulesSchema, note: z.string().max(MAX_NOTE_LENGTH) }),
  /** Where the run pauses by itself from now on (as the start's `pauseAt`), or null: nowhere (the run is no longer the lesson's variant). */
  z.object({ type: z.literal('setPauseAt'), runId: z.string(), steps: z.number().int().min(1).max(MAX_BUDGET_STEPS).nullable() }),
  z.object({ type: z.literal('pause'), runId: z.string() }),
  z.object({ type: z.literal('resume'), runId: z.string() }),
  /**
   * One update, then a pause: a paused run (or one not yet training) trains one iteration, sends
   * its frame and says `paused`; ignored while the run trains (a step already under way included).
   */
  z.object({ type: z.literal('step'), runId: z.string() }),
  z.object({ type: z.literal('stop'), runId: z.string() }),
  /**
   * Pairs of completions of one prompt for the Label pairs panel: from the policy of the run this
   * worker trains (`current`: its latest batch, where a GRPO run on the token task has one) or the
   * start policy of `seed` under `params`; each labelled by the simulated labeler when `labeler` is
   * given. Answered by `pairs` (or `requestFailed`) with the same requestId.
   */
  z.object({
    type: z.literal('drawPairs'),
    requestId: z.number().int(),
    source: z.enum(['current', 'start']),
    params: nameRecord(z.union([finite, z.string().max(10_000), z.boolean(), z.array(finite).max(1000)])),
    seed: z.number().int().min(0).max(MAX_SEED),
    count: z.number().int().min(1).max(MAX_PAIRS_PER_DRAW),
    labeler: z.object({ temperature: finite.refine((t) => t >= 0 && t <= MAX_LABELER_TEMPERATURE), biases: z.array(LabelerBiasSchema).max(NUM_TOKENS + 2) }).optional(),
    /** The environment whose pairs to draw; absent: the token task. On CartPole and the grid worlds, pairs of trajectory segments. */
    env: z.string().max(64).optional(),
  }),
  /** Fit a reward model to labelled pairs (learn/rewardModelFit.ts), the preferred side first; answered by `rewardModelFitted` (or `requestFailed`). */
  z
    .object({
      type: z.literal('fitRewardModel'),
      requestId: z.number().int(),
      featureNames: z.array(z.string().min(1).max(64)).min(1).max(MAX_PREFERENCE_FEATURES),
      count: z.number().int().min(1).max(MAX_PREFERENCE_PAIRS),
      preferred: pairRows,
      rejected: pairRows,
      preferredGold: pairRows,
      rejectedGold: pairRows,
      options: FitOptionsSchema,
    })
    .refine((m) => m.preferred.length === m.count * m.featureNames.length && m.rejected.length === m.preferred.length && m.preferredGold.length === m.count && m.rejectedGold.length === m.count, {
      message: 'the pairs do not have count × features values a side and one gold score a pair',
    }),
])
export type ToWorker = z.infer<typeof ToWorkerSchema>
export type DrawPairsRequest = Extract<ToWorker, { type: 'drawPairs' }>
export type FitRewardModelRequest = Extract<ToWorker, { type: 'fitRewardModel' }>
export type FitOptions = z.infer<typeof FitOptionsSchema>

/** A pair drawn for labelling: two completions of one prompt, and the simulated labeler's verdict where it was asked for. */
export interface DrawnTokenPair {
  a: TokenCompletion
  b: TokenCompletion
  label?: TokenPairLabel
}

/** One trajectory segment of a pair (core/preferences/segmentPairs.ts): its states (one more than its actions), summed features, gold. */
export interface DrawnSegment {
  states: number[][]
  actions: number[]
  features: number[]
  gold: number
}

/** A pair of trajectory segments of `env`, its features named `featureNames`, and the simulated labeler's verdict where it was asked for. */
export interface DrawnSegmentPair {
  env: string
  featureNames: string[]
  a: DrawnSegment
  b: DrawnSegment
  label?: TokenPairLabel
}

export type DrawnPair = DrawnTokenPair | DrawnSegmentPair

/** Whether a drawn pair is of trajectory segments. */
export function isSegmentPair(pair: DrawnPair): pair is DrawnSegmentPair {
  return Object.hasOwn(pair, 'env')
}

/** A fit as the panel shows it: the model, the pairs' split, the ensemble's figures on each part (held out: null when none), the worker's seconds. */
export interface FittedRewardModel {
  model: RewardModel
  trainPairs: number
  heldOutPairs: number
  train: PairAccuracy
  heldOut: PairAccuracy | null
  seconds: number
}

export type FromWorker =
  | { type: 'backend'; backend: string; reason: string }
  | { type: 'backendError'; message: string }
  | { type: 'started'; runId: string; learner: string }
  | { type: 'metrics'; runId: string; frame: MetricsFrame }
  /** `changed` holds the weights that changed since the last application; `weights` the whole mix now in force. */
  | { type: 'designApplied'; runId: string; changeId: number; envSteps: number; changed: Record<string, number>; weights: Record<string, number>; note?: string }
  /** `budget`: the run paused itself there (its `pauseAt`), before an iteration that would have started at or past it. */
  | { type: 'paused'; runId: string; diagnosis: string | null; budget?: number }
  | { type: 'resumed'; runId: string }
  | { type: 'stopped'; runId: string }
  /** A run with a budget reached it (or stopped itself: `figures.paused`); `stopped` follows. */
  | { type: 'finished'; runId: string; figures: FinishedRunFigures }
  | { type: 'error'; runId: string | null; message: string }
  /** A message the worker could not read; whatever it asked for did not happen, and runs go on. */
  | { type: 'ignored'; message: string }
  /** A live change the run could not take; the run goes on with its previous design (a refused learner change: with `learner`, the options still in force). */
  | { type: 'refused'; runId: string; message: string; learner?: LearnerOptions }
  /** The pairs a drawPairs asked for: `source` says which policy wrote them (current falls back to start where the run has no batch of its own); at most `count`. */
  | { type: 'pairs'; requestId: number; source: 'current' | 'start'; pairs: DrawnPair[] }
  | { type: 'rewardModelFitted'; requestId: number; fit: FittedRewardModel }
  /** A drawPairs or fitRewardModel that could not be answered, and why. */
  | { type: 'requestFailed'; requestId: number; message: string }

/** Frames are posted at most this often, whatever the training speed. */
export const FRAME_INTERVAL_MS = 100
/** While the page is hidden nobody watches: frames come this seldom, so the hidden page spends next to nothing on them. */
export const HIDDEN_FRAME_INTERVAL_MS = 2000
/** The step record travels with every this-many frames (it is up to a few hundred kilobytes). */
export const RECORD_EVERY_FRAMES = 10
