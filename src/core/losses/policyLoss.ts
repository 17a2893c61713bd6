import { aggregate, type Aggregation } from './aggregation'
import { cispoTokenLosses } from './cispo'
import { clipCovTokenLosses } from './clipCov'
import { CLIP_COV_DEFAULTS, KL_COV_DEFAULTS, type ClipCovOptions, type KlCovOptions } from './covariance'
import { geoMeanTokenLosses } from './geoMean'
import { gspoTokenLosses } from './gspo'
import { klPerToken, type KlEstimator } from './kl'
import { klCovTokenLosses } from './klCov'
import { CLIP_COV_POLICY_LOSSES, DELTA_POLICY_LOSSES, KL_COV_POLICY_LOSSES, POLICY_LOSSES, policyLossOf, TEMPERATURE_POLICY_LOSSES, type PolicyLossKind } from './policyLosses'
import { samplerCorrectionWeights, type SamplerCorrection } from './offPolicyCorrection'
import { ppoTokenLosses } from './ppo'
import type { ClipRange } from './ratio'
import { reinforceTokenLosses } from './reinforce'
import { Rng } from '../rng'
import { SAPO_DEFAULT_TEMPERATURES, sapoTokenLosses, type SapoTemperatures } from './sapo'
import { checkSameLayout, flatTokens, tokenCount, type Sequences } from './sequences'
import type { TokenLosses, TokenLossInput } from './tokenLosses'

/*
 * One batch's policy loss as verl's actor computes it: each token's policy-loss term, aggregated,
 * plus β times the aggregated KL to the reference policy when a KL estimator is chosen:
 *   policyLoss = agg(ℓ), kl = agg(KL) (0 without an estimator), loss = policyLoss + β·kl
 * GSPO's, GMPO's and SAPO's policy losses are always aggregated seq-mean-token-mean, as verl does
 * whatever the mode (the table's perSequence); the KL term follows the chosen aggregation.
 * clipFraction is the share of all tokens the loss counts as clipped (0 for REINFORCE, SAPO and
 * KL-Cov); clip_cov and kl_cov add selectedFraction, the share of tokens their covariance selected.
 */

export { POLICY_LOSSES, type PolicyLossKind } from './policyLosses'

export interface PolicyLossOptions {
  policyLoss: PolicyLossKind
  /** ε_low, ε_high; unused by reinforce. */
  clip: ClipRange
  /** Dual clip C > 1 for ppo, or null. */
  dualClip: number | null
  aggregation: Aggregation
  /** L for seq-mean-token-sum-norm, else null. */
  maxLength: number | null
  /** The KL estimator, or null for no KL term. */
  kl: KlEstimator | null
  /** β ≥ 0, the KL term's weight. */
  beta: number
  /** SAPO's τ_pos and τ_neg (sapo only); absent, verl's 1 and 1.05. */
  temperatures?: SapoTemperatures
  /** TRL's two-sided clip δ > 1 (ppo only); absent or null, none. */
  delta?: number | null
  /** Clip-Cov's ratio and band (clip_cov only); absent, verl's 0.0002, 1 and 5. */
  clipCov?: ClipCovOptions
  /** KL-Cov's ratio and coefficient (kl_cov only); absent, verl's 0.0002 and 0.1. */
  klCov?: KlCovOptions
  /** Where clip_cov draws its tokens (clip_cov only); absent, a generator seeded 0, so the reference is a function of its inputs. */
  rng?: Rng
  /** The correction for a sampler that is not the learner (offPolicyCorrection.ts), with samplerLogProbs; absent, none. */
  samplerCorrection?: SamplerCorrection
}

/** Advantages per token; refLogProbs exactly when options.kl is set. All in the layout of logProbs. */
export interface PolicyLossInputs extends TokenLossInput {
  refLogProbs: Sequences | null
  /** log π_s of each token under the sampler, exactly when options.samplerCorrection is set; oldLogProbs are then the learner's. */
  samplerLogProbs?: Sequences | null
}

