import type { EnvSpec } from '../core/envs/types'
import { isReservedName, reservedNameProblem } from '../core/reservedNames'
import { CostConstraintSchema, type CostConstraint, type CostConstraints } from '../core/rewards/costConstraint'
import type { WeightSchedules } from '../core/rewards/weightSchedule'
import { truncate } from '../core/truncate'
import { LINK } from './linkKeys'

/*
 * Cost constraints in a link: one key per cost, `wc.<component>=<budget>_<stepSize>_<initial>`
 * (e.g. wc.work=10_0.01_0), as scheduleLink.ts writes a schedule: `_` separates, no number holds one.
 */

export const CONSTRAINT_KEY_PREFIX = LINK.constraint

const ACCEPTED = 'accepted: budget_stepSize_initial, e.g. 10_0.01_0: budget a finite number, stepSize above 0, initial at least 0'

/** The link's text for a constraint: "10_0.01_0". */
export function constraintToText({ budget, stepSize, initial }: CostConstraint): string {
  return [budget, stepSize, initial].map(String).join('_')
}

/**
 * The constraints a link's `wc.` keys give, against the spec's components and the link's schedules
 * (a scheduled component takes no budget). A bad one is left out and named in `ignored`.
 */
export function constraintsFromQuery(query: URLSearchParams, spec: EnvSpec, schedules: WeightSchedules | undefined, ignored: string[]): CostConstraints | undefined {
  const entries: [string, CostConstraint][] = []
  for (const [key, value] of query) {
    if (!key.startsWith(CONSTRAINT_KEY_PREFIX)) continue
    const name = key.slice(CONSTRAINT_KEY_PREFIX.length)
    if (isReservedName(name)) {
      ignored.push(`budget of ${truncate(name)}: ${reservedNameProblem(name)}`)
      continue
    }
    if (!spec.components.some((c) => c.name === name)) {
      ignored.push(`budget of unknown component "${truncate(name)}" (accepted: ${spec.components.map((c) => c.name).join(', ')})`)
      continue
    }
    if (schedules !== undefined && Object.hasOwn(schedules, name)) {
      ignored.push(`budget of ${name}: it follows a schedule (accepted: a schedule or a budget, not both)`)
      continue
    }
    const constraint = constraintFromText(value)
    if (constraint === null) ignored.push(`budget of ${name} "${truncate(value)}" (${ACCEPTED})`)
    else entries.push([name, constraint])
  }
  return entries.length === 0 ? undefined : Object.fromEntries(entries)
}

/** "budget_stepSize_initial" read as a constraint, or null where it is not one (a blank number is not 0). */
function constraintFromText(text: string): CostConstraint | null {
  const parts = text.split('_')
  if (parts.length !== 3 || parts.some((part) => part.trim() === '')) return null
  const [budget, stepSize, initial] = parts.map(Number)
  const parsed = CostConstraintSchema.safeParse({ budget, stepSize, initial })
  return parsed.success ? parsed.data : null
}

/** Write each constraint under its `wc.` key, in the spec's component order. */
export function constraintsToQuery(constraints: CostConstraints | undefined, spec: EnvSpec, query: URLSearchParams): void {
  if (constraints === undefined) return
  for (const component of spec.components) {
    const constraint = Object.hasOwn(constraints, component.name) ? constraints[component.name] : undefined
    if (constraint !== undefined) query.set(`${CONSTRAINT_KEY_PREFIX}${component.name}`, constraintToText(constraint))
  }
}
