/*
 * Best-of-n against a proxy (Gao, Schulman & Hilton 2023, §2.2): for each prompt draw n completions
 * from the start policy π and keep the one the proxy reward scores highest. No training: the
 * "policy" best-of-n is a reweighting of π, and its distance from π is known in closed form.
 *
 * Draw-once scheme: each prompt has N_max completions drawn once, in order; best-of-n takes the
 * first n of them. So the curves over n are nested (best-of-2n chooses from a superset of
 * best-of-n's candidates) and one draw serves every n. Gao et al. estimate each n's mean instead
 * without bias from all n-subsets of their N samples; ours is one subset per prompt, so each n's
 * mean has a little more variance and the same expectation.
 */

/** The largest n the evaluation takes: 2^10 completions per prompt. */
export const MAX_BEST_OF_N = 1024

/**
 * KL(best-of-n ‖ π) = log n − (n − 1)/n, in nats (Stiennon et al. 2020, Appendix G.3; Gao et al. 2023
 * eq. 1). Beirami et al. 2024 (Thm 3.1) show it is an upper bound on the true KL, reached only as
 * every completion's probability under π goes to 0; where completions repeat (the token task's short
 * answers do) the true KL is smaller.
 */
export function bestOfNKl(n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new Error(`best-of-n needs a whole n of at least 1, got ${n}`)
  return Math.log(n) - (n - 1) / n
}

/**
 * The index of the completion best-of-n keeps among scores[offset] … scores[offset + n − 1]: the
 * highest score; ties go to the first drawn (the lowest index), so a larger n changes the choice
 * only where a later draw scores strictly more.
 */
export function bestOfNPick(scores: ArrayLike<number>, offset: number, n: number): number {
  let best = offset
  for (let j = offset + 1; j < offset + n; j++) if (scores[j] > scores[best]) best = j
  return best
}

/** One n of the curve: the means over prompts of the chosen completions' gold and proxy. */
export interface BestOfNPoint {
  n: number
  /** Mean true objective of the chosen completions. */
  gold: number
  /** Mean proxy reward of the chosen completions (the design's mixed reward). */
  proxy: number
  /** KL(best-of-n ‖ π) = log n − (n − 1)/n. */
  kl: number
  sqrtKl: number
}

/**
 * The best-of-n curve over `ns` (ascending, each at most `perPrompt`): prompt p's draws are rows
 * p·perPrompt … p·perPrompt + perPrompt − 1 of `proxy` (the score best-of-n maximises) and `gold`.
 *   gold(n) = (1/P)·Σ_p gold[pick_p(n)],  proxy(n) = (1/P)·Σ_p proxy[pick_p(n)]
 */
export function bestOfNCurve(proxy: ArrayLike<number>, gold: ArrayLike<number>, perPrompt: number, ns: readonly number[]): BestOfNPoint[] {
  if (proxy.length !== gold.length) throw new Error(`best-of-n: ${proxy.length} proxy scores but ${gold.length} gold scores`)
  if (perPrompt < 1 || proxy.length % perPrompt !== 0 || proxy.length === 0) throw new Error(`best-of-n: ${proxy.length} scores do not split into prompts of ${perPrompt}`)
  const prompts = proxy.length / perPrompt
  return ns.map((n) => {
    if (n > perPrompt) throw new Error(`best-of-n: n = ${n} is more than the ${perPrompt} completions drawn per prompt`)
    let goldSum = 0
    let proxySum = 0
    for (let p = 0; p < prompts; p++) {
      const chosen = bestOfNPick(proxy, p * perPrompt, n)
      goldSum += gold[chosen]
      proxySum += proxy[chosen]
    }
    const kl = bestOfNKl(n)
    return { n, gold: goldSum / prompts, proxy: proxySum / prompts, kl, sqrtKl: Math.sqrt(kl) }
  })
}

/** The powers of two 1, 2, 4, … up to `largest`: the usual ladder of n. */
export function powersOfTwoUpTo(largest: number): number[] {
  const ns: number[] = []
  for (let n = 1; n <= largest; n *= 2) ns.push(n)
  return ns
}

/** What a best-of-n curve shows of over-optimisation: where its gold peaks, how far it falls after, how far the proxy climbs meanwhile. */
export interface BestOfNPeak {
  /** The n of the highest gold (the smallest such n on a tie). */
  peakN: number
  peakGold: number
  /** √KL(best-of-n ‖ π) at peakN. */
  peakSqrtKl: number
  /** peakGold − the gold at the largest n: how far the gold fell from its best. */
  goldFall: number
  /** The proxy at the largest n − the proxy at peakN: how far the proxy climbed after the gold's best. */
  proxyRise: number
}

/** The peak of a curve of ascending n (bestOfNCurve's). */
export function bestOfNPeak(points: readonly BestOfNPoint[]): BestOfNPeak {
  if (points.length === 0) throw new Error('best-of-n: a curve needs at least one n')
  let peak = points[0]
  for (const point of points) if (point.gold > peak.gold) peak = point
  const last = points[points.length - 1]
  return { peakN: peak.n, peakGold: peak.gold, peakSqrtKl: peak.sqrtKl, goldFall: peak.gold - last.gold, proxyRise: last.proxy - peak.proxy }
}
