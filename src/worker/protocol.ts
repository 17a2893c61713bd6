import { z } from 'zod'
import { RunConfigSchema } from '../core/run/config'
import { RewardDesignSchema } from '../core/rewards/designSchema'
import { nameRecord } from '../core/reservedNames'
import type { MetricsFrame } from '../core/run/frame'
import type { FinishedRunFigures } from '../core/run/runFigures'

export type { MetricsFrame }
export { RECENT_EPISODES } from '../core/run/metrics'

/**
 * The typed messages between the page and the training worker. The page sends the whole run config
 * once (start); during a run only changes travel: weights, a changed reward design (which may add or
 * remove components), pause, resume, stop.
 */

/** The largest step budget a run takes: `train --steps`' own bound. */
export const MAX_BUDGET_STEPS = 1_000_000_000

/** A chart mark's note (what changed, in words) is cut to this length. */
export const MAX_NOTE_LENGTH = 200

const finite = z.number().refine(Number.isFinite, 'must be a finite number')

export const ToWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('init'), backend: z.string().optional() }),
  /** The page was hidden or shown again: while hidden, frames come at most every HIDDEN_FRAME_INTERVAL_MS. */
  z.object({ type: z.literal('pageVisibility'), hidden: z.boolean() }),
  /**
   * `lean`: frames carry the curve's figures only (no step record, batch, advantages or demo): an extra seed's run.
   * `budget`: the run ends by itself after the iteration that reaches this many environment steps and reports its
   * figures (`finished`), as `train --steps` would, and posts no frames: a sweep's run.
   */
  z.object({ type: z.literal('start'), runId: z.string(), config: RunConfigSchema, lean: z.boolean().optional(), budget: z.number().int().min(1).max(MAX_BUDGET_STEPS).optional() }),
  z.object({ type: z.literal('setWeights'), runId: z.string(), changeId: z.number().int(), weights: nameRecord(finite) }),
  /** A changed reward design that adds the same components (expressions, potentials, β, transforms). */
  z.object({ type: z.literal('setReward'), runId: z.string(), changeId: z.number().int(), design: RewardDesignSchema, note: z.string().max(MAX_NOTE_LENGTH) }),
  z.object({ type: z.literal('pause'), runId: z.string() }),
  z.object({ type: z.literal('resume'), runId: z.string() }),
  z.object({ type: z.literal('stop'), runId: z.string() }),
])
export type ToWorker = z.infer<typeof ToWorkerSchema>

export type FromWorker =
  | { type: 'backend'; backend: string; reason: string }
  | { type: 'backendError'; message: string }
  | { type: 'started'; runId: string; learner: string }
  | { type: 'metrics'; runId: string; frame: MetricsFrame }
  /** `changed` holds the weights that changed since the last application; `weights` the whole mix now in force. */
  | { type: 'designApplied'; runId: string; changeId: number; envSteps: number; changed: Record<string, number>; weights: Record<string, number>; note?: string }
  | { type: 'paused'; runId: string; diagnosis: string | null }
  | { type: 'resumed'; runId: string }
  | { type: 'stopped'; runId: string }
  /** A run with a budget reached it (or stopped itself: `figures.paused`); `stopped` follows. */
  | { type: 'finished'; runId: string; figures: FinishedRunFigures }
  | { type: 'error'; runId: string | null; message: string }
  /** A message the worker could not read; whatever it asked for did not happen, and runs go on. */
  | { type: 'ignored'; message: string }
  /** A live change the run could not take; the run goes on with its previous design. */
  | { type: 'refused'; runId: string; message: string }

/** Frames are posted at most this often, whatever the training speed. */
export const FRAME_INTERVAL_MS = 100
/** While the page is hidden nobody watches: frames come this seldom, so the hidden page spends next to nothing on them. */
export const HIDDEN_FRAME_INTERVAL_MS = 2000
/** The step record travels with every this-many frames (it is up to a few hundred kilobytes). */
export const RECORD_EVERY_FRAMES = 10
