/*
 * Every bound the command line puts on what it is given, in one place, so that --help and the
 * messages say the same numbers the code enforces.
 */

/**
 * The most bytes read from stdin or a --mix / --config file. Input is read whole before it is
 * parsed: an endless pipe or /dev/zero must end quickly, and a string of several hundred MB would
 * exhaust memory or JavaScript's longest string. Designs and run configs are a few KB; 16 MiB
 * leaves room for large advantage batches.
 */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024

/** MAX_INPUT_BYTES as messages say it. */
export const MAX_INPUT_SIZE = '16 MiB'

/** The most `train --iterations` (and `--every`): beyond, a run would outlast any terminal session. */
export const MAX_ITERATIONS = 1_000_000

/** The most `train --steps`: the app's largest step budget (a PPO learner's totalSteps). */
export const MAX_STEPS = 1_000_000_000

/** The most problems one message lists; the rest are counted ("and 12 more"). Also the most quoted values in a row. */
export const MAX_LISTED = 10

/** The longest run of characters without a space a message keeps (an unquoted name, in a path such as weights.NAME). */
export const MAX_WORD_LENGTH = 80

/** The longest message line, whatever it says: the last guard on what stderr gets. */
export const MAX_MESSAGE_LENGTH = 4000

/** The most `reward-model fit --process --completions`: 20,000 completions of at most 32 tokens, 640,000 steps, a fit of seconds. */
export const MAX_PROCESS_COMPLETIONS = 20_000

/**
 * The most bytes `rollouts --from` reads, a folder's files together. A rollout file is streamed,
 * never held whole, and what is kept of it is bounded by its completions (core/rollouts/limits.ts);
 * this bounds the time a read may take: about ten 200 MB dumps.
 */
export const MAX_ROLLOUT_BYTES = 2 * 1024 * 1024 * 1024

/** MAX_ROLLOUT_BYTES as messages say it. */
export const MAX_ROLLOUT_SIZE = '2 GiB'
