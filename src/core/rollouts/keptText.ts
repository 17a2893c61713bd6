import { KEPT_TEXT_LENGTH } from './limits'

/*
 * What is kept of a completion's or a prompt's text, and how long the whole was. The kept text is
 * a fresh string: a slice of a longer one could keep the whole (the chunk it was read from) alive.
 */

/** The first `max` UTF-16 units of `text` (one fewer where the cut would split a surrogate pair), as a new string. */
export function keptText(text: string, max: number = KEPT_TEXT_LENGTH): string {
  let end = Math.min(text.length, max)
  if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--
  const codes = new Uint16Array(end)
  for (let i = 0; i < end; i++) codes[i] = text.charCodeAt(i)
  return String.fromCharCode(...codes)
}

/** The characters of `text` (Unicode code points: a surrogate pair is one). */
export function characterCount(text: string): number {
  let pairs = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xdc00 && code <= 0xdfff && i > 0 && isHighSurrogate(text.charCodeAt(i - 1))) pairs++
  }
  return text.length - pairs
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
