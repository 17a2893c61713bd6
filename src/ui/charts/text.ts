/*
 * Text sizes for the chart kit, estimated from the font size: nothing is measured in the DOM, so a
 * chart re-draw never forces a layout.
 */

/** The average width of a character of the charts' sans-serif font, as a share of its size. */
const CHARACTER_WIDTH = 0.6

/** The estimated width in pixels of `text` at `fontSize` pixels. */
export function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * CHARACTER_WIDTH
}

/**
 * How many ticks fit along `length` pixels when each label is about `label` wide (with a gap of
 * one label height between): at least 2, at most `most`.
 */
export function ticksThatFit(length: number, label: number, fontSize: number, most = 5): number {
  return Math.max(2, Math.min(most, Math.floor(length / (label + fontSize * 1.5))))
}
