/** The most characters of a link's or a file's text a message quotes. */
export const QUOTED_LENGTH = 40

/** Text from a link or a file as a message quotes it: at most `max` characters, then an ellipsis. */
export function truncate(text: string, max: number = QUOTED_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/**
 * Characters a terminal acts on or that reorder what it shows: C0 (tab and newline too), DEL, C1,
 * the line and paragraph separators, and the bidirectional controls. ESC ] 0 ; … BEL would retitle
 * the terminal; U+202E would show a name backwards.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/** Text with every control character written as an escape (\x1b, \u202e), so that showing it shows what it holds. */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0)
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
  })
}

/** A value as a message quotes it: control characters escaped, at most `max` characters, in double quotes. */
export function quote(text: string, max: number = QUOTED_LENGTH): string {
  return `"${escapeControls(truncate(text, max))}"`
}

/** A refused value as a message quotes it: a string in quotes, anything else as it prints. */
export function quoted(value: unknown): string {
  return typeof value === 'string' ? quote(value) : escapeControls(truncate(String(value)))
}

/** Text that came from outside (a file's name, a stored key or name) as a message shows it: controls escaped and cut to `max` characters. */
export function shownText(text: string, max: number = QUOTED_LENGTH): string {
  // Cut before escaping too, so a 10 MB name is never escaped whole.
  return truncate(escapeControls(text.slice(0, max + 1)), max)
}
