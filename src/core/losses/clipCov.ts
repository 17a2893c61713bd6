import type { Rng } from '../rng'
import { clipCovSelection, tokenCovariances, type ClipCovOptions } from './covariance'
import { clipRatio, type ClipRange } from './ratio'
import { flatTokens, unflatten } from './sequences'
import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * Clip-Cov (Cui et al. 2025), as verl's compute_policy_loss_clip_cov: PPO's clipped surrogate, with
 * a few tokens of high covariance between log π and A detached from the gradient (covariance.ts
 * picks them). Per token, with r = exp(log π − log π_old) (verl does not clamp the log-ratio here):
 *   ℓ = max(−A·r, −A·clip(r, 1 − ε_low, 1 + ε_high))·c,   c = 0 for a selected token, else 1
 * A selected token adds 0 to the loss and its gradient, yet still counts in the aggregation's
 * divisors. There is no dual clip. A token counts as clipped where the clipped term is strictly the
 * larger loss (verl's clip_by_origin, which also keeps it out of the selection); selectedTokens is
 * the number detached (verl reports their share as pg_clipfrac).
 */

export function clipCovTokenLosses(input: TokenLossInput, clip: ClipRange, options: ClipCovOptions, rng: Rng): TokenLosses {
  const logProbs = flatTokens(input.logProbs)
  const oldLogProbs = flatTokens(input.oldLogProbs)
  const advantages = flatTokens(input.advantages)
  const tokens = logProbs.length
  const surrogates = new Float64Array(tokens)
  const clippedByPpo = new Uint8Array(tokens)
  for (let t = 0; t < tokens; t++) {
    const ratio = Math.exp(logProbs[t] - oldLogProbs[t])
    const unclipped = -advantages[t] * ratio
    const clipped = -advantages[t] * clipRatio(ratio, clip)
    clippedByPpo[t] = clipped > unclipped ? 1 : 0
    // max(−A·r, −A·clip(r))
    surrogates[t] = Math.max(unclipped, clipped)
  }
  const selected = clipCovSelection(tokenCovariances(logProbs, advantages, undefined), clippedByPpo, undefined, options, rng)
  let clippedTokens = 0
  let selectedTokens = 0
  for (let t = 0; t < tokens; t++) {
    clippedTokens += clippedByPpo[t]
    selectedTokens += selected[t]
    // ·c: a selected token's term is 0
    if (selected[t] === 1) surrogates[t] = 0
  }
  return { tokenLoss: unflatten(surrogates, input.logProbs), clippedTokens, selectedTokens }
}
