/*
 * The bounds a Bradley–Terry fit takes, in one place so that messages and --help say the numbers
 * the code enforces. Each Newton step builds a features × features Hessian over every pair
 * (pairs · features² operations) and solves it (features³): 100,000 pairs of 100 features keep a
 * step near a second, and a fit (tens of steps) well under a minute.
 */

/** The most preference pairs one fit takes. */
export const MAX_PREFERENCE_PAIRS = 100_000

/** The longest feature vector one fit takes. */
export const MAX_PREFERENCE_FEATURES = 100

/*
 * The simulated labeler's settings. Gold scores differ by at most 1 on the token task, so a
 * temperature of 1000 already labels nearly at random, and a bias of 1000 per token outweighs the
 * gold by three orders of magnitude: beyond these a setting says nothing more.
 */

/** The highest labeler temperature T. */
export const MAX_LABELER_TEMPERATURE = 1000

/** The largest |weight| of one labeler bias. */
export const MAX_LABELER_BIAS = 1000

/*
 * A file of labelled pairs (JSONL, one pair a line) is read line by line. A line of the token task
 * is under 1 KB and even 100 features named in 64 characters stay under 20 KB, so 64 KiB a line is
 * room to spare; 256 MiB holds 100,000 such pairs several times over.
 */

/** The longest line of a pairs file, in characters. */
export const MAX_PAIR_LINE_LENGTH = 65_536

/** The most bytes of a pairs file read. */
export const MAX_PAIRS_FILE_BYTES = 256 * 1024 * 1024

/** MAX_PAIRS_FILE_BYTES as messages say it. */
export const MAX_PAIRS_FILE_SIZE = '256 MiB'

/** The longest feature name a pairs file may give. */
export const MAX_FEATURE_NAME_LENGTH = 64

/** The most members of one reward-model ensemble: each is a fit of its own. */
export const MAX_ENSEMBLE_MEMBERS = 16

/*
 * A segment of a trajectory (segmentPairs.ts) keeps its states so that a replay can show it. A
 * CartPole state written at full precision is under 100 characters, so a pair of two segments of
 * 200 steps stays near 40 KB, inside MAX_PAIR_LINE_LENGTH; Christiano et al. showed clips of 1–2 s
 * (25–50 steps), well inside.
 */

/** The most steps one segment of a segment pair holds. */
export const MAX_SEGMENT_STEPS = 200

/** The most values one kept state of a segment holds (CartPole has 4, a grid 2 or 3). */
export const MAX_SEGMENT_STATE_VALUES = 8
