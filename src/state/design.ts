import { ENVIRONMENTS, getEnv } from '../core/envs/registry'
import { formatParamValue, resolveParams } from '../core/envs/params'
import type { EnvParams, EnvSpec } from '../core/envs/types'
import { defaultMix } from '../core/rewards/mix'
import { defaultLearnerFor, type LearnerOptions } from '../core/run/config'
import { learnerFromQuery, learnerToQuery } from './learnerCodec'

/** What the user designs: the environment, its parameters, the reward weights, the learner and the seed. */
export interface Design {
  envId: string
  params: EnvParams
  weights: Record<string, number>
  learner: LearnerOptions
  seed: number
}

export const DEFAULT_ENV_ID = 'cartpole'
export const MAX_SEED = 2 ** 31 - 1

export function specOf(design: Pick<Design, 'envId' | 'params'>): EnvSpec {
  const definition = getEnv(design.envId)
  return definition.describe(resolveParams(definition.spec, design.params))
}

export function defaultDesign(envId = DEFAULT_ENV_ID, seed = 1): Design {
  const definition = getEnv(envId)
  const params = resolveParams(definition.spec, {})
  const spec = definition.describe(params)
  return { envId, params, weights: defaultMix(spec).weights, learner: defaultLearnerFor(spec), seed }
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
  const spec = definition.describe(design.params)
  design.weights = defaultMix(spec).weights
  design.learner = learnerFromQuery(query, spec, ignored)
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
  const spec = definition.describe(design.params)
  for (const component of spec.components) {
    const weight = design.weights[component.name]
    if (weight !== undefined && weight !== component.defaultWeight) query.set(`w.${component.name}`, String(weight))
  }
  learnerToQuery(design.learner, query)
  return `?${query.toString()}`
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}
