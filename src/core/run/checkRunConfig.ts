import type { z } from 'zod'
import { resolveParams } from '../envs/params'
import { getEnv, resolveEnvironment } from '../envs/registry'
import type { EnvDefinition, EnvParams, EnvSpec } from '../envs/types'
import { parseRewardDesign } from '../rewards/designSchema'
import { checkRewardDesign } from '../rewards/checkRewardDesign'
import { GroupEstimatorSchema, LearnerOptionsSchema, RunConfigSchema, type RunConfig } from './config'
import { learnerFits, learnerOptionsProblems } from './learnerFit'
import { errorMessage } from '../errorMessage'

/*
 * A run config from outside (a file the app imports, the command line's --config) checked part by
 * part, so that one answer names every problem: the shape of each part, unknown keys (a typo such
 * as "leaner" would otherwise be dropped silently), then whether the parts fit together (the
 * environment's parameters, the learner for that environment, the design's names and expressions).
 */

export type CheckedRunConfig = { ok: true; config: RunConfig } | { ok: false; problems: string[] }

/** What a run config looks like, for messages. */
export const RUN_CONFIG_SHAPE = '{"env": {"id", "params"}, "mix": a reward design, "learner": {"kind", ...}, "seed"}'

const TOP_KEYS = Object.keys(RunConfigSchema.shape)
const ENV_KEYS = Object.keys(RunConfigSchema.shape.env.shape)

/**
 * Check a parsed JSON value as a run config. Every problem is returned at once, each as
 * "path: what is wrong; what is accepted" (paths like env.params, learner.gamma, mix.terms[0].name).
 */
export function checkRunConfig(raw: unknown): CheckedRunConfig {
  if (!isRecord(raw)) return { ok: false, problems: [`config: expected a JSON object ${RUN_CONFIG_SHAPE}`] }
  const problems: string[] = unknownKeys(raw, TOP_KEYS, '', 'a run config')

  const env = RunConfigSchema.shape.env.safeParse(raw.env)
  if (!env.success) problems.push(...issues(env.error, 'env'))
  else if (isRecord(raw.env)) problems.push(...unknownKeys(raw.env, ENV_KEYS, 'env.', 'env'))
  const spec = env.success ? environmentSpec(env.data, problems) : null

  const learner = LearnerOptionsSchema.safeParse(raw.learner)
  if (!learner.success) problems.push(...issues(learner.error, 'learner'))
  if (isRecord(raw.learner)) problems.push(...unknownLearnerKeys(raw.learner))
  const misfit = learner.success && spec ? learnerFits(learner.data.kind, spec) : null
  if (misfit !== null) problems.push(`learner.kind: ${misfit}`)
  if (misfit === null && learner.success && spec) problems.push(...learnerOptionsProblems(learner.data, spec).map((problem) => `learner.${problem}`))

  const rawMix = raw.mix === undefined ? {} : raw.mix
  // Against the environment where it is known: every problem of the design at once.
  const mix = spec ? checkRewardDesign(rawMix, spec) : parseRewardDesign(rawMix)
  if (!mix.ok) problems.push(...mix.problems.map((problem) => `mix.${problem}`))

  const seed = RunConfigSchema.shape.seed.safeParse(raw.seed)
  if (!seed.success) problems.push(...issues(seed.error, 'seed'))

  if (problems.length > 0 || !env.success || !mix.ok || !learner.success || !seed.success || !spec) return { ok: false, problems }
  return { ok: true, config: { env: env.data, mix: mix.design, learner: learner.data, seed: seed.data } }
}

/** The environment's spec under the config's parameters; every parameter's problem is named. */
function environmentSpec(env: { id: string; params: Record<string, unknown> }, problems: string[]): EnvSpec | null {
  let definition: EnvDefinition
  try {
    definition = getEnv(env.id)
  } catch (error) {
    problems.push(`env.id: ${errorMessage(error)}`)
    return null
  }
  const before = problems.length
  // One parameter at a time first, so that each bad one is named, not only the first.
  for (const [name, value] of Object.entries(env.params)) {
    try {
      resolveParams(definition.spec, { [name]: value } as EnvParams)
    } catch (error) {
      problems.push(`env.params: ${errorMessage(error)}`)
    }
  }
  if (problems.length > before) return null
  try {
    // The environment's own checks of the parameters together (a drawn layout, say).
    return resolveEnvironment(env.id, env.params as EnvParams).spec
  } catch (error) {
    problems.push(`env.params: ${errorMessage(error)}`)
    return null
  }
}

/** Keys a learner of its kind does not read (none are named when the kind itself is unknown), and those of GRPO's estimator. */
function unknownLearnerKeys(learner: Record<string, unknown>): string[] {
  const schema = LearnerOptionsSchema.options.find((option) => option.shape.kind.value === learner.kind)
  const problems = schema ? unknownKeys(learner, Object.keys(schema.shape), 'learner.', `a ${String(learner.kind)} learner`) : []
  // A misspelt estimator field (a baseline, say) would otherwise train the default silently.
  if (learner.kind === 'grpo' && isRecord(learner.estimator)) problems.push(...unknownKeys(learner.estimator, Object.keys(GroupEstimatorSchema.shape), 'learner.estimator.', 'the estimator'))
  return problems
}

function unknownKeys(value: Record<string, unknown>, accepted: string[], prefix: string, what: string): string[] {
  return Object.keys(value)
    .filter((key) => !accepted.includes(key))
    .map((key) => `${prefix}${key}: unknown key in ${what}; accepted: ${accepted.join(', ')}`)
}

/** zod issues as "path: message", under `prefix`. */
function issues(error: z.ZodError, prefix: string): string[] {
  return error.issues.map((issue) => `${[prefix, ...issue.path.map(String)].join('.')}: ${issue.message.replace(/^Invalid input: /, '')}`)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

