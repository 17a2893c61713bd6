import { z } from 'zod'
import type { AdvantageHistogram } from '../core/credit/histogram'
import type { RolloutFormat } from '../core/rollouts/formats'
import { RolloutDesignSchema } from '../core/rollouts/rolloutDesign'
import type { KeptTable } from '../core/rollouts/keptTable'
import type { RolloutFigures } from '../core/rollouts/rolloutSummary'
import type { SignChange, SignChangeCounts } from '../core/rollouts/signChanges'
import type { LeftOut } from '../core/rollouts/rolloutTable'

/*
 * The messages between the page and the rollouts worker (rollouts.worker.ts). The worker reads a
 * run's rollouts (the page's File objects, or the shipped example's addresses) into a table it
 * keeps; only what the views draw comes back. Messages to the worker are validated (zod) at its
 * door. A design is an object of its own so that more of it can be added without changing the
 * messages around it.
 */

/** What the page asks the worker to read: files the person chose, or the example's files by address. */
export type RolloutInput = { kind: 'files'; files: File[] } | { kind: 'urls'; urls: string[] }

const InputSchema = z.union([
  z.object({ kind: z.literal('files'), files: z.array(z.instanceof(Blob)).min(1) }),
  z.object({ kind: z.literal('urls'), urls: z.array(z.string()).min(1) }),
])

export const ToRolloutsWorkerSchema = z.discriminatedUnion('type', [
  /** Read an input; the table opened before stays until this one is read whole. */
  z.object({ type: z.literal('open'), openId: z.number().int(), input: InputSchema }),
  z.object({ type: z.literal('cancel'), openId: z.number().int() }),
  /** The views under a design (the core's RolloutDesign, checked by its schema: page, download and command line compute through one engine): answered by one 'views' message with the same requestId. */
  z.object({ type: z.literal('views'), requestId: z.number().int(), design: RolloutDesignSchema }),
  /** The advantages as `rollouts advantages` prints them, as a file. */
  z.object({ type: z.literal('download'), requestId: z.number().int(), design: RolloutDesignSchema }),
  /** A table kept in the browser, opened without reading its file: checked whole (keptTable.ts), then answered as 'open' is. */
  z.object({ type: z.literal('load'), openId: z.number().int(), label: z.string().min(1).max(1000), bytes: z.number().int().min(0), kept: z.unknown() }),
])
export type ToRolloutsWorker = { type: 'open'; openId: number; input: RolloutInput } | Exclude<z.infer<typeof ToRolloutsWorkerSchema>, { type: 'open' }>

/** The table as the page shows it: what was read, never the numbers. */
export interface OpenedRollouts {
  /** The file's name, or the folder's count of step files. */
  label: string
  format: RolloutFormat
  names: string[]
  count: number
  steps: (number | null)[]
  leftOut: LeftOut
  bytes: number
  /** Milliseconds from the first byte to the finished table. */
  millis: number
  /** True for a table opened from those kept in the browser, not read from its file. */
  fromKept?: boolean
  /** True where some completion's record gives its length in tokens (the figures then correlate the advantage with it). */
  hasTokens?: boolean
}

/** One step's figures (or the whole file's), with its advantage histogram binned over the whole file's reach. */
export interface RolloutStepView {
  step: number | null
  figures: RolloutFigures
  histogram: AdvantageHistogram
}

/** A listed sign change with the completion's kept text and every component's value as the file gives it (null where it does not apply). */
export interface ListedSignChange extends SignChange {
  text: string
  values: (number | null)[]
}

/** Where the design pushes completions the other way from the run's logged advantage or the file's own design; or why there is no reference. */
export type RolloutSignChangesView =
  | { versus: 'logged advantage' | 'own design'; steps: { step: number | null; counts: SignChangeCounts }[]; whole: SignChangeCounts; listed: ListedSignChange[] }
  | { problem: string }

export interface RolloutViews {
  steps: RolloutStepView[]
  whole: RolloutStepView
  signChanges: RolloutSignChangesView
  /** Milliseconds the worker took to compute them. */
  millis: number
}

export type FromRolloutsWorker =
  | { type: 'progress'; openId: number; bytesRead: number; totalBytes: number | null }
  | { type: 'opened'; openId: number; opened: OpenedRollouts }
  | { type: 'openFailed'; openId: number; message: string }
  | { type: 'openCancelled'; openId: number }
  | { type: 'views'; requestId: number; views: RolloutViews }
  | { type: 'advantagesFile'; requestId: number; file: Blob }
  | { type: 'requestFailed'; requestId: number; message: string }
  /** After 'opened' for a file read whole: the table's columns (copies, their buffers transferred), for the page to keep. */
  | { type: 'keep'; openId: number; label: string; bytes: number; kept: KeptTable }
