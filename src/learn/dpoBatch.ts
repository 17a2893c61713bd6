import { dpoLosses, dpoLossSlopes, type DpoOptions } from '../core/preferences/dpo'

/*
 * One batch of DPO's loss from the policy's log-probabilities of its tokens, with the gradient
 * with respect to each of them, in plain float64 arrays (as grpoLoss.ts does for GRPO): the network
 * stays in TensorFlow.js, the loss is a few numbers per pair. A batch of B pairs holds 2B
 * completions, pair i's chosen one at 2i and its rejected one at 2i + 1, their tokens one after
 * the other. Each completion's log π is the sum of its tokens' (teacher forcing), so
 *   L = (1/B)·Σ_i ℓ_i(h_i),   h_i = (πc_i − refc_i) − (πr_i − refr_i)
 *   ∂L/∂log π_t = (1/B)·∂ℓ_i/∂h_i · (+1 for a token of the chosen completion, −1 of the rejected)
 */

export interface DpoBatchTerms {
  /** L, the mean of the pairs' losses. */
  loss: number
  /** The share of pairs whose implicit reward β(π − ref) is strictly higher for the chosen completion. */
  accuracy: number
  /** The mean implicit reward of the chosen completions, β(πc − refc). */
  chosenReward: number
  /** The mean implicit reward of the rejected completions, β(πr − refr). */
  rejectedReward: number
}

/** Each completion's Σ_t log π_t, from its tokens' log-probabilities laid out completion after completion. */
export function completionSums(tokenLogProbs: ArrayLike<number>, lengths: ArrayLike<number>): Float64Array {
  const sums = new Float64Array(lengths.length)
  let token = 0
  for (let c = 0; c < lengths.length; c++) {
    for (let end = token + lengths[c]; token < end; token++) sums[c] += tokenLogProbs[token]
  }
  if (token !== tokenLogProbs.length) throw new Error(`completionSums: the lengths add up to ${token}, not the ${tokenLogProbs.length} tokens given`)
  return sums
}

/**
 * L and its terms for the batch whose completions have `lengths` (2B of them), from every token's
 * log π (`tokenLogProbs`) and each pair's reference sums; writes ∂L/∂log π_t into `slopes`.
 */
export function dpoBatchLoss(tokenLogProbs: ArrayLike<number>, lengths: ArrayLike<number>, refChosen: ArrayLike<number>, refRejected: ArrayLike<number>, options: DpoOptions, slopes: Float64Array): DpoBatchTerms {
  const pairs = lengths.length / 2
  if (!Number.isInteger(pairs) || refChosen.length !== pairs || refRejected.length !== pairs) throw new Error(`dpoBatchLoss: ${lengths.length} completions for ${refChosen.length} and ${refRejected.length} reference sums`)
  if (slopes.length !== tokenLogProbs.length) throw new Error(`dpoBatchLoss: ${tokenLogProbs.length} tokens, ${slopes.length} slopes`)
  const sums = completionSums(tokenLogProbs, lengths)
  const policyChosen = new Float64Array(pairs)
  const policyRejected = new Float64Array(pairs)
  const h = new Float64Array(pairs)
  for (let i = 0; i < pairs; i++) {
    policyChosen[i] = sums[2 * i]
    policyRejected[i] = sums[2 * i + 1]
    // h = (πc − refc) − (πr − refr)
    h[i] = policyChosen[i] - refChosen[i] - (policyRejected[i] - refRejected[i])
  }
  const result = dpoLosses({ policyChosen, policyRejected, refChosen, refRejected }, options)
  const pairSlopes = dpoLossSlopes(h, options)
  let token = 0
  for (let c = 0; c < lengths.length; c++) {
    // ∂h/∂πc = 1, ∂h/∂πr = −1; the mean over B pairs
    const slope = ((c % 2 === 0 ? 1 : -1) * pairSlopes[c >> 1]) / pairs
    slopes.fill(slope, token, token + lengths[c])
    token += lengths[c]
  }
  return { loss: result.loss, accuracy: result.accuracy, chosenReward: mean(result.chosenRewards), rejectedReward: mean(result.rejectedRewards) }
}

function mean(values: Float64Array): number {
  let sum = 0
  for (const value of values) sum += value
  return sum / values.length
}
