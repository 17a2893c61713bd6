import type { EnvSpec } from '../core/envs/types'
import type { RewardDesign } from '../core/rewards/designSchema'
import { checkRewardDesign } from '../core/rewards/checkRewardDesign'
import { listProblems } from './message'
import { UsageError } from './usage'

/**
 * A reward design from `--mix` (the same JSON the app exports), checked against the environment
 * it will run on. Every problem is named at once, in one line: the schema's problems first, then
 * the names that do not fit the environment and the expressions that do not compile.
 */
export function loadRewardDesign(text: string, source: string, spec: EnvSpec): RewardDesign {
  if (text.trim() === '') throw new UsageError(`--mix ${source} is empty; expected a reward design as JSON, e.g. {"weights": {"alive": 1}}`)
  const checked = checkRewardDesign(text, spec)
  if (!checked.ok) {
    const { problems } = checked
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
    throw new UsageError(`the reward design in --mix ${source} has ${count}: ${listProblems(problems)}`)
  }
  return checked.design
}
