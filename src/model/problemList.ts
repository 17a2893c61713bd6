import { escapeControls, truncate } from '../core/truncate'

/** The most problems one message lists; the rest are counted ("and 12 more"). */
export const MAX_LISTED_PROBLEMS = 8
/**
 * The most characters one listed problem keeps. Problems quote a link's or a file's text cut to 40
 * characters and name what is accepted (the longest, a learner's fields, is under 400); this cuts
 * any whose source quotes more.
 */
export const MAX_PROBLEM_LENGTH = 600
/** The longest run of characters without a space a listed problem keeps (a path through a stored record's keys). */
export const MAX_WORD_LENGTH = 80

const QUOTED = /"[^"]*"/g
/** A word ends at a space, a quote or a colon, so a long key on a path keeps the ": " after it. */
const LONG_WORD = new RegExp(`[^\\s":]{${MAX_WORD_LENGTH + 1},}`, 'g')

/**
 * One problem as the page shows it: on one line (control characters escaped), every "quoted" value
 * cut to 40 characters, every word to MAX_WORD_LENGTH, and the whole to `problemLength`, whatever
 * the checker that wrote it quoted.
 */
export function boundedProblem(problem: string, problemLength: number = MAX_PROBLEM_LENGTH): string {
  // Past this, no part of the problem can reach the page: never scan megabytes of it.
  const cut = problem.length > problemLength * 50 ? problem.slice(0, problemLength * 50) : problem
  const line = escapeControls(cut)
    .replace(QUOTED, (quoted) => `"${truncate(quoted.slice(1, -1))}"`)
    .replace(LONG_WORD, (word) => truncate(word, MAX_WORD_LENGTH))
  return truncate(line, problemLength)
}

/**
 * Problems as one line for a notice: the first `max`, each bounded (boundedProblem; with an
 * infinite `problemLength`, as the command line's messageLine bounds its own line, each is kept
 * whole), joined by "; ", then "and K more" for the rest. A tampered link or a damaged record can
 * hold thousands of bad parts; a notice naming each one would push the page off the screen.
 */
export function summariseProblems(problems: readonly string[], max: number = MAX_LISTED_PROBLEMS, problemLength: number = MAX_PROBLEM_LENGTH): string {
  const listed = problems.slice(0, max).map((problem) => (Number.isFinite(problemLength) ? boundedProblem(problem, problemLength) : problem))
  const rest = problems.length - listed.length
  return rest > 0 ? `${listed.join('; ')}; and ${rest} more` : listed.join('; ')
}
