/** What went wrong, in words: an Error's message, anything else thrown as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
