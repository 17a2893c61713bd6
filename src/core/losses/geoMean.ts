import type { ClipRange } from './ratio'
import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * GMPO (Zhao et al. 2025, "Geometric-Mean Policy Optimization"): one ratio per sequence, the
 * geometric mean of its tokens' ratios, each token clipped in log space on the side its advantage's
 * sign makes pessimistic, as verl's compute_policy_loss_geo_mean:
 *   x_t = log π − log π_old   (no clamp of ±20: verl leaves it commented out)
 *   x′_t = sgn(A_t)·min(sgn(A_t)·x_t, sgn(A_t)·clamp(x_t, −ε_low, ε_high))
 *   g_i = exp(mean_t x′_t),   Ā_i = mean_t A_t
 *   ℓ_i = −Ā_i·g_i,  the mean over sequences whatever the aggregation (verl's torch.mean)
 * Each token of sequence i carries ℓ_i, so that seq-mean-token-mean of the tokens is that mean. A
 * token counts as clipped, as verl counts it, where x_t lies outside [−ε_low, ε_high] and A_t ≠ 0,
 * whether or not the clamp is the side min keeps.
 */

/** x′ = sgn(A)·min(sgn(A)·x, sgn(A)·clamp(x, −ε_low, ε_high)): the log-ratio clipped only where that lowers the objective. */
export function pessimisticLogRatio(logRatio: number, advantage: number, clip: ClipRange): number {
  const sign = Math.sign(advantage)
  const clamped = Math.min(Math.max(logRatio, -clip.low), clip.high)
  return sign * Math.min(sign * logRatio, sign * clamped)
}

export function geoMeanTokenLosses(input: TokenLossInput, clip: ClipRange): TokenLosses {
  let clippedTokens = 0
  const tokenLoss = input.logProbs.map((logProbs, i) => {
    const oldLogProbs = input.oldLogProbs[i]
    const advantages = input.advantages[i]
    const length = logProbs.length
    let logRatioSum = 0
    let advantageSum = 0
    for (let t = 0; t < length; t++) {
      const logRatio = logProbs[t] - oldLogProbs[t]
      if (advantages[t] !== 0 && (logRatio < -clip.low || logRatio > clip.high)) clippedTokens++
      logRatioSum += pessimisticLogRatio(logRatio, advantages[t], clip)
      advantageSum += advantages[t]
    }
    // ℓ_i = −Ā_i·exp(mean_t x′_t)
    return new Float64Array(length).fill(-(advantageSum / length) * Math.exp(logRatioSum / length))
  })
  return { tokenLoss, clippedTokens }
}
