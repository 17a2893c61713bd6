/*
 * The recipe the token task's fixed prover (tokenseqFixedProver.json) is trained from, apart from
 * the trained file so that training it needs no file yet: outcome-only GRPO (correct alone, the
 * task's default mix) on lesson process-vs-outcome's prompts (hard, room for 8 tokens, groups of 8)
 * at its learning rate and β, with a hidden size of 32 to keep the file small, seed 1, for 1,000,000
 * environment steps: about where its exact chance of a right answer stops rising (0.08 % at the
 * start, 68 % at 500,000 steps, 73 % at 1,000,000), and about 20 seconds of training.
 * `reward-playground lesson models --write` trains it (src/cli/lessonFixedProver.ts).
 */
export const TOKEN_FIXED_PROVER_RECIPE = {
  envId: 'tokenseq',
  params: { difficulty: 'hard', max_length: 8, group_size: 8 },
  weights: { correct: 1 },
  learner: { kind: 'grpo', learningRate: 2e-3, beta: 0, hiddenSize: 32 },
  seed: 1,
  steps: 1_000_000,
} as const
