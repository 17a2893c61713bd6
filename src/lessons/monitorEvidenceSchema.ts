import { z } from 'zod'

/*
 * The monitors' measured table (src/lessons/monitorEvidence.json, written by `reward-playground
 * monitor check --write`): how each hacking monitor scored over every variant of the lessons
 * measured, on which seeds, and the fingerprints of what was trained and of the monitors' setup, so
 * that a change to either makes it stale. README.md's monitors table is rendered from it
 * (monitorTable.ts).
 */

const count = z.number().int().min(0)
const envSteps = z.number().refine(Number.isFinite, 'must be a finite number').min(0)
const fingerprint = z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 hex digits')

export const MeasuredScoreSchema = z
  .object({
    monitor: z.string().regex(/^[a-z0-9-]{1,60}$/, 'must be a monitor name (kebab-case)'),
    label: z.string().min(1).max(100),
    /** Whether it reads the true objective: the reference, which real training does not have. */
    needsGold: z.boolean(),
    runs: count,
    hits: count,
    late: count,
    misses: count,
    falseAlarms: count,
    quiet: count,
    unmeasurable: count,
    /** The hits' leads in env steps; null without a hit. */
    lead: z.object({ median: envSteps, min: envSteps, max: envSteps }).nullable(),
  })
  .refine((score) => score.hits + score.late + score.misses + score.falseAlarms + score.quiet + score.unmeasurable === score.runs, { message: 'its outcomes must add up to its runs' })
  .refine((score) => (score.lead === null) === (score.hits === 0), { message: 'has a lead exactly when it has hits', path: ['lead'] })
export type MeasuredScore = z.infer<typeof MeasuredScoreSchema>

export const MeasuredLessonSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'must be a lesson id (kebab-case)'),
  /** The lesson check's budget in env steps each run trained for. */
  steps: z.number().int().min(1),
  /** Every variant, in the lesson's order, with designFingerprint of its design when it was measured. */
  variants: z.array(z.object({ index: count, label: z.string().max(200), fingerprint })).min(1),
})
export type MeasuredLesson = z.infer<typeof MeasuredLessonSchema>

export const MonitorEvidenceSchema = z
  .object({
    version: z.literal(1),
    /** How to regenerate the file, for whoever opens it. */
    generatedBy: z.string().max(500),
    /** When the check ran (ISO 8601). */
    date: z.iso.datetime(),
    machine: z.object({ cpu: z.string().max(200), cores: z.number().int().min(1), node: z.string().max(40) }),
    firstSeed: count,
    seeds: z.number().int().min(1),
    framesPerRun: z.number().int().min(1),
    gold: z.object({ window: z.number().int().min(1), margin: z.number().gt(0).max(1) }),
    /** monitorSetupFingerprint (core/monitors/setupFingerprint.ts) when it was measured. */
    setupFingerprint: fingerprint,
    runs: z.number().int().min(1),
    /** Runs whose gold turned. */
    goldTurned: count,
    lessons: z.array(MeasuredLessonSchema).min(1),
    scores: z.array(MeasuredScoreSchema).min(1),
  })
  .refine((file) => file.runs === file.seeds * file.lessons.reduce((sum, lesson) => sum + lesson.variants.length, 0), { message: 'must be the seeds times the variants measured', path: ['runs'] })
  .refine((file) => file.goldTurned <= file.runs, { message: 'cannot exceed the runs', path: ['goldTurned'] })
  .refine((file) => file.scores.every((score) => score.runs === file.runs), { message: 'every monitor must be scored over every run', path: ['scores'] })
export type MonitorEvidence = z.infer<typeof MonitorEvidenceSchema>

/** The command that measures `lessons` over `seeds` seeds again and rewrites the file and README's table. */
export function remeasureCommand(lessons: readonly string[], seeds: number): string {
  return `npm run -s cli -- monitor check ${lessons.join(' ')} --seeds ${seeds} --write`
}

/** The file validated, or one line saying where it is damaged and how to regenerate it. */
export function parseMonitorEvidence(raw: unknown): { evidence: MonitorEvidence; problem: null } | { evidence: null; problem: string } {
  const parsed = MonitorEvidenceSchema.safeParse(raw)
  if (parsed.success) return { evidence: parsed.data, problem: null }
  const issue = parsed.error.issues[0]
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the file'
  const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : ''
  return { evidence: null, problem: `the monitors' measured table is damaged: ${where}: ${issue.message}${more}; fix it, or delete it and run npm run -s cli -- monitor check --write` }
}
