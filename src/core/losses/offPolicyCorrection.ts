/*
 * When the sampler is not the learner: the completions come from an inference engine whose
 * probabilities π_s differ from the learner's π_old (another temperature or top-p, lower precision,
 * a policy some updates old). Each token's policy-loss term is weighed by a correction c_t of the
 * importance ratio ρ_t = π_old/π_s, as TRL's GRPOTrainer does under vllm_importance_sampling_mode:
 *   token_truncate     c_t = clamp(ρ_t, C_min, C_max)                      (TIS; C_min absent: min(ρ_t, C_max))
 *   token_mask         c_t = ρ_t inside [C_min, C_max], else 0             (MIS, IcePop's band)
 *   sequence_truncate  c_t = clamp(ρ_i, C_min, C_max), ρ_i = exp(Σ_t log ρ_t) over the sequence
 *   sequence_mask      c_t = ρ_i inside [C_min, C_max], else 0             (sequence-mask TIS)
 * A missing bound is no bound. The weight multiplies the token's policy loss (never the KL term),
 * and the token stays in the aggregation's divisor, as TRL's per_token_loss · importance_sampling_ratio.
 */

export const SAMPLER_CORRECTION_MODES = ['token_truncate', 'token_mask', 'sequence_truncate', 'sequence_mask'] as const
export type SamplerCorrectionMode = (typeof SAMPLER_CORRECTION_MODES)[number]

/** TRL's vllm_importance_sampling_clip_max default. */
export const DEFAULT_SAMPLER_CLIP_MAX = 3

export interface SamplerCorrection {
  mode: SamplerCorrectionMode
  /** C_min, or null for none. */
  clipMin: number | null
  /** C_max, or null for none (the mask modes only: a truncation needs a cap). */
  clipMax: number | null
}

export interface SamplerCorrectionWeights {
  /** c_t of every token, sequence after sequence. */
  weights: Float64Array
  /** Share of tokens whose weight is not their ratio: truncated or masked (a sequence mode counts each token of a changed sequence). */
  correctedFraction: number
}

/**
 * c_t for every token of sequences of `lengths` tokens, from the learner's log π_old and the
 * sampler's log π_s. ρ is exp of the log-ratio, unclamped, as TRL computes it: an overflow to
 * Infinity is truncated to C_max or masked.
 */
export function samplerCorrectionWeights(learnerLogProbs: ArrayLike<number>, samplerLogProbs: ArrayLike<number>, lengths: ArrayLike<number>, correction: SamplerCorrection): SamplerCorrectionWeights {
  const tokens = learnerLogProbs.length
  if (samplerLogProbs.length !== tokens) throw new Error(`samplerCorrectionWeights: ${tokens} learner log-probabilities, ${samplerLogProbs.length} sampler ones`)
  const { mode, clipMin, clipMax } = correction
  const low = clipMin ?? -Infinity
  const high = clipMax ?? Infinity
  const truncates = mode === 'token_truncate' || mode === 'sequence_truncate'
  const perSequence = mode === 'sequence_truncate' || mode === 'sequence_mask'
  const weights = new Float64Array(tokens)
  let corrected = 0
  let start = 0
  for (let i = 0; i < lengths.length; i++) {
    const end = start + lengths[i]
    // log ρ_i = Σ_t (log π_old − log π_s) over the sequence
    let sequenceLogRatio = 0
    if (perSequence) for (let t = start; t < end; t++) sequenceLogRatio += learnerLogProbs[t] - samplerLogProbs[t]
    for (let t = start; t < end; t++) {
      const ratio = Math.exp(perSequence ? sequenceLogRatio : learnerLogProbs[t] - samplerLogProbs[t])
      // truncate: clamp(ρ, C_min, C_max); mask: ρ·𝟙[C_min ≤ ρ ≤ C_max]
      const weight = truncates ? Math.min(Math.max(ratio, low), high) : ratio >= low && ratio <= high ? ratio : 0
      weights[t] = weight
      if (weight !== ratio) corrected++
    }
    start = end
  }
  if (start !== tokens) throw new Error(`samplerCorrectionWeights: the sequences' lengths add up to ${start}, not the ${tokens} tokens given`)
  return { weights, correctedFraction: tokens === 0 ? 0 : corrected / tokens }
}

export interface SamplerMismatch {
  /** Mean over tokens of ρ_t = π_old/π_s (TRL's importance_sampling_ratio/mean before its correction). */
  ratioMean: number
  /** Largest ρ_t. */
  ratioMax: number
  /** k3 estimate of KL(π_s ‖ π_old) per token, mean over tokens of ρ_t − log ρ_t − 1 (verl's rollout_corr/k3_kl). */
  klK3: number
}

/** The gap between the sampler and the learner over a batch's tokens (all zeros for no token). */
export function samplerMismatch(learnerLogProbs: ArrayLike<number>, samplerLogProbs: ArrayLike<number>): SamplerMismatch {
  const tokens = learnerLogProbs.length
  if (samplerLogProbs.length !== tokens) throw new Error(`samplerMismatch: ${tokens} learner log-probabilities, ${samplerLogProbs.length} sampler ones`)
  if (tokens === 0) return { ratioMean: 0, ratioMax: 0, klK3: 0 }
  let ratioSum = 0
  let ratioMax = -Infinity
  let klSum = 0
  for (let t = 0; t < tokens; t++) {
    const logRatio = learnerLogProbs[t] - samplerLogProbs[t]
    const ratio = Math.exp(logRatio)
    ratioSum += ratio
    ratioMax = Math.max(ratioMax, ratio)
    // k3 = ρ − log ρ − 1 ≥ 0, the sample drawn from π_s
    klSum += ratio - logRatio - 1
  }
  return { ratioMean: ratioSum / tokens, ratioMax, klK3: klSum / tokens }
}
