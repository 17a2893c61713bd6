import { clipRatio, tokenRatio, type ClipRange } from './ratio'
import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * PPO's clipped surrogate per token (Schulman et al. 2017), with DAPO's asymmetric clip and, where
 * asked, dual clip (Ye et al. 2020) for negative advantages, as verl's compute_policy_loss_vanilla:
 *   r = exp(clamp(log π − log π_old, −20, 20))
 *   ℓ = max(−A·r, −A·clip(r, 1 − ε_low, 1 + ε_high))
 *   dual clip C, where A < 0:  ℓ = min(ℓ, −A·C)
 * A token counts as clipped where the clipped term is strictly the larger loss; a token only the
 * dual clip changed does not count (verl reports those apart, as pg_clipfrac_lower).
 */

/** `dualClip` is C > 1, or null for none. */
export function ppoTokenLosses(input: TokenLossInput, clip: ClipRange, dualClip: number | null): TokenLosses {
  let clippedTokens = 0
  const tokenLoss = input.logProbs.map((logProbs, i) => {
    const oldLogProbs = input.oldLogProbs[i]
    const advantages = input.advantages[i]
    const losses = new Float64Array(logProbs.length)
    for (let t = 0; t < logProbs.length; t++) {
      const advantage = advantages[t]
      const ratio = tokenRatio(logProbs[t], oldLogProbs[t])
      const unclipped = -advantage * ratio
      const clipped = -advantage * clipRatio(ratio, clip)
      if (clipped > unclipped) clippedTokens++
      // ℓ = max(−A·r, −A·clip(r)), then min(ℓ, −A·C) where A < 0
      const surrogate = Math.max(unclipped, clipped)
      losses[t] = dualClip !== null && advantage < 0 ? Math.min(surrogate, -advantage * dualClip) : surrogate
    }
    return losses
  })
  return { tokenLoss, clippedTokens }
}
