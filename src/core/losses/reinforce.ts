import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * Plain REINFORCE (Williams 1992) per token, with no ratio and no clip, as verl's
 * compute_policy_loss_gpg computes its loss:  ℓ = −A·log π. It never clips a token.
 */

export function reinforceTokenLosses(input: Pick<TokenLossInput, 'logProbs' | 'advantages'>): TokenLosses {
  const tokenLoss = input.logProbs.map((logProbs, i) => {
    const advantages = input.advantages[i]
    const losses = new Float64Array(logProbs.length)
    // ℓ = −A·log π
    for (let t = 0; t < logProbs.length; t++) losses[t] = -advantages[t] * logProbs[t]
    return losses
  })
  return { tokenLoss, clippedTokens: 0 }
}
