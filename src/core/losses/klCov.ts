import { klCovSelection, tokenCovariances, type KlCovOptions } from './covariance'
import { flatTokens, unflatten } from './sequences'
import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * KL-Cov (Cui et al. 2025), as verl's compute_policy_loss_kl_cov: the unclipped surrogate, with a
 * KL penalty on the few tokens of largest covariance between log π and A (covariance.ts picks them).
 * Per token, with r = exp(log π − log π_old) (no clamp, no clip: verl's kl_cov clips nothing):
 *   ℓ = −A·r + s·coef·|log π − log π_old|,   s = 1 for a selected token, else 0
 * coef is verl's ppo_kl_coef. No token counts as clipped; selectedTokens is the number penalised.
 */

export function klCovTokenLosses(input: TokenLossInput, options: KlCovOptions): TokenLosses {
  const logProbs = flatTokens(input.logProbs)
  const oldLogProbs = flatTokens(input.oldLogProbs)
  const advantages = flatTokens(input.advantages)
  const selected = klCovSelection(tokenCovariances(logProbs, advantages, undefined), undefined, options.ratio)
  const losses = new Float64Array(logProbs.length)
  let selectedTokens = 0
  for (let t = 0; t < logProbs.length; t++) {
    const logRatio = logProbs[t] - oldLogProbs[t]
    // ℓ = −A·r + s·coef·|log r|
    losses[t] = -advantages[t] * Math.exp(logRatio) + (selected[t] === 1 ? options.coef * Math.abs(logRatio) : 0)
    selectedTokens += selected[t]
  }
  return { tokenLoss: unflatten(losses, input.logProbs), clippedTokens: 0, selectedTokens }
}
