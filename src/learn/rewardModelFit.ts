import { fitBradleyTerry } from '../core/preferences/bradleyTerryFit'
import { fitLengthDecorrelated, LENGTH_FEATURE } from '../core/preferences/lengthDecorrelatedFit'
import { selectPairs, type GoldPairs } from '../core/preferences/goldPairs'
import { MAX_ENSEMBLE_MEMBERS } from '../core/preferences/limits'
import { bootstrapSample, holdOutPairs } from '../core/preferences/pairSplit'
import { preferenceDifferences } from '../core/preferences/preferencePairs'
import type { LinearRewardMember, MlpRewardMember, RewardModel } from '../core/preferences/rewardModel'
import { rewardModelAccuracy, type ModelAccuracy } from '../core/preferences/rewardModelAccuracy'
import { Rng } from '../core/rng'
import { errorMessage } from '../core/errorMessage'

/*
 * A reward model fitted to labelled pairs and judged on pairs it did not see. From Rng(seed) the
 * first stream split holds out ⌊holdout·N⌋ pairs; member k (k = 1 … K) then fits on the k-th
 * stream after it: one member fits the training pairs themselves, each of K ≥ 2 a bootstrap sample
 * of them (as many draws, with replacement), its stream also drawing an MLP's weights and
 * minibatches. linear is the exact Bradley–Terry fit (bradleyTerryFit.ts, Newton's method), mlp
 * the small network of mlpRewardModel.ts. Each member and the ensemble (the members' mean) are
 * judged on all the training pairs and on the held-out ones, by rewardModelAccuracy.
 */

export interface RewardModelFitOptions {
  kind: 'linear' | 'mlp'
  ensemble: number
  holdout: number
  l2: number
  seed: number
  /** A linear model only: fit each member with a length head that absorbs length, the content head its reward (lengthDecorrelatedFit.ts). */
  decorrelateLength?: boolean
}

export interface RewardModelFit {
  model: RewardModel
  trainPairs: number
  heldOutPairs: number
  train: ModelAccuracy
  /** null when no pair is held out. */
  heldOut: ModelAccuracy | null
  /** Each MLP member's loss epoch by epoch; null for a linear model. */
  lossByEpoch: number[][] | null
  /** How an MLP was trained (hidden width, epochs, minibatch size, Adam's learning rate); null for a linear model. */
  mlpTraining: { hidden: number; epochs: number; batchSize: number; learningRate: number } | null
  /** Which pairs were held out (ascending). */
  heldOutIndices: Int32Array
}

/** Which member failed to fit: a linear member's BradleyTerryFitError (or any other) keeps its type, the message gains the member. */
export class MemberFitError extends Error {
  constructor(
    readonly member: number,
    readonly members: number,
    readonly cause: unknown,
  ) {
    super(`${members > 1 ? `member ${member} of ${members}: ` : ''}${errorMessage(cause)}`)
    this.name = 'MemberFitError'
  }
}

export async function fitRewardModel(pairs: GoldPairs, featureNames: readonly string[], options: RewardModelFitOptions): Promise<RewardModelFit> {
  const { kind, ensemble, holdout, l2, seed } = options
  if (featureNames.length !== pairs.features) throw new Error(`fitRewardModel: ${featureNames.length} names for ${pairs.features} features`)
  const lengthIndex = featureNames.indexOf(LENGTH_FEATURE)
  if (options.decorrelateLength === true && kind !== 'linear') throw new Error('a length-decorrelated fit is a linear model only; fit it with kind linear')
  if (options.decorrelateLength === true && lengthIndex < 0) throw new Error(`a length-decorrelated fit needs a feature named "${LENGTH_FEATURE}"; the pairs have ${featureNames.join(', ')}`)
  if (!(Number.isInteger(ensemble) && ensemble >= 1 && ensemble <= MAX_ENSEMBLE_MEMBERS)) throw new Error(`fitRewardModel: an ensemble has 1 to ${MAX_ENSEMBLE_MEMBERS} members, got ${ensemble}`)
  const rng = new Rng(seed)
  const split = holdOutPairs(pairs.count, holdout, rng.split())
  const training = selectPairs(pairs, split.train)
  const memberRngs = Array.from({ length: ensemble }, () => rng.split())
  // Drawn as each member is fitted, so that only one sample is held at a time.
  const sampleOf = (k: number) => (ensemble === 1 ? training : selectPairs(pairs, bootstrapSample(split.train, memberRngs[k])))
  const names = [...featureNames]

  let model: RewardModel
  let lossByEpoch: number[][] | null = null
  let mlpTraining: RewardModelFit['mlpTraining'] = null
  if (kind === 'linear') {
    const members: LinearRewardMember[] = memberRngs.map((_, k) => {
      try {
        if (options.decorrelateLength !== true) return { weights: Array.from(fitBradleyTerry(preferenceDifferences(sampleOf(k)), l2).weights) }
        const fit = fitLengthDecorrelated(sampleOf(k), lengthIndex, l2)
        return { weights: Array.from(fit.weights), lengthWeight: fit.lengthWeight }
      } catch (error) {
        throw new MemberFitError(k + 1, ensemble, error)
      }
    })
    model = { kind: 'linear', featureNames: names, members }
  } else {
    // TensorFlow.js is loaded only for an MLP: a linear fit needs none of it.
    const { fitMlpMember, MLP_FIT_OPTIONS, MLP_HIDDEN } = await import('./mlpRewardModel')
    mlpTraining = { hidden: MLP_HIDDEN, ...MLP_FIT_OPTIONS }
    const members: MlpRewardMember[] = []
    lossByEpoch = []
    for (let k = 0; k < ensemble; k++) {
      try {
        const fit = await fitMlpMember(sampleOf(k), l2, memberRngs[k])
        members.push(fit.member)
        lossByEpoch.push(fit.lossByEpoch)
      } catch (error) {
        throw new MemberFitError(k + 1, ensemble, error)
      }
    }
    model = { kind: 'mlp', featureNames: names, activation: 'tanh', members }
  }
  const heldOut = split.heldOut.length === 0 ? null : rewardModelAccuracy(model, selectPairs(pairs, split.heldOut))
  return { model, trainPairs: split.train.length, heldOutPairs: split.heldOut.length, train: rewardModelAccuracy(model, training), heldOut, lossByEpoch, mlpTraining, heldOutIndices: split.heldOut }
}
