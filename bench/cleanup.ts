import { errorMessage } from '../src/core/errorMessage'
/** Things to undo however the bench ends (an error, Ctrl-C): browsers, servers, temporary folders. */
const cleanups = new Set<() => Promise<void> | void>()
let inFlight: Promise<void> = Promise.resolve()

/** Register `undo`; returns a function that runs it now and unregisters it. */
export function onCleanup(undo: () => Promise<void> | void): () => Promise<void> {
  cleanups.add(undo)
  return async () => {
    if (!cleanups.delete(undo)) return inFlight
    await undo()
  }
}

/** Undo everything still registered, newest first. A second caller waits for the first to finish. */
export function cleanUpAll(): Promise<void> {
  inFlight = inFlight.then(async () => {
    const pending = [...cleanups].reverse()
    cleanups.clear()
    for (const undo of pending) {
      try {
        await undo()
      } catch (error) {
        process.stderr.write(`[bench] cleanup failed: ${errorMessage(error)}\n`)
      }
    }
  })
  return inFlight
}
