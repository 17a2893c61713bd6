import type { RewardModel } from '../core/preferences/rewardModel'
import { isProcessModel } from '../core/preferences/rewardModel'
import { parseRewardModel } from '../core/preferences/rewardModelSchema'
import file from './processRewardModel.json'

/*
 * The process reward model lesson process-vs-outcome trains against, fitted from the recipe in
 * processModelRecipe.ts by `reward-playground lesson models --write` (src/cli/lessonProcessModel.ts)
 * and read here through the model file's own check.
 */

function checked(raw: unknown): RewardModel {
  const parsed = parseRewardModel(raw)
  if (!parsed.success || !isProcessModel(parsed.data)) throw new Error(`src/lessons/processRewardModel.json: no process reward model (${parsed.success ? 'granularity is not process' : parsed.error.message}); run npm run -s cli -- lesson models --write`)
  return parsed.data
}

export const LESSON_PROCESS_MODEL: RewardModel = checked(file.model)
