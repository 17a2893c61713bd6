import type { DrawnPair, FittedRewardModel, FromWorker } from '../../worker/protocol'

/*
 * Requests the page asks a worker and the answers that come back with the same id: the Label pairs
 * panel's pairs (from the training worker, whose run's policy they may come from) and its fits.
 */

export type RequestAnswer = Extract<FromWorker, { type: 'pairs' | 'rewardModelFitted' | 'requestFailed' }>

const pending = new Map<number, (answer: RequestAnswer) => void>()
let counter = 0

/** A fresh request id, and the answer it will get. */
export function openRequest(): { requestId: number; answer: Promise<RequestAnswer> } {
  const requestId = ++counter
  return { requestId, answer: new Promise((resolve) => pending.set(requestId, resolve)) }
}

/** Hand an answer to the request waiting for it (one no longer waiting is dropped). */
export function answerRequest(answer: RequestAnswer): void {
  const resolve = pending.get(answer.requestId)
  pending.delete(answer.requestId)
  resolve?.(answer)
}

/** The pairs of an answer, or its failure thrown as one message. */
export function pairsOf(answer: RequestAnswer): { source: 'current' | 'start'; pairs: DrawnPair[] } {
  if (answer.type === 'requestFailed') throw new Error(answer.message)
  if (answer.type !== 'pairs') throw new Error(`the worker answered ${answer.type} to a request for pairs`)
  return { source: answer.source, pairs: answer.pairs }
}

/** The fit of an answer, or its failure thrown as one message. */
export function fitOf(answer: RequestAnswer): FittedRewardModel {
  if (answer.type === 'requestFailed') throw new Error(answer.message)
  if (answer.type !== 'rewardModelFitted') throw new Error(`the worker answered ${answer.type} to a fit`)
  return answer.fit
}
