/*
 * verl's KL controllers (core_algos.py: FixedKLController, AdaptiveKLController, after Ziegler et
 * al. 2019, "Fine-Tuning Language Models from Human Preferences"): β either stays as set, or after
 * each update moves by the observed KL's proportional error against a target, clipped to ±0.2 and
 * scaled by the update's steps over a horizon:
 *   e = clip(KL/target − 1, −0.2, 0.2),   β ← β·(1 + e·n/horizon)
 * verl passes n = the batch's sequences and KL = the mean over sequences of each one's mean token KL
 * of the sampling policy against the reference (apply_kl_penalty). Where e·n/horizon < −1 (a horizon
 * shorter than a fifth of the batch) verl's β would turn negative; here it stops at 0.
 */

/** verl's algorithm.kl_ctrl defaults: kl_coef 0.001 (our β has its own default), horizon 10000, target_kl 0.1. */
export const KL_CONTROL_DEFAULTS = { horizon: 10000, target: 0.1 } as const

/** How far one update's proportional error may reach. */
export const KL_CONTROL_ERROR_CLIP = 0.2

/** The target KL and the horizon over which β moves toward it. */
export interface KlControl {
  target: number
  horizon: number
}

/** β after one update that observed `observedKl` over `steps` sequences: β·(1 + clip(KL/target − 1, ±0.2)·n/horizon). */
export function adaptedKlCoefficient(beta: number, observedKl: number, steps: number, control: KlControl): number {
  if (!(control.target > 0 && control.horizon > 0)) throw new Error(`adaptive KL control needs a target and a horizon above 0, got ${control.target} and ${control.horizon}`)
  if (!Number.isFinite(observedKl) || !Number.isFinite(beta)) throw new Error(`adaptive KL control needs a finite β and KL, got ${beta} and ${observedKl}`)
  // e = clip(KL/target − 1, −0.2, 0.2)
  const error = Math.min(Math.max(observedKl / control.target - 1, -KL_CONTROL_ERROR_CLIP), KL_CONTROL_ERROR_CLIP)
  // β ← β·(1 + e·n/horizon), never below 0
  return Math.max(0, beta * (1 + (error * steps) / control.horizon))
}

/** mean_i(mean_t KL_i,t): each completion's mean token KL, averaged over completions (verl's current_kl); 0 for none. */
export function sequenceMeanKl(tokenKl: ArrayLike<number>, lengths: ArrayLike<number>, count: number = lengths.length): number {
  let total = 0
  let token = 0
  for (let i = 0; i < count; i++) {
    let sum = 0
    for (let t = 0; t < lengths[i]; t++) sum += tokenKl[token++]
    total += sum / lengths[i]
  }
  return count === 0 ? 0 : total / count
}
