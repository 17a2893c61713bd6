/** One line of a pointer readout: a series' name and its value at the chosen x. */
export interface ReadoutRow {
  key: string
  name: string
  colour: string
  value: string
}

/**
 * The values at the x nearest the pointer, in a box beside it (HTML, hidden from assistive
 * technology: the charts' captions and lists say the same in words). `x` is the pointer's pixel
 * position in the chart; the box flips to the left past the middle.
 */
export function Readout({ x, top, width, label, rows }: { x: number; top: number; width: number; label: string; rows: readonly ReadoutRow[] }) {
  const onRight = x < width / 2
  return (
    <div className="chart-readout" aria-hidden="true" style={onRight ? { left: x + 10, top } : { right: width - x + 10, top }}>
      <div className="chart-readout-label">{label}</div>
      {rows.map((row) => (
        <div key={row.key} style={{ color: row.colour }}>
          {row.name} : {row.value}
        </div>
      ))}
    </div>
  )
}

/** The pointer's x in pixels from the left of the element that got the event. */
export function pointerX(event: { clientX: number; currentTarget: Element }): number {
  return event.clientX - event.currentTarget.getBoundingClientRect().left
}
