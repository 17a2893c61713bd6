/** The most characters of a link's or a file's text a message quotes. */
export const QUOTED_LENGTH = 40

/** Text from a link or a file as a message quotes it: at most `max` characters, then an ellipsis. */
export function truncate(text: string, max: number = QUOTED_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** Control characters (C0, DEL, C1) and the line and paragraph separators: each would break a message's one line. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

/** Text with every control character written as its \uXXXX escape, so a message stays one line of visible text. */
export function printable(text: string): string {
  return text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Text that came from outside (a file's name, a stored key or name) as a message shows it: printable and cut to `max` characters. */
export function shownText(text: string, max: number = QUOTED_LENGTH): string {
  // Cut before escaping too, so a 10 MB name is never escaped whole.
  return truncate(printable(text.slice(0, max + 1)), max)
}
