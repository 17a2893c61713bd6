import type { Aggregation } from '../core/losses/aggregation'
import { clipCovSelection, klCovSelection, selectedShare, tokenCovariances } from '../core/losses/covariance'
import { pessimisticLogRatio } from '../core/losses/geoMean'
import { SEQUENCE_LOG_RATIO_CAP } from '../core/losses/gspo'
import { tokenKl, tokenKlSlope } from '../core/losses/kl'
import { policyLossOf } from '../core/losses/policyLosses'
import { clipRatio, LOG_RATIO_LIMIT } from '../core/losses/ratio'
import { sapoGate } from '../core/losses/sapo'
import { Rng } from '../core/rng'
import { clipCovOf, deltaOf, klCovOf, sapoTemperaturesOf, type GrpoOptions } from '../core/run/config'

export type { Aggregation }

/*
 * The GRPO-family objective from the current policy's log-probabilities of a batch's tokens, with
 * its gradient with respect to each of them, in plain float64 arrays: the formulas of
 * src/core/losses/ (verl's actor), one pass over the tokens. The network stays in TensorFlow.js;
 * the loss is a few numbers per token, and writing its gradient out saves the few hundred small
 * kernels autograd ran for it. Where the loss has a kink, the gradient is the one autograd takes:
 * min and max pass it to their first argument on ties (the unclipped term, the loss before the
 * dual clip, k3 below its cap), and a clip passes it inside its closed interval only.
 */

/** Every token of a batch of completions, completion after completion. */
export interface GrpoTokenRows {
  /** |o_i| of each completion, in order. */
  lengths: ArrayLike<number>
  /** log π_old(o_t|·): the policy that sampled the completion. */
  oldLogProbs: ArrayLike<number>
  /** log π_ref(o_t|·): the frozen initial policy. */
  refLogProbs: ArrayLike<number>
  /** A_t: the advantage of the token's completion. */
  advantages: ArrayLike<number>
  /** w_t of the chosen aggregation (aggregationWeights): agg(x) = Σ_t w_t·x_t. The KL term's, and the policy loss's but GSPO's. */
  weights: Float32Array
  /** w′_t of the policy loss: `weights`, or seq-mean-token-mean's for GSPO, which verl always averages per sequence. */
  policyWeights: Float32Array
  /**
   * m_t, 1 for a token that carries policy-gradient weight (highEntropyMask); absent, every token.
   * The policy term is Σ_t m_t·w′_t·ℓ_t: the divisors inside w′ still count every token, as the
   * paper's objective does (Wang et al. 2025, eq. 7: 1/Σ_i|o_i| outside Σ_i Σ_t 𝟙[H_t ≥ τ]·ℓ_t;
   * TRL multiplies the per-token loss by the mask and divides by the completion mask's count),
   * so a kept token's gradient is what it was without the mask. The KL term takes no mask.
   */
  policyMask?: ArrayLike<number>
}

export type GrpoLossOptions = Pick<GrpoOptions, 'policyLoss' | 'epsLow' | 'epsHigh' | 'dualClip' | 'kl' | 'beta' | 'tauPos' | 'tauNeg' | 'delta' | 'clipCovRatio' | 'clipCovLb' | 'clipCovUb' | 'klCovRatio' | 'ppoKlCoef'> & {
  /** Where clip_cov draws its tokens (the run's own stream); absent, a generator seeded 0, as the core's reference. */
  covarianceRng?: Rng
}

/** `loss` is what is minimised; the rest are its parts and diagnostics. */
export interface GrpoLossTerms {
  /** policyLoss + β·kl, as the core's `loss`. */
  loss: number
  /** The aggregated policy loss alone (the KL term left out), as the core's `policyLoss`. */
  policyLoss: number
  /** agg(KL): the chosen estimator aggregated as the loss aggregates it, as the core's `kl`. */
  kl: number
  /** The estimator's mean over the batch's tokens, whatever the aggregation (TRL's kl metric: the kl diagnostic). */
  tokenMeanKl: number
  /** Share of tokens clipped at the lower bound (ppo, gspo: with A < 0; cispo: whatever A). */
  clipLow: number
  /** Share of tokens clipped at the upper bound; clipLow + clipHigh is the core's clipFraction. */
  clipHigh: number
  /** clip_cov and kl_cov: the share of the loss's tokens their covariance selected, as the core's selectedFraction; absent for the others. */
  selected?: number
}

