/// <reference lib="webworker" />
import type { FromRolloutsWorker } from './rolloutsProtocol'
import { createRolloutsSession } from './rolloutsSession'

/** The rollouts worker: reads a run's rollouts and answers the page's views of them (rolloutsSession.ts). */
const scope = self as unknown as DedicatedWorkerGlobalScope

const handle = createRolloutsSession({ post: (message: FromRolloutsWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer) })

scope.onmessage = (event: MessageEvent<unknown>) => void handle(event.data)