export interface PolicyLossResult {
  loss: number
  policyLoss: number
  kl: number
  clipFraction: number
  /** ℓ_i,t before aggregation, KL not included. */
  tokenLoss: Float64Array[]
  /** clip_cov and kl_cov only: the share of all tokens the covariance selected (clip_cov's detached, kl_cov's penalised). */
  selectedFraction?: number
  /** With a sampler correction: the share of tokens whose weight c_t is not their ratio (truncated or masked). */
  correctedFraction?: number
}

export function policyLoss(inputs: PolicyLossInputs, options: PolicyLossOptions): PolicyLossResult {
  checkInputs(inputs, options)
  const { tokenLoss, clippedTokens, selectedTokens } = tokenLosses(inputs, options)
  const correctedFraction = correctSampler(tokenLoss, inputs, options)
  const policy = aggregate(tokenLoss, policyLossOf(options.policyLoss).perSequence ? 'seq-mean-token-mean' : options.aggregation, options.maxLength)
  const kl = options.kl === null || inputs.refLogProbs === null ? 0 : aggregate(klPerToken(inputs.logProbs, inputs.refLogProbs, options.kl), options.aggregation, options.maxLength)
  // loss = policyLoss + β·kl; without a KL term, the policy loss itself
  const loss = options.kl === null ? policy : policy + options.beta * kl
  const tokens = tokenCount(inputs.logProbs)
  return {
    loss,
    policyLoss: policy,
    kl,
    clipFraction: clippedTokens / tokens,
    tokenLoss,
    ...(selectedTokens === undefined ? {} : { selectedFraction: selectedTokens / tokens }),
    ...(correctedFraction === null ? {} : { correctedFraction }),
  }
}

/** ℓ_t ← c_t·ℓ_t in place, c_t the sampler correction's weight (TRL's per_token_loss × importance_sampling_ratio); the share corrected, or null without a correction. */
function correctSampler(tokenLoss: Float64Array[], inputs: PolicyLossInputs, options: PolicyLossOptions): number | null {
  if (options.samplerCorrection === undefined || inputs.samplerLogProbs == null) return null
  const { weights, correctedFraction } = samplerCorrectionWeights(flatTokens(inputs.oldLogProbs), flatTokens(inputs.samplerLogProbs), inputs.logProbs.map((sequence) => sequence.length), options.samplerCorrection)
  let t = 0
  for (const sequence of tokenLoss) for (let j = 0; j < sequence.length; j++) sequence[j] *= weights[t++]
  return correctedFraction
}

/** Each policy loss's per-token terms (the table is policyLosses.ts). */
const TOKEN_LOSSES: Record<PolicyLossKind, (inputs: TokenLossInput, options: PolicyLossOptions) => TokenLosses> = {
  ppo: (inputs, options) => ppoTokenLosses(inputs, options.clip, options.dualClip, options.delta ?? null),
  gspo: (inputs, options) => gspoTokenLosses(inputs, options.clip),
  gspo_token: (inputs, options) => gspoTokenLosses(inputs, options.clip),
  geo_mean: (inputs, options) => geoMeanTokenLosses(inputs, options.clip),
  cispo: (inputs, options) => cispoTokenLosses(inputs, options.clip),
  sapo: (inputs, options) => sapoTokenLosses(inputs, options.temperatures ?? SAPO_DEFAULT_TEMPERATURES),
  clip_cov: (inputs, options) => clipCovTokenLosses(inputs, options.clip, options.clipCov ?? CLIP_COV_DEFAULTS, options.rng ?? new Rng(0)),
  kl_cov: (inputs, options) => klCovTokenLosses(inputs, options.klCov ?? KL_COV_DEFAULTS),
  reinforce: (inputs) => reinforceTokenLosses(inputs),
}

function tokenLosses(inputs: TokenLossInput, options: PolicyLossOptions): TokenLosses {
  if (!Object.hasOwn(TOKEN_LOSSES, options.policyLoss)) throw new Error(`policyLoss: unknown policy loss "${String(options.policyLoss)}"; accepted: ${POLICY_LOSSES.join(', ')}`)
  return TOKEN_LOSSES[options.policyLoss](inputs, options)
}

