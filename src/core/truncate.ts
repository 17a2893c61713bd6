/** The most characters of a link's or a file's text a message quotes. */
export const QUOTED_LENGTH = 40

/** Text from a link or a file as a message quotes it: at most `max` characters, then an ellipsis. */
export function truncate(text: string, max: number = QUOTED_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** A refused value as a message quotes it: a string in quotes, anything else as it prints. */
export function quoted(value: unknown): string {
  return typeof value === 'string' ? `"${truncate(value)}"` : truncate(String(value))
}
