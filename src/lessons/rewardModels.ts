import type { RewardModel } from '../core/preferences/rewardModel'
import { parseRewardModel } from '../core/preferences/rewardModelSchema'
import file from './rewardModels.json'

/*
 * The reward models lessons train against, fitted from the recipe in rewardModelRecipe.ts by `reward-playground lesson
 * models --write` (src/cli/lessonModels.ts) and read here through the model file's own check.
 */

function checked(raw: unknown, name: string): RewardModel {
  const parsed = parseRewardModel(raw)
  if (!parsed.success) throw new Error(`src/lessons/rewardModels.json: ${name} is no reward model (${parsed.error.message}); run npm run -s cli -- lesson models --write`)
  return parsed.data
}

/** The length-biased labeler's models: fitted plainly, and with length given its own head (the content head the reward). */
export const LENGTH_BIASED_MODELS = {
  plain: checked(file.lengthBiased.plain, 'lengthBiased.plain'),
  decorrelated: checked(file.lengthBiased.decorrelated, 'lengthBiased.decorrelated'),
}

/** The over-optimisation lessons' models of the gold-only labels: one linear model, and an ensemble of 5 fitted to bootstrap samples. */
export const OVER_OPTIMISATION_MODELS = {
  single: checked(file.overOptimisation.single, 'overOptimisation.single'),
  ensemble: checked(file.overOptimisation.ensemble, 'overOptimisation.ensemble'),
}
