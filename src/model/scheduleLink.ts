import type { EnvSpec } from '../core/envs/types'
import { isReservedName, reservedNameProblem } from '../core/reservedNames'
import { MAX_SCHEDULE_STEPS, SCHEDULE_KINDS, scheduleProblems, WeightScheduleSchema, type WeightSchedule, type WeightSchedules } from '../core/rewards/weightSchedule'
import { truncate } from '../core/truncate'
import { LINK } from './linkKeys'

/*
 * Weight schedules in a link: one key per scheduled component, `ws.<component>=<kind>_<from>_<to>_<steps>`
 * (e.g. ws.alive=linear_1_0_10000). `_` is the one separator a search parameter keeps unescaped
 * that no number contains, so the link stays short and readable.
 */

export const SCHEDULE_KEY_PREFIX = LINK.schedule

/** The link's text for a schedule: "linear_1_0_10000". */
export function scheduleToText({ kind, from, to, steps }: WeightSchedule): string {
  return [kind, String(from), String(to), String(steps)].join('_')
}

/** What a schedule's text may be, for messages. */
function accepted(component: EnvSpec['components'][number]): string {
  return `accepted: kind_from_to_steps, e.g. linear_1_0_10000: kind ${SCHEDULE_KINDS.join(', ')}; from and to from ${component.range[0]} to ${component.range[1]}; steps a whole number from 1 to ${MAX_SCHEDULE_STEPS}`
}

/**
 * The schedules a link's `ws.` keys give, against the spec's components (the environment's and the
 * design's). A bad one is left out and named in `ignored` (with what is accepted); the rest are kept.
 */
export function schedulesFromQuery(query: URLSearchParams, spec: EnvSpec, ignored: string[]): WeightSchedules | undefined {
  const entries: [string, WeightSchedule][] = []
  for (const [key, value] of query) {
    if (!key.startsWith(SCHEDULE_KEY_PREFIX)) continue
    const name = key.slice(SCHEDULE_KEY_PREFIX.length)
    if (isReservedName(name)) {
      ignored.push(`schedule of ${truncate(name)}: ${reservedNameProblem(name)}`)
      continue
    }
    const component = spec.components.find((c) => c.name === name)
    if (!component) {
      ignored.push(`schedule of unknown component "${truncate(name)}" (accepted: ${spec.components.map((c) => c.name).join(', ')})`)
      continue
    }
    const schedule = scheduleFromText(value)
    const problems = schedule === null ? ['not a schedule'] : scheduleProblems({ [name]: schedule }, [component])
    if (schedule === null || problems.length > 0) ignored.push(`schedule of ${name} "${truncate(value)}" (${accepted(component)})`)
    else entries.push([name, schedule])
  }
  return entries.length === 0 ? undefined : Object.fromEntries(entries)
}

/** "kind_from_to_steps" read as a schedule, or null where it is not one (a blank number is not 0). */
function scheduleFromText(text: string): WeightSchedule | null {
  const parts = text.split('_')
  if (parts.length !== 4 || parts.slice(1).some((part) => part.trim() === '')) return null
  const [kind, from, to, steps] = parts
  const parsed = WeightScheduleSchema.safeParse({ kind, from: Number(from), to: Number(to), steps: Number(steps) })
  return parsed.success ? parsed.data : null
}

/** Write each schedule under its `ws.` key, in the spec's component order. */
export function schedulesToQuery(schedules: WeightSchedules | undefined, spec: EnvSpec, query: URLSearchParams): void {
  if (schedules === undefined) return
  for (const component of spec.components) {
    const schedule = Object.hasOwn(schedules, component.name) ? schedules[component.name] : undefined
    if (schedule !== undefined) query.set(`${SCHEDULE_KEY_PREFIX}${component.name}`, scheduleToText(schedule))
  }
}
