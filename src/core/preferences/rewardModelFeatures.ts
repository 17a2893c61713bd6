import type { EnvSpec } from '../envs/types'
import { completionFeaturesFor, FEATURED_ENVIRONMENTS, type CompletionFeatures } from './completionFeatures'
import { STEP_FEATURED_ENVIRONMENTS, stepFeaturesFor, type StepFeatures } from './stepFeatures'

/*
 * What a reward model scores on an environment, of the two kinds an environment may declare: a
 * finished completion's features (the token task: one score, paid when the completion ends), or a
 * step's, f(s′) of the state it reached (CartPole and the grid worlds: r(f(s′)) paid on every step,
 * whose sum over a segment is the score the model was fitted to order segments by).
 */

export type RewardModelFeatures = { kind: 'completion'; names: readonly string[]; completion: CompletionFeatures } | { kind: 'step'; names: readonly string[]; step: StepFeatures }

/** What `spec`'s environment declares for a reward model, or null when it declares nothing. */
export function rewardModelFeaturesFor(spec: Pick<EnvSpec, 'id' | 'grid' | 'completions'>): RewardModelFeatures | null {
  const completion = completionFeaturesFor(spec)
  if (completion !== null) return { kind: 'completion', names: completion.names, completion }
  const step = stepFeaturesFor(spec)
  if (step !== null) return { kind: 'step', names: step.names, step }
  return null
}

/** The message for an environment that declares nothing, naming those that do and what each offers. */
export function undeclaredFeaturesProblem(envId: string): string {
  return `a reward model scores a finished completion's features or a step's, which ${envId} does not declare; accepted environments: ${FEATURED_ENVIRONMENTS.join(', ')} (a completion, paid when it ends), ${STEP_FEATURED_ENVIRONMENTS.join(', ')} (a step, paid on every step)`
}
