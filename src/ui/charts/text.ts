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

/** Pixels from one tick of a vertical axis to the next, as a share of the font size: a label line (1.2) and a gap (0.3). */
const VERTICAL_TICK_SPACING = 1.5

/**
 * How many tick labels fit up a vertical axis `length` pixels long, one label line and a gap apart
 * (fontSize × 1.5 from tick to tick): ⌊length / (1.5 × fontSize)⌋ + 1, at least 2 (its two ends).
 */
export function verticalTicksThatFit(length: number, fontSize: number): number {
  return Math.max(2, Math.floor(length / (fontSize * VERTICAL_TICK_SPACING)) + 1)
}

/** Pixels between a tick label and an axis title, and between a title and the chart's edge. */
const TITLE_GAP = 4

/**
 * The width a vertical axis needs: its longest tick label, the tick mark and its gap, and a rotated
 * title one line tall (width = max label + tick + 2 + [gap + 1.2 × font + gap]), so the title never
 * sits on the labels whatever the font size.
 */
export function valueAxisWidth(labels: readonly string[], fontSize: number, tickSize: number, titled: boolean): number {
  const longest = Math.max(0, ...labels.map((label) => textWidth(label, fontSize)))
  return Math.ceil(longest + tickSize + 2 + (titled ? 2 * TITLE_GAP + fontSize * 1.2 : TITLE_GAP))
}

/** Where a vertical axis's rotated title sits: the middle of its line, from the chart's outer edge. */
export function titleOffset(fontSize: number): number {
  return TITLE_GAP + (fontSize * 1.2) / 2
}

/** The height a bottom axis needs: the tick mark, its gap and one line of labels. */
export function categoryAxisHeight(fontSize: number, tickSize: number): number {
  return Math.ceil(tickSize + 2 + fontSize * 1.3)
}
