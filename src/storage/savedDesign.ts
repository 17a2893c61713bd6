import type { EnvSpec } from '../core/envs/types'
import { describeIssues, RunConfigSchema } from '../core/run/config'
import { designOfRunConfig, designProblems, type Design } from '../model/design'
import { errorMessage } from '../core/errorMessage'
import { summariseProblems } from '../model/problemList'

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
    // A run saved before schedules or constraints existed has none, and its mix stays as it was.
    mix: { ...raw.reward, weights: raw.weights, ...(raw.schedules === undefined ? {} : { schedules: raw.schedules }), ...(raw.constraints === undefined ? {} : { constraints: raw.constraints }) },
    learner: raw.learner,
    seed: raw.seed,
  })
  if (!config.success) return { ok: false, problem: describeIssues(config.error) }
  let built: ReturnType<typeof designOfRunConfig>
  try {
    built = designOfRunConfig(config.data)
  } catch (error) {
    return { ok: false, problem: errorMessage(error) }
  }
  const { design, base, spec } = built
  const problems = designProblems({ ...design, weights: config.data.mix.weights }, base)
  if (problems.length > 0) return { ok: false, problem: summariseProblems(problems) }
  return { ok: true, design, spec }
}
