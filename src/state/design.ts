import { ENVIRONMENTS, getEnv } from '../core/envs/registry'
import { formatParamValue, resolveParams } from '../core/envs/params'
import type { EnvParams, EnvSpec } from '../core/envs/types'
import { defaultMix } from '../core/rewards/mix'
import { checkDesignAgainstSpec, parseRewardDesign, RewardDesignSchema, type RewardDesign } from '../core/rewards/designSchema'
import { expressionProblems } from '../core/rewards/expressionProblems'
import { rewardedSpec } from '../core/rewards/extras'
import { defaultLearnerFor, type LearnerOptions, type RunConfig } from '../core/run/config'
import { learnerFromQuery, learnerToQuery } from './learnerCodec'

/** What the user designs: the environment, its parameters, the reward weights, the learner and the seed. */
export interface Design {
  envId: string
  params: EnvParams
  /** Weights of every component: the environment's and the ones `reward` adds. */
  weights: Record<string, number>
  /** What the design adds to the environment's components: custom terms, shaping, bonuses, transforms. */
  reward: RewardExtras
  learner: LearnerOptions
  seed: number
}

/** The reward design less its weights (those live in Design.weights, one per slider). */
export type RewardExtras = Pick<RewardDesign, 'terms' | 'shaping' | 'bonuses' | 'transforms'>

export const NO_EXTRAS: RewardExtras = { terms: [], shaping: [], bonuses: [], transforms: {} }

export function hasExtras(reward: RewardExtras): boolean {
  return reward.terms.length + reward.shaping.length + reward.bonuses.length + Object.keys(reward.transforms).length > 0
}

/** The whole reward design a run is started with. */
export function rewardDesignOf(design: Design): RewardDesign {
  return RewardDesignSchema.parse({ ...design.reward, weights: design.weights })
}

/** A weight outside its slider's range, for the caller to name in its own words. */
export interface OutOfRange {
  name: string
  weight: number
  range: readonly [number, number]
}

/** The weights (of components the spec has) outside their sliders' ranges. */
export function weightsOutOfRange(weights: Record<string, number>, spec: EnvSpec): OutOfRange[] {
  const outside: OutOfRange[] = []
  for (const component of spec.components) {
    const weight = weights[component.name]
    if (weight !== undefined && (weight < component.range[0] || weight > component.range[1])) outside.push({ name: component.name, weight, range: component.range })
  }
  return outside
}

/**
 * The design a run config describes: its parameters resolved, every component weighted (the
 * config's weight, else the default), with the environment's own spec (`base`), the spec with the
 * reward's additions, and the weights outside their sliders' ranges. Whether the reward and the
 * learner fit is the caller's check; what the environment throws (an unknown id, a bad parameter)
 * is thrown.
 */
export function designOfRunConfig(config: RunConfig): { design: Design; base: EnvSpec; spec: EnvSpec; outOfRange: OutOfRange[] } {
  const { env, mix, learner, seed } = config
  const definition = getEnv(env.id)
  const params = resolveParams(definition.spec, env.params)
  const base = definition.describe(params)
  const spec = rewardedSpec(base, mix)
  const weights = Object.fromEntries(spec.components.map((component) => [component.name, mix.weights[component.name] ?? component.defaultWeight]))
  const { terms, shaping, bonuses, transforms } = mix
  return { design: { envId: env.id, params, weights, reward: { terms, shaping, bonuses, transforms }, learner, seed }, base, spec, outOfRange: weightsOutOfRange(mix.weights, spec) }
}

/** The run config this design starts (what the worker is sent, and what `train --config` reads). */
export function runConfigOf(design: Design): RunConfig {
  return { env: { id: design.envId, params: design.params }, mix: rewardDesignOf(design), learner: design.learner, seed: design.seed }
}

export const DEFAULT_ENV_ID = 'cartpole'
export const MAX_SEED = 2 ** 31 - 1

/** The environment's spec with the components the design's reward adds. */
export function specOf(design: Pick<Design, 'envId' | 'params' | 'reward'>): EnvSpec {
  const definition = getEnv(design.envId)
  const base = definition.describe(resolveParams(definition.spec, design.params))
  return rewardedSpec(base, RewardDesignSchema.parse(design.reward))
}

export function defaultDesign(envId = DEFAULT_ENV_ID, seed = 1): Design {
  const definition = getEnv(envId)
  const params = resolveParams(definition.spec, {})
  const spec = definition.describe(params)
  return { envId, params, weights: defaultMix(spec).weights, reward: NO_EXTRAS, learner: defaultLearnerFor(spec), seed }
}

/**
 * Read a design from URL search parameters: `env`, `seed`, `p.<param>`, `w.<component>`, and the
 * learner as `l=<kind>` with `l.<field>` (learnerCodec.ts).
 * Anything unknown or out of range is ignored and named in `ignored`, so a tampered link still
 * opens a working design and tells the user what it dropped. Nothing from the URL is executed.
 */
