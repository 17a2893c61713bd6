import { create } from 'zustand'
import { GroupEstimatorSchema, type GroupEstimator } from '../../core/credit/estimatorSchema'
import type { Aggregation } from '../../core/losses/aggregation'
import { parseRolloutDesign } from '../../core/rollouts/rolloutDesign'
import { keptTableBuffers } from '../../core/rollouts/keptTable'
import { LINK } from '../../model/linkKeys'
import { designForFile, rolloutDesignFromLinkText, rolloutDesignToLinkText, type RolloutPageDesign } from '../../model/rollouts/rolloutDesign'
import type { FromRolloutsWorker, OpenedRollouts, RolloutInput, RolloutViews } from '../../worker/rolloutsProtocol'
import { KEPT_LINE, keepRolloutTable, readKeptRollouts } from '../library/keptRollouts'
import { initialUrlExtra, setUrlExtra } from '../link/urlExtras'
import { onRolloutsMessage, postToRollouts } from './rolloutsWorker'

/*
 * The "Your rollouts" panel's state: the read under way, the table opened (what the worker says of
 * it), the design over it and the views the worker computed. A design change is sent at once when
 * the worker is free; while it computes, only the latest design waits (the ones in between are
 * never computed), so the views follow a dragged slider without a queue. The design lives in the
 * link (rollouts=), the file never does: a link opens with its design, applied to the first file
 * that has the components it weighs.
 */

export interface RolloutsState {
  /** The read under way: its id, what it reads, the bytes so far. */
  opening: { openId: number; label: string; bytesRead: number; totalBytes: number | null } | null
  /** Why the latest read failed, naming the file, line and problem; null once one succeeds. */
  problem: string | null
  /** Why the latest views or download request failed; null once one succeeds. */
  requestProblem: string | null
  /** A note about the design applied (the link's did not fit the file), or the link's own problem. */
  note: string | null
  opened: OpenedRollouts | null
  design: RolloutPageDesign | null
  views: RolloutViews | null
  /** Milliseconds from the latest design change to its views arriving. */
  updateMillis: number | null
  /** Whether the table opened is kept in the browser (or why not); null until that is known. */
  keptLine: string | null
}

export const useRollouts = create<RolloutsState>(() => ({ opening: null, problem: null, requestProblem: null, note: null, opened: null, design: null, views: null, updateMillis: null, keptLine: null }))

/** The design the link was opened with: applied to the first file that fits it. */
let linked: RolloutPageDesign | null = null
const linkText = initialUrlExtra(LINK.rollouts)
if (linkText !== null) {
  const read = rolloutDesignFromLinkText(linkText)
  if ('design' in read) {
    linked = read.design
    setUrlExtra(LINK.rollouts, linkText)
  } else useRollouts.setState({ note: read.problem })
}

let nextId = 1
/** The views request in flight (its id and when the design changed), and the latest design waiting behind it. */
let inFlight: { requestId: number; changedAt: number } | null = null
let waiting: { design: RolloutPageDesign; changedAt: number } | null = null
let download: { requestId: number; fileName: string; save: (file: Blob, name: string) => void } | null = null
/** The read or load whose table is shown: a keep that finishes for an earlier one says nothing. */
let shownOpenId: number | null = null

function open(input: RolloutInput, label: string): void {
  const current = useRollouts.getState().opening
  if (current !== null) postToRollouts({ type: 'cancel', openId: current.openId })
  const openId = nextId++
  useRollouts.setState({ opening: { openId, label, bytesRead: 0, totalBytes: null } })
  postToRollouts({ type: 'open', openId, input })
}

/** One file, or a folder's files (the worker reads its <step>.jsonl files). */
export function openRolloutFiles(files: File[], label: string): void {
  if (files.length === 0) return
  open({ kind: 'files', files }, label)
}

/** The example shipped with the page: `urls` are its files' addresses. */
export function openRolloutExample(urls: string[]): void {
  open({ kind: 'urls', urls }, 'the example')
}

/** A file kept in the browser (Saved runs), opened without its file; returns why it cannot be (gone, damaged, saving off), or null. */
export async function openKeptRolloutFile(id: string): Promise<string | null> {
  const read = await readKeptRollouts(id)
  if (!read.ok) return read.message
  const { header, columns } = read.record
  const current = useRollouts.getState().opening
  if (current !== null) postToRollouts({ type: 'cancel', openId: current.openId })
  const openId = nextId++
  useRollouts.setState({ opening: { openId, label: header.name, bytesRead: 0, totalBytes: null } })
  // The columns were read for the worker alone: their buffers are handed over, not copied.
  postToRollouts({ type: 'load', openId, label: header.name, bytes: header.fileBytes, kept: columns.table }, keptTableBuffers(columns.table))
  return null
}

