import type { RewardModel } from '../core/preferences/rewardModel'

/* The recipe the lessons' reward models are fitted from (src/cli/lessonModels.ts), apart from the fitted file so that fitting it needs no file yet. */

/**
 * 10,000 pairs of the token task's start policy (default prompts, 8 tokens at most), labelled with
 * temperature 0 by a labeler who adds 0.05 per token to the gold, 20 % held out, L2 1, seed 1.
 */
export const LESSON_MODEL_RECIPE = { pairs: 10_000, temperature: 0, lengthBias: 0.05, seed: 1, holdout: 0.2, l2: 1 } as const

export interface LessonRewardModels {
  recipe: typeof LESSON_MODEL_RECIPE
  lengthBiased: { plain: RewardModel; decorrelated: RewardModel }
}
