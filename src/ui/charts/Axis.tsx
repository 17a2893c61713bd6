import { memo } from 'react'

/** Pixels from an axis line to the end of its tick marks. */
export const TICK_SIZE = 6

/**
 * One axis: its line along the plot's edge, a tick mark and a label per tick (SVG text, fill in the
 * axis colour), and optionally a title rotated along a vertical axis at `titleAt`.
 */
export const Axis = memo(function Axis({
  side,
  at,
  from,
  to,
  ticks,
  scale,
  format,
  colour,
  fontSize,
  title,
  titleAt = 0,
}: {
  side: 'bottom' | 'left' | 'right'
  /** Where the axis line is: its y (bottom) or x (left, right), in pixels. */
  at: number
  /** The line's extent along the axis, in pixels. */
  from: number
  to: number
  ticks: readonly { value: number; position: number }[] | readonly number[]
  scale?: (value: number) => number
  format: (value: number) => string
  colour: string
  fontSize: number
  title?: { text: string; colour: string }
  titleAt?: number
}) {
  const placed = ticks.map((tick) => (typeof tick === 'number' ? { value: tick, position: scale ? scale(tick) : tick } : tick))
  const outward = side === 'left' ? -1 : 1
  return (
    <g className={`chart-axis chart-axis-${side}`} fontSize={fontSize}>
      {side === 'bottom' ? <line x1={from} x2={to} y1={at} y2={at} stroke={colour} /> : <line x1={at} x2={at} y1={from} y2={to} stroke={colour} />}
      {placed.map(({ value, position }) =>
        side === 'bottom' ? (
          <g key={`${value}@${position}`}>
            <line x1={position} x2={position} y1={at} y2={at + TICK_SIZE} stroke={colour} />
            <text x={position} y={at + TICK_SIZE + 2} dy="0.71em" textAnchor="middle" fill={colour}>
              {format(value)}
            </text>
          </g>
        ) : (
          <g key={`${value}@${position}`}>
            <line x1={at} x2={at + outward * TICK_SIZE} y1={position} y2={position} stroke={colour} />
            <text x={at + outward * (TICK_SIZE + 2)} y={position} dy="0.355em" textAnchor={side === 'left' ? 'end' : 'start'} fill={colour}>
              {format(value)}
            </text>
          </g>
        ),
      )}
      {title && side !== 'bottom' && (
        <text
          className="chart-axis-title"
          x={titleAt}
          y={(from + to) / 2}
          textAnchor="middle"
          dy="0.355em"
          fill={title.colour}
          transform={`rotate(${side === 'left' ? -90 : 90} ${titleAt} ${(from + to) / 2})`}
        >
          {title.text}
        </text>
      )}
    </g>
  )
})
