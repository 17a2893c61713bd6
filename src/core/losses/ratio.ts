/*
 * The per-token importance ratio r = π/π_old that PPO and CISPO weigh a token by, and its clip
 * range [1 − ε_low, 1 + ε_high] (DAPO's asymmetric "clip-higher"; ε_low = ε_high is PPO's).
 */

/** verl clamps log π − log π_old to ±20 before exponentiating, so r stays within e^±20 (≈ 4.9e8). */
export const LOG_RATIO_LIMIT = 20

/** ε_low and ε_high: the ratio is clipped to [1 − low, 1 + high]. */
export interface ClipRange {
  low: number
  high: number
}

/** r = exp(clamp(log π − log π_old, −20, 20)) */
export function tokenRatio(logProb: number, oldLogProb: number): number {
  return Math.exp(Math.min(Math.max(logProb - oldLogProb, -LOG_RATIO_LIMIT), LOG_RATIO_LIMIT))
}

/** clip(r, 1 − ε_low, 1 + ε_high) */
export function clipRatio(ratio: number, clip: ClipRange): number {
  return Math.min(Math.max(ratio, 1 - clip.low), 1 + clip.high)
}

/** Whether r lies outside [1 − ε_low, 1 + ε_high], strictly: a ratio on the bound is not clipped. */
export function ratioOutsideClip(ratio: number, clip: ClipRange): boolean {
  return ratio < 1 - clip.low || ratio > 1 + clip.high
}