/** The policy losses whose policy term verl always aggregates seq-mean-token-mean (the table's perSequence). */
function averagesPerSequence(policyLoss: GrpoOptions['policyLoss']): boolean {
  return policyLossOf(policyLoss).perSequence
}

/**
 * The aggregation's weights of a batch of completions of `lengths` tokens (L = maxLength): w of
 * the chosen aggregation and w′ of the policy loss. `masked` (1 for a completion left out of the
 * loss) is aggregationWeights'.
 */
export function lossWeights(
  lengths: ArrayLike<number>,
  options: Pick<GrpoOptions, 'policyLoss' | 'aggregation'>,
  maxLength: number,
  masked?: ArrayLike<number>,
): Pick<GrpoTokenRows, 'weights' | 'policyWeights'> {
  const weights = aggregationWeights(lengths, options.aggregation, maxLength, masked)
  const policyAggregation = averagesPerSequence(options.policyLoss) ? 'seq-mean-token-mean' : options.aggregation
  const policyWeights = policyAggregation === options.aggregation ? weights : aggregationWeights(lengths, policyAggregation, maxLength, masked)
  return { weights, policyWeights }
}

/**
 * The weight of each token in the aggregated loss, completion after completion, for completions of
 * `lengths` tokens (S of them) and the longest completion the task allows, L, so that
 * agg(x) = Σ_t w_t·x_t is src/core/losses/aggregation.ts's agg:
 *   token-mean:               w = 1/Σ_i |o_i|   every token alike (DAPO)
 *   token-sum:                w = 1
 *   seq-mean-token-mean:      w = 1/(S·|o_i|)   mean over each completion's tokens, then over completions (GRPO)
 *   seq-mean-token-sum:       w = 1/S
 *   seq-mean-token-sum-norm:  w = 1/(S·L)       a constant divisor, whatever the lengths (Dr. GRPO)
 * seq-mean-token-mean favours short right answers and long wrong ones (a wrong answer's loss is
 * spread thinner over its tokens); token-mean and seq-mean-token-sum-norm weigh every token the same.
 *
 * `masked` (m_i = 1 for a completion left out of the loss: DAPO's overlong filtering of cut answers)
 * gives a masked completion's tokens w = 0 and counts only the kept completions in every divisor,
 *   S′ = Σ_i (1 − m_i)   and   T′ = Σ_i (1 − m_i)·|o_i|   in place of S and Σ_i |o_i|,
 * so the loss is exactly the loss of the batch without them, whatever the aggregation. For
 * token-mean that is verl's and DAPO's rule (the mean over the response mask's tokens); for the
 * seq-mean modes it leaves fully masked sequences out of S, as verl's agg_loss once did (today's
 * divides by the whole batch's size). With every completion masked every w is 0.
 */
export function aggregationWeights(lengths: ArrayLike<number>, aggregation: Aggregation, maxLength: number, masked?: ArrayLike<number>): Float32Array {
  const count = lengths.length
  if (masked !== undefined && masked.length !== count) throw new Error(`aggregationWeights: ${masked.length} mask entries for ${count} completions`)
  const kept = (i: number) => masked === undefined || masked[i] === 0
  let allTokens = 0
  let sequences = 0
  let tokens = 0
  for (let i = 0; i < count; i++) {
    allTokens += lengths[i]
    if (!kept(i)) continue
    sequences++
    tokens += lengths[i]
  }
  if (aggregation === 'seq-mean-token-sum-norm' && maxLength <= 0) throw new Error(`seq-mean-token-sum-norm aggregation needs a positive maximum length, got ${maxLength}`)
  const weights = new Float32Array(allTokens)
  let offset = 0
  for (let i = 0; i < count; i++) {
    const length = lengths[i]
    if (kept(i)) weights.fill(tokenWeight(aggregation, sequences, tokens, length, maxLength), offset, offset + length)
    offset += length
  }
  return weights
}

