import { getEnv } from '../core/envs/registry'
import { resolveParams } from '../core/envs/params'
import type { EnvSpec } from '../core/envs/types'
import { checkDesignAgainstSpec } from '../core/rewards/designSchema'
import { expressionProblems } from '../core/rewards/expressionProblems'
import { rewardedSpec } from '../core/rewards/extras'
import { describeIssues, RunConfigSchema } from '../core/run/config'
import { learnerFits } from '../core/run/learnerFit'
import type { Design } from '../state/design'

export type ParsedSavedDesign = { ok: true; design: Design; spec: EnvSpec } | { ok: false; problem: string }

/**
 * Validate a design read back from storage, as strictly as one from a link or a file: the shapes
 * through the run config's schemas (parameters, reward design, learner, seed), then whether they fit
 * the environment (its parameters, the reward's names and expressions, the learner, each weight in
 * its slider's range). Returns the design with its spec, or one line naming every problem.
 */
export function parseSavedDesign(value: unknown): ParsedSavedDesign {
  if (value === null || typeof value !== 'object') return { ok: false, problem: 'design: expected an object' }
  const raw = value as Record<string, unknown>
  if (raw.reward === null || typeof raw.reward !== 'object') return { ok: false, problem: 'design.reward: expected an object' }
  const config = RunConfigSchema.safeParse({
    env: { id: raw.envId, params: raw.params },
    mix: { ...raw.reward, weights: raw.weights },
    learner: raw.learner,
    seed: raw.seed,
  })
  if (!config.success) return { ok: false, problem: describeIssues(config.error) }
  const { env, mix, learner, seed } = config.data
  const problems: string[] = []
  let spec: EnvSpec
  let params: Design['params']
  try {
    const definition = getEnv(env.id)
    params = resolveParams(definition.spec, env.params)
    const base = definition.describe(params)
    problems.push(...checkDesignAgainstSpec(mix, base), ...expressionProblems(mix, base))
    spec = rewardedSpec(base, mix)
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) }
  }
  const misfit = learnerFits(learner.kind, spec)
  if (misfit !== null) problems.push(`learner ${learner.kind}: ${misfit}`)
  const weights: Record<string, number> = {}
  for (const component of spec.components) {
    const weight = mix.weights[component.name] ?? component.defaultWeight
    if (weight < component.range[0] || weight > component.range[1]) problems.push(`weights.${component.name}: ${weight} is outside ${component.range[0]} to ${component.range[1]}`)
    weights[component.name] = weight
  }
  if (problems.length > 0) return { ok: false, problem: problems.join('; ') }
  const { terms, shaping, bonuses, transforms } = mix
  return { ok: true, design: { envId: env.id, params, weights, reward: { terms, shaping, bonuses, transforms }, learner, seed }, spec }
}
