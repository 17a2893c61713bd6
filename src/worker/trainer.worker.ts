/// <reference lib="webworker" />
import { initBackend } from '../learn/backend'
import { createDispatcher } from './dispatcher'
import type { FromWorker } from './protocol'
import { browserTrainerShare } from './trainerShare'

/** The training worker: every message from the page goes through one dispatcher (dispatcher.ts). */
const scope = self as unknown as DedicatedWorkerGlobalScope

const dispatch = createDispatcher({
  post: (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer),
  initBackend,
  later: (task) => setTimeout(task, 0),
  makeShare: browserTrainerShare,
})

scope.onmessage = (event: MessageEvent<unknown>) => dispatch(event.data)
