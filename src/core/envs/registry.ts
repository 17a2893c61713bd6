import { cartpole } from './cartpole'
import { cliffwalking } from './cliffwalking'
import { gridworld } from './gridworld'
import type { EnvDefinition } from './types'

/** Every environment the playground offers, in menu order. */
export const ENVIRONMENTS: EnvDefinition[] = [cartpole, gridworld, cliffwalking]

export function getEnv(id: string): EnvDefinition {
  const found = ENVIRONMENTS.find((definition) => definition.spec.id === id)
  if (!found) throw new Error(`unknown environment "${id}"; accepted: ${ENVIRONMENTS.map((d) => d.spec.id).join(', ')}`)
  return found
}