function checkInputs(inputs: PolicyLossInputs, options: PolicyLossOptions): void {
  checkSameLayout('oldLogProbs', inputs.logProbs, inputs.oldLogProbs)
  checkSameLayout('advantages', inputs.logProbs, inputs.advantages)
  if ((options.kl === null) !== (inputs.refLogProbs === null)) throw new Error('policyLoss: refLogProbs go with a KL estimator, and only with one')
  if ((options.samplerCorrection === undefined) !== (inputs.samplerLogProbs == null)) throw new Error('policyLoss: samplerLogProbs go with a sampler correction, and only with one')
  if (inputs.samplerLogProbs != null) checkSameLayout('samplerLogProbs', inputs.logProbs, inputs.samplerLogProbs)
  if (inputs.refLogProbs !== null) checkSameLayout('refLogProbs', inputs.logProbs, inputs.refLogProbs)
  const { low, high } = options.clip
  if (!(low >= 0 && low <= 1 && high >= 0 && Number.isFinite(high))) throw new Error(`policyLoss: ε_low must be from 0 to 1 and ε_high finite and at least 0, got ${low} and ${high}`)
  if (options.dualClip !== null && options.policyLoss !== 'ppo') throw new Error(`policyLoss: the dual clip applies to ppo only, not ${options.policyLoss}`)
  if (options.dualClip !== null && !(options.dualClip > 1 && Number.isFinite(options.dualClip))) throw new Error(`policyLoss: the dual clip C must be a finite number above 1, got ${options.dualClip}`)
  if (!(options.beta >= 0 && Number.isFinite(options.beta))) throw new Error(`policyLoss: β must be a finite number of at least 0, got ${options.beta}`)
  const delta = options.delta ?? null
  if (delta !== null && !DELTA_POLICY_LOSSES.includes(options.policyLoss)) throw new Error(`policyLoss: the two-sided clip δ applies to ppo only, not ${options.policyLoss}`)
  if (delta !== null && !(delta > 1 && Number.isFinite(delta))) throw new Error(`policyLoss: the two-sided clip δ must be a finite number above 1, got ${delta}`)
  const temperatures = options.temperatures
  if (temperatures !== undefined && !TEMPERATURE_POLICY_LOSSES.includes(options.policyLoss)) throw new Error(`policyLoss: the temperatures τ_pos and τ_neg apply to sapo only, not ${options.policyLoss}`)
  if (temperatures !== undefined && !(temperatures.pos > 0 && temperatures.neg > 0 && Number.isFinite(temperatures.pos) && Number.isFinite(temperatures.neg))) {
    throw new Error(`policyLoss: the temperatures τ_pos and τ_neg must be finite numbers above 0, got ${temperatures.pos} and ${temperatures.neg}`)
  }
  if (options.clipCov !== undefined && !CLIP_COV_POLICY_LOSSES.includes(options.policyLoss)) throw new Error(`policyLoss: Clip-Cov's ratio and band apply to clip_cov only, not ${options.policyLoss}`)
  if (options.clipCov !== undefined) {
    const { ratio, lb, ub } = options.clipCov
    if (!(ratio > 0 && ratio <= 1 && Number.isFinite(lb) && Number.isFinite(ub) && lb < ub)) throw new Error(`policyLoss: Clip-Cov's ratio must be above 0 and at most 1 and its band lb < ub finite, got ${ratio}, ${lb} and ${ub}`)
  }
  if (options.klCov !== undefined && !KL_COV_POLICY_LOSSES.includes(options.policyLoss)) throw new Error(`policyLoss: KL-Cov's ratio and coefficient apply to kl_cov only, not ${options.policyLoss}`)
  if (options.klCov !== undefined && !(options.klCov.ratio > 0 && options.klCov.ratio <= 1 && options.klCov.coef >= 0 && Number.isFinite(options.klCov.coef))) {
    throw new Error(`policyLoss: KL-Cov's ratio must be above 0 and at most 1 and its coefficient finite and at least 0, got ${options.klCov.ratio} and ${options.klCov.coef}`)
  }
}
