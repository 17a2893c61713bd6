import type { EnvSpec } from '../envs/types'
import { errorMessage } from '../errorMessage'
import { discretiserFor, hasCountDiscretiser } from './countBonus'
import type { RewardDesign } from './designSchema'
import { formatPath } from '../schemaInput'
import { expressionProblems } from './expressionProblems'
import { extraComponents } from './extras'
import { parProblems } from './parReference'
import { rewardModelProblems } from './rewardModelProblems'
import { potentialsFor } from './shaping'
import { scheduleProblems } from './weightSchedule'
import { constraintProblems } from './costConstraint'

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

/**
 * Whether a valid design fits one environment: every weighted or transformed name exists (a
 * component, or for transforms also a term), no term takes a component's name, every shaping
 * potential is one the environment offers (or custom), count bonuses can discretise its state,
 * rnd bonuses have a state vector to read, reward models score the features it declares and a par
 * transform has the environment's reference answer to compare with.
 * Returns every problem, each naming what is accepted; [] when it fits.
 */
export function checkDesignAgainstSpec(design: RewardDesign, spec: EnvSpec): string[] {
  const problems: string[] = []
  const components = spec.components.map((c) => c.name)
  const terms = design.terms.map((t) => t.name)
  const rewardModels = (design.rewardModels ?? []).map((entry) => entry.name)
  // Weights may also name the components the design adds (its terms, shaping, bonuses and reward models).
  const weighable = [...components, ...extraComponents(design, spec).map((c) => c.name)]
  for (const key of Object.keys(design.weights)) {
    if (!weighable.includes(key)) {
      problems.push(`${formatPath(['weights', key])}: ${spec.id} has no component "${key}"; accepted: ${weighable.join(', ')}`)
    }
  }
  for (const key of Object.keys(design.transforms)) {
    if (!components.includes(key) && !terms.includes(key) && !rewardModels.includes(key)) {
      const what = rewardModels.length > 0 ? 'a custom term nor a reward model' : 'a custom term'
      problems.push(`${formatPath(['transforms', key])}: "${key}" is neither a component of ${spec.id} nor ${what}; accepted: ${[...components, ...terms, ...rewardModels].join(', ')}`)
    }
    if (spec.components.some((component) => component.name === key && component.groupEnd) && (design.transforms[key]?.length ?? 0) > 0) {
      problems.push(`${formatPath(['transforms', key])}: ${key} is paid when its whole group has ended, after the step's transforms, so it takes none; weigh it instead`)
    }
  }
  design.terms.forEach((term, index) => {
    if (components.includes(term.name)) {
      problems.push(`${formatPath(['terms', index, 'name'])}: "${term.name}" is already a component of ${spec.id}; choose another name (taken: ${components.join(', ')})`)
    }
  })
  const potentials = potentialsFor(spec.id).map((p) => p.name)
  design.shaping.forEach((term, index) => {
    if (term.potential !== 'custom' && !potentials.includes(term.potential)) {
      problems.push(`${formatPath(['shaping', index, 'potential'])}: ${spec.id} offers no potential "${term.potential}"; accepted: ${[...potentials, 'custom'].join(', ')}`)
    }
  })
  design.bonuses.forEach((bonus, index) => {
    if (bonus.kind === 'rnd') {
      // Random network distillation reads the raw state vector: any environment with one will do.
      if (spec.stateVars.length === 0) problems.push(`${formatPath(['bonuses', index, 'kind'])}: an rnd bonus needs a state vector, and ${spec.id} has none`)
      return
    }
    if (!hasCountDiscretiser(spec)) {
      problems.push(`${formatPath(['bonuses', index, 'kind'])}: a count bonus needs a discretised state, which ${spec.id} does not offer; accepted on grid environments, cartpole, mountaincar and acrobot (or use rnd)`)
      return
    }
    if (spec.grid && bonus.bins !== undefined) {
      problems.push(`${formatPath(['bonuses', index, 'bins'])}: ${spec.id} counts its own grid cells; bins applies only to continuous environments, remove it`)
      return
    }
    try {
      discretiserFor(spec, bonus.bins ?? 10)
    } catch (error) {
      problems.push(`${formatPath(['bonuses', index, 'bins'])}: ${errorMessage(error)}`)
    }
  })
  problems.push(...parProblems(design, spec))
  problems.push(...rewardModelProblems(design, spec))
  // A schedule, like a weight, may name the components the design adds, within their sliders' ranges.
  problems.push(...scheduleProblems(design.schedules, [...spec.components, ...extraComponents(design, spec)]))
  // A budget, like a schedule, may name the components the design adds; one component has a schedule or a budget.
  problems.push(...constraintProblems(design.constraints, [...spec.components, ...extraComponents(design, spec)].map((component) => component.name), Object.keys(design.schedules ?? {})))
  return problems
}
