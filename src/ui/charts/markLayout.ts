import { textWidth } from './text'

/** Where one mark's label goes: beside its line, in a row of its own where it would meet another label. */
export interface MarkLabelPlace {
  /** The label's anchor x: its left edge (start) or its right edge (end). */
  x: number
  anchor: 'start' | 'end'
  /** 0 is the top row; each row one line lower. */
  row: number
  /** The label as shown: shortened with … where the plot is narrower than it. */
  text: string
  /** False where no row is left for it: the line is drawn without its label (the list of changes names it). */
  shown: boolean
}

/** Space between a line and its label, and between two labels in a row. */
const GAP = 4

/**
 * Lay out the labels of marks at pixel x `xs` (ascending or not) inside [left, right]: each goes to
 * the right of its line, or to the left where the right edge would cut it, or against an edge; a
 * label longer than the plot is shortened; each takes the first of at most `rows` rows where it meets
 * no other label. Nothing is measured: widths are estimated from the font size (text.ts).
 */
export function layoutMarkLabels(xs: readonly number[], labels: readonly string[], left: number, right: number, fontSize: number, rows: number): MarkLabelPlace[] {
  const room = Math.max(0, right - left - 2 * GAP)
  const taken: { from: number; to: number }[][] = Array.from({ length: Math.max(1, rows) }, () => [])
  const order = xs.map((_, k) => k).sort((a, b) => xs[a] - xs[b])
  const places: MarkLabelPlace[] = new Array(xs.length)
  for (const k of order) {
    const x = xs[k]
    const text = fitted(labels[k], room, fontSize)
    const width = textWidth(text, fontSize)
    let from: number
    let anchor: 'start' | 'end' = 'start'
    if (x + GAP + width <= right) from = x + GAP
    else if (x - GAP - width >= left) {
      from = x - GAP - width
      anchor = 'end'
    } else from = Math.max(left, right - width)
    const to = from + width
    const row = taken.findIndex((spans) => spans.every((span) => to + GAP <= span.from || from >= span.to + GAP))
    if (row >= 0) taken[row].push({ from, to })
    places[k] = { x: anchor === 'start' ? from : to, anchor, row: Math.max(0, row), text, shown: row >= 0 }
  }
  return places
}

/** `label` shortened with … to fit `room` pixels (whole when it fits). */
function fitted(label: string, room: number, fontSize: number): string {
  if (textWidth(label, fontSize) <= room) return label
  const characters = Math.max(1, Math.floor(room / textWidth('m', fontSize)) - 1)
  return `${label.slice(0, characters)}…`
}
