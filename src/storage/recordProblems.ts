import type { z } from 'zod'
import { shownText } from '../core/truncate'
import { summariseProblems } from '../model/problemList'

/*
 * What is wrong with a record read back from IndexedDB, as one short message. A record can be
 * anything (another app's, a damaged one, a forged one): its keys can be megabytes long and hold
 * line breaks, and it can fail in thousands of places. Each key on a path is cut to 40 characters,
 * and the message lists the first few problems and counts the rest (problemList.ts).
 */

/** A zod issue's path as a message names it ("series.0.contributions.step"), every key shown short. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map((part) => shownText(String(part))).join('.') || 'record'
}

/** Every issue of a failed parse as "path: message", the first few listed and the rest counted. */
export function issuesText(error: z.ZodError): string {
  return summariseProblems(error.issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`))
}
