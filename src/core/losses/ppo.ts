import { clipRatio, tokenRatio, type ClipRange } from './ratio'
import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * PPO's clipped surrogate per token (Schulman et al. 2017), with DAPO's asymmetric clip and, where
 * asked, dual clip (Ye et al. 2020) for negative advantages, as verl's compute_policy_loss_vanilla:
 *   r = exp(clamp(log π − log π_old, −20, 20))
 *   ℓ = max(−A·r, −A·clip(r, 1 − ε_low, 1 + ε_high))
 *   dual clip C, where A < 0:  ℓ = min(ℓ, −A·C)
 * and, where asked, TRL's two-sided clip δ (INTELLECT-2), the unclipped ratio capped above at δ
 * before the max, as TRL's _compute_loss (its `delta`):
 *   ℓ = max(−A·min(r, δ), −A·clip(r, 1 − ε_low, 1 + ε_high))
 * which bounds a negative advantage's loss at −A·δ however far r runs.
 * A token counts as clipped where the clipped term is strictly the larger loss against r itself;
 * a token only the dual clip or δ changed does not count (verl reports the dual clip's apart, as
 * pg_clipfrac_lower).
 */

/** `dualClip` is C > 1, or null for none; `delta` is δ > 1, or null (absent) for none. */
export function ppoTokenLosses(input: TokenLossInput, clip: ClipRange, dualClip: number | null, delta: number | null = null): TokenLosses {
  let clippedTokens = 0
  const tokenLoss = input.logProbs.map((logProbs, i) => {
    const oldLogProbs = input.oldLogProbs[i]
    const advantages = input.advantages[i]
    const losses = new Float64Array(logProbs.length)
    for (let t = 0; t < logProbs.length; t++) {
      const advantage = advantages[t]
      const ratio = tokenRatio(logProbs[t], oldLogProbs[t])
      const clipped = -advantage * clipRatio(ratio, clip)
      if (clipped > -advantage * ratio) clippedTokens++
      // ℓ = max(−A·min(r, δ), −A·clip(r)), then min(ℓ, −A·C) where A < 0
      const unclipped = -advantage * (delta === null ? ratio : Math.min(ratio, delta))
      const surrogate = Math.max(unclipped, clipped)
      losses[t] = dualClip !== null && advantage < 0 ? Math.min(surrogate, -advantage * dualClip) : surrogate
    }
    return losses
  })
  return { tokenLoss, clippedTokens }
}
