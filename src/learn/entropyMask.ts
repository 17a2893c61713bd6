/**
 * High-entropy token training ("Beyond the 80/20 Rule", Wang et al. 2025): the mask m_t of the
 * tokens that carry policy-gradient weight, the top `fraction` q of the batch's tokens by the
 * policy's entropy at the token, H_t = −Σ_a π(a|s_t)·log π(a|s_t).
 *
 * The pool is the tokens the loss counts (`weights` > 0: a completion masked out of the loss is no
 * candidate, as TRL's get_high_entropy_mask and the paper's get_global_entropy_top_mask take only
 * the response mask's tokens). Of its N tokens, k = ⌈q·N⌉ (at least 1) are wanted, as the paper's
 * code counts them; the threshold τ is the k-th largest entropy, and m_t = 1 where H_t ≥ τ. Ties at
 * the threshold are in (TRL's `entropies >= threshold`), so that the choice never depends on the
 * order of the batch: where tokens share a state (a group's first tokens share their prompt), more
 * than k may be kept. Returns the mask and how many tokens it keeps, and how many were candidates.
 */
export function highEntropyMask(entropies: ArrayLike<number>, weights: ArrayLike<number>, fraction: number): { mask: Uint8Array; kept: number; candidates: number } {
  const tokens = entropies.length
  if (weights.length !== tokens) throw new Error(`highEntropyMask: ${tokens} entropies for ${weights.length} weights`)
  if (!(fraction > 0 && fraction <= 1)) throw new Error(`highEntropyMask: the fraction must be above 0 and at most 1, got ${fraction}`)
  const pool: number[] = []
  for (let t = 0; t < tokens; t++) if (weights[t] > 0) pool.push(entropies[t])
  const mask = new Uint8Array(tokens)
  if (pool.length === 0) return { mask, kept: 0, candidates: 0 }
  // k = ⌈q·N⌉; the 1e-9 keeps a product such as 0.7·10 = 7.000000000000001 from rounding up to 8.
  const wanted = Math.min(pool.length, Math.max(1, Math.ceil(fraction * pool.length - 1e-9)))
  pool.sort((a, b) => b - a)
  const threshold = pool[wanted - 1]
  let kept = 0
  for (let t = 0; t < tokens; t++) {
    if (weights[t] > 0 && entropies[t] >= threshold) {
      mask[t] = 1
      kept++
    }
  }
  return { mask, kept, candidates: pool.length }
}
