import { resolveEnvironment, type ResolvedEnvironment } from '../core/envs/registry'
import type { EnvParams, EnvSpec } from '../core/envs/types'
import { defaultMix } from '../core/rewards/mix'
import { RewardDesignSchema, type RewardDesign } from '../core/rewards/designSchema'
import { rewardedSpec } from '../core/rewards/extras'
import { rewardDesignProblems } from '../core/rewards/rewardProblems'
import { defaultLearnerFor, type LearnerOptions, type RunConfig } from '../core/run/config'
import { learnerFits, learnerOptionsProblems } from '../core/run/learnerFit'
import { refitRunProblem } from '../core/rewards/refitModelProblem'
import { ownValue } from '../core/reservedNames'
import { hasSchedules, type WeightSchedule, type WeightSchedules } from '../core/rewards/weightSchedule'
import { hasConstraints, type CostConstraints } from '../core/rewards/costConstraint'

/** What the user designs: the environment, its parameters, the reward weights, the learner and the seed. */
export interface Design {
  envId: string
  params: EnvParams
  /** Weights of every component: the environment's and the ones `reward` adds. */
  weights: Record<string, number>
  /**
   * The weights that follow a schedule over training, by component (weightSchedule.ts); absent, not
   * {}, when none does, so a design without one writes the same link, file and run as before.
   */
  schedules?: WeightSchedules
  /**
   * The components declared costs with a budget, each paid with weight −λ (costConstraint.ts);
   * absent, not {}, when there are none, for the same reason as schedules.
   */
  constraints?: CostConstraints
  /** What the design adds to the environment's components: custom terms, shaping, bonuses, transforms. */
  reward: RewardExtras
  learner: LearnerOptions
  seed: number
}

/** The reward design less its weights (those live in Design.weights, one per slider); `rewardModels` absent when there are none. */
export type RewardExtras = Pick<RewardDesign, 'terms' | 'shaping' | 'bonuses' | 'transforms' | 'rewardModels'>

export const NO_EXTRAS: RewardExtras = { terms: [], shaping: [], bonuses: [], transforms: {} }

export const DEFAULT_ENV_ID = 'cartpole'
export { MAX_SEED } from '../core/rng'

export function hasExtras(reward: RewardExtras): boolean {
  return reward.terms.length + reward.shaping.length + reward.bonuses.length + Object.keys(reward.transforms).length + (reward.rewardModels?.length ?? 0) > 0
}

/**
 * The extras of a whole reward design (its weights left out). A design without reward models has
 * no `rewardModels` key at all, so its links, files and saved runs stay as they were before them.
 */
export function extrasOf({ terms, shaping, bonuses, transforms, rewardModels }: RewardExtras): RewardExtras {
  return rewardModels === undefined || rewardModels.length === 0 ? { terms, shaping, bonuses, transforms } : { terms, shaping, bonuses, transforms, rewardModels }
}

/** The whole reward design a run is started with. */
export function rewardDesignOf(design: Pick<Design, 'reward' | 'weights' | 'schedules' | 'constraints'>): RewardDesign {
  return RewardDesignSchema.parse({ ...design.reward, weights: design.weights, ...schedulesPart(design.schedules), ...constraintsPart(design.constraints) })
}

/** `{ constraints }` where some component is a cost with a budget, else nothing: spread into a design or a mix. */
export function constraintsPart(constraints: CostConstraints | undefined): { constraints?: CostConstraints } {
  return hasConstraints(constraints) ? { constraints } : {}
}

/** `{ schedules }` where some weight is scheduled, else nothing: spread into a design or a mix. */
export function schedulesPart(schedules: WeightSchedules | undefined): { schedules?: WeightSchedules } {
  return hasSchedules(schedules) ? { schedules } : {}
}

/** The design with `name`'s weight following `schedule`, or constant again (null). */
export function withSchedule(design: Design, name: string, schedule: WeightSchedule | null): Design {
  const { schedules: _schedules, ...rest } = design
  const others = Object.entries(design.schedules ?? {}).filter(([other]) => other !== name)
  return { ...rest, ...schedulesPart(Object.fromEntries(schedule === null ? others : [...others, [name, schedule]])) }
}

/** The schedules of components a (new) spec still has; the others go with their components. */
export function keepSchedules(spec: EnvSpec, schedules: WeightSchedules | undefined): { schedules?: WeightSchedules } {
  if (!hasSchedules(schedules)) return {}
  return schedulesPart(Object.fromEntries(Object.entries(schedules).filter(([name]) => spec.components.some((component) => component.name === name))))
}

/** A design's environment resolved once: the definition, the parameters, its own spec (`base`) and the spec with the reward's additions. */
export interface ResolvedDesign extends Omit<ResolvedEnvironment, 'spec'> {
  base: EnvSpec
  spec: EnvSpec
}

/**
 * The environment a design runs on and the spec its reward makes of it: resolveEnvironment, then
 * the reward's terms, shaping and bonuses as further components. Throws what the environment throws
 * (an unknown id, a bad parameter).
 */
export function resolveDesign(design: Pick<Design, 'envId' | 'params' | 'reward'>): ResolvedDesign {
  const { definition, params, spec: base } = resolveEnvironment(design.envId, design.params)
  return { definition, params, base, spec: rewardedSpec(base, RewardDesignSchema.parse(design.reward)) }
}

