import { z } from 'zod'
import { END, NUM_TOKENS, THINK } from '../envs/tokenseq'
import { DPO_LOSSES, MAX_LABEL_SMOOTHING } from '../preferences/dpo'
import { MAX_LABELER_BIAS, MAX_LABELER_TEMPERATURE } from '../preferences/limits'
import { truncate } from '../truncate'
import { MAX_SEED } from '../rng'

/*
 * Direct preference optimisation as a learner of the token task (src/learn/dpo.ts): the policy is
 * trained on a fixed preference set with one of dpo.ts's losses, against the frozen start policy as
 * reference. The set is part of the design, so a design stays one reproducible, validated value:
 * either a recipe (N pairs drawn from the start policy of a run of `seed` and labelled by the
 * simulated labeler, exactly as `preferences --pairs N --temperature T --seed S --bias …` writes
 * them) or pairs a person labelled, given in full.
 */

/**
 * The most pairs a recipe draws. Each pair's two completions are kept with their observations
 * (2 × 32 tokens × 47 floats at the longest max_length): 10,000 pairs stay near 25 MB.
 */
export const MAX_DPO_RECIPE_PAIRS = 10_000

/**
 * The most labelled pairs a design holds in full: it travels in every link, saved design and
 * worker message, and a person labels a few hundred at most in a sitting.
 */
export const MAX_DPO_LABELLED_PAIRS = 1_000

/** The longest completion a labelled pair may give: tokenseq's largest max_length. */
export const MAX_DPO_COMPLETION_TOKENS = 32


function quoted(value: unknown): string {
  return typeof value === 'string' ? `"${truncate(value)}"` : truncate(String(value))
}

const BIAS_MESSAGE = `a labeler bias must weigh a finite number from ${-MAX_LABELER_BIAS} to ${MAX_LABELER_BIAS} (0: off)`
const biasWeight = z.number({ error: BIAS_MESSAGE }).min(-MAX_LABELER_BIAS, BIAS_MESSAGE).max(MAX_LABELER_BIAS, BIAS_MESSAGE).default(0)

/** The simulated labeler's named biases (biasedLabeler.ts) a recipe may turn on: per token written, and for a well-formed answer. */
export const DpoRecipeBiasesSchema = z.strictObject({ length: biasWeight, format: biasWeight })

const RECIPE_PAIRS_MESSAGE = `a recipe draws a whole number of pairs from 1 to ${MAX_DPO_RECIPE_PAIRS}`
const TEMPERATURE_MESSAGE = `the labeler's temperature must be a number from 0 (always the higher score) to ${MAX_LABELER_TEMPERATURE}`
const SEED_MESSAGE = `the pairs' seed must be a whole number from 0 to ${MAX_SEED}`

/** N pairs of the start policy of a run of `seed`, labelled by the simulated labeler at `temperature` with `biases`. */
export const DpoRecipeSchema = z.strictObject({
  source: z.literal('start'),
  pairs: z.number({ error: RECIPE_PAIRS_MESSAGE }).int(RECIPE_PAIRS_MESSAGE).min(1, RECIPE_PAIRS_MESSAGE).max(MAX_DPO_RECIPE_PAIRS, RECIPE_PAIRS_MESSAGE).default(1000),
  temperature: z.number({ error: TEMPERATURE_MESSAGE }).min(0, TEMPERATURE_MESSAGE).max(MAX_LABELER_TEMPERATURE, TEMPERATURE_MESSAGE).default(0.1),
  seed: z.number({ error: SEED_MESSAGE }).int(SEED_MESSAGE).min(0, SEED_MESSAGE).max(MAX_SEED, SEED_MESSAGE).default(1),
  biases: DpoRecipeBiasesSchema.default(DpoRecipeBiasesSchema.parse({})),
})
export type DpoRecipe = z.infer<typeof DpoRecipeSchema>