/** w_t of a token of a completion of `length` tokens, among `sequences` completions of `tokens` tokens in all. */
function tokenWeight(aggregation: Aggregation, sequences: number, tokens: number, length: number, maxLength: number): number {
  switch (aggregation) {
    case 'token-mean':
      return 1 / tokens
    case 'token-sum':
      return 1
    case 'seq-mean-token-mean':
      return 1 / (sequences * length)
    case 'seq-mean-token-sum':
      return 1 / sequences
    case 'seq-mean-token-sum-norm':
      return 1 / (sequences * maxLength)
    default:
      throw new Error(`aggregationWeights: unknown aggregation "${String(aggregation)}"`)
  }
}

/** ℓ and ∂ℓ/∂(the ratio) of one token's clipped surrogate; `clippedLow`/`clippedHigh` where the clip binds. */
interface Surrogate {
  loss: number
  dRatio: number
  clippedLow: boolean
  clippedHigh: boolean
}

/**
 * ℓ = −min(min(r, δ)·A, clip(r, 1 − ε_low, 1 + ε_high)·A), δ = ∞ without TRL's two-sided clip;
 * ∂ℓ/∂r = −A through min(r, δ)·A when it is the minimum (ties included) and r ≤ δ, through the clip
 * only inside [1 − ε_low, 1 + ε_high], else 0. Clipped where the clipped term is strictly the larger
 * loss against r itself: r below 1 − ε_low with A < 0, above 1 + ε_high with A > 0.
 */
function clippedSurrogate(ratio: number, advantage: number, low: number, high: number, delta: number | null, into: Surrogate): void {
  const capped = delta === null || ratio <= delta
  const unclipped = (capped ? ratio : delta) * advantage
  const clipped = clipRatio(ratio, { low, high }) * advantage
  const takesUnclipped = unclipped <= clipped
  into.loss = -(takesUnclipped ? unclipped : clipped)
  into.dRatio = takesUnclipped ? (capped ? -advantage : 0) : ratio >= 1 - low && ratio <= 1 + high ? -advantage : 0
  into.clippedLow = ratio < 1 - low && advantage < 0
  into.clippedHigh = ratio > 1 + high && advantage > 0
}

/**
 * L = agg(ℓ) + β·agg(KL) = Σ_t w′_t·ℓ_t + β·Σ_t w_t·KL_t (the KL term only for β > 0, so an
 * overflowing estimate cannot turn 0·∞ into NaN), from log π of each token (`logProbs`). Writes
 * ∂L/∂log π_t into `slopes` and returns the terms. Per token, with r = exp(clamp(log π − log π_old, ±20)):
 *   ppo        ℓ = −min(r·A, clip(r)·A), with dual clip C where A < 0: min(ℓ, −A·C)
 *   gspo       ℓ_t = −min(s_i·A, clip(s_i)·A), log s_i = min(mean_t(log π − log π_old), 10): the
 *              gradient flows through s_i to every token of the sequence (∂ log s_i/∂log π_t = 1/|o_i|)
 *   gspo_token the same value, with the ratio sg[s_i]·π_t/sg[π_t]: each token's gradient its own
 *   geo_mean   ℓ_t = −Ā_i·g_i for every token of sequence i, g_i = exp(mean_t x′_t), x′_t the log-ratio
 *              log π − log π_old clipped to [−ε_low, ε_high] on the side sgn(A_t) makes pessimistic
 *              (no clamp of ±20), Ā_i = mean_t A_t: ∂g_i/∂log π_t = g_i·∂x′_t/∂x_t/|o_i|
 *   cispo      ℓ = −sg(clip(r))·A·log π
 *   sapo       ℓ = −A·σ(τ·(r − 1))·4/τ, τ = τ_pos where A > 0 else τ_neg: ∂ℓ/∂r = −A·4·σ·(1 − σ)
 *   reinforce  ℓ = −A·log π
 *   clip_cov   ℓ = max(−A·r, −A·clip(r))·c, r = exp(log π − log π_old) unclamped, c = 0 at the tokens
 *              Clip-Cov selects (core/losses/covariance.ts), whose gradient is then 0 too
 *   kl_cov     ℓ = −A·r + s·coef·|log π − log π_old|, s = 1 at the tokens KL-Cov selects:
 *              ∂ℓ/∂log π = −A·r + s·coef·sign(log π − log π_old)
 * The covariance selection counts the tokens that weigh in the policy term (w′_t·m_t ≠ 0: verl's
 * response_mask), and reads log π without a gradient.
 * ppo takes TRL's two-sided clip δ where set: −min(min(r, δ)·A, clip(r)·A).
 * With a policy mask m (high-entropy token training) w′_t·m_t stands for w′_t: a left-out token's
 * ℓ_t counts for nothing, though under gspo and geo_mean the kept tokens' gradient still reaches it
 * through the sequence's ratio.
 */
