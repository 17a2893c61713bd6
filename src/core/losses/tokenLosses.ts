import type { Sequences } from './sequences'

/* What every policy loss reads and what it gives back, token by token. */

/** Log-probabilities under the current and the sampling (old) policy, and one advantage per token; one layout. */
export interface TokenLossInput {
  logProbs: Sequences
  oldLogProbs: Sequences
  advantages: Sequences
}

/** Each token's loss term ℓ_i,t before aggregation, and how many tokens the clip counted as clipped. */
export interface TokenLosses {
  tokenLoss: Float64Array[]
  clippedTokens: number
  /** clip_cov and kl_cov: how many tokens the covariance selected (covariance.ts); absent for the others. */
  selectedTokens?: number
}
