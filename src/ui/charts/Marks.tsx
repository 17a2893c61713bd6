import { memo } from 'react'
import { layoutMarkLabels } from './markLayout'

/** A vertical mark at a data x, with a label; its own colour and dash where it is not of the chart's kind of mark, and an accessible name where it is one to find. */
export interface ChartMark {
  key: string | number
  x: number
  label: string
  colour?: string
  dash?: string
  /** Said by a screen reader (the mark is then an image); absent, the mark is decoration its chart's text describes. */
  name?: string
}

/**
 * Vertical dashed marks across the plot, each labelled near its top: beside its line, inside the
 * plot, a label that would meet another one row lower (layoutMarkLabels); marks outside the x
 * domain (or not finite) are not drawn. Each mark's whole label is its tooltip.
 */
export const Marks = memo(function Marks({ marks, scale, domain, top, bottom, colour, fontSize }: { marks: readonly ChartMark[]; scale: (value: number) => number; domain: readonly [number, number]; top: number; bottom: number; colour: string; fontSize: number }) {
  const shown = marks.filter((mark) => Number.isFinite(mark.x) && mark.x >= domain[0] && mark.x <= domain[1])
  const xs = shown.map((mark) => scale(mark.x))
  const lineHeight = fontSize * 1.25
  // Labels take at most half the plot's height, so the lines under them stay readable.
  const rows = Math.max(1, Math.floor((bottom - top) / 2 / lineHeight))
  const places = layoutMarkLabels(xs, shown.map((mark) => mark.label), Math.min(scale(domain[0]), scale(domain[1])), Math.max(scale(domain[0]), scale(domain[1])), fontSize, rows)
  return (
    <g className="chart-marks">
      {shown.map((mark, k) => {
        const place = places[k]
        return (
          <g key={mark.key} className="chart-mark" role={mark.name === undefined ? undefined : 'img'} aria-label={mark.name}>
            <title>{mark.name ?? mark.label}</title>
            <line x1={xs[k]} x2={xs[k]} y1={top} y2={bottom} stroke={mark.colour ?? colour} strokeDasharray={mark.dash ?? '2 2'} />
            {place.shown && (
              <text x={place.x} y={top + 5 + place.row * lineHeight} dy="0.71em" textAnchor={place.anchor} fill={mark.colour ?? colour} fontSize={fontSize}>
                {place.text}
              </text>
            )}
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