export function cancelRolloutsOpen(): void {
  const opening = useRollouts.getState().opening
  if (opening !== null) postToRollouts({ type: 'cancel', openId: opening.openId })
}

export function setRolloutWeight(name: string, weight: number): void {
  const design = useRollouts.getState().design
  if (design === null || !Number.isFinite(weight)) return
  const component = design.components[name] ?? { weight: 0, transforms: [] }
  changeDesign({ ...design, components: { ...design.components, [name]: { ...component, weight } } })
}

/** A component's transforms, in order; validated by the core's schema: the problem in words, and the design kept, where they are refused. */
export function setRolloutTransforms(name: string, transforms: unknown[]): string | null {
  const design = useRollouts.getState().design
  if (design === null) return null
  const component = design.components[name] ?? { weight: 0, transforms: [] }
  const parsed = parseRolloutDesign({ ...design, components: { ...design.components, [name]: { ...component, transforms } } })
  if (!parsed.ok) return parsed.problems.join('; ')
  changeDesign(parsed.design as RolloutPageDesign)
  return null
}

/** The loss aggregation the trainer export writes (undefined: none chosen; the trainer's default). */
export function setRolloutAggregation(aggregation: Aggregation | undefined): void {
  const design = useRollouts.getState().design
  if (design === null) return
  const { aggregation: _dropped, ...rest } = design
  changeDesign(aggregation === undefined ? rest : { ...rest, aggregation })
}

export function setRolloutEstimator(change: Partial<GroupEstimator>): void {
  const design = useRollouts.getState().design
  if (design === null) return
  const estimator = GroupEstimatorSchema.safeParse({ ...design.estimator, ...change })
  if (!estimator.success) return
  changeDesign({ ...design, estimator: estimator.data })
}

/** The advantages under the design now, as `rollouts advantages` prints them; `save` gets the file. */
export function downloadRolloutAdvantages(fileName: string, save: (file: Blob, name: string) => void): void {
  const design = useRollouts.getState().design
  if (design === null) return
  download = { requestId: nextId++, fileName, save }
  postToRollouts({ type: 'download', requestId: download.requestId, design })
}

function changeDesign(design: RolloutPageDesign): void {
  useRollouts.setState({ design })
  linked = design
  setUrlExtra(LINK.rollouts, rolloutDesignToLinkText(design))
  waiting = { design, changedAt: performance.now() }
  if (inFlight === null) sendWaiting()
}

function sendWaiting(): void {
  if (waiting === null) return
  inFlight = { requestId: nextId++, changedAt: waiting.changedAt }
  postToRollouts({ type: 'views', requestId: inFlight.requestId, design: waiting.design })
  waiting = null
}

function handle(message: FromRolloutsWorker): void {
  const opening = useRollouts.getState().opening
  switch (message.type) {
    case 'progress':
      if (opening?.openId === message.openId) useRollouts.setState({ opening: { ...opening, bytesRead: message.bytesRead, totalBytes: message.totalBytes } })
      return
    case 'opened': {
      if (opening?.openId === message.openId) useRollouts.setState({ opening: null })
      const { design, note } = designForFile(message.opened.names, linked)
      // Views of the table before, still in flight, are of components this one may not have.
      inFlight = null
      waiting = null
      shownOpenId = message.openId
      useRollouts.setState({ opened: message.opened, problem: null, note, views: null, keptLine: message.opened.fromKept ? KEPT_LINE : null })
      changeDesign(design)
      return
    }
    case 'openFailed':
    case 'openCancelled':
      if (opening?.openId === message.openId || message.openId === -1) useRollouts.setState({ opening: null })
      if (message.type === 'openFailed') useRollouts.setState({ problem: message.message })
      return
    case 'views':
      if (inFlight?.requestId !== message.requestId) return
      useRollouts.setState({ views: message.views, updateMillis: performance.now() - inFlight.changedAt, requestProblem: null })
      inFlight = null
      sendWaiting()
      return
    case 'advantagesFile':
      if (download?.requestId === message.requestId) download.save(message.file, download.fileName)
      download = null
      return
    case 'keep':
      void keepRolloutTable(message.kept, message.label, message.bytes).then((line) => {
        if (shownOpenId === message.openId) useRollouts.setState({ keptLine: line })
      })
      return
    case 'requestFailed':
      useRollouts.setState({ requestProblem: message.message })
      if (inFlight?.requestId === message.requestId) {
        inFlight = null
        sendWaiting()
      }
      if (download?.requestId === message.requestId) download = null
  }
}

onRolloutsMessage(handle)
