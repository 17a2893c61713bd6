import { acrobot } from './acrobot'
import { bandit } from './bandit'
import { cartpole } from './cartpole'
import { cliffwalking } from './cliffwalking'
import { coop } from './coop'
import { frozenlake } from './frozenlake'
import { gridworld } from './gridworld'
import { mountaincar } from './mountaincar'
import { tokenseq } from './tokenseq'
import type { EnvDefinition } from './types'

/** Every environment the playground offers, in menu order. */
export const ENVIRONMENTS: EnvDefinition[] = [cartpole, mountaincar, acrobot, gridworld, cliffwalking, frozenlake, bandit, tokenseq, coop]

export function getEnv(id: string): EnvDefinition {
  const found = ENVIRONMENTS.find((definition) => definition.spec.id === id)
  if (!found) throw new Error(`unknown environment "${id}"; accepted: ${ENVIRONMENTS.map((d) => d.spec.id).join(', ')}`)
  return found
}
