import * as tf from '@tensorflow/tfjs'
import type { Aggregation } from '../core/losses/aggregation'
import type { GrpoOptions } from '../core/run/config'
import type { Mlp } from './mlp'
import { sequenceLayout, type SequenceLayout } from './sequenceOps'
import { tokenKl } from './tokenKl'
import { tokenPolicyLosses } from './tokenPolicyLosses'

export type { Aggregation }

/**
 * Every token of a batch of completions, completion after completion, on the backend. Each token
 * carries its completion's advantage and its weight in the aggregated loss.
 */
export interface GrpoTokenBatch {
  obs: tf.Tensor2D
  /** int32 */
  actions: tf.Tensor1D
  /** log π_old(o_t|·): the policy that sampled the completion. */
  oldLogProbs: tf.Tensor1D
  /** log π_ref(o_t|·): the frozen initial policy. */
  refLogProbs: tf.Tensor1D
  /** A_i of the token's completion. */
  advantages: tf.Tensor1D
  /** w_t of the chosen aggregation (aggregationWeights): agg(x) = Σ_t w_t·x_t. The KL term's, and the policy loss's but GSPO's. */
  weights: tf.Tensor1D
  /** w_t of the policy loss: `weights`, or seq-mean-token-mean's for GSPO, which verl always averages per sequence. */
  policyWeights: tf.Tensor1D
  /** Which tokens make each completion. */
  sequences: SequenceLayout
}

export type GrpoLossOptions = Pick<GrpoOptions, 'policyLoss' | 'epsLow' | 'epsHigh' | 'dualClip' | 'kl' | 'beta'> & { numActions: number }

/** Scalars; `loss` is the one to differentiate, the rest are diagnostics. */
export interface GrpoLossTerms {
  /** policyLoss + β·kl, as the core's `loss`. */
  loss: tf.Scalar
  /** The aggregated policy loss alone (the KL term left out), as the core's `policyLoss`. */
  policyLoss: tf.Scalar
  /** agg(KL): the chosen estimator aggregated as the loss aggregates it, as the core's `kl`. */
  kl: tf.Scalar
  /** The estimator's mean over the batch's tokens, whatever the aggregation (TRL's kl metric: the kl diagnostic). */
  tokenMeanKl: tf.Scalar
  /** Share of tokens clipped at the lower bound (ppo, gspo: with A < 0; cispo: whatever A). */
  clipLow: tf.Scalar
  /** Share of tokens clipped at the upper bound; clipLow + clipHigh is the core's clipFraction. */
  clipHigh: tf.Scalar
}

/** The policy losses whose policy term verl always aggregates seq-mean-token-mean. */
function averagesPerSequence(policyLoss: GrpoOptions['policyLoss']): boolean {
  return policyLoss === 'gspo' || policyLoss === 'gspo_token'
}

/**
 * The aggregation's tensors of a batch of completions of `lengths` tokens (L = maxLength): w of the
 * chosen aggregation, w′ of the policy loss, and the layout GSPO's sequence ratio reads. `masked`
 * (1 for a completion left out of the loss) is aggregationWeights'.
 */
export function aggregationTensors(
  lengths: ArrayLike<number>,
  options: Pick<GrpoOptions, 'policyLoss' | 'aggregation'>,
  maxLength: number,
  masked?: ArrayLike<number>,
): Pick<GrpoTokenBatch, 'weights' | 'policyWeights' | 'sequences'> {
  const weights = tf.tensor1d(aggregationWeights(lengths, options.aggregation, maxLength, masked))
  const policyAggregation = averagesPerSequence(options.policyLoss) ? 'seq-mean-token-mean' : options.aggregation
  const policyWeights = policyAggregation === options.aggregation ? weights : tf.tensor1d(aggregationWeights(lengths, policyAggregation, maxLength, masked))
  return { weights, policyWeights, sequences: sequenceLayout(lengths) }
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

/**
 * The GRPO-family objective from the current policy's log-probabilities of the batch's tokens, as
 * src/core/losses/policyLoss.ts computes it (verl's actor):
 *   ℓ_t     each token's policy-loss term (tokenPolicyLosses.ts: ppo, gspo, gspo_token, cispo, reinforce)
 *   KL_t    the chosen estimator (tokenKl.ts: k1, k2, k3)
 *   L = agg(ℓ) + β·agg(KL) = Σ_t w′_t·ℓ_t + β·Σ_t w_t·KL_t
 * with w′ = w but for GSPO, whose policy term is always a mean per sequence, then over sequences.
 */
export function grpoTerms(logProbs: tf.Tensor1D, batch: Omit<GrpoTokenBatch, 'obs' | 'actions'>, options: Omit<GrpoLossOptions, 'numActions'>): GrpoLossTerms {
  const { beta } = options
  return tf.tidy(() => {
    const { tokenLoss, clippedLow, clippedHigh } = tokenPolicyLosses(logProbs, batch, options)
    const kl = tokenKl(logProbs, batch.refLogProbs, options.kl)
    const policyLoss = tf.sum(tf.mul(batch.policyWeights, tokenLoss)) as tf.Scalar
    const aggregatedKl = tf.sum(tf.mul(batch.weights, kl)) as tf.Scalar
    // Without a penalty the KL stays out of the graph: an overflowing estimate cannot turn 0·∞ into NaN.
    const loss = (beta > 0 ? tf.add(policyLoss, tf.mul(beta, aggregatedKl)) : tf.clone(policyLoss)) as tf.Scalar
    const clipLow = tf.mean(tf.cast(clippedLow, 'float32')) as tf.Scalar
    const clipHigh = tf.mean(tf.cast(clippedHigh, 'float32')) as tf.Scalar
    return { loss, policyLoss, kl: aggregatedKl, tokenMeanKl: tf.mean(kl) as tf.Scalar, clipLow, clipHigh }
  })
}

/** log π(o_t|s_t) of every token and the mean entropy of π(·|s_t) over the tokens. */
export function tokenLogProbs(actor: Mlp, obs: tf.Tensor2D, actions: tf.Tensor1D, numActions: number): { logProbs: tf.Tensor1D; entropy: tf.Scalar } {
  return tf.tidy(() => {
    // log π(·|s) = log_softmax(logits)
    const logProbsAll = tf.logSoftmax(actor.apply(obs))
    const logProbs = tf.sum(tf.mul(logProbsAll, tf.oneHot(actions, numActions)), 1) as tf.Tensor1D
    // H(π(·|s)) = −Σ_a π(a|s)·log π(a|s)
    const entropy = tf.mean(tf.neg(tf.sum(tf.mul(tf.exp(logProbsAll), logProbsAll), 1))) as tf.Scalar
    return { logProbs, entropy }
  })
}

/** The whole objective for `actor` on a token batch, with the entropy as a diagnostic. */
export function grpoLoss(actor: Mlp, batch: GrpoTokenBatch, options: GrpoLossOptions): GrpoLossTerms & { entropy: tf.Scalar } {
  return tf.tidy(() => {
    const { logProbs, entropy } = tokenLogProbs(actor, batch.obs, batch.actions, options.numActions)
    return { ...grpoTerms(logProbs, batch, options), entropy }
  })
}
