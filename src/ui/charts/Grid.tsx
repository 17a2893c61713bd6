import { memo } from 'react'

/** Dashed grid lines: vertical at `xs`, horizontal at `ys` (pixel positions), across the plot. */
export const Grid = memo(function Grid({ xs, ys, left, right, top, bottom, colour }: { xs: readonly number[]; ys: readonly number[]; left: number; right: number; top: number; bottom: number; colour: string }) {
  return (
    <g className="chart-grid" stroke={colour} strokeDasharray="3 3">
      {ys.map((y) => (
        <line key={`h${y}`} x1={left} x2={right} y1={y} y2={y} />
      ))}
      {xs.map((x) => (
        <line key={`v${x}`} x1={x} x2={x} y1={top} y2={bottom} />
      ))}
    </g>
  )
})
