/*
 * The Lagrange multiplier of a cost constraint. A reward component declared a cost with a budget c
 * asks that the episode's mean cost be at most c; its weight is a multiplier λ ≥ 0 that rises while
 * the constraint is broken and falls, never below 0, once it holds. After iteration t, whose
 * episodes' mean cost is Ĉ_t, with the step size η > 0 (projected gradient ascent on λ of the
 * Lagrangian J_R − λ(J_C − c)):
 *   λ_{t+1} = max(0, λ_t + η(Ĉ_t − c))
 * A design declares costs in `constraints` (costConstraint.ts); ScheduledMix applies this rule after
 * each iteration and pays the cost with weight −λ.
 */

export interface LagrangeUpdate {
  /** λ_t, the multiplier in force during the iteration: a finite number ≥ 0. */
  multiplier: number
  /** Ĉ_t, the episodes' mean cost over the iteration: a finite number. */
  meanCost: number
  /** c, the budget the mean cost must stay within: a finite number. */
  budget: number
  /** η, the multiplier's step size: a finite number > 0. */
  stepSize: number
}

/** The first problem of an update's numbers, or null where every one is accepted. */
export function lagrangeUpdateProblem({ multiplier, meanCost, budget, stepSize }: LagrangeUpdate): string | null {
  if (!(Number.isFinite(multiplier) && multiplier >= 0)) return `the multiplier λ is ${multiplier}; it must be a finite number of at least 0`
  if (!Number.isFinite(meanCost)) return `the mean cost Ĉ is ${meanCost}; it must be a finite number`
  if (!Number.isFinite(budget)) return `the budget c is ${budget}; it must be a finite number`
  if (!(Number.isFinite(stepSize) && stepSize > 0)) return `the step size η is ${stepSize}; it must be a finite number above 0`
  return null
}

/** λ_{t+1} = max(0, λ_t + η(Ĉ_t − c)). Throws on numbers lagrangeUpdateProblem refuses, or where the new λ overflows. */
export function nextLagrangeMultiplier(update: LagrangeUpdate): number {
  const problem = lagrangeUpdateProblem(update)
  if (problem !== null) throw new Error(`nextLagrangeMultiplier: ${problem}`)
  const { multiplier, meanCost, budget, stepSize } = update
  const next = Math.max(0, multiplier + stepSize * (meanCost - budget))
  if (!Number.isFinite(next)) throw new Error(`nextLagrangeMultiplier: the new multiplier came out as ${next}; the cost, budget or step size is too large to compute with`)
  return next
}
