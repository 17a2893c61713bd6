import type { RewardComponentSpec } from '../core/envs/types'
import { MAX_SCHEDULE_STEPS, SCHEDULE_KINDS, type ScheduleKind, type WeightSchedule } from '../core/rewards/weightSchedule'

/** The Schedule… form's fields as typed. */
export interface ScheduleFields {
  kind: string
  from: string
  to: string
  steps: string
}

export type ScheduleFieldProblems = Partial<Record<keyof ScheduleFields, string>>

/** The fields a schedule fills the form with (or, without one, from the weight now to 0 over 100,000 steps). */
export function scheduleFields(schedule: WeightSchedule | undefined, weight: number): ScheduleFields {
  if (schedule) return { kind: schedule.kind, from: String(schedule.from), to: String(schedule.to), steps: String(schedule.steps) }
  return { kind: 'linear', from: String(weight), to: '0', steps: '100000' }
}

/**
 * The form's fields read as a schedule of `component`'s weight, or one message per field that is
 * wrong, naming what is accepted (each end within the slider's range, steps a whole number 1 … 1e9).
 */
export function scheduleOfFields(fields: ScheduleFields, component: Pick<RewardComponentSpec, 'range'>): { ok: true; schedule: WeightSchedule } | { ok: false; problems: ScheduleFieldProblems } {
  const problems: ScheduleFieldProblems = {}
  const [lo, hi] = component.range
  if (!(SCHEDULE_KINDS as readonly string[]).includes(fields.kind)) problems.kind = `accepted: ${SCHEDULE_KINDS.join(', ')}`
  const end = (text: string) => {
    // Number('') is 0: a blank field is not a weight of 0.
    const value = text.trim() === '' ? NaN : Number(text)
    return Number.isFinite(value) && value >= lo && value <= hi ? value : null
  }
  const from = end(fields.from)
  const to = end(fields.to)
  if (from === null) problems.from = `accepted: a number from ${lo} to ${hi}`
  if (to === null) problems.to = `accepted: a number from ${lo} to ${hi}`
  const steps = fields.steps.trim() === '' ? NaN : Number(fields.steps)
  if (!Number.isInteger(steps) || steps < 1 || steps > MAX_SCHEDULE_STEPS) problems.steps = `accepted: a whole number of env steps from 1 to ${MAX_SCHEDULE_STEPS}`
  if (from === null || to === null || Object.keys(problems).length > 0) return { ok: false, problems }
  return { ok: true, schedule: { kind: fields.kind as ScheduleKind, from, to, steps } }
}
