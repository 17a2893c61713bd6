import { clipRatio, type ClipRange } from './ratio'
import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * GSPO (Zheng et al. 2025): one importance ratio per sequence, the geometric mean of its tokens'
 * ratios, clipped per sequence, as verl's compute_policy_loss_gspo:
 *   log s_i = min(mean_t(log π − log π_old), 10)
 *   ℓ_i,t = max(−A_i,t·s_i, −A_i,t·clip(s_i, 1 − ε_low, 1 + ε_high))
 * GSPO-token writes the ratio as sg[s_i]·π_t/sg[π_t], which has the value s_i and a per-token
 * gradient: the numbers here are the same for both. A token counts as clipped where the clipped
 * term is strictly the larger loss.
 */

/** verl caps the sequence's log-ratio at 10 (s_i ≤ e^10 ≈ 22026) and does not bound it below. */
export const SEQUENCE_LOG_RATIO_CAP = 10

/** log s_i = min(mean_t(log π − log π_old), 10) */
export function sequenceLogRatio(logProbs: ArrayLike<number>, oldLogProbs: ArrayLike<number>): number {
  let sum = 0
  for (let t = 0; t < logProbs.length; t++) sum += logProbs[t] - oldLogProbs[t]
  return Math.min(sum / logProbs.length, SEQUENCE_LOG_RATIO_CAP)
}

export function gspoTokenLosses(input: TokenLossInput, clip: ClipRange): TokenLosses {
  let clippedTokens = 0
  const tokenLoss = input.logProbs.map((logProbs, i) => {
    const advantages = input.advantages[i]
    const ratio = Math.exp(sequenceLogRatio(logProbs, input.oldLogProbs[i]))
    const clippedRatio = clipRatio(ratio, clip)
    const losses = new Float64Array(logProbs.length)
    for (let t = 0; t < logProbs.length; t++) {
      const unclipped = -advantages[t] * ratio
      const clipped = -advantages[t] * clippedRatio
      if (clipped > unclipped) clippedTokens++
      // ℓ = max(−A·s_i, −A·clip(s_i))
      losses[t] = Math.max(unclipped, clipped)
    }
    return losses
  })
  return { tokenLoss, clippedTokens }
}
