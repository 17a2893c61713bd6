import { acrobot } from './acrobot'
import { bandit } from './bandit'
import { cartpole } from './cartpole'
import { cliffwalking } from './cliffwalking'
import { coop } from './coop'
import { frozenlake } from './frozenlake'
import { gridworld } from './gridworld'
import { mountaincar } from './mountaincar'
import { tokenseq } from './tokenseq'
import { resolveParams, type RawParams } from './params'
import { truncate } from '../truncate'
import type { EnvDefinition, EnvParams, EnvSpec } from './types'

/**
 * Every environment the playground offers, keyed by its id (a test holds each key to its spec's
 * id), in menu order. The one list of ids: EnvId is its keys, so a table that must cover every
 * environment (the canvas renderers) is a Record<EnvId, …> and misses none.
 */
const BY_ID = { cartpole, mountaincar, acrobot, gridworld, cliffwalking, frozenlake, bandit, tokenseq, coop } satisfies Record<string, EnvDefinition>

/** The id of an environment the playground offers. */
export type EnvId = keyof typeof BY_ID

/** Every environment the playground offers, in menu order. */
export const ENVIRONMENTS: EnvDefinition[] = Object.values(BY_ID)

/** Whether `id` names an environment the playground offers. */
export function isEnvId(id: string): id is EnvId {
  return Object.hasOwn(BY_ID, id)
}

/** The environment `id`, or undefined for an id no environment has. */
export function findEnv(id: string): EnvDefinition | undefined {
  return isEnvId(id) ? BY_ID[id] : undefined
}

export function getEnv(id: string): EnvDefinition {
  const found = findEnv(id)
  if (!found) throw new Error(`unknown environment "${truncate(id)}"; accepted: ${ENVIRONMENTS.map((d) => d.spec.id).join(', ')}`)
  return found
}

/** An environment ready to build: its definition, its parameters with defaults filled in, and its spec for them. */
export interface ResolvedEnvironment {
  definition: EnvDefinition
  params: EnvParams
  spec: EnvSpec
}

/**
 * The environment `id` under `params`: the parameters checked and completed with their defaults,
 * then the spec the environment describes for them (its own checks, a drawn layout say, run there).
 * Throws one clear message for an unknown id or a bad parameter.
 */
export function resolveEnvironment(id: string, params: RawParams = {}): ResolvedEnvironment {
  const definition = getEnv(id)
  const resolved = resolveParams(definition.spec, params)
  return { definition, params: resolved, spec: definition.describe(resolved) }
}
