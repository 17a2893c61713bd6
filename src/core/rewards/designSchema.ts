import { parseWithSchema } from '../schemaInput'
import { z } from 'zod'
import { COUNT_BONUS_KINDS } from './countBonus'
import { MAX_EXPRESSION_LENGTH } from './expression'
import { RewardModelFieldSchema } from './rewardModelField'
import { RewardModelRefitSchema } from './rewardModelRefitSchema'
import { refitModelProblem } from './refitModelProblem'
import { describedObject, finiteNumber, numberIn, transformChainProblems, TransformSchema } from './transforms'
import { isReservedName, nameRecord, reservedNameProblem } from '../reservedNames'
import { WeightSchedulesSchema } from './weightSchedule'
import { CostConstraintsSchema } from './costConstraint'

/*
 * The reward design as data, version 1: one JSON shape serves the UI, the worker, the URL,
 * export/import and the command line. Everything has a default, so {} is a valid design (the
 * environment's own default reward). Validation here is about the design itself; whether its names
 * fit one environment is checkDesignAgainstSpec's job (rewardProblems.ts), since a design may be written before the
 * environment is chosen.
 *
 *   weights     component name → weight (components not named keep their default weight)
 *   transforms  component or term name → transforms applied in order (see transforms.ts)
 *   shaping     potential-based terms F = w·(γ·Φ(s′) − Φ(s)), or naive w·Φ(s′) (see shaping.ts)
 *   bonuses     exploration bonuses: count-based (countBonus.ts) or random network distillation
 *   terms       user-written components: an expression over the state variables, with a weight
 *   rewardModels  (optional) fitted reward models, each a component paying its score of a finished
 *               completion (rewardModelComponent.ts); absent, not [], when there are none, so a
 *               design without one writes the same JSON as before they existed
 *   schedules   (optional) component name → a schedule its weight follows over training
 *               (weightSchedule.ts); absent when no weight is scheduled, for the same reason
 *   constraints (optional) component name → a budget on its mean cost per episode, its weight a
 *               Lagrange multiplier −λ (costConstraint.ts); absent, with no default, so every design
 *               without one parses to the same object and trains as before
 */

export const REWARD_DESIGN_VERSION = 1

/** A term's name: ASCII letters, digits and _, not starting with a digit (as the expression language's names), and not reserved (reservedNames.ts). */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
export const MAX_NAME_LENGTH = 40

const name = (what: string) =>
  z
    .string({ error: `expected ${what}: a name of letters, digits and _` })
    .max(MAX_NAME_LENGTH, { error: `expected ${what} of at most ${MAX_NAME_LENGTH} characters` })
    .regex(IDENTIFIER, { error: `expected ${what}: letters, digits and _, not starting with a digit (e.g. keep_centred)` })
    .refine((text) => !isReservedName(text), { error: (issue) => reservedNameProblem(String(issue.input)) })

const expression = (what: string) =>
  z
    .string({ error: `expected ${what}: an expression as text, e.g. -abs(x) + 0.5*cos(theta)` })
    .min(1, { error: `expected ${what}: an expression as text, not empty` })
    .max(MAX_EXPRESSION_LENGTH, { error: `expected ${what} of at most ${MAX_EXPRESSION_LENGTH} characters` })

export const TransformChainSchema = z
  .array(TransformSchema, { error: 'expected a list of transforms, applied in order' })
  .max(8, { error: 'expected at most 8 transforms in one chain' })
  .superRefine((chain, context) => {
    for (const problem of transformChainProblems(chain)) context.addIssue({ code: 'custom', message: problem })
  })

export const ShapingTermSchema = describedObject(
  {
    /** A potential of POTENTIALS[env id], or 'custom' with an expression. */
    potential: z.string({ error: 'expected a potential: a name the environment offers, or custom' }).min(1, { error: 'expected a potential: a name the environment offers, or custom' }),
    /** Φ as an expression over the state variables; only (and always) with potential 'custom'. */
    expression: expression('a potential expression').optional(),
    weight: finiteNumber().default(1),
    /** The discount in F; the learner's γ keeps the optimal policy unchanged. */
    gamma: numberIn(0, 1).default(0.99),
    /** Pay w·Φ(s′) every step instead (the naive counterpart, for comparison). */
    naive: z.boolean({ error: 'expected true or false' }).default(false),
  },
  'a shaping term',
)
  .refine((term) => term.potential !== 'custom' || term.expression !== undefined, {
    message: 'a custom potential needs an expression (Φ over the state variables, e.g. -abs(position - 0.5))',
    path: ['expression'],
  })
  .refine((term) => term.potential === 'custom' || term.expression === undefined, {
    message: 'an expression is only read with potential "custom"; remove it or set potential to custom',
    path: ['expression'],
  })

export const BONUS_KINDS = [...COUNT_BONUS_KINDS, 'rnd'] as const

export const BonusSchema = describedObject(
  {
    kind: z.enum(BONUS_KINDS, { error: `expected a bonus kind; accepted: ${BONUS_KINDS.join(', ')}` }),
    /** The bonus scale β. */
    beta: numberIn(0, 1000).default(0.1),
    /** Bins per state variable on continuous environments (count bonuses only; grids use their cells). */
    bins: numberIn(2, 1000, { integer: true }).optional(),
  },
  'a bonus',
).refine((bonus) => bonus.kind !== 'rnd' || bonus.bins === undefined, { message: 'bins applies only to count bonuses (count_global, count_episodic, count_combined)', path: ['bins'] })

export const CustomTermSchema = describedObject(
  {
    name: name('a term name'),
    expression: expression('a term expression'),
    weight: finiteNumber().default(1),
  },
  'a custom term',
)

export const REWARD_MODEL_AGGREGATES = ['mean', 'min', 'mean_minus_std'] as const

