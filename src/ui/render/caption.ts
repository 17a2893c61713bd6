/**
 * How often the replay's caption may change. A caption of continuous figures (angles, speeds)
 * changes at every step: at most every CONTINUOUS_CAPTION_MS it stays readable. A caption that names
 * a discrete position (a grid cell, an arm, a token) follows the picture at once (0), so it always
 * names what is drawn.
 */
export const CONTINUOUS_CAPTION_MS = 500

/**
 * Whether the caption should take `text`, the description of the frame drawn `now`: it differs from
 * the one `shown` (set at `shownAt`), and at least `everyMs` have passed since then.
 */
export function captionDue(text: string, shown: string | null, now: number, shownAt: number, everyMs: number): boolean {
  return text !== shown && now - shownAt >= everyMs
}
