import { z } from 'zod'
import { describedObject, finiteNumber } from './transforms'
import { nameRecord, ownValue } from '../reservedNames'

/*
 * A reward weight that follows a schedule over training: from `from` to `to` over `steps`
 * environment steps (linear or cosine), or a step from `from` to `to` at step `steps`. A component
 * without a schedule keeps its constant weight. The weight in force for an iteration is the
 * schedule's value at the run's env step count when that iteration begins (before its rollout).
 */

export const SCHEDULE_KINDS = ['linear', 'cosine', 'step'] as const
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number]

/** The longest schedule: `train --steps`' own bound on a run. */
export const MAX_SCHEDULE_STEPS = 1_000_000_000

export const WeightScheduleSchema = describedObject(
  {
    kind: z.enum(SCHEDULE_KINDS, { error: `expected a schedule kind; accepted: ${SCHEDULE_KINDS.join(', ')}` }),
    from: finiteNumber('from: a finite number, the weight at step 0'),
    to: finiteNumber('to: a finite number, the weight from `steps` on'),
    steps: z
      .number({ error: `expected steps: a whole number from 1 to ${MAX_SCHEDULE_STEPS}` })
      .int({ error: `expected steps: a whole number from 1 to ${MAX_SCHEDULE_STEPS}` })
      .min(1, { error: `expected steps: a whole number from 1 to ${MAX_SCHEDULE_STEPS}` })
      .max(MAX_SCHEDULE_STEPS, { error: `expected steps: a whole number from 1 to ${MAX_SCHEDULE_STEPS}` }),
  },
  'a weight schedule',
)
export type WeightSchedule = z.infer<typeof WeightScheduleSchema>

/** Component name → its schedule. */
export const WeightSchedulesSchema = nameRecord(WeightScheduleSchema, { error: 'expected schedules: an object of component name → {"kind", "from", "to", "steps"}' })
export type WeightSchedules = z.infer<typeof WeightSchedulesSchema>

/** The weight a schedule puts in force at environment step t (t ≥ 0). */
export function scheduledWeight({ kind, from, to, steps }: WeightSchedule, t: number): number {
  // The fraction of the schedule done: p = min(t / N, 1).
  const done = Math.min(Math.max(t, 0) / steps, 1)
  switch (kind) {
    case 'linear':
      // w = a + (b − a)·p
      return from + (to - from) * done
    case 'cosine':
      // w = b + (a − b)·(1 + cos(π·p))/2
      return to + ((from - to) * (1 + Math.cos(Math.PI * done))) / 2
    case 'step':
      // w = a for t < N, b from t = N on
      return t < steps ? from : to
  }
}

/** The weights in force at env step t: `weights`, with every scheduled component's at its schedule's value. */
export function weightsAt(weights: Readonly<Record<string, number>>, schedules: Readonly<WeightSchedules> | undefined, t: number): Record<string, number> {
  if (schedules === undefined) return { ...weights }
  // fromEntries: a name is a key like any other (reservedNames.ts).
  return Object.fromEntries([...Object.entries(weights).filter(([name]) => ownValue(schedules, name) === undefined), ...Object.entries(schedules).map(([name, schedule]) => [name, scheduledWeight(schedule, t)] as const)])
}

/** Whether any weight is scheduled. */
export function hasSchedules(schedules: Readonly<WeightSchedules> | undefined): schedules is WeightSchedules {
  return schedules !== undefined && Object.keys(schedules).length > 0
}

/** A schedule in words: "linear 1 → 0 over 10000 steps", "step 1 → 0 at step 5000". */
export function describeSchedule({ kind, from, to, steps }: WeightSchedule): string {
  return kind === 'step' ? `step ${from} → ${to} at step ${steps}` : `${kind} ${from} → ${to} over ${steps} steps`
}

/** A component a schedule may name: its name and its slider's range. */
export interface SchedulableComponent {
  name: string
  range: readonly [number, number]
}

/**
 * Every problem of schedules against the components they may name (each with its slider's range):
 * an unknown name, a `from` or `to` outside the range. Paths as "schedules.<name>.from"; [] when they fit.
 */
export function scheduleProblems(schedules: Readonly<WeightSchedules> | undefined, components: readonly SchedulableComponent[]): string[] {
  if (schedules === undefined) return []
  const problems: string[] = []
  for (const [name, schedule] of Object.entries(schedules)) {
    const component = components.find((c) => c.name === name)
    if (!component) {
      problems.push(`${schedulePath(name)}: there is no component "${name}" to schedule; accepted: ${components.map((c) => c.name).join(', ')}`)
      continue
    }
    const [lo, hi] = component.range
    for (const end of ['from', 'to'] as const) {
      if (schedule[end] < lo || schedule[end] > hi) problems.push(`${schedulePath(name)}.${end}: ${schedule[end]} is outside ${name}'s slider range; accepted: a number from ${lo} to ${hi}`)
    }
  }
  return problems
}

/** "schedules.alive", or schedules["odd key"] where the name is not a plain identifier. */
function schedulePath(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `schedules.${name}` : `schedules[${JSON.stringify(name)}]`
}
