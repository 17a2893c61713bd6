import type { Browser, BrowserContext, CDPSession, Page } from 'playwright'

/*
 * The JavaScript heaps of a page and of one of its dedicated workers, read over the Chrome DevTools
 * Protocol: `Runtime.getHeapUsage` of each one's V8 isolate, `usedSize` (bytes of live and
 * not-yet-collected objects on the V8 heap) plus `backingStorageSize` (array buffers' and external
 * strings' memory, outside the V8 heap: typed-array columns live there). A worker is reached from a
 * browser-wide session attached to its target; Playwright's sessions send no child session ids,
 * so the worker's commands go through Target.sendMessageToTarget.
 */

export interface HeapBytes {
  /** V8 heap in use (usedSize). */
  used: number
  /** Array buffers and external strings (backingStorageSize; 0 where Chromium does not say). */
  backing: number
}

interface HeapUsage {
  usedSize: number
  backingStorageSize?: number
}

export interface HeapReader {
  page(): Promise<HeapBytes>
  /** The worker's heap, or null while the worker whose script address contains `workerUrlPart` has not started. */
  worker(): Promise<HeapBytes | null>
  /** Collect garbage in the page and the worker (HeapProfiler.collectGarbage). */
  collectGarbage(): Promise<void>
  close(): Promise<void>
}

export async function heapReader(browser: Browser, context: BrowserContext, page: Page, workerUrlPart: string): Promise<HeapReader> {
  const pageSession = await context.newCDPSession(page)
  const browserSession = await browser.newBrowserCDPSession()
  let workerSession: string | null = null
  let nextId = 1
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>()
  browserSession.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== workerSession) return
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } }
    const waiting = message.id === undefined ? undefined : pending.get(message.id)
    if (waiting === undefined) return
    pending.delete(message.id!)
    if (message.error) waiting.reject(new Error(`worker's DevTools session: ${message.error.message}`))
    else waiting.resolve(message.result)
  })

  const sendToWorker = async (method: string): Promise<unknown> => {
    const id = nextId++
    const reply = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }))
    await browserSession.send('Target.sendMessageToTarget', { sessionId: workerSession!, message: JSON.stringify({ id, method }) })
    return reply
  }

  const attachWorker = async (): Promise<boolean> => {
    if (workerSession !== null) return true
    const { targetInfos } = await browserSession.send('Target.getTargets')
    const target = targetInfos.find((info) => info.type === 'worker' && info.url.includes(workerUrlPart))
    if (target === undefined) return false
    const { sessionId } = await browserSession.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })
    workerSession = sessionId
    return true
  }

  return {
    page: async () => bytesOf((await pageSession.send('Runtime.getHeapUsage')) as HeapUsage),
    worker: async () => ((await attachWorker()) ? bytesOf((await sendToWorker('Runtime.getHeapUsage')) as HeapUsage) : null),
    collectGarbage: async () => {
      await pageSession.send('HeapProfiler.collectGarbage')
      if (await attachWorker()) await sendToWorker('HeapProfiler.collectGarbage')
    },
    close: async () => {
      await detach(pageSession)
      await detach(browserSession)
    },
  }
}

function bytesOf(usage: HeapUsage): HeapBytes {
  return { used: usage.usedSize, backing: usage.backingStorageSize ?? 0 }
}

async function detach(session: CDPSession): Promise<void> {
  await session.detach().catch(() => undefined)
}

/** The largest of each heap (and of their sum at one sample) over samples taken every `everyMs` until stopped. */
export function sampleHeaps(reader: HeapReader, everyMs: number): { stop: () => Promise<{ pageMax: number; workerMax: number; sumMax: number; samples: number }> } {
  let running = true
  let pageMax = 0
  let workerMax = 0
  let sumMax = 0
  let samples = 0
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const [page, worker] = await Promise.all([reader.page(), reader.worker()])
      // Each heap's total: V8 heap in use + array buffers.
      const pageBytes = page.used + page.backing
      const workerBytes = worker === null ? 0 : worker.used + worker.backing
      pageMax = Math.max(pageMax, pageBytes)
      workerMax = Math.max(workerMax, workerBytes)
      sumMax = Math.max(sumMax, pageBytes + workerBytes)
      samples++
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - started))))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return { pageMax, workerMax, sumMax, samples }
    },
  }
}
