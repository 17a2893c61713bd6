import type { EnvSpec } from '../envs/types'
import { checkDesignAgainstSpec, type RewardDesign } from './designSchema'
import { expressionProblems } from './expressionProblems'

/**
 * Every way a (schema-valid) reward design misfits an environment's own spec: names it cannot
 * weigh or take, potentials and bonuses it does not offer, expressions that do not compile.
 * The one check every boundary runs (link, file, saved run, worker, command line); [] when it fits.
 */
export function rewardDesignProblems(design: RewardDesign, spec: EnvSpec): string[] {
  return [...checkDesignAgainstSpec(design, spec), ...expressionProblems(design, spec)]
}

/** Throw one message naming every problem when the design does not fit the environment. */
export function assertRewardDesignFits(design: RewardDesign, spec: EnvSpec): void {
  const problems = rewardDesignProblems(design, spec)
  if (problems.length > 0) throw new Error(`the reward design does not fit ${spec.id}: ${problems.join('; ')}`)
}
