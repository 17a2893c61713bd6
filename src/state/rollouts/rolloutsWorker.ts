import type { FromRolloutsWorker, ToRolloutsWorker } from '../../worker/rolloutsProtocol'

/*
 * The one rollouts worker of the page, started on first use and kept: it holds the opened table,
 * so the page sends it designs and gets back views, never the data.
 */

let worker: Worker | null = null
let listener: ((message: FromRolloutsWorker) => void) | null = null

/** Where the worker's answers go (one listener: the rollouts store). */
export function onRolloutsMessage(handle: (message: FromRolloutsWorker) => void): void {
  listener = handle
}

/** `transfer`: buffers handed over with the message (a kept table's columns). */
export function postToRollouts(message: ToRolloutsWorker, transfer: Transferable[] = []): void {
  if (worker === null) {
    worker = new Worker(new URL('../../worker/rollouts.worker.ts', import.meta.url), { type: 'module', name: 'rollouts' })
    worker.onmessage = (event: MessageEvent<FromRolloutsWorker>) => listener?.(event.data)
    worker.onerror = (event) => listener?.({ type: 'openFailed', openId: -1, message: `the rollouts worker crashed: ${event.message || 'unknown error'}` })
  }
  worker.postMessage(message, transfer)
}
