import { errorMessage } from '../core/errorMessage'
import type { FitRewardModelRequest, FromWorker } from './protocol'

/*
 * The worker's answer to fitRewardModel: the command line's fit (learn/rewardModelFit.ts) on the
 * pairs sent, timed here, and the ensemble's figures as `reward-model fit` prints them. A member
 * that cannot be fitted is named (MemberFitError says which and why).
 */

export async function answerFitRewardModel(request: FitRewardModelRequest, backendReady: Promise<void>, post: (message: FromWorker) => void): Promise<void> {
  try {
    if (request.options.kind === 'mlp') await backendReady
    const { fitRewardModel } = await import('../learn/rewardModelFit')
    const pairs = { count: request.count, features: request.featureNames.length, preferred: request.preferred, rejected: request.rejected, preferredGold: request.preferredGold, rejectedGold: request.rejectedGold }
    const startedAt = performance.now()
    const fit = await fitRewardModel(pairs, request.featureNames, request.options)
    const seconds = (performance.now() - startedAt) / 1000
    post({
      type: 'rewardModelFitted',
      requestId: request.requestId,
      fit: { model: fit.model, trainPairs: fit.trainPairs, heldOutPairs: fit.heldOutPairs, train: fit.train.ensemble, heldOut: fit.heldOut?.ensemble ?? null, seconds },
    })
  } catch (error) {
    post({ type: 'requestFailed', requestId: request.requestId, message: `the reward model could not be fitted: ${errorMessage(error)}` })
  }
}