export function grpoLoss(logProbs: ArrayLike<number>, rows: GrpoTokenRows, options: GrpoLossOptions, slopes: Float64Array): GrpoLossTerms {
  const { policyLoss: kind, epsLow: low, epsHigh: high, dualClip, kl: estimator, beta } = options
  const delta = deltaOf(options)
  const temperatures = sapoTemperaturesOf(options)
  const { lengths, oldLogProbs, refLogProbs, advantages, weights, policyMask } = rows
  const tokens = logProbs.length
  if (slopes.length !== tokens || weights.length !== tokens || rows.policyWeights.length !== tokens) throw new Error(`grpoLoss: ${tokens} tokens, ${weights.length} weights, ${rows.policyWeights.length} policy weights, ${slopes.length} slopes`)
  if (policyMask !== undefined && policyMask.length !== tokens) throw new Error(`grpoLoss: ${tokens} tokens, ${policyMask.length} policy mask entries`)
  // m_t·w′_t: a token left out by the mask weighs 0 in the policy term; ×1 leaves a kept one's weight exact.
  const policyWeights = policyMask === undefined ? rows.policyWeights : rows.policyWeights.map((weight, t) => weight * policyMask[t])
  const surrogate: Surrogate = { loss: 0, dRatio: 0, clippedLow: false, clippedHigh: false }
  const selected = covarianceSelection(logProbs, rows, policyWeights, options)
  let policySum = 0
  let clippedLow = 0
  let clippedHigh = 0
  let start = 0
  for (let i = 0; i < lengths.length; i++) {
    const end = start + lengths[i]
    if (kind === 'gspo' || kind === 'gspo_token') {
      // log s_i = min(mean_t(log π − log π_old), 10); the gradient passes the cap when the mean is at most 10
      let sum = 0
      for (let t = start; t < end; t++) sum += logProbs[t] - oldLogProbs[t]
      const meanLogRatio = sum / lengths[i]
      const ratio = Math.exp(Math.min(meanLogRatio, SEQUENCE_LOG_RATIO_CAP))
      const dLogRatio = meanLogRatio <= SEQUENCE_LOG_RATIO_CAP ? ratio : 0
      let dMean = 0
      for (let t = start; t < end; t++) {
        clippedSurrogate(ratio, advantages[t], low, high, null, surrogate)
        policySum += policyWeights[t] * surrogate.loss
        if (surrogate.clippedLow) clippedLow++
        if (surrogate.clippedHigh) clippedHigh++
        const slope = policyWeights[t] * surrogate.dRatio * dLogRatio
        if (kind === 'gspo_token') slopes[t] = slope
        else dMean += slope
      }
      // ∂L/∂log π_u = (1/|o_i|)·Σ_t ∂L/∂log s_i(t): the sequence mean spreads it evenly
      if (kind === 'gspo') slopes.fill(dMean / lengths[i], start, end)
    } else if (kind === 'geo_mean') {
      // g_i = exp(mean_t x′_t), Ā_i = mean_t A_t, ℓ_t = −Ā_i·g_i
      let logRatioSum = 0
      let advantageSum = 0
      let weightSum = 0
      for (let t = start; t < end; t++) {
        const logRatio = logProbs[t] - oldLogProbs[t]
        logRatioSum += pessimisticLogRatio(logRatio, advantages[t], { low, high })
        advantageSum += advantages[t]
        weightSum += policyWeights[t]
        // verl counts a token whose log-ratio the clamp moves, with A ≠ 0, whichever side min keeps
        if (advantages[t] !== 0 && logRatio < -low) clippedLow++
        if (advantages[t] !== 0 && logRatio > high) clippedHigh++
      }
      const ratio = Math.exp(logRatioSum / lengths[i])
      const meanAdvantage = advantageSum / lengths[i]
      const loss = -meanAdvantage * ratio
      for (let t = start; t < end; t++) policySum += policyWeights[t] * loss
      // ∂(Σ_t w′_t·ℓ_i)/∂log π_u = −Ā_i·g_i·(Σ_t w′_t)·∂x′_u/∂x_u/|o_i|
      const shared = (loss * weightSum) / lengths[i]
      for (let t = start; t < end; t++) slopes[t] = keepsLogRatio(logProbs[t] - oldLogProbs[t], advantages[t], low, high) ? shared : 0
    } else {
      for (let t = start; t < end; t++) {
        const advantage = advantages[t]
        const logRatio = logProbs[t] - oldLogProbs[t]
        const ratio = Math.exp(Math.min(Math.max(logRatio, -LOG_RATIO_LIMIT), LOG_RATIO_LIMIT))
        let loss: number
        let slope: number
        if (kind === 'ppo') {
          clippedSurrogate(ratio, advantage, low, high, delta, surrogate)
          loss = surrogate.loss
          // ∂r/∂log π = r inside the clamp of ±20, 0 past it
          slope = logRatio >= -LOG_RATIO_LIMIT && logRatio <= LOG_RATIO_LIMIT ? surrogate.dRatio * ratio : 0
          if (surrogate.clippedLow) clippedLow++
          if (surrogate.clippedHigh) clippedHigh++
          // dual clip: min(ℓ, −A·C) where A < 0
          if (dualClip !== null && advantage < 0 && loss > -advantage * dualClip) {
            loss = -advantage * dualClip
            slope = 0
          }
        } else if (kind === 'cispo') {
          const weight = clipRatio(ratio, { low, high })
          // ℓ = −sg(clip(r))·A·log π, ∂ℓ/∂log π = −clip(r)·A
          loss = -weight * advantage * logProbs[t]
          slope = -weight * advantage
          if (ratio < 1 - low) clippedLow++
          if (ratio > 1 + high) clippedHigh++
        } else if (kind === 'sapo') {
          // ℓ = −A·f(r), f(r) = σ(τ·(r − 1))·4/τ; ∂f/∂r = 4·σ·(1 − σ), ∂r/∂log π = r inside the clamp of ±20
          const temperature = advantage > 0 ? temperatures.pos : temperatures.neg
          const sigmoid = 1 / (1 + Math.exp(-temperature * (ratio - 1)))
          loss = -advantage * sapoGate(ratio, temperature)
          slope = logRatio >= -LOG_RATIO_LIMIT && logRatio <= LOG_RATIO_LIMIT ? -advantage * 4 * sigmoid * (1 - sigmoid) * ratio : 0
        } else if (kind === 'reinforce') {
          loss = -advantage * logProbs[t]
          slope = -advantage
        } else if (kind === 'clip_cov') {
          // ℓ = max(−A·r, −A·clip(r))·c with r unclamped; c = 0 detaches a selected token, value and gradient
          const unclampedRatio = Math.exp(logRatio)
          clippedSurrogate(unclampedRatio, advantage, low, high, null, surrogate)
          if (surrogate.clippedLow) clippedLow++
          if (surrogate.clippedHigh) clippedHigh++
          loss = selected![t] === 1 ? 0 : surrogate.loss
          slope = selected![t] === 1 ? 0 : surrogate.dRatio * unclampedRatio
        } else if (kind === 'kl_cov') {
          // ℓ = −A·r + s·coef·|log r|, r unclamped, no clip
          const unclampedRatio = Math.exp(logRatio)
          const coef = selected![t] === 1 ? klCovOf(options).coef : 0
          loss = -advantage * unclampedRatio + coef * Math.abs(logRatio)
          slope = -advantage * unclampedRatio + coef * Math.sign(logRatio)
        } else {
          throw new Error(`grpoLoss: unknown policy loss "${String(kind)}"`)
        }
        policySum += policyWeights[t] * loss
        slopes[t] = policyWeights[t] * slope
      }
    }
    start = end
  }
  if (start !== tokens) throw new Error(`grpoLoss: the completions' lengths add up to ${start}, not the ${tokens} tokens given`)
  let klSum = 0
  let klTokens = 0
  for (let t = 0; t < tokens; t++) {
    const kl = tokenKl(logProbs[t], refLogProbs[t], estimator)
    klSum += weights[t] * kl
    klTokens += kl
    // ∂(β·Σ w·KL)/∂log π_t = β·w_t·∂KL_t/∂log π_t
    if (beta > 0) slopes[t] += beta * weights[t] * tokenKlSlope(logProbs[t], refLogProbs[t], estimator)
  }
  const loss = beta > 0 ? policySum + beta * klSum : policySum
  const terms: GrpoLossTerms = { loss, policyLoss: policySum, kl: klSum, tokenMeanKl: tokens === 0 ? 0 : klTokens / tokens, clipLow: clippedLow / tokens, clipHigh: clippedHigh / tokens }
  return selected === null ? terms : { ...terms, selected: selectedShare(selected, policyWeights) }
}

