import { resolveEnvironment } from '../core/envs/registry'
import type { EnvParams } from '../core/envs/types'
import { defaultMix } from '../core/rewards/mix'
import { parseRewardDesign } from '../core/rewards/designSchema'
import { rewardDesignProblems } from '../core/rewards/rewardProblems'
import { rewardedSpec } from '../core/rewards/extras'
import { defaultLearnerFor, describeIssues, LearnerOptionsSchema, type LearnerKind } from '../core/run/config'
import { learnerFits } from '../core/run/learnerFit'
import { extrasOf, MAX_SEED, type Design } from '../model/design'

/**
 * A design as a lesson writes it: only what differs from the environment's defaults. `reward` is
 * the reward design's extras as JSON would hold them (defaults may be left out), `learner` the
 * learner's kind and the options that differ from its defaults.
 */
export interface DesignRecipe {
  envId: string
  params?: EnvParams
  weights?: Record<string, number>
  reward?: { terms?: unknown[]; shaping?: unknown[]; bonuses?: unknown[]; transforms?: Record<string, unknown[]>; rewardModels?: unknown[] }
  learner?: { kind: LearnerKind; [option: string]: unknown }
  seed?: number
}

/**
 * The full Design a recipe describes, checked the way a link is checked: parameters by the
 * environment, the reward extras by their schema and against the environment, every weight within
 * its slider's range, the learner by its schema and against the environment. Throws one error
 * naming every problem, so a broken lesson fails its unit test instead of loading half a design.
 */
export function buildDesign(recipe: DesignRecipe): Design {
  const problems: string[] = []
  const { params, spec: base } = resolveEnvironment(recipe.envId, recipe.params)

  const parsed = parseRewardDesign({ ...(recipe.reward ?? {}) })
  if (!parsed.ok) throw new Error(`${recipe.envId}: the reward does not parse: ${parsed.problems.join('; ')}`)
  problems.push(...rewardDesignProblems(parsed.design, base))
  const spec = rewardedSpec(base, parsed.design)

  const weights = defaultMix(spec).weights
  for (const [name, weight] of Object.entries(recipe.weights ?? {})) {
    const component = spec.components.find((c) => c.name === name)
    if (!component) problems.push(`weight of unknown component "${name}" (accepted: ${spec.components.map((c) => c.name).join(', ')})`)
    else if (!Number.isFinite(weight) || weight < component.range[0] || weight > component.range[1]) problems.push(`weight of ${name} ${weight} (accepted: ${component.range[0]} to ${component.range[1]})`)
    else weights[name] = weight
  }

  const learnerResult = LearnerOptionsSchema.safeParse(recipe.learner ?? defaultLearnerFor(base))
  if (!learnerResult.success) throw new Error(`${recipe.envId}: learner ${describeIssues(learnerResult.error)}`)
  const learner = learnerResult.data
  const misfit = learnerFits(learner.kind, spec)
  if (misfit !== null) problems.push(misfit)

  const seed = recipe.seed ?? 1
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) problems.push(`seed ${seed} (accepted: an integer from 0 to ${MAX_SEED})`)
  if (problems.length > 0) throw new Error(`${recipe.envId}: ${problems.join('; ')}`)
  return { envId: recipe.envId, params, weights, reward: extrasOf(parsed.design), learner, seed }
}
