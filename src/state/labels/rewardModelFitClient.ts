import type { GoldPairs } from '../../core/preferences/goldPairs'
import type { FitOptions, FittedRewardModel, FromWorker, ToWorker } from '../../worker/protocol'
import { requestedBackend } from '../run/trainingClient'
import { answerRequest, fitOf, openRequest, type RequestAnswer } from '../run/workerRequests'

/*
 * A reward model fitted off the main thread: a fresh worker (the training worker's own entry, so
 * the fit is the command line's code) for each fit, given the pairs (moved, not copied) and ended
 * once it answers, so that a long fit never holds up the run's worker or the page.
 */

export async function fitInWorker(featureNames: string[], pairs: GoldPairs, options: FitOptions): Promise<FittedRewardModel> {
  const worker = new Worker(new URL('../../worker/trainer.worker.ts', import.meta.url), { type: 'module', name: 'reward-model-fit' })
  const { requestId, answer } = openRequest()
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data
    if (message.type === 'rewardModelFitted' || message.type === 'requestFailed' || message.type === 'pairs') answerRequest(message)
  }
  worker.onerror = (event) => answerRequest({ type: 'requestFailed', requestId, message: `the fitting worker crashed: ${event.message || 'unknown error'}` } satisfies RequestAnswer)
  try {
    // The backend matters only to an MLP; a linear fit is plain arithmetic.
    if (options.kind === 'mlp') worker.postMessage({ type: 'init', backend: requestedBackend() ?? undefined } satisfies ToWorker)
    const { preferred, rejected, preferredGold, rejectedGold, count } = pairs
    const message: ToWorker = { type: 'fitRewardModel', requestId, featureNames, count, preferred, rejected, preferredGold, rejectedGold, options }
    worker.postMessage(message, [preferred.buffer, rejected.buffer, preferredGold.buffer, rejectedGold.buffer])
    return fitOf(await answer)
  } finally {
    worker.terminate()
  }
}
