import type { EnvSpec } from '../core/envs/types'
import { checkDesignAgainstSpec } from '../core/rewards/designSchema'
import { expressionProblems } from '../core/rewards/expressionProblems'
import { describeIssues, RunConfigSchema } from '../core/run/config'
import { learnerFits } from '../core/run/learnerFit'
import { designOfRunConfig, type Design } from '../state/design'
import { errorMessage } from '../core/errorMessage'

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
  const { mix, learner } = config.data
  let built: ReturnType<typeof designOfRunConfig>
  try {
    built = designOfRunConfig(config.data)
  } catch (error) {
    return { ok: false, problem: errorMessage(error) }
  }
  const { design, base, spec, outOfRange } = built
  const problems = [...checkDesignAgainstSpec(mix, base), ...expressionProblems(mix, base)]
  const misfit = learnerFits(learner.kind, spec)
  if (misfit !== null) problems.push(`learner ${learner.kind}: ${misfit}`)
  for (const { name, weight, range } of outOfRange) problems.push(`weights.${name}: ${weight} is outside ${range[0]} to ${range[1]}`)
  if (problems.length > 0) return { ok: false, problem: problems.join('; ') }
  return { ok: true, design, spec }
}
