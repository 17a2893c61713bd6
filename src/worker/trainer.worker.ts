/// <reference lib="webworker" />
import { ToWorkerSchema, type FromWorker } from './protocol'
import { TrainingSession } from './session'
import { initBackend } from '../learn/backend'
import { errorMessage } from '../core/errorMessage'

/**
 * The training worker: validates every message from the page, owns at most one training session,
 * and reports the TensorFlow.js backend it chose.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope
const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer)

let session: TrainingSession | null = null
let backendReady: Promise<void> = Promise.resolve()

scope.onmessage = (event: MessageEvent<unknown>) => {
  const parsed = ToWorkerSchema.safeParse(event.data)
  if (!parsed.success) {
    post({ type: 'ignored', message: `the training worker ignored a malformed message: ${parsed.error.issues[0]?.message ?? 'invalid'}` })
    return
  }
  const message = parsed.data
  switch (message.type) {
    case 'init':
      backendReady = initBackend(message.backend)
        .then(({ backend, reason }) => post({ type: 'backend', backend, reason }))
        .catch((error: unknown) => post({ type: 'backendError', message: errorMessage(error) }))
      return
    case 'start':
      session?.stop()
      session = new TrainingSession(message.runId, message.config, post, message.lean === true)
      void backendReady.then(() => {
        if (session?.runId === message.runId) void session.start()
      })
      return
    default:
      if (session && session.runId === message.runId) session.handle(message)
  }
}
