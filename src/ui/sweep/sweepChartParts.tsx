import type { KeyboardEvent, ReactNode } from 'react'
import type { AxisValue } from '../../model/sweep/axisText'
import { TICK_SIZE } from '../charts/Axis'
import { formatTick } from '../charts/LineChart'
import { linearScale } from '../charts/scale'
import { categoryAxisHeight, textWidth, valueAxisWidth } from '../charts/text'

/* What the sweep's charts share: a focusable point, where an axis's values sit, numbers in few digits. */

/** Pixels around the plot, beyond the axes. */
export const SWEEP_MARGIN = { top: 10, right: 14, left: 4 }

/** The plot's box inside a chart of width × height: room on the left for the value axis's ticks, below for the axis and its title. */
export function sweepPlotBox(width: number, height: number, fontSize: number, valueTicks: readonly number[]) {
  const box = {
    left: SWEEP_MARGIN.left + valueAxisWidth(valueTicks.map(formatTick), fontSize, TICK_SIZE, true),
    right: width - SWEEP_MARGIN.right,
    top: SWEEP_MARGIN.top,
    bottom: height - categoryAxisHeight(fontSize, TICK_SIZE) - fontSize * 1.5,
  }
  return { ...box, drawable: box.right - box.left > 20 && box.bottom - box.top > 20 }
}

/** A figure's value in four significant digits; "none" where no run has it. */
export function figureText(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'none' : String(Number(value.toPrecision(4)))
}

/** A point of a sweep chart: focusable; Enter, Space or a click opens its design. */
export function PointButton({ label, className, onOpen, children }: { label: string; className?: string; onOpen: () => void; children: ReactNode }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    onOpen()
  }
  return (
    <g role="button" tabIndex={0} aria-label={label} className={`sweep-point${className ? ` ${className}` : ''}`} onClick={onOpen} onKeyDown={onKeyDown}>
      <title>{label}</title>
      {children}
    </g>
  )
}

/**
 * Where an axis's values sit between `from` and `to` pixels: by value when every value is a number
 * (on a log scale for a log range), else evenly in the order written. Labels are thinned so that
 * they never touch (the first and last always kept).
 */
export function axisPlacement(values: readonly AxisValue[], log: boolean, from: number, to: number, fontSize: number): { positions: number[]; ticks: { value: number; position: number; label: string }[] } {
  const numbers = values.every((value) => typeof value === 'number') ? (values as number[]) : null
  const spread = (index: number) => (values.length === 1 ? (from + to) / 2 : from + ((to - from) * index) / (values.length - 1))
  let positions: number[]
  if (numbers === null) positions = values.map((_, index) => spread(index))
  else {
    const scaled = log && numbers.every((value) => value > 0) ? numbers.map(Math.log) : numbers
    const scale = linearScale([Math.min(...scaled), Math.max(...scaled)], [from, to])
    positions = scaled.map(scale)
  }
  const labels = values.map(String)
  const widest = Math.max(0, ...labels.map((label) => textWidth(label, fontSize)))
  const room = values.length > 1 ? Math.abs(to - from) / (values.length - 1) : Infinity
  const stride = Math.max(1, Math.ceil((widest + fontSize) / Math.max(room, 1)))
  const last = values.length - 1
  const ticks = labels.flatMap((label, index) => (index === last || (index % stride === 0 && last - index >= stride) ? [{ value: index, position: positions[index], label }] : []))
  return { positions, ticks }
}
