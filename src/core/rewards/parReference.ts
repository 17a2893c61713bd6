import { ENVIRONMENTS, findEnv } from '../envs/registry'
import type { EnvSpec } from '../envs/types'
import { ownValue } from '../reservedNames'
import type { RewardDesign } from './designSchema'
import { formatPath } from '../schemaInput'
import type { ReferenceOf } from './transforms'

/*
 * The reference of the par transform (PAR, Fu et al. 2025): a component's score of the environment's
 * own reference answer to the prompt an episode answered. An environment declares its reference
 * answer in its own file (EnvDefinition.referenceAnswer: the token task's in envs/tokenseq.ts);
 * par is refused on an environment without one and on a component the answer does not score.
 */

/** The environments with a reference answer, in menu order, for messages. */
export const REFERENCE_ANSWER_ENVIRONMENTS: readonly string[] = ENVIRONMENTS.filter((definition) => definition.referenceAnswer !== undefined).map((definition) => definition.spec.id)

/** The components `envId`'s reference answer scores; [] for an environment without one. */
export function referenceComponentsOf(envId: string): readonly string[] {
  return findEnv(envId)?.referenceAnswer?.components ?? []
}

/**
 * The raw score of `component` on the reference answer to the prompt of a copy state, for par's
 * chain; null where the environment has no reference answer or the answer does not score it.
 */
export function referenceOf(spec: Pick<EnvSpec, 'id'>, component: string): ReferenceOf | null {
  const answer = findEnv(spec.id)?.referenceAnswer
  const index = answer ? answer.components.indexOf(component) : -1
  if (!answer || index < 0) return null
  const scores = new Float64Array(answer.components.length)
  return (state, offset) => {
    answer.score(state, offset, scores)
    return scores[index]
  }
}

/**
 * Every transform chain of `design` that holds par on a name `spec`'s reference answer does not
 * score: the environment has none, or the name is another component, a custom term or a reward
 * model. Names that are none of these are the design check's own problem and are left to it.
 */
export function parProblems(design: RewardDesign, spec: EnvSpec): string[] {
  const known = [...spec.components.map((c) => c.name), ...design.terms.map((t) => t.name), ...(design.rewardModels ?? []).map((m) => m.name)]
  const scored = referenceComponentsOf(spec.id)
  const problems: string[] = []
  for (const name of Object.keys(design.transforms)) {
    if (!known.includes(name) || !ownValue(design.transforms, name)?.some((transform) => transform.kind === 'par')) continue
    if (scored.length === 0) {
      problems.push(
        `${formatPath(['transforms', name])}: par compares each episode with the environment's reference answer to its prompt, and ${spec.id} has none; accepted on: ${REFERENCE_ANSWER_ENVIRONMENTS.join(', ')} (bounded takes one constant reference instead)`,
      )
    } else if (!scored.includes(name)) {
      problems.push(`${formatPath(['transforms', name])}: par needs "${name}" scored on ${spec.id}'s reference answer, which scores ${scored.join(', ')} only; accepted: ${scored.join(', ')}`)
    }
  }
  return problems
}
