import type { Rng } from '../rng'

/*
 * The token covariance of Clip-Cov and KL-Cov (Cui et al. 2025, "The Entropy Mechanism of
 * Reinforcement Learning for Reasoning Language Models"), and the tokens each picks by it, as
 * verl's compute_policy_loss_clip_cov and compute_policy_loss_kl_cov do, over the whole batch's
 * tokens that count in the loss (verl's response_mask), flat, completion after completion:
 *   cov_t = (A_t − mean(A))·(log π_t − mean(log π)),   both means over the counted tokens
 * Clip-Cov: n = max(⌊clip_cov_ratio·N⌋, 1) tokens drawn at random (verl: torch.randperm; here the
 *   seeded Rng, a partial Fisher–Yates) among the counted tokens with clip_cov_lb < cov_t <
 *   clip_cov_ub that PPO's clip does not already bind; their gradient is detached.
 * KL-Cov: the k = max(1, ⌊kl_cov_ratio·N⌋) counted tokens of largest cov_t (verl: torch.topk; a tie
 *   here goes to the earlier token); they take a KL penalty.
 * N is the number of counted tokens. The selection reads the numbers only: no gradient flows through it.
 */

/** verl's defaults (ActorConfig.policy_loss: clip_cov_ratio, clip_cov_lb, clip_cov_ub, kl_cov_ratio, ppo_kl_coef). */
export const CLIP_COV_DEFAULTS = { ratio: 0.0002, lb: 1, ub: 5 } as const
export const KL_COV_DEFAULTS = { ratio: 0.0002, coef: 0.1 } as const

/** Clip-Cov's share of tokens to detach and the band of covariance they are drawn from. */
export interface ClipCovOptions {
  ratio: number
  lb: number
  ub: number
}

/** KL-Cov's share of tokens to penalise and the penalty's coefficient (verl's ppo_kl_coef). */
export interface KlCovOptions {
  ratio: number
  coef: number
}

/** 1 for a token that counts in the loss, per token; absent, every token counts. */
export type CountedTokens = ArrayLike<number> | undefined

const counts = (counted: CountedTokens, t: number) => counted === undefined || counted[t] !== 0

/** cov_t = (A_t − mean A)·(log π_t − mean log π) over the counted tokens; NaN at a token that does not count. */
export function tokenCovariances(logProbs: ArrayLike<number>, advantages: ArrayLike<number>, counted: CountedTokens): Float64Array {
  const tokens = logProbs.length
  if (advantages.length !== tokens || (counted !== undefined && counted.length !== tokens)) throw new Error(`tokenCovariances: ${tokens} log-probabilities, ${advantages.length} advantages, ${counted?.length ?? tokens} counted flags`)
  let n = 0
  let advantageSum = 0
  let logProbSum = 0
  for (let t = 0; t < tokens; t++) {
    if (!counts(counted, t)) continue
    n++
    advantageSum += advantages[t]
    logProbSum += logProbs[t]
  }
  const covariances = new Float64Array(tokens).fill(Number.NaN)
  if (n === 0) return covariances
  const meanAdvantage = advantageSum / n
  const meanLogProb = logProbSum / n
  // cov_t = (A_t − Ā)·(log π_t − mean log π)
  for (let t = 0; t < tokens; t++) if (counts(counted, t)) covariances[t] = (advantages[t] - meanAdvantage) * (logProbs[t] - meanLogProb)
  return covariances
}

/** How many counted tokens there are. */
function countedTokens(tokens: number, counted: CountedTokens): number {
  let n = 0
  for (let t = 0; t < tokens; t++) if (counts(counted, t)) n++
  return n
}

/**
 * Clip-Cov's detached tokens (1 each): n = max(⌊ratio·N⌋, 1) drawn from the counted tokens with
 * lb < cov_t < ub and clippedByPpo_t = 0, all of them when fewer are in the band. Draws from `rng`
 * only when the band holds more than n tokens.
 */
export function clipCovSelection(covariances: ArrayLike<number>, clippedByPpo: ArrayLike<number>, counted: CountedTokens, options: ClipCovOptions, rng: Rng): Uint8Array {
  const tokens = covariances.length
  const selected = new Uint8Array(tokens)
  // verl: clip_num = max(int(clip_cov_ratio · response_mask.sum()), 1)
  const wanted = Math.max(Math.floor(options.ratio * countedTokens(tokens, counted)), 1)
  const band: number[] = []
  for (let t = 0; t < tokens; t++) {
    if (counts(counted, t) && clippedByPpo[t] === 0 && covariances[t] > options.lb && covariances[t] < options.ub) band.push(t)
  }
  if (band.length <= wanted) {
    for (const t of band) selected[t] = 1
    return selected
  }
  // the first `wanted` of a random permutation: a partial Fisher–Yates from the front
  for (let i = 0; i < wanted; i++) {
    const j = i + rng.int(band.length - i)
    const chosen = band[j]
    band[j] = band[i]
    band[i] = chosen
    selected[chosen] = 1
  }
  return selected
}

/** KL-Cov's penalised tokens (1 each): the k = max(1, ⌊ratio·N⌋) counted tokens of largest cov_t, the earlier first on a tie; none without counted tokens. */
export function klCovSelection(covariances: ArrayLike<number>, counted: CountedTokens, ratio: number): Uint8Array {
  const tokens = covariances.length
  const selected = new Uint8Array(tokens)
  const n = countedTokens(tokens, counted)
  if (n === 0) return selected
  // verl: k_percent_nums = max(1, int(len(cov) · kl_cov_ratio)), at most every token
  const k = Math.min(Math.max(1, Math.floor(n * ratio)), n)
  const order: number[] = []
  for (let t = 0; t < tokens; t++) if (counts(counted, t)) order.push(t)
  order.sort((a, b) => covariances[b] - covariances[a] || a - b)
  for (let i = 0; i < k; i++) selected[order[i]] = 1
  return selected
}

/** The share of the counted tokens selected (verl's pg_clipfrac for clip_cov); 0 without counted tokens. */
export function selectedShare(selected: ArrayLike<number>, counted: CountedTokens): number {
  const n = countedTokens(selected.length, counted)
  let chosen = 0
  for (let t = 0; t < selected.length; t++) if (selected[t] !== 0 && counts(counted, t)) chosen++
  return n === 0 ? 0 : chosen / n
}
