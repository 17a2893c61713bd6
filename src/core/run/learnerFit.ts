import { groupEstimatorOf } from '../credit/estimators'
import { ENVIRONMENTS, findEnv } from '../envs/registry'
import type { EnvSpec, ProverProgress } from '../envs/types'
import type { LearnerKind, LearnerOptions } from './config'
import { estimatorBaseline, passkOf, PROGRESS_PROVERS, type GroupBaseline, type ProgressProver } from './learnerOptions'

/** What each learner is called in the UI and messages. */
export const LEARNER_LABELS: Record<LearnerKind, string> = {
  ppo: 'PPO',
  qlearning: 'Q-learning',
  sarsa: 'SARSA',
  expected_sarsa: 'Expected SARSA',
  sarsa_lambda: 'SARSA(λ)',
  value_iteration: 'Value iteration',
  reinforce: 'REINFORCE',
  grpo: 'GRPO family',
  independent: 'Independent learners',
  dpo: 'DPO',
}

const TABULAR: LearnerKind[] = ['qlearning', 'sarsa', 'expected_sarsa', 'sarsa_lambda']

/** Why `kind` cannot train on this environment, or null when it can. */
export function learnerFits(kind: LearnerKind, spec: EnvSpec): string | null {
  const name = LEARNER_LABELS[kind]
  if ((TABULAR.includes(kind) || kind === 'value_iteration') && spec.discreteStates === null) {
    return `${name} needs an environment with discrete states; ${spec.id} has continuous observations, use PPO or REINFORCE`
  }
  if (kind === 'value_iteration' && !spec.hasModel) {
    return `${name} needs the environment's exact model; ${spec.id} has none, use Q-learning or SARSA`
  }
  if (kind === 'grpo' && spec.completions === undefined) {
    return `${name} samples groups of completions per prompt; it trains ${offering((env) => (env.completions === 'tokens' ? 0 : env.completions === 'single' ? 1 : null))}, not ${spec.id}`
  }
  if (kind === 'dpo' && spec.completions !== 'tokens') {
    return `${name} learns from preference pairs of token completions; it trains ${offering((env) => (env.completions === 'tokens' ? 0 : null))}, not ${spec.id}`
  }
  if (kind === 'independent' && spec.team === undefined) {
    return `${name} learn one policy per agent of a team; they train ${offering((env) => (env.team ? 0 : null))}, not ${spec.id}`
  }
  return null
}

/** Every learner that can train this environment, the default first. */
export function learnersFor(spec: EnvSpec): LearnerKind[] {
  const all = Object.keys(LEARNER_LABELS) as LearnerKind[]
  return all.filter((kind) => learnerFits(kind, spec) === null)
}

/**
 * Whether a running learner can take components added to or removed from the reward mid-run:
 * value iteration plans on the environment's own model, and independent learners credit the team
 * component by its place, so those two need a new run.
 */
export function learnerTakesNewComponents(kind: LearnerKind): boolean {
  return kind !== 'value_iteration' && kind !== 'independent'
}

/**
 * The ids of the environments whose default spec offers what a learner needs, for messages
 * ("tokenseq and bandit"): `rank` orders those that offer it (lowest first) and is null for the rest.
 */
function offering(rank: (spec: EnvSpec) => number | null): string {
  const ranked = ENVIRONMENTS.map((definition) => ({ id: definition.spec.id, rank: rank(definition.spec) })).filter((entry) => entry.rank !== null)
  const ids = ranked.sort((a, b) => a.rank! - b.rank!).map((entry) => entry.id)
  return ids.length > 1 ? `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}` : ids.join('')
}

/**
 * What a learner's options ask of the environment beyond its kind, each problem as "field: why"
 * (empty when none): GRPO's pass@k k at most the group size, and a group its estimator takes
 * (passk_verl's at least 2, MC-GRPO's odd G + 1 of at least 3), the group being the environment's demo copies where it
 * has them (tokenseq's group_size), else the learner's groupSize, as the trainer builds it.
 */
export function learnerOptionsProblems(learner: LearnerOptions, spec: EnvSpec): string[] {
  if (learner.kind !== 'grpo') return []
  const progressMisfit = learner.progress === undefined ? null : progressProblem(spec.id, learner.progress.prover)
  if (progressMisfit !== null) return [`progress: ${progressMisfit}`]
  const groupSize = spec.demoCopies ?? learner.groupSize
  const misfit = estimatorGroupProblem(estimatorBaseline(learner.estimator), groupSize)
  if (misfit !== null) return [`estimator.baseline: ${misfit}`]
  if (estimatorBaseline(learner.estimator) !== 'passk') return []
  const k = passkOf(learner.estimator)
  return k > groupSize ? [`estimator.k: pass@k's k is ${k}, more than the ${groupSize} completions of a group; k must be from 1 to the group size`] : []
}

/** The environments that compute PAV's progress (EnvDefinition.proverProgress). */
export const PROGRESS_ENVIRONMENTS: readonly string[] = ENVIRONMENTS.filter((definition) => definition.proverProgress !== undefined).map((definition) => definition.spec.id)

/** The environments that store a fixed prover (EnvDefinition.proverProgress.fixedProver). */
export const FIXED_PROVER_ENVIRONMENTS: readonly string[] = ENVIRONMENTS.filter((definition) => definition.proverProgress?.fixedProver !== undefined).map((definition) => definition.spec.id)

/**
 * Why the environment `envId` cannot pay PAV's progress under `prover` (it does not compute
 * progress, or, for 'fixed', it stores no prover), or null.
 */
export function progressProblem(envId: string, prover: ProgressProver): string | null {
  const progress = findEnv(envId)?.proverProgress
  if (progress === undefined) return `PAV's progress needs an environment that computes its prover's chance of success exactly; it is accepted on ${offering((env) => (PROGRESS_ENVIRONMENTS.includes(env.id) ? 0 : null))}, not ${envId}`
  return proverProblem(envId, progress, prover)
}

/** Why the environment `envId`, which computes progress as `progress` says, cannot take `prover` ('fixed' where it stores no prover), or null. */
export function proverProblem(envId: string, progress: ProverProgress, prover: ProgressProver): string | null {
  if (prover !== 'fixed' || progress.fixedProver !== undefined) return null
  const accepted = PROGRESS_PROVERS.filter((other) => other !== 'fixed').join(', ')
  return `the fixed prover is a policy stored with the environment, and ${envId} stores none (one is stored with ${offering((env) => (FIXED_PROVER_ENVIRONMENTS.includes(env.id) ? 0 : null))}); on ${envId} the prover may be ${accepted}`
}

/** Why a group of `groupSize` completions does not fit the baseline (its record's groupSizeProblem), or null. */
export function estimatorGroupProblem(baseline: GroupBaseline, groupSize: number): string | null {
  return groupEstimatorOf(baseline).groupSizeProblem?.(groupSize) ?? null
}
