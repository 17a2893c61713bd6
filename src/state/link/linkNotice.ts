import { summariseProblems } from '../../model/problemList'
import { usePlayground } from '../run/store'

/*
 * The notice about the link the page opened with. The link's reader, the seeds-at-once count and
 * the lesson each find problems at start-up; they share one list, so the notice names at most
 * MAX_LISTED_PROBLEMS of them and counts the rest, however many a tampered link holds.
 */

let problems: string[] = []
/** The text this last put in the notice: while the notice still shows it, new problems join its list. */
let written: string | null = null
/** What the notice said before the link's problems (another message), kept in front of them. */
let before = ''

/** The notice's text for the link's problems. */
export function linkNoticeText(linkProblems: readonly string[]): string {
  return `The link had settings that were ignored: ${summariseProblems(linkProblems)}.`
}

/** Name problems of the opening link in the notice, beside those named already. */
export function noteLinkProblems(more: readonly string[]): void {
  if (more.length === 0) return
  const { notice, setNotice } = usePlayground.getState()
  if (notice === null || notice !== written) {
    // Dismissed, or another message took its place: a fresh list, after that message.
    problems = []
    before = notice === null ? '' : `${notice} `
  }
  for (const problem of more) problems.push(problem)
  written = `${before}${linkNoticeText(problems)}`
  setNotice(written)
}
