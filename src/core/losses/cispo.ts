import { clipRatio, ratioOutsideClip, tokenRatio, type ClipRange } from './ratio'
import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * CISPO (MiniMax-M1, 2025): REINFORCE weighted by the clipped importance ratio under a stop
 * gradient, so a clipped token keeps its gradient instead of losing it, as verl's
 * compute_policy_loss_cispo:
 *   r = exp(clamp(log π − log π_old, −20, 20))
 *   ℓ = −sg(clip(r, 1 − ε_low, 1 + ε_high))·A·log π
 * The stop gradient changes only the gradient; the value is −clip(r)·A·log π. A token counts as
 * clipped where r lies outside [1 − ε_low, 1 + ε_high], whatever the sign of A.
 */

export function cispoTokenLosses(input: TokenLossInput, clip: ClipRange): TokenLosses {
  let clippedTokens = 0
  const tokenLoss = input.logProbs.map((logProbs, i) => {
    const oldLogProbs = input.oldLogProbs[i]
    const advantages = input.advantages[i]
    const losses = new Float64Array(logProbs.length)
    for (let t = 0; t < logProbs.length; t++) {
      const ratio = tokenRatio(logProbs[t], oldLogProbs[t])
      if (ratioOutsideClip(ratio, clip)) clippedTokens++
      // ℓ = −clip(r)·A·log π
      losses[t] = -clipRatio(ratio, clip) * advantages[t] * logProbs[t]
    }
    return losses
  })
  return { tokenLoss, clippedTokens }
}
