import type { GoldPairs } from './goldPairs'
import { memberScores, type RewardModel } from './rewardModel'
import { aggregateEnsemble } from './ensemble'
import { softplus } from './logistic'

/*
 * How well a reward model orders pairs: its mean Bradley–Terry loss, and how often it is right, judged two ways:
 *   accuracy      the fraction of pairs it orders as labelled, r(x_w) > r(x_l) (a tie counts as wrong,
 *                 as preferenceAccuracy does);
 *   gold accuracy over the pairs whose gold scores differ, the fraction it orders as the gold does,
 *                 r higher on the side with the higher gold (a tie again wrong). Pairs of equal gold
 *                 say nothing about the true objective and are left out; with none, it is null.
 * The labels are what the model was fitted to; the gold is what it was meant to learn. With a noisy
 * or biased labeler the two part.
 */

export interface PairAccuracy {
  /** The mean Bradley–Terry loss −log σ(r(x_w) − r(x_l)) over the pairs. */
  loss: number
  accuracy: number
  goldAccuracy: number | null
  /** How many of the pairs have different gold scores: the pairs goldAccuracy is over. */
  goldPairs: number
}

/** Both accuracies from the scores of each pair's preferred and rejected side. */
export function pairAccuracy(pairs: GoldPairs, preferredScores: ArrayLike<number>, rejectedScores: ArrayLike<number>): PairAccuracy {
  const { count } = pairs
  if (count === 0) throw new Error('pairAccuracy: no pairs')
  if (preferredScores.length !== count || rejectedScores.length !== count) throw new Error(`pairAccuracy: ${count} pairs need ${count} scores a side`)
  let ordered = 0
  let loss = 0
  let goldPairs = 0
  let goldOrdered = 0
  for (let i = 0; i < count; i++) {
    const margin = preferredScores[i] - rejectedScores[i]
    if (margin > 0) ordered++
    // −log σ(m) = softplus(−m)
    loss += softplus(-margin)
    const goldMargin = pairs.preferredGold[i] - pairs.rejectedGold[i]
    if (goldMargin === 0) continue
    goldPairs++
    if (goldMargin > 0 ? margin > 0 : margin < 0) goldOrdered++
  }
  return { loss: loss / count, accuracy: ordered / count, goldAccuracy: goldPairs === 0 ? null : goldOrdered / goldPairs, goldPairs }
}

export interface ModelAccuracy {
  /** Each member's, in member order. */
  members: PairAccuracy[]
  /** The ensemble's: its members' mean score. */
  ensemble: PairAccuracy
}

/** Each member's and the ensemble mean's accuracies on the pairs. */
export function rewardModelAccuracy(model: RewardModel, pairs: GoldPairs): ModelAccuracy {
  const preferred = memberScores(model, pairs.preferred, pairs.count)
  const rejected = memberScores(model, pairs.rejected, pairs.count)
  const members = preferred.map((scores, k) => pairAccuracy(pairs, scores, rejected[k]))
  const ensemble = pairAccuracy(pairs, aggregateEnsemble(preferred, { kind: 'mean' }), aggregateEnsemble(rejected, { kind: 'mean' }))
  return { members, ensemble }
}
