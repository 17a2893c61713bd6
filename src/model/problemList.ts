import { truncate } from '../core/truncate'

/** The most problems one message lists; the rest are counted ("and 12 more"). */
export const MAX_LISTED_PROBLEMS = 8
/**
 * The most characters one listed problem keeps. Problems quote a link's or a file's text cut to 40
 * characters and name what is accepted (the longest, a learner's fields, is under 400); this cuts
 * any whose source quotes more.
 */
export const MAX_PROBLEM_LENGTH = 600

/**
 * Problems as one line for a notice: the first `max`, each cut to `problemLength`, joined by
 * "; ", then "and K more" for the rest. A tampered link can hold thousands of bad parts; a notice
 * naming each one would push the page off the screen.
 */
export function summariseProblems(problems: readonly string[], max: number = MAX_LISTED_PROBLEMS, problemLength: number = MAX_PROBLEM_LENGTH): string {
  const listed = problems.slice(0, max).map((problem) => truncate(problem, problemLength))
  const rest = problems.length - listed.length
  return rest > 0 ? `${listed.join('; ')}; and ${rest} more` : listed.join('; ')
}
