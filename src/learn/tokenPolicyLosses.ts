import * as tf from '@tensorflow/tfjs'
import { SEQUENCE_LOG_RATIO_CAP } from '../core/losses/gspo'
import type { PolicyLossKind } from '../core/losses/policyLoss'
import { LOG_RATIO_LIMIT } from '../core/losses/ratio'
import { sequenceMean, stopGradient, type SequenceLayout } from './sequenceOps'

/*
 * Each token's policy-loss term ℓ_t on the backend, the same formulas as src/core/losses/ (ppo.ts,
 * gspo.ts, cispo.ts, reinforce.ts: verl's core_algos.py), with the gradient each loss means.
 * Tokens lie completion after completion; A_t is the advantage of the token's completion.
 */

export interface TokenPolicyLossOptions {
  policyLoss: PolicyLossKind
  epsLow: number
  epsHigh: number
  /** C > 1 (ppo only), or null. */
  dualClip: number | null
}

export interface TokenPolicyLossInput {
  /** log π_old(o_t): the policy that sampled the completion. */
  oldLogProbs: tf.Tensor1D
  /** A_t */
  advantages: tf.Tensor1D
  /** Which tokens make each sequence (GSPO's ratio is one per sequence). */
  sequences: SequenceLayout
}

export type TokenPolicyLosses = {
  /** ℓ_t before aggregation. */
  tokenLoss: tf.Tensor1D
  /**
   * The tokens the loss counts as clipped, at the lower bound and at the upper one (bool); together
   * they are the core's clipped tokens: for ppo and gspo, where the clipped term is strictly the
   * larger loss (A < 0 with the ratio below 1 − ε_low, A > 0 with it above 1 + ε_high); for cispo,
   * where the ratio lies outside [1 − ε_low, 1 + ε_high] whatever A; none for reinforce.
   */
  clippedLow: tf.Tensor1D
  clippedHigh: tf.Tensor1D
}

export function tokenPolicyLosses(logProbs: tf.Tensor1D, input: TokenPolicyLossInput, options: TokenPolicyLossOptions): TokenPolicyLosses {
  return tf.tidy(() => {
    switch (options.policyLoss) {
      case 'ppo':
        return ppoTokenLosses(logProbs, input, options)
      case 'gspo':
      case 'gspo_token':
        return gspoTokenLosses(logProbs, input, options)
      case 'cispo':
        return cispoTokenLosses(logProbs, input, options)
      case 'reinforce':
        return reinforceTokenLosses(logProbs, input)
      default:
        throw new Error(`tokenPolicyLosses: unknown policy loss "${String(options.policyLoss)}"`)
    }
  })
}

/** r = exp(clamp(log π − log π_old, −20, 20)) */
function tokenRatio(logProbs: tf.Tensor1D, oldLogProbs: tf.Tensor1D): tf.Tensor1D {
  return tf.exp(tf.clipByValue(tf.sub(logProbs, oldLogProbs), -LOG_RATIO_LIMIT, LOG_RATIO_LIMIT)) as tf.Tensor1D
}

/** ℓ = max(−A·ρ, −A·clip(ρ, 1 − ε_low, 1 + ε_high)), written −min(ρ·A, clip(ρ)·A); and where the clip binds. */
function clippedSurrogate(ratio: tf.Tensor1D, advantages: tf.Tensor1D, options: TokenPolicyLossOptions): TokenPolicyLosses {
  const tokenLoss = tf.neg(tf.minimum(tf.mul(ratio, advantages), tf.mul(tf.clipByValue(ratio, 1 - options.epsLow, 1 + options.epsHigh), advantages))) as tf.Tensor1D
  const zero = tf.zerosLike(advantages)
  const clippedLow = tf.logicalAnd(tf.less(ratio, 1 - options.epsLow), tf.less(advantages, zero)) as tf.Tensor1D
  const clippedHigh = tf.logicalAnd(tf.greater(ratio, 1 + options.epsHigh), tf.greater(advantages, zero)) as tf.Tensor1D
  return { tokenLoss, clippedLow, clippedHigh }
}

/** PPO (ppo.ts): ℓ = max(−A·r, −A·clip(r)); with dual clip C, where A < 0: ℓ = min(ℓ, −A·C). */
function ppoTokenLosses(logProbs: tf.Tensor1D, input: TokenPolicyLossInput, options: TokenPolicyLossOptions): TokenPolicyLosses {
  const terms = clippedSurrogate(tokenRatio(logProbs, input.oldLogProbs), input.advantages, options)
  if (options.dualClip === null) return terms
  const advantages = input.advantages
  // min(ℓ, −A·C) where A < 0
  const capped = tf.minimum(terms.tokenLoss, tf.mul(tf.neg(advantages), options.dualClip))
  return { ...terms, tokenLoss: tf.where(tf.less(advantages, tf.zerosLike(advantages)), capped, terms.tokenLoss) as tf.Tensor1D }
}

/**
 * GSPO (gspo.ts): log s_i = min(mean_t(log π − log π_old), 10) for every token of sequence i, and
 * ℓ = max(−A·s_i, −A·clip(s_i)). gspo's gradient flows through s_i (the GSPO paper's sequence
 * objective); gspo_token writes the ratio sg[s_i]·π_t/sg[π_t] (its GSPO-token, verl's form), the same
 * value with each token's own gradient: log ratio_t = min(sg[mean_t(…)] + log π_t − sg[log π_t], 10).
 */
function gspoTokenLosses(logProbs: tf.Tensor1D, input: TokenPolicyLossInput, options: TokenPolicyLossOptions): TokenPolicyLosses {
  const sequenceLogRatio = sequenceMean(tf.sub(logProbs, input.oldLogProbs), input.sequences)
  // log π_t − sg[log π_t] is exactly 0, so the value is the sequence's own, bit for bit.
  const logRatio = options.policyLoss === 'gspo_token' ? tf.add(stopGradient(sequenceLogRatio), tf.sub(logProbs, stopGradient(logProbs))) : sequenceLogRatio
  const ratio = tf.exp(tf.minimum(logRatio, SEQUENCE_LOG_RATIO_CAP)) as tf.Tensor1D
  return clippedSurrogate(ratio, input.advantages, options)
}

/** CISPO (cispo.ts): ℓ = −sg(clip(r, 1 − ε_low, 1 + ε_high))·A·log π; clipped where r lies outside the range. */
function cispoTokenLosses(logProbs: tf.Tensor1D, input: TokenPolicyLossInput, options: TokenPolicyLossOptions): TokenPolicyLosses {
  const ratio = tokenRatio(logProbs, input.oldLogProbs)
  const weight = stopGradient(tf.clipByValue(ratio, 1 - options.epsLow, 1 + options.epsHigh))
  const tokenLoss = tf.mul(tf.mul(tf.neg(weight), input.advantages), logProbs) as tf.Tensor1D
  return { tokenLoss, clippedLow: tf.less(ratio, 1 - options.epsLow) as tf.Tensor1D, clippedHigh: tf.greater(ratio, 1 + options.epsHigh) as tf.Tensor1D }
}

/** REINFORCE (reinforce.ts): ℓ = −A·log π; never clipped. */
function reinforceTokenLosses(logProbs: tf.Tensor1D, input: TokenPolicyLossInput): TokenPolicyLosses {
  const never = tf.zerosLike(logProbs).cast('bool') as tf.Tensor1D
  return { tokenLoss: tf.neg(tf.mul(input.advantages, logProbs)) as tf.Tensor1D, clippedLow: never, clippedHigh: never }
}
