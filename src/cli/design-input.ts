import type { EnvSpec } from '../core/envs/types'
import { parseRewardDesign, type RewardDesign } from '../core/rewards/designSchema'
import { rewardDesignProblems } from '../core/rewards/rewardProblems'
import { listProblems } from './message'
import { UsageError } from './usage'

/**
 * A reward design from `--mix` (the same JSON the app exports), checked against the environment
 * it will run on. Every problem is named at once, in one line: the schema's problems first; when
 * the schema is satisfied, the names that do not fit the environment and the expressions that do
 * not compile.
 */
export function loadRewardDesign(text: string, source: string, spec: EnvSpec): RewardDesign {
  if (text.trim() === '') throw new UsageError(`--mix ${source} is empty; expected a reward design as JSON, e.g. {"weights": {"alive": 1}}`)
  const parsed = parseRewardDesign(text)
  const problems = parsed.ok ? rewardDesignProblems(parsed.design, spec) : parsed.problems
  if (!parsed.ok || problems.length > 0) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
    throw new UsageError(`the reward design in --mix ${source} has ${count}: ${listProblems(problems)}`)
  }
  return parsed.design
}