/**
 * The tokens clip_cov or kl_cov select by the covariance of log π and A over the tokens that weigh
 * in the policy term (core/losses/covariance.ts); null for every other policy loss. clip_cov leaves
 * out the tokens PPO's clip binds on, r = exp(log π − log π_old) unclamped, as verl's clip_by_origin.
 */
function covarianceSelection(logProbs: ArrayLike<number>, rows: GrpoTokenRows, policyWeights: ArrayLike<number>, options: GrpoLossOptions): Uint8Array | null {
  if (options.policyLoss !== 'clip_cov' && options.policyLoss !== 'kl_cov') return null
  const covariances = tokenCovariances(logProbs, rows.advantages, policyWeights)
  if (options.policyLoss === 'kl_cov') return klCovSelection(covariances, policyWeights, klCovOf(options).ratio)
  const clippedByPpo = new Uint8Array(logProbs.length)
  for (let t = 0; t < logProbs.length; t++) {
    const ratio = Math.exp(logProbs[t] - rows.oldLogProbs[t])
    const advantage = rows.advantages[t]
    // −A·clip(r) > −A·r: r above 1 + ε_high with A > 0, or below 1 − ε_low with A < 0
    clippedByPpo[t] = (advantage > 0 && ratio > 1 + options.epsHigh) || (advantage < 0 && ratio < 1 - options.epsLow) ? 1 : 0
  }
  return clipCovSelection(covariances, clippedByPpo, policyWeights, clipCovOf(options), options.covarianceRng ?? new Rng(0))
}

/**
 * Whether x′ = sgn(A)·min(sgn(A)·x, sgn(A)·clamp(x, −ε_low, ε_high)) passes its gradient to x: where
 * min keeps x itself (ties included), not where it keeps the clamp outside its range, and never
 * where A = 0 (x′ is then 0 whatever x).
 */
function keepsLogRatio(logRatio: number, advantage: number, low: number, high: number): boolean {
  const sign = Math.sign(advantage)
  if (sign === 0) return false
  return sign * logRatio <= sign * Math.min(Math.max(logRatio, -low), high)
}
