import { z } from 'zod'
import { ClaimSchema } from './claims'
import { ALWAYS_RECORDED, FIGURE_ID, figureIdOf, type FigureId } from './claimFigures'

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

/**
 * A variant's figures by figure id (claimFigures.ts): objective and shapedReturn always, and every
 * other figure the lesson's claims are about (zeroAdvantageFraction, signFlipFraction, episodeLength,
 * peakObjective, objectiveFallFromPeak, goldPeakSqrtKl, the best-of-n figures, contribution:<component>,
 * monitorFired:<monitor>, monitorLead:<monitor>).
 */
const FiguresSchema = z
  .record(z.string(), FigureEvidenceSchema)
  .superRefine((figures, context) => {
    // Checked here rather than by the key's schema, whose message zod replaces by "Invalid key in record".
    for (const id of Object.keys(figures)) if (!FIGURE_ID.test(id)) context.addIssue({ code: 'custom', path: [id], message: 'expected a figure id: objective, shapedReturn, zeroAdvantageFraction, signFlipFraction, episodeLength, peakObjective, objectiveFallFromPeak, goldPeakSqrtKl, bestOfNGoldFall, bestOfNProxyRise, bestOfNPeakSqrtKl, contribution:<component>, monitorFired:<monitor> or monitorLead:<monitor>' })
    for (const id of ALWAYS_RECORDED) if (!Object.hasOwn(figures, id)) context.addIssue({ code: 'custom', path: [id], message: `every variant records ${ALWAYS_RECORDED.join(' and ')}` })
  })
  .transform((figures) => figures as Partial<Record<FigureId, FigureEvidence>> & Record<(typeof ALWAYS_RECORDED)[number], FigureEvidence>)

export const VariantEvidenceSchema = z.object({
  index: count,
  /** The variant's label when it was measured (the card shows the catalogue's). */
  label: z.string().max(200),
  /** designFingerprint of the variant's design when it was measured. */
  fingerprint: z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 hex digits'),
  seeds: z.array(count).min(1),
  figures: FiguresSchema,
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
  .superRefine((entry, context) => {
    // A claim's figure is there for every variant it names, so that a card never lacks what it shows.
    entry.claims.forEach((claim, index) => {
      const id = figureIdOf(claim)
      for (const variant of [claim.variant, ...('variant' in claim.relation ? [claim.relation.variant] : [])]) {
        const position = entry.variants.findIndex((measured) => measured.index === variant)
        if (position < 0) context.addIssue({ code: 'custom', path: ['variants'], message: `claims[${index}] names variant ${variant}, which has no measured figures` })
        else if (!Object.hasOwn(entry.variants[position].figures, id)) context.addIssue({ code: 'custom', path: ['variants', position, 'figures'], message: `has no "${id}", the figure claims[${index}] is about` })
      }
    })
  })

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
