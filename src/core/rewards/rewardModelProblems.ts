import type { EnvSpec } from '../envs/types'
import { completionStepFeaturesFor } from '../preferences/completionStepFeatures'
import { isProcessModel } from '../preferences/rewardModel'
import { rewardModelFeaturesFor, undeclaredFeaturesProblem } from '../preferences/rewardModelFeatures'
import type { RewardDesign } from './designSchema'
import { formatPath } from '../schemaInput'

/** The most names of the model's own one message lists before it counts the rest (a model may have 100). */
const LISTED_NAMES = 8

/**
 * How a (schema-valid) design's reward models misfit the environment: one that declares no
 * features for them to score, a model fitted on other features than it declares, a component name
 * that a component of the environment or a custom term already has. [] when they fit.
 */
export function rewardModelProblems(design: RewardDesign, spec: EnvSpec): string[] {
  const entries = design.rewardModels ?? []
  if (entries.length === 0) return []
  const declaredOutcome = rewardModelFeaturesFor(spec)
  const declaredSteps = completionStepFeaturesFor(spec)
  const problems: string[] = []
  const components = spec.components.map((c) => c.name)
  const terms = design.terms.map((t) => t.name)
  entries.forEach((entry, index) => {
    if (components.includes(entry.name) || terms.includes(entry.name)) {
      problems.push(`${formatPath(['rewardModels', index, 'name'])}: "${entry.name}" is already ${components.includes(entry.name) ? `a component of ${spec.id}` : 'a custom term'}; choose another name (taken: ${[...components, ...terms].join(', ')})`)
    }
    const process = isProcessModel(entry.model)
    // A process model scores each token's step, an outcome model the finished completion's features (or a segment's step's).
    const declared = process ? declaredSteps : declaredOutcome
    if (declared === null) {
      problems.push(`${formatPath(['rewardModels', index])}: ${process ? `a process reward model scores each token's step of a completion, which ${spec.id} does not declare; accepted environments: tokenseq` : undeclaredFeaturesProblem(spec.id)}`)
      return
    }
    const mismatch = featureMismatch(entry.model.featureNames, declared.names)
    if (mismatch !== null) {
      const what = process || declaredOutcome?.kind === 'step' ? 'steps' : 'completions'
      const fitAgain = process ? `fit it with reward-model fit --process on ${spec.id}` : `fit it on pairs from ${spec.id}`
      problems.push(`${formatPath(['rewardModels', index, 'model', 'featureNames'])}: the model was fitted on other features than ${spec.id}'s ${what} have (${mismatch}); ${spec.id} declares ${declared.names.join(', ')}${process ? ' for a process model' : ''}: ${fitAgain}`)
    }
  })
  return problems
}

/** How the model's feature names differ from the declared ones, in words; null when they are equal. */
function featureMismatch(model: readonly string[], declared: readonly string[]): string | null {
  if (model.length === declared.length && model.every((name, k) => name === declared[k])) return null
  const missing = declared.filter((name) => !model.includes(name))
  const unknown = model.filter((name) => !declared.includes(name))
  if (missing.length === 0 && unknown.length === 0) return 'the same names in another order'
  return [missing.length > 0 ? `it lacks ${missing.join(', ')}` : '', unknown.length > 0 ? `it has ${listNames(unknown)}, which ${unknown.length === 1 ? 'is' : 'are'} not declared` : ''].filter((part) => part !== '').join('; ')
}

/** "a, b, c" or "a, b, … and 7 more". */
function listNames(names: readonly string[]): string {
  const shown = names.slice(0, LISTED_NAMES).join(', ')
  return names.length > LISTED_NAMES ? `${shown} and ${names.length - LISTED_NAMES} more` : shown
}