/**
 * A design's reward replaced by `reward`, checked against the environment's own spec: the new
 * reward (schema-checked) and the spec it makes, or every problem with it.
 */
export function withReward(design: Pick<Design, 'envId' | 'params'>, reward: RewardExtras): { ok: true; reward: RewardDesign; spec: EnvSpec } | { ok: false; problems: string[] } {
  // The environment's own spec: the reward's additions are checked against it, then appended.
  const base = resolveEnvironment(design.envId, design.params).spec
  const candidate = RewardDesignSchema.safeParse(reward)
  if (!candidate.success) return { ok: false, problems: candidate.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) }
  const problems = rewardDesignProblems(candidate.data, base)
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, reward: candidate.data, spec: rewardedSpec(base, candidate.data) }
}

/** The environment's spec with the components the design's reward adds. */
export function specOf(design: Pick<Design, 'envId' | 'params' | 'reward'>): EnvSpec {
  return resolveDesign(design).spec
}

export function defaultDesign(envId = DEFAULT_ENV_ID, seed = 1): Design {
  const { params, spec } = resolveEnvironment(envId)
  return { envId, params, weights: defaultMix(spec).weights, reward: NO_EXTRAS, learner: defaultLearnerFor(spec), seed }
}

/** A weight outside its slider's range, for the caller to name in its own words. */
export interface OutOfRange {
  name: string
  weight: number
  range: readonly [number, number]
}

/** The weights (of components the spec has) outside their sliders' ranges. */
export function weightsOutOfRange(weights: Record<string, number>, spec: EnvSpec): OutOfRange[] {
  const outside: OutOfRange[] = []
  for (const component of spec.components) {
    const weight = ownValue(weights, component.name)
    if (weight !== undefined && (weight < component.range[0] || weight > component.range[1])) outside.push({ name: component.name, weight, range: component.range })
  }
  return outside
}

/** A weight outside its slider's range, as a design's problems name it. */
export function rangeProblem({ name, weight, range }: OutOfRange): string {
  return `weights.${name}: ${weight} is outside its slider's range; accepted: a number from ${range[0]} to ${range[1]}`
}

/**
 * Every way a design misfits its environment, whose own spec (for the design's parameters) is
 * `base`: the reward's names and expressions, then (once the reward fits) the learner and every
 * weight outside its slider's range. The one check of a whole design at the page's boundaries (a
 * saved run, an imported file); [] when it fits.
 */
export function designProblems(design: Pick<Design, 'reward' | 'weights' | 'learner' | 'schedules' | 'constraints'>, base: EnvSpec): string[] {
  const reward = rewardDesignOf(design)
  const problems = rewardDesignProblems(reward, base)
  if (problems.length > 0) return problems
  const spec = rewardedSpec(base, reward)
  const misfit = learnerFits(design.learner.kind, spec)
  const refitProblem = refitRunProblem(reward.rewardModels, design.learner.kind, base.id)
  if (refitProblem !== null) problems.push(refitProblem)
  if (misfit !== null) problems.push(`learner ${design.learner.kind}: ${misfit}`)
  else problems.push(...learnerOptionsProblems(design.learner, spec).map((problem) => `learner.${problem}`))
  problems.push(...weightsOutOfRange(design.weights, spec).map(rangeProblem))
  return problems
}

/** Weights for a (new) spec: the ones already set where the component still exists, defaults for the rest. */
export function keepWeights(spec: EnvSpec, previous: Record<string, number>): Record<string, number> {
  return Object.fromEntries(spec.components.map((component) => [component.name, ownValue(previous, component.name) ?? component.defaultWeight]))
}

/**
 * The design a run config describes: its parameters resolved, every component weighted (the
 * config's weight, else the default), with the environment's own spec (`base`), the spec with the
 * reward's additions, and the weights outside their sliders' ranges. Whether the reward and the
 * learner fit is the caller's check; what the environment throws (an unknown id, a bad parameter)
 * is thrown.
 */
export function designOfRunConfig(config: RunConfig): { design: Design; base: EnvSpec; spec: EnvSpec; outOfRange: OutOfRange[] } {
  const { env, mix, learner, seed } = config
  const { params, spec: base } = resolveEnvironment(env.id, env.params)
  const spec = rewardedSpec(base, mix)
  const weights = Object.fromEntries(spec.components.map((component) => [component.name, ownValue(mix.weights, component.name) ?? component.defaultWeight]))
  return { design: { envId: env.id, params, weights, ...schedulesPart(mix.schedules), ...constraintsPart(mix.constraints), reward: extrasOf(mix), learner, seed }, base, spec, outOfRange: weightsOutOfRange(mix.weights, spec) }
}

/** The run config this design starts (what the worker is sent, and what `train --config` reads). */
export function runConfigOf(design: Design): RunConfig {
  return { env: { id: design.envId, params: design.params }, mix: rewardDesignOf(design), learner: design.learner, seed: design.seed }
}

// The cut lives in core/ so that core's own messages (a parameter's value, say) quote as links do.
export { truncate } from '../core/truncate'
