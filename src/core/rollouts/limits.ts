/*
 * The bounds on a rollout file the reader keeps to, in one place, so that the messages and the
 * docs say the numbers the code enforces. What is kept of each completion is its numbers and the
 * first KEPT_TEXT_LENGTH characters of its text, so memory grows with the count of completions,
 * never with the length of their texts.
 */

/** The characters of a completion's text (and of a group's prompt) kept for showing; its length is counted on the whole text. */
export const KEPT_TEXT_LENGTH = 200

/** The longest line (or JSON record, or CSV row) read, in characters: one completion of a few hundred thousand tokens. */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024

/** MAX_RECORD_CHARS as messages say it. */
export const MAX_RECORD_SIZE = '16 Mi characters'

/** The longest completion in tokens a record may give: the most a column of 32-bit integers holds. */
export const MAX_TOKENS = 2 ** 31 - 1

/** The most completions one input holds: about ten 200 MB dumps' worth. */
export const MAX_COMPLETIONS = 1_000_000

/** The most reward components (numeric fields) one input holds. */
export const MAX_COMPONENTS = 64

/** The most places (lines) a note or a message lists; the rest are counted. */
export const MAX_LISTED_PLACES = 5
