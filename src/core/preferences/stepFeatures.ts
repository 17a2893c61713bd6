import { ENVIRONMENTS, findEnv } from '../envs/registry'
import type { EnvSpec, StepFeatures } from '../envs/types'

/*
 * The environments that declare features of one step, for a reward model over states (after
 * Christiano et al. 2017): f(s′) of the state s′ a step reaches (the state that ended the episode,
 * on its last step). A segment's features are Σ_t f(s′_t) over its steps, so a linear model's
 * score of a segment, w·Σ_t f(s′_t), is the sum of its per-step rewards w·f(s′_t): Bradley–Terry
 * on segment sums fits the per-step weights, and the same model pays w·f(s′) on every step.
 *
 * Each declaration's first feature is `steps`, 1 on every step (a segment's sum: how many steps it
 * has). It is what lets a model tell a segment that the episode's end cut short from a full one:
 * with no constant feature, a reward over states could only say how a state compares with others,
 * never whether being alive at all is worth anything.
 *
 * An environment declares its features in its own file (EnvDefinition.stepFeatures): CartPole's in
 * envs/cartpole.ts, the grid worlds' (gridworld, cliffwalking, frozenlake) in envs/gridFacts.ts.
 */

export { STEPS_FEATURE, type StepFeatures } from '../envs/types'
export { CARTPOLE_STEP_FEATURE_NAMES } from '../envs/cartpole'
export { gridStepFeatureNames } from '../envs/gridFacts'

/** What `spec`'s environment declares of a step for a reward model, or null when it declares nothing. */
export function stepFeaturesFor(spec: Pick<EnvSpec, 'id' | 'grid'>): StepFeatures | null {
  return findEnv(spec.id)?.stepFeatures?.of(spec) ?? null
}

/** The environments whose steps a reward model can score, for messages. */
export const STEP_FEATURED_ENVIRONMENTS: readonly string[] = ENVIRONMENTS.filter((definition) => definition.stepFeatures !== undefined).map((definition) => definition.spec.id)

/** The feature names a pair of `envId`'s segments may have (a grid's depend on its layout: with or without has_key); [] for an environment without step features. */
export function segmentFeatureNameChoices(envId: string): readonly (readonly string[])[] {
  return findEnv(envId)?.stepFeatures?.nameChoices ?? []
}
