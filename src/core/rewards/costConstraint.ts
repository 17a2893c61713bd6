import { z } from 'zod'
import { describedObject, finiteNumber } from './transforms'
import { nameRecord } from '../reservedNames'

/*
 * A component declared a cost with a budget: the episode's mean cost Ĉ = mean over episodes of
 * Σ_t c_k,t (the component's raw values summed over the episode) must be at most the budget c. The
 * component's weight is then −λ, a Lagrange multiplier λ ≥ 0 that starts at `initial` and after each
 * iteration follows λ ← max(0, λ + η(Ĉ − c)) (lagrangeMultiplier.ts), Ĉ over the episodes that
 * finished in that iteration. A cost is paid with weight −λ: the more a component's raw value, the
 * more it costs. An iteration in which no episode finished leaves λ as it was. The slider's weight and
 * range do not apply to a constrained component; it cannot also follow a schedule.
 */

export const CostConstraintSchema = describedObject(
  {
    budget: finiteNumber('budget: a finite number, the most mean cost per episode (c)'),
    stepSize: z
      .number({ error: 'expected stepSize: a finite number above 0, the multiplier’s step size (η)' })
      .refine((value) => Number.isFinite(value) && value > 0, { error: 'expected stepSize: a finite number above 0, the multiplier’s step size (η)' }),
    initial: z
      .number({ error: 'expected initial: a finite number of at least 0, the multiplier at the start (λ₀)' })
      .refine((value) => Number.isFinite(value) && value >= 0, { error: 'expected initial: a finite number of at least 0, the multiplier at the start (λ₀)' })
      .default(0),
  },
  'a cost constraint',
)
export type CostConstraint = z.infer<typeof CostConstraintSchema>

/** Component name → its budget and multiplier. */
export const CostConstraintsSchema = nameRecord(CostConstraintSchema, { error: 'expected constraints: an object of component name → {"budget", "stepSize", "initial"}' })
export type CostConstraints = z.infer<typeof CostConstraintsSchema>

/** Whether any component is declared a cost. */
export function hasConstraints(constraints: Readonly<CostConstraints> | undefined): constraints is CostConstraints {
  return constraints !== undefined && Object.keys(constraints).length > 0
}

/** A constraint in words: "mean cost ≤ 0.3 per episode, η 0.5, λ₀ 0". */
export function describeConstraint({ budget, stepSize, initial }: CostConstraint): string {
  return `mean cost ≤ ${budget} per episode, η ${stepSize}, λ₀ ${initial}`
}

/**
 * Every problem of constraints against the components they may name and the design's schedules: an
 * unknown name, a component that is also scheduled. Paths as "constraints.<name>"; [] when they fit.
 */
export function constraintProblems(constraints: Readonly<CostConstraints> | undefined, componentNames: readonly string[], scheduled: readonly string[]): string[] {
  if (constraints === undefined) return []
  const problems: string[] = []
  for (const name of Object.keys(constraints)) {
    if (!componentNames.includes(name)) problems.push(`${constraintPath(name)}: there is no component "${name}" to give a budget; accepted: ${componentNames.join(', ')}`)
    else if (scheduled.includes(name)) problems.push(`${constraintPath(name)}: "${name}" follows a schedule, and a cost's weight is its multiplier; accepted: a schedule or a budget, not both`)
  }
  return problems
}

/**
 * Ĉ of component k over an iteration's finished episodes: the mean of Σ_t c_k,t over those whose
 * sums cover the whole episode (componentSums not null); null where there is none.
 */
export function meanEpisodeCost(episodes: readonly { componentSums: readonly number[] | null }[], k: number): number | null {
  let sum = 0
  let count = 0
  for (const episode of episodes) {
    if (episode.componentSums === null || k >= episode.componentSums.length) continue
    sum += episode.componentSums[k]
    count += 1
  }
  return count === 0 ? null : sum / count
}

/** "constraints.length", or constraints["odd key"] where the name is not a plain identifier. */
function constraintPath(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `constraints.${name}` : `constraints[${JSON.stringify(name)}]`
}
