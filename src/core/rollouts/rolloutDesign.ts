import { z } from 'zod'
import { GroupEstimatorSchema, type GroupEstimator } from '../credit/estimatorSchema'
import { AGGREGATIONS } from '../losses/aggregation'
import { describedObject, finiteNumber, TransformSchema, type Transform, type TransformKind } from '../rewards/transforms'
import { parseWithSchema } from '../schemaInput'
import { MAX_COMPONENTS } from './limits'
import { DEFAULT_WEIGHTED_COMPONENT } from './rolloutWeights'

/*
 * A design over a rollout file: per component of the file (by name) its weight and its
 * transforms, the group estimator with its combine rule, and optionally the loss aggregation the
 * trainer is to use (it changes no advantage; the export for a trainer reads it). A component the
 * design does not name weighs 0; a design that names none weighs score 1, the file's own design
 * (rolloutWeights.ts). The transforms a file's components take are those that need nothing but the
 * completion's score, a whole episode's sum: scale, clip and bounded (constant reference).
 */

/** The transforms a rollout file's components take. */
export const ROLLOUT_TRANSFORM_KINDS = ['scale', 'clip', 'bounded'] as const satisfies readonly TransformKind[]

/** Why each other transform needs more than a rollout file holds. */
const REFUSED_TRANSFORMS: Record<Exclude<TransformKind, (typeof ROLLOUT_TRANSFORM_KINDS)[number]>, string> = {
  normalize: "normalize divides by the running std of a run's discounted returns, a history a rollout file does not hold",
  par: "par compares with the environment's score of its reference answer to each prompt, which a rollout file does not hold",
  delay: "delay moves reward to an episode's last step, and a rollout file holds one score per completion, not its steps",
  redistribute: "redistribute spreads an episode's return over its steps, and a rollout file holds one score per completion, not its steps",
}

const ACCEPTED_TRANSFORMS = `accepted on a rollout file's components: ${ROLLOUT_TRANSFORM_KINDS.join(', ')} (each needs only the completion's score)`

/** The most transforms on one component, as a reward design's chain. */
const MAX_TRANSFORMS = 8

export type RolloutTransform = Extract<Transform, { kind: (typeof ROLLOUT_TRANSFORM_KINDS)[number] }>

/** The kind is checked first, so that a refused or unknown one is named with the kinds a file takes; then the transform's own fields. */
const RolloutTransformSchema = z
  .unknown()
  .superRefine((value, context) => {
    const kind = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { kind?: unknown }).kind : undefined
    if (typeof kind === 'string' && Object.hasOwn(REFUSED_TRANSFORMS, kind)) {
      context.addIssue({ code: 'custom', message: `${REFUSED_TRANSFORMS[kind as keyof typeof REFUSED_TRANSFORMS]}; ${ACCEPTED_TRANSFORMS}` })
    } else if (typeof kind !== 'string' || !(ROLLOUT_TRANSFORM_KINDS as readonly string[]).includes(kind)) {
      context.addIssue({ code: 'custom', message: `expected a transform, an object with a kind; ${ACCEPTED_TRANSFORMS}` })
    }
  })
  .pipe(TransformSchema)
  .transform((transform) => transform as RolloutTransform)

export const RolloutComponentSchema = describedObject(
  {
    weight: finiteNumber().default(1),
    transforms: z
      .array(RolloutTransformSchema, { error: `expected a list of transforms, applied in order; ${ACCEPTED_TRANSFORMS}` })
      .max(MAX_TRANSFORMS, { error: `expected at most ${MAX_TRANSFORMS} transforms on one component` })
      .default([]),
  },
  'a component of a rollout design',
)

/** The group estimator over a file: the group baseline only (rolloutAdvantages says why). */
const RolloutEstimatorSchema = describedObject(GroupEstimatorSchema.shape, 'the estimator').superRefine((estimator, context) => {
  const baseline = estimator.baseline ?? 'group'
  if (baseline !== 'group') {
    context.addIssue({
      code: 'custom',
      path: ['baseline'],
      message: `the ${baseline} baseline reads more than a rollout file holds (greedy completions, token counts or per-token rewards); accepted: group`,
    })
  }
})

export const RolloutDesignSchema = describedObject(
  {
    components: z
      .record(z.string().min(1, { error: 'expected a component name, not empty' }), RolloutComponentSchema, { error: 'expected the components: an object of name: {"weight", "transforms"}' })
      .refine((components) => Object.keys(components).length > 0, { error: `expected at least one component (without components, ${DEFAULT_WEIGHTED_COMPONENT} weighs 1)` })
      .refine((components) => Object.keys(components).length <= MAX_COMPONENTS, { error: `expected at most ${MAX_COMPONENTS} components` })
      .optional(),
    estimator: RolloutEstimatorSchema.prefault({}),
    aggregation: z.enum(AGGREGATIONS, { error: `expected the loss aggregation; accepted: ${AGGREGATIONS.join(', ')}` }).optional(),
  },
  'a rollout design',
)

export type RolloutDesign = z.infer<typeof RolloutDesignSchema>
export type RolloutComponent = z.infer<typeof RolloutComponentSchema>

/** The file's own design: score weighs 1, nothing transformed, GRPO's estimator (centre mean, scale group, sum). */
export function ownRolloutDesign(): RolloutDesign {
  return RolloutDesignSchema.parse({})
}

/** A design of weights by name (null: the file's own) and an estimator, nothing transformed. */
export function weightedRolloutDesign(weights: ReadonlyMap<string, number> | null, estimator: GroupEstimator): RolloutDesign {
  return RolloutDesignSchema.parse({ components: weights === null ? undefined : Object.fromEntries([...weights].map(([name, weight]) => [name, { weight }])), estimator })
}

export type ParsedRolloutDesign = { ok: true; design: RolloutDesign } | { ok: false; problems: string[] }

/**
 * A design from outside (a file, the page): JSON text or a parsed value. Every problem at once,
 * each as "path: what is wrong; what is accepted", the path naming the component
 * ("components.length.transforms[0]: ...").
 */
export function parseRolloutDesign(json: unknown): ParsedRolloutDesign {
  const parsed = parseWithSchema(RolloutDesignSchema, json, 'design')
  return parsed.ok ? { ok: true, design: parsed.value } : { ok: false, problems: parsed.problems }
}
