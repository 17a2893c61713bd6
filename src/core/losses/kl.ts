import type { KlEstimator } from './klEstimators'
import type { Sequences } from './sequences'

/*
 * Per-token estimators of KL(π ‖ π_ref) from the sampled token's log-probabilities (Schulman,
 * "Approximating KL divergence", 2020), as verl's kl_penalty computes them, with d = log π_ref − log π:
 *   k1  = −d = log π − log π_ref          (unbiased, can be negative)
 *   k2  = ½d²                             (biased, always ≥ 0)
 *   k3  = min(e^d′ − d′ − 1, 10), d′ = clamp(d, −20, 20)   (unbiased, ≥ 0; verl's low_var_kl)
 *   abs = |d|                             (biased, always ≥ 0)
 *   k1+, k3+: the value of k1, k3 with the gradient of k2 (verl's straight-through "+" forms,
 *        k2 − sg(k2) + sg(k)): the value stays unbiased and the gradient, −d per token, is in
 *        expectation the gradient of the true KL, which k1's and k3's own are not.
 */

export { KL_ESTIMATORS, type KlEstimator } from './klEstimators'

/** verl clamps d to ±20 before e^d in k3 … */
export const K3_LOG_RATIO_LIMIT = 20
/** … and k3 itself to at most 10. */
export const K3_CAP = 10

export function tokenKl(logProb: number, refLogProb: number, estimator: KlEstimator): number {
  // k1 = −d, written log π − log π_ref so that agreeing policies give +0
  if (estimator === 'k1' || estimator === 'k1+') return logProb - refLogProb
  // abs = |d| = |log π − log π_ref|
  if (estimator === 'abs') return Math.abs(logProb - refLogProb)
  const d = refLogProb - logProb
  // k2 = ½d²
  if (estimator === 'k2') return 0.5 * d * d
  // k3 = min(e^d′ − d′ − 1, 10), d′ = clamp(d, −20, 20)
  const clamped = Math.min(Math.max(d, -K3_LOG_RATIO_LIMIT), K3_LOG_RATIO_LIMIT)
  return Math.min(Math.exp(clamped) - clamped - 1, K3_CAP)
}

/**
 * ∂KL/∂log π of `tokenKl`, the gradient a learner descends (d = log π_ref − log π):
 *   k1: 1,  k2: −d,  k3: 1 − e^d inside both clamps, 0 where either binds (|d| > 20, or the cap of 10 holds strictly)
 *   abs: sign(log π − log π_ref) (0 where they agree, as autograd's |x| gives)
 *   k1+, k3+: −d, k2's (the straight-through gradient, whatever the value's clamps)
 */
export function tokenKlSlope(logProb: number, refLogProb: number, estimator: KlEstimator): number {
  if (estimator === 'k1') return 1
  const d = refLogProb - logProb
  if (estimator === 'k2' || estimator === 'k1+' || estimator === 'k3+') return -d
  if (estimator === 'abs') return Math.sign(logProb - refLogProb)
  if (d < -K3_LOG_RATIO_LIMIT || d > K3_LOG_RATIO_LIMIT) return 0
  const growth = Math.exp(d)
  // min(v, 10) passes the gradient to v when v ≤ 10
  return growth - d - 1 > K3_CAP ? 0 : 1 - growth
}

/** The estimator at every token, in the layout of `logProbs` (which `refLogProbs` must share). */
export function klPerToken(logProbs: Sequences, refLogProbs: Sequences, estimator: KlEstimator): Float64Array[] {
  return logProbs.map((sequence, i) => {
    const reference = refLogProbs[i]
    const values = new Float64Array(sequence.length)
    for (let t = 0; t < sequence.length; t++) values[t] = tokenKl(sequence[t], reference[t], estimator)
    return values
  })
}