/** The largest λ of mean − λ·std: a hundred standard deviations already leave the members' disagreement alone deciding. */
export const MAX_REWARD_MODEL_LAMBDA = 100

/** The name a reward-model component takes when the design gives none. */
export const REWARD_MODEL_DEFAULT_NAME = 'rm'

/** The most reward-model components one design adds. */
export const MAX_REWARD_MODELS = 4

export const RewardModelComponentSchema = describedObject(
  {
    /** The component's name, as its slider, its line on the chart and its weight know it. */
    name: name('a reward-model component name').default(REWARD_MODEL_DEFAULT_NAME),
    /** The fitted model, as reward-model fit prints it under "model". */
    model: RewardModelFieldSchema,
    /** How an ensemble's member scores become one: their mean, their minimum, or mean − λ·std. */
    aggregate: z.enum(REWARD_MODEL_AGGREGATES, { error: `expected an aggregate; accepted: ${REWARD_MODEL_AGGREGATES.join(', ')}` }).default('mean'),
    /** λ of mean_minus_std; only (and always) with that aggregate. */
    lambda: numberIn(0, MAX_REWARD_MODEL_LAMBDA).optional(),
    /** Iterated RLHF: refit the model on fresh pairs of the current policy every N updates (rewardModelRefit.ts); absent, not refitted. */
    refit: RewardModelRefitSchema.optional(),
  },
  'a reward-model component',
)
  .refine((entry) => entry.aggregate !== 'mean_minus_std' || entry.lambda !== undefined, {
    message: `aggregate mean_minus_std needs lambda, the weight of the members' standard deviation: a number from 0 to ${MAX_REWARD_MODEL_LAMBDA}, e.g. 1`,
    path: ['lambda'],
  })
  .refine((entry) => entry.aggregate === 'mean_minus_std' || entry.lambda === undefined, {
    message: 'lambda is only read with aggregate mean_minus_std; remove it or set aggregate to mean_minus_std',
    path: ['lambda'],
  })
  .superRefine((entry, context) => {
    const problem = entry.refit === undefined ? null : refitModelProblem(entry.model)
    if (problem !== null) context.addIssue({ code: 'custom', message: problem, path: ['refit'] })
  })

export const RewardDesignSchema = describedObject(
  {
    version: z.literal(REWARD_DESIGN_VERSION, { error: `unsupported design version; accepted: ${REWARD_DESIGN_VERSION}` }).default(REWARD_DESIGN_VERSION),
    weights: nameRecord(finiteNumber(), { error: 'expected weights: an object of component name → number' }).default({}),
    transforms: nameRecord(TransformChainSchema, { error: 'expected transforms: an object of component or term name → list of transforms' }).default({}),
    shaping: z.array(ShapingTermSchema, { error: 'expected shaping: a list of shaping terms' }).max(8, { error: 'expected at most 8 shaping terms' }).default([]),
    bonuses: z.array(BonusSchema, { error: 'expected bonuses: a list of bonuses' }).max(4, { error: 'expected at most 4 bonuses' }).default([]),
    terms: z
      .array(CustomTermSchema, { error: 'expected terms: a list of custom terms' })
      .max(16, { error: 'expected at most 16 custom terms' })
      .superRefine((terms, context) => {
        const seen = new Set<string>()
        terms.forEach((term, index) => {
          if (seen.has(term.name)) context.addIssue({ code: 'custom', message: `the term name "${term.name}" is used twice; names must be unique`, path: [index, 'name'] })
          seen.add(term.name)
        })
      })
      .default([]),
    rewardModels: z
      .array(RewardModelComponentSchema, { error: 'expected rewardModels: a list of reward-model components' })
      .max(MAX_REWARD_MODELS, { error: `expected at most ${MAX_REWARD_MODELS} reward-model components` })
      .superRefine((entries, context) => {
        const seen = new Set<string>()
        entries.forEach((entry, index) => {
          if (seen.has(entry.name)) context.addIssue({ code: 'custom', message: `the reward-model component name "${entry.name}" is used twice; names must be unique`, path: [index, 'name'] })
          seen.add(entry.name)
        })
      })
      .optional(),
    schedules: WeightSchedulesSchema.optional(),
    constraints: CostConstraintsSchema.optional(),
  },
  'a reward design',
)

export type RewardDesign = z.infer<typeof RewardDesignSchema>
export type Bonus = z.infer<typeof BonusSchema>
export type RewardModelComponent = z.infer<typeof RewardModelComponentSchema>

/** The empty design: every component at its default weight, nothing added. */
export function defaultRewardDesign(): RewardDesign {
  return RewardDesignSchema.parse({})
}

/**
 * A design read back, or its problems; where the text was JSON but the schema refused it, also the
 * value read and the schema's issues (checkRewardDesign checks the entries that passed).
 */
export type ParsedRewardDesign = { ok: true; design: RewardDesign } | { ok: false; problems: string[]; refused?: { value: unknown; issues: readonly z.core.$ZodIssue[] } }

/**
 * Validate a design from outside (a file, the URL, a message, the command line): JSON text or an
 * already parsed value. On failure every problem is listed at once, each as
 * "path: what is wrong; what is accepted".
 */
export function parseRewardDesign(json: unknown): ParsedRewardDesign {
  const parsed = parseWithSchema(RewardDesignSchema, json, 'design')
  if (parsed.ok) return { ok: true, design: parsed.value }
  return parsed.refused === null ? { ok: false, problems: parsed.problems } : { ok: false, problems: parsed.problems, refused: parsed.refused }
}

/** The design as JSON text (2-space indented): parseRewardDesign of it gives the same design back. */
export function rewardDesignToJson(design: RewardDesign): string {
  return JSON.stringify(design, null, 2)
}
