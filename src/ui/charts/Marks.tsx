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
