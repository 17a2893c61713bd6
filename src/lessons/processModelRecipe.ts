/* The recipe lesson process-vs-outcome's process reward model is fitted from (src/cli/lessonProcessModel.ts), apart from the fitted file so that fitting it needs no file yet. */

/**
 * The gold step labels of 4,000 completions of the token task's start policy on hard prompts with
 * at most 4 tokens, 20 % held out, L2 1, seed 1. Answers of 4 tokens run out of room often (two
 * thinks already leave too few tokens for a two-digit answer and end), so the fit sees every way a
 * step can go wrong; the lesson then trains on longer answers, where the features mean the same.
 */
export const PROCESS_MODEL_RECIPE = { completions: 4_000, params: { difficulty: 'hard', max_length: 4 }, seed: 1, holdout: 0.2, l2: 1 } as const
