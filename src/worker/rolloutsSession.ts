import { errorMessage } from '../core/errorMessage'
import { quote } from '../core/truncate'
import { keptTableBuffers, keptTableOf, tableFromKept } from '../core/rollouts/keptTable'
import { RolloutInputError } from '../core/rollouts/rolloutInputError'
import type { RolloutTable } from '../core/rollouts/rolloutTable'
import { designedViews, tableViews, type TableViews } from './designedViews'
import { advantagesFile } from './rolloutAdvantagesFile'
import { readSources, sourcesOf } from './rolloutReading'
import { ToRolloutsWorkerSchema, type FromRolloutsWorker, type RolloutInput } from './rolloutsProtocol'

/*
 * The rollouts worker's state and its answers, apart from the worker's global scope so that a test
 * drives it in Node. It keeps one table: a new input replaces it only once read whole, so a bad file
 * or a cancel leaves the table already opened (and the page's views of it) as they were. Progress is
 * posted at most every PROGRESS_MS while a read goes on.
 */

const PROGRESS_MS = 250

export interface RolloutsSessionOptions {
  /** `transfer`: buffers handed over with the message (the kept table's copies). */
  post: (message: FromRolloutsWorker, transfer?: Transferable[]) => void
  fetchUrl?: typeof fetch
  now?: () => number
}

export function createRolloutsSession({ post, fetchUrl = fetch, now = () => performance.now() }: RolloutsSessionOptions): (data: unknown) => Promise<void> {
  let table: RolloutTable | null = null
  let views: TableViews | null = null
  /** The read under way (its id), and those cancelled. */
  let reading: number | null = null
  const cancelled = new Set<number>()

  async function open(openId: number, input: RolloutInput): Promise<void> {
    reading = openId
    const started = now()
    let bytesRead = 0
    let lastPost = -Infinity
    try {
      const sources = await sourcesOf(input, fetchUrl)
      const total = sources.every((source) => source.size !== null) ? sources.reduce((sum, source) => sum + (source.size ?? 0), 0) : null
      post({ type: 'progress', openId, bytesRead: 0, totalBytes: total })
      const result = await readSources(
        sources,
        (bytes) => {
          bytesRead += bytes
          if (now() - lastPost < PROGRESS_MS) return
          lastPost = now()
          post({ type: 'progress', openId, bytesRead, totalBytes: total })
        },
        () => cancelled.has(openId),
      )
      if ('cancelled' in result) {
        post({ type: 'openCancelled', openId })
        return
      }
      const label = sources.length === 1 ? sources[0].name : `${sources.length} step files`
      show(openId, result.table, label, bytesRead, now() - started, false)
      const kept = keptTableOf(result.table)
      post({ type: 'keep', openId, label, bytes: bytesRead, kept }, keptTableBuffers(kept))
    } catch (error) {
      post({ type: 'openFailed', openId, message: error instanceof RolloutInputError ? error.message : errorMessage(error) })
    } finally {
      cancelled.delete(openId)
      if (reading === openId) reading = null
    }
  }

  /** Make `table` the one the views are of, and tell the page what it holds. */
  function show(openId: number, opened: RolloutTable, label: string, bytes: number, millis: number, fromKept: boolean): void {
    table = opened
    views = tableViews(table)
    post({ type: 'opened', openId, opened: { label, format: table.format, names: [...table.names], count: table.count, steps: [...table.steps], leftOut: table.leftOut, bytes, millis, ...(fromKept ? { fromKept } : {}), ...(table.tokenLengths === null ? {} : { hasTokens: true }) } })
  }

  /** A table the page kept, checked whole before it replaces the one open; a damaged one is named and the open one stays. */
  function load(openId: number, label: string, bytes: number, kept: unknown): void {
    const started = now()
    const parsed = tableFromKept(kept)
    if (!parsed.ok) return post({ type: 'openFailed', openId, message: `the kept rollout file ${quote(label)} is damaged and was not opened: ${parsed.problem}` })
    show(openId, parsed.table, label, bytes, now() - started, true)
  }

  return async (data: unknown) => {
    const parsed = ToRolloutsWorkerSchema.safeParse(data)
    if (!parsed.success) return
    const message = parsed.data
    if (message.type === 'open') return open(message.openId, message.input as RolloutInput)
    if (message.type === 'load') return load(message.openId, message.label, message.bytes, message.kept)
    if (message.type === 'cancel') {
      if (reading === message.openId) cancelled.add(message.openId)
      return
    }
    try {
      if (table === null || views === null) throw new Error('no rollouts are open')
      if (message.type === 'views') {
        const started = now()
        const computed = designedViews(views, message.design)
        post({ type: 'views', requestId: message.requestId, views: { ...computed, millis: now() - started } })
      } else {
        post({ type: 'advantagesFile', requestId: message.requestId, file: advantagesFile(table, message.design) })
      }
    } catch (error) {
      post({ type: 'requestFailed', requestId: message.requestId, message: errorMessage(error) })
    }
  }
}
