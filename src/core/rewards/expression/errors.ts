/**
 * The one error the expression language throws for anything wrong with what the user wrote.
 * `position` and `length` are UTF-16 offsets into the source (what a textarea's selectionStart
 * uses), so the UI can underline the span; the message repeats it as 1-based columns.
 */
export class ExpressionError extends Error {
  constructor(
    message: string,
    /** Offset of the first offending character (source.length for "at the end"). */
    readonly position: number,
    /** How many characters the problem spans; 0 at the end of the input. */
    readonly length: number,
  ) {
    super(message)
    this.name = 'ExpressionError'
  }
}

/** "at 3", "at 1–6" or "at the end": the span as the user counts columns (from 1). */
export function at(position: number, length: number, sourceLength: number): string {
  if (length <= 0 && position >= sourceLength) return 'at the end'
  if (length <= 1) return `at ${position + 1}`
  return `at ${position + 1}–${position + length}`
}
