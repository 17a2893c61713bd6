import { z } from 'zod'
import { CLAIM_FIGURES, ClaimSchema } from './claims'

/*
 * The generated evidence file (src/lessons/evidence.json, written by `reward-playground lesson check
 * --write`): what each lesson's check measured, where and when, so that the cards show measured
 * figures instead of numbers typed into the text. A figure with no finished episode is null (JSON
 * has no NaN).
 */

/** A measured number, or null where no episode finished within the budget. */
const measured = z.number().refine(Number.isFinite, 'must be a finite number').nullable()
const count = z.number().int().min(0)

export const FigureEvidenceSchema = z.object({ mean: measured, std: measured, values: z.array(measured).min(1) })
export type FigureEvidence = z.infer<typeof FigureEvidenceSchema>

export const VariantEvidenceSchema = z.object({
  index: count,
  /** The variant's label when it was measured (the card shows the catalogue's). */
  label: z.string().max(200),
  /** designFingerprint of the variant's design when it was measured. */
  fingerprint: z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 hex digits'),
  seeds: z.array(count).min(1),
  figures: z.object(Object.fromEntries(CLAIM_FIGURES.map((figure) => [figure, FigureEvidenceSchema])) as Record<(typeof CLAIM_FIGURES)[number], typeof FigureEvidenceSchema>),
})
export type VariantEvidence = z.infer<typeof VariantEvidenceSchema>

/** A claim's verdict by the claim rule (claimRule.ts), without the per-seed margins. */
export const VerdictEvidenceSchema = z.object({
  holds: z.boolean(),
  meanMargin: measured,
  standardError: measured,
  seedsHolding: count,
  seeds: count,
  failure: z.string().max(500).nullable(),
})
export type VerdictEvidence = z.infer<typeof VerdictEvidenceSchema>

export const LessonEvidenceSchema = z
  .object({
    /** When the check ran (ISO 8601). */
    date: z.iso.datetime(),
    machine: z.object({ cpu: z.string().max(200), cores: z.number().int().min(1), node: z.string().max(40) }),
    firstSeed: count,
    seeds: z.number().int().min(1),
    /** The check's budget in environment steps. */
    steps: z.number().int().min(1),
    /** The claims exactly as they were checked. */
    claims: z.array(ClaimSchema).min(1),
    variants: z.array(VariantEvidenceSchema).min(1),
    /** One verdict per claim, in the claims' order. */
    verdicts: z.array(VerdictEvidenceSchema),
  })
  .refine((entry) => entry.verdicts.length === entry.claims.length, { message: 'needs one verdict per claim', path: ['verdicts'] })

export type LessonEvidence = z.infer<typeof LessonEvidenceSchema>

export const EvidenceFileSchema = z.object({
  version: z.literal(1),
  /** How to regenerate the file, for whoever opens it. */
  generatedBy: z.string().max(200),
  /** Entries by lesson id. */
  lessons: z.record(z.string().regex(/^[a-z0-9-]{1,60}$/, 'must be a lesson id (kebab-case)'), LessonEvidenceSchema),
})
export type EvidenceFile = z.infer<typeof EvidenceFileSchema>

/** The command that regenerates the file. */
export const REGENERATE_COMMAND = 'npm run lessons -- --write'

/** The file validated, or one line saying where it is damaged and how to regenerate it (--write never overwrites a damaged file). */
export function parseEvidenceFile(raw: unknown): { evidence: EvidenceFile; problem: null } | { evidence: null; problem: string } {
  const parsed = EvidenceFileSchema.safeParse(raw)
  if (parsed.success) return { evidence: parsed.data, problem: null }
  const issue = parsed.error.issues[0]
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the file'
  const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : ''
  return { evidence: null, problem: `the lesson evidence file is damaged: ${where}: ${issue.message}${more}; fix it, or delete it and run ${REGENERATE_COMMAND}` }
}