export function designFromSearch(search: string): { design: Design; ignored: string[] } {
  const query = new URLSearchParams(search)
  const ignored: string[] = []
  const envId = query.get('env') ?? DEFAULT_ENV_ID
  const known = ENVIRONMENTS.some((env) => env.spec.id === envId)
  if (!known) ignored.push(`env "${truncate(envId)}" (accepted: ${ENVIRONMENTS.map((env) => env.spec.id).join(', ')})`)
  const design = defaultDesign(known ? envId : DEFAULT_ENV_ID)

  const rawSeed = query.get('seed')
  if (rawSeed !== null) {
    const seed = Number(rawSeed)
    if (Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED) design.seed = seed
    else ignored.push(`seed "${truncate(rawSeed)}" (accepted: an integer from 0 to ${MAX_SEED})`)
  }

  const definition = getEnv(design.envId)
  for (const [key, value] of query) {
    if (key.startsWith('p.')) {
      const name = key.slice(2)
      try {
        const params = resolveParams(definition.spec, { ...design.params, [name]: value })
        definition.describe(params) // the environment's own checks (a drawn layout, say)
        design.params = params
      } catch (error) {
        ignored.push(`parameter ${truncate(name)}: ${(error as Error).message}`)
      }
    }
  }
  const baseSpec = definition.describe(design.params)
  design.learner = learnerFromQuery(query, baseSpec, ignored)
  const rawReward = query.get('r')
  if (rawReward !== null) design.reward = rewardFromText(rawReward, baseSpec, ignored)
  const spec = rewardedSpec(baseSpec, RewardDesignSchema.parse(design.reward))
  design.weights = defaultMix(spec).weights
  for (const [key, value] of query) {
    if (!key.startsWith('w.')) continue
    const name = key.slice(2)
    const component = spec.components.find((c) => c.name === name)
    const weight = Number(value)
    if (!component) ignored.push(`weight of unknown component "${truncate(name)}" (accepted: ${spec.components.map((c) => c.name).join(', ')})`)
    else if (value.trim() === '' || !Number.isFinite(weight) || weight < component.range[0] || weight > component.range[1]) {
      ignored.push(`weight of ${name} "${truncate(value)}" (accepted: a number from ${component.range[0]} to ${component.range[1]})`)
    } else design.weights[name] = weight
  }
  return { design, ignored }
}

/** The URL search string for a design; only values that differ from the defaults are written. */
export function designToSearch(design: Design, keep: URLSearchParams = new URLSearchParams()): string {
  const query = new URLSearchParams()
  for (const [key, value] of keep) query.set(key, value)
  query.set('env', design.envId)
  query.set('seed', String(design.seed))
  const definition = getEnv(design.envId)
  const defaults = resolveParams(definition.spec, {})
  for (const [name, value] of Object.entries(design.params)) {
    const text = formatParamValue(value)
    if (formatParamValue(defaults[name]) !== text) query.set(`p.${name}`, text)
  }
  const spec = specOf(design)
  if (hasExtras(design.reward)) query.set('r', canonicalExtrasJson(design.reward))
  for (const component of spec.components) {
    const weight = design.weights[component.name]
    if (weight !== undefined && weight !== component.defaultWeight) query.set(`w.${component.name}`, String(weight))
  }
  learnerToQuery(design.learner, query)
  return `?${query.toString()}`
}

/** The extras as JSON in the schema's own key order, so one design always gives one link. */
function canonicalExtrasJson(reward: RewardExtras): string {
  const { terms, shaping, bonuses, transforms } = RewardDesignSchema.parse(reward)
  return JSON.stringify({ terms, shaping, bonuses, transforms })
}

/** Text from a link or a file as a message quotes it: at most 40 characters, then an ellipsis. */
export function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

/**
 * The reward extras from the `r` parameter (JSON). A malformed or misfitting design is dropped
 * whole, with every problem named; nothing in it is executed (expressions are only parsed).
 */
function rewardFromText(text: string, spec: EnvSpec, ignored: string[]): RewardExtras {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    ignored.push('reward design "r" (not valid JSON)')
    return NO_EXTRAS
  }
  const parsed = parseRewardDesign(json)
  if (!parsed.ok) {
    ignored.push(`reward design: ${parsed.problems.join('; ')}`)
    return NO_EXTRAS
  }
  const problems = [...checkDesignAgainstSpec(parsed.design, spec), ...expressionProblems(parsed.design, spec)]
  if (problems.length > 0) {
    ignored.push(`reward design: ${problems.join('; ')}`)
    return NO_EXTRAS
  }
  const { terms, shaping, bonuses, transforms } = parsed.design
  return { terms, shaping, bonuses, transforms }
}
