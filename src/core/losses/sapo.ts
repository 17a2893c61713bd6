import { tokenRatio } from './ratio'
import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * SAPO (Gao et al. 2025, "Soft Adaptive Policy Optimization"): PPO's hard clip replaced by a smooth
 * gate of the per-token ratio, as verl's compute_policy_loss_sapo:
 *   r = exp(clamp(log π − log π_old, −20, 20))
 *   τ = τ_pos where A > 0, else τ_neg
 *   f(r) = σ(τ·(r − 1))·4/τ
 *   ℓ = −f(r)·A
 * f(1) = 2/τ and f′(r) = 4·σ(1 − σ), 1 at r = 1: on policy the gradient is REINFORCE's, and it fades
 * smoothly as r leaves 1, the faster the larger τ. No token is ever clipped.
 */

/** τ_pos and τ_neg: the gate's temperatures for tokens with A > 0 and with A ≤ 0. */
export interface SapoTemperatures {
  pos: number
  neg: number
}

/** verl's defaults (ActorConfig tau_pos, tau_neg), which TRL's sapo_temperature_pos/neg share. */
export const SAPO_DEFAULT_TEMPERATURES: SapoTemperatures = { pos: 1, neg: 1.05 }

/** f(r) = σ(τ·(r − 1))·4/τ */
export function sapoGate(ratio: number, temperature: number): number {
  return (4 / temperature) / (1 + Math.exp(-temperature * (ratio - 1)))
}

export function sapoTokenLosses(input: TokenLossInput, temperatures: SapoTemperatures): TokenLosses {
  const tokenLoss = input.logProbs.map((logProbs, i) => {
    const oldLogProbs = input.oldLogProbs[i]
    const advantages = input.advantages[i]
    const losses = new Float64Array(logProbs.length)
    for (let t = 0; t < logProbs.length; t++) {
      const advantage = advantages[t]
      const temperature = advantage > 0 ? temperatures.pos : temperatures.neg
      // ℓ = −f(r)·A
      losses[t] = -sapoGate(tokenRatio(logProbs[t], oldLogProbs[t]), temperature) * advantage
    }
    return losses
  })
  return { tokenLoss, clippedTokens: 0 }
}
