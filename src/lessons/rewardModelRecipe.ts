import type { RewardModel } from '../core/preferences/rewardModel'

/* The recipes the lessons' reward models are fitted from (src/cli/lessonModels.ts), apart from the fitted file so that fitting it needs no file yet. */

/**
 * 10,000 pairs of the token task's start policy (default prompts, 8 tokens at most), labelled with
 * temperature 0 by a labeler who adds 0.05 per token to the gold, 20 % held out, L2 1, seed 1.
 */
export const LESSON_MODEL_RECIPE = { pairs: 10_000, temperature: 0, lengthBias: 0.05, seed: 1, holdout: 0.2, l2: 1 } as const

/**
 * The over-optimisation lessons' models: 6,000 pairs of the start policy on easy prompts (answers of
 * up to 8 tokens, groups of 16), labelled by the gold alone at temperature 0 (a tie, two wrong
 * answers nearly always, is a coin flip), 20 % held out, L2 1, seed 1; one linear model, and an
 * ensemble of 5 fitted to bootstrap samples of the same pairs. Few pairs hold a right answer, so
 * the model learns "close to a + b" well and the rest (length, the digits' counts) by chance: what a
 * policy trained hard against it finds.
 */
export const OVER_OPTIMISATION_MODEL_RECIPE = {
  params: { difficulty: 'easy', max_length: 8, group_size: 16 },
  pairs: 6_000,
  temperature: 0,
  seed: 1,
  holdout: 0.2,
  l2: 1,
  ensemble: 5,
} as const

export interface LessonRewardModels {
  recipe: typeof LESSON_MODEL_RECIPE
  lengthBiased: { plain: RewardModel; decorrelated: RewardModel }
  overOptimisationRecipe: typeof OVER_OPTIMISATION_MODEL_RECIPE
  overOptimisation: { single: RewardModel; ensemble: RewardModel }
}