const TOKEN_MESSAGE = `a token is a whole number from 0 to ${NUM_TOKENS - 1} (0–9 digits, ${THINK} think, ${END} end)`
const token = z.number({ error: TOKEN_MESSAGE }).int(TOKEN_MESSAGE).min(0, TOKEN_MESSAGE).max(NUM_TOKENS - 1, TOKEN_MESSAGE)
const COMPLETION_MESSAGE = `a completion is 1 to ${MAX_DPO_COMPLETION_TOKENS} tokens`
const completion = z.array(token, { error: COMPLETION_MESSAGE }).min(1, COMPLETION_MESSAGE).max(MAX_DPO_COMPLETION_TOKENS, COMPLETION_MESSAGE)
const DIGIT_MESSAGE = 'a prompt is two digits [a, b], each a whole number from 0 to 9'
const digit = z.number({ error: DIGIT_MESSAGE }).int(DIGIT_MESSAGE).min(0, DIGIT_MESSAGE).max(9, DIGIT_MESSAGE)

/** One labelled pair: two completions of the prompt a + b, the preferred one first. */
export const DpoLabelledPairSchema = z.strictObject({ prompt: z.tuple([digit, digit], { error: DIGIT_MESSAGE }), chosen: completion, rejected: completion })
export type DpoLabelledPair = z.infer<typeof DpoLabelledPairSchema>

const LABELLED_MESSAGE = `labelled preferences hold 1 to ${MAX_DPO_LABELLED_PAIRS} pairs (ties and skipped pairs left out); for more, use a recipe`

/** Pairs a person labelled (the Label pairs panel), in full. */
export const DpoLabelledSchema = z.strictObject({
  source: z.literal('labelled'),
  pairs: z.array(DpoLabelledPairSchema, { error: LABELLED_MESSAGE }).min(1, LABELLED_MESSAGE).max(MAX_DPO_LABELLED_PAIRS, LABELLED_MESSAGE),
})

export const DPO_PREFERENCE_SOURCES = ['start', 'labelled'] as const

export const DpoPreferencesSchema = z.discriminatedUnion('source', [DpoRecipeSchema, DpoLabelledSchema], {
  error: (issue) => (issue.code === 'invalid_union' ? `unknown preference source ${quoted((issue.input as { source?: unknown } | undefined)?.source)}; accepted: ${DPO_PREFERENCE_SOURCES.join(', ')}` : undefined),
})
export type DpoPreferences = z.infer<typeof DpoPreferencesSchema>

const BETA_MESSAGE = 'DPO’s β must be a number above 0 and at most 100'
const SMOOTHING_MESSAGE = `the label smoothing ε must be a number from 0 to below ${MAX_LABEL_SMOOTHING}`

/** DPO (Rafailov et al. 2023) and its IPO and hinge variants; the defaults are TRL's DPOConfig's where it has one (β 0.1, sigmoid, ε 0). */
export const DpoOptionsSchema = z.object({
  kind: z.literal('dpo'),
  loss: z.enum(DPO_LOSSES, { error: (issue) => `unknown DPO loss ${quoted(issue.input)}; accepted: ${DPO_LOSSES.join(', ')}` }).default('sigmoid'),
  beta: z.number({ error: BETA_MESSAGE }).gt(0, BETA_MESSAGE).max(100, BETA_MESSAGE).default(0.1),
  /** Conservative DPO's ε (sigmoid only; ipo and hinge ignore it). */
  labelSmoothing: z.number({ error: SMOOTHING_MESSAGE }).min(0, SMOOTHING_MESSAGE).lt(MAX_LABEL_SMOOTHING, SMOOTHING_MESSAGE).default(0),
  learningRate: z.number().positive().max(1).default(1e-3),
  /** Pairs per gradient step. */
  batchSize: z.number().int().min(1).max(4096).default(64),
  /** Gradient steps between two reports. */
  stepsPerIteration: z.number().int().min(1).max(256).default(4),
  /** Passes over the preference set; after the last, the policy is left as it is and the reports only sample it. */
  epochs: z.number().int().min(1).max(1000).default(20),
  /** Prompts sampled per report from the current policy (G completions each) for the curves; never learnt from. */
  groupsPerIteration: z.number().int().min(1).max(1024).default(16),
  maxGradNorm: z.number().positive().max(1e6).default(1),
  /** As GRPO's, so that a DPO run and a GRPO run of one seed start from the same policy. */
  hiddenSize: z.number().int().min(1).max(1024).default(64),
  preferences: DpoPreferencesSchema.default(DpoRecipeSchema.parse({ source: 'start' })),
})
export type DpoOptions = z.infer<typeof DpoOptionsSchema>
