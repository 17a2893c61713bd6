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

/** Every environment the playground offers, in menu order. */
export const ENVIRONMENTS: EnvDefinition[] = [cartpole, mountaincar, acrobot, gridworld, cliffwalking, frozenlake, bandit, tokenseq, coop]

export function getEnv(id: string): EnvDefinition {
  const found = ENVIRONMENTS.find((definition) => definition.spec.id === id)
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
