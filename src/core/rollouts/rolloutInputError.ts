/*
 * A rollout file that cannot be read as it stands: one problem, at one place (the source the
 * driver named, and the line), in words that say what is wrong and what is accepted.
 */

export class RolloutInputError extends Error {
  constructor(
    /** The file (or "stdin"), as the driver named it; "" where there is one input only. */
    readonly source: string,
    /** The 1-based line the problem is on; null where it is no line's (an input with no completion). */
    readonly line: number | null,
    readonly problem: string,
  ) {
    super(`${placeOf(source, line)}${problem}`)
  }
}

/** "5.jsonl line 3: ", "line 3: " or "" for no place. */
function placeOf(source: string, line: number | null): string {
  const where = [source, line === null ? '' : `line ${line}`].filter((part) => part !== '').join(' ')
  return where === '' ? '' : `${where}: `
}
