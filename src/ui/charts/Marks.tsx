import { memo } from 'react'

/** A vertical mark at a data x, with a label. */
export interface ChartMark {
  key: string | number
  x: number
  label: string
}

/**
 * Vertical dashed marks across the plot, each labelled at its top left; marks outside the x
 * domain (or not finite) are not drawn.
 */
export const Marks = memo(function Marks({ marks, scale, domain, top, bottom, colour, fontSize }: { marks: readonly ChartMark[]; scale: (value: number) => number; domain: readonly [number, number]; top: number; bottom: number; colour: string; fontSize: number }) {
  return (
    <g className="chart-marks">
      {marks
        .filter((mark) => Number.isFinite(mark.x) && mark.x >= domain[0] && mark.x <= domain[1])
        .map((mark) => {
          const x = scale(mark.x)
          return (
            <g key={mark.key} className="chart-mark">
              <line x1={x} x2={x} y1={top} y2={bottom} stroke={colour} strokeDasharray="2 2" />
              <text x={x + 5} y={top + 5} dy="0.71em" fill={colour} fontSize={fontSize}>
                {mark.label}
              </text>
            </g>
          )
        })}
    </g>
  )
})

/** A shaded x range with a label (the reward-hacking alert's band). */
export interface ChartSpan {
  key: string
  from: number
  to: number
  label: string
}

/** Spans clipped to the x domain, shaded faintly behind the lines, each labelled at its bottom left. */
export const Spans = memo(function Spans({ spans, scale, domain, top, bottom, colour, fontSize }: { spans: readonly ChartSpan[]; scale: (value: number) => number; domain: readonly [number, number]; top: number; bottom: number; colour: string; fontSize: number }) {
  return (
    <g className="chart-spans">
      {spans
        .filter((span) => Number.isFinite(span.from) && Number.isFinite(span.to) && span.to >= domain[0] && span.from <= domain[1])
        .map((span) => {
          const x0 = scale(Math.max(span.from, domain[0]))
          const x1 = scale(Math.min(span.to, domain[1]))
          return (
            <g key={span.key} className="chart-span" aria-label={span.label}>
              <rect x={x0} y={top} width={Math.max(2, x1 - x0)} height={bottom - top} fill={colour} fillOpacity={0.14} />
              <text x={x0 + 4} y={bottom - 4} fill={colour} fontSize={fontSize}>
                {span.label}
              </text>
            </g>
          )
        })}
    </g>
  )
})
