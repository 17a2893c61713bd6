import { useMemo, useState } from 'react'
import { Axis, TICK_SIZE } from './Axis'
import { Grid } from './Grid'
import { Legend, type LegendEntry } from './Legend'
import { Marks, Spans, type ChartMark, type ChartSpan } from './Marks'
import { pointerX, Readout, type ReadoutRow } from './Readout'
import { bandPath, linePath } from './paths'
import { extent, linearScale, nearestIndex, niceAxis, thinTicks, ticksWithin, widen, type Domain } from './scale'
import { categoryAxisHeight, textWidth, ticksThatFit, titleOffset, valueAxisWidth, verticalTicksThatFit } from './text'
import { useElementSize } from './useElementSize'

/** One line: its values, at the chart's x unless it has its own (ascending) x. */
export interface LineSeries {
  key: string
  name: string
  colour: string
  width: number
  /** SVG stroke-dasharray for a dashed line. */
  dash?: string
  /** `secondary`: an axis of its own beyond the right one (the learning curve's scheduled weights). */
  axis?: 'left' | 'right' | 'secondary'
  x?: ArrayLike<number>
  y: ArrayLike<number>
}

/** A shaded band between two bounds, on the left axis. */
export interface BandSeries {
  key: string
  name: string
  colour: string
  opacity: number
  x: ArrayLike<number>
  low: ArrayLike<number>
  high: ArrayLike<number>
}

/** A value axis: its colour and title (its width follows from its tick labels and the font size), and its range where fixed. */
export interface ValueAxis {
  colour: string
  title?: string
  /** A fixed range (effort from 0 to 2, say); absent: the lines' own, with 0 inside. */
  domain?: Domain
}

const GRID_COLOUR = '#2b3a4f'
const CURSOR_COLOUR = '#ccc'

/**
 * A line chart drawn as plain SVG: lines on a left axis (0 always inside), optionally some on a
 * right axis, an optional band, dashed grid, vertical marks, an HTML legend, and a readout of the
 * values at the x nearest the pointer. It fills its container and takes its font size from the
 * style sheet (the container's computed font size), the axes as wide as their labels at that size;
 * paths are rebuilt only when the data or the size change. Non-finite values are never drawn (they
 * break a line).
 */
export function LineChart({
  x,
  series,
  band,
  left,
  right,
  secondary,
  xColour,
  xFormat,
  readoutLabel,
  marks = [],
  spans = [],
  markColour = '#ef476f',
  legend = false,
  margin,
  xDomain: xDomainGiven,
}: {
  x: ArrayLike<number>
  series: readonly LineSeries[]
  band?: BandSeries
  left: ValueAxis
  right?: ValueAxis
  /** A second axis on the right, outside the first, for lines whose values have another unit. */
  secondary?: ValueAxis
  xColour: string
  xFormat: (value: number) => string
  readoutLabel: (value: number) => string
  marks?: readonly ChartMark[]
  /** Shaded x ranges behind the lines (the reward-hacking alert's), in the mark colour. */
  spans?: readonly ChartSpan[]
  markColour?: string
  legend?: boolean
  margin: { top: number; right: number; bottom: number; left: number }
  /** The x range, where the caller worked it out from the data it draws; absent: from the first to the last x. */
  xDomain?: Domain | null
}) {
  const [holder, size] = useElementSize<HTMLDivElement>()
  const [pointer, setPointer] = useState<number | null>(null)
  const { width, height, fontSize } = size
  const xDomain: Domain = useMemo(() => widen(xDomainGiven === undefined ? extent([x]) : xDomainGiven), [x, xDomainGiven])
  // The plot's height does not depend on the value axes (their widths do): how many labels fit up them follows from it.
  const room = verticalTicksThatFit(height - margin.bottom - categoryAxisHeight(fontSize, TICK_SIZE) - margin.top, fontSize)
  const leftAxis = useMemo(() => {
    const values = series.filter((line) => line.axis !== 'right').map((line) => line.y)
    if (band) values.push(band.low, band.high)
    return fitted(left.domain ? niceAxis(left.domain) : niceAxis(extent(values, [0]), 5, true), room)
  }, [series, band, left.domain, room])
  const rightAxis = useMemo(() => fitted(niceAxis(extent(series.filter((line) => line.axis === 'right').map((line) => line.y), [0]), 5, true), room), [series, room])
  const secondaryAxis = useMemo(() => fitted(niceAxis(extent(series.filter((line) => line.axis === 'secondary').map((line) => line.y), [0]), 5, true), room), [series, room])
  const leftWidth = valueAxisWidth(leftAxis.ticks.map(formatTick), fontSize, TICK_SIZE, left.title !== undefined)
  const rightWidth = right ? valueAxisWidth(rightAxis.ticks.map(formatTick), fontSize, TICK_SIZE, right.title !== undefined) : 0
  const secondaryWidth = secondary ? valueAxisWidth(secondaryAxis.ticks.map(formatTick), fontSize, TICK_SIZE, secondary.title !== undefined) : 0
  const plot = { left: margin.left + leftWidth, right: width - margin.right - rightWidth - secondaryWidth, top: margin.top, bottom: height - margin.bottom - categoryAxisHeight(fontSize, TICK_SIZE) }
  const drawable = plot.right - plot.left > 4 && plot.bottom - plot.top > 4
  const xLabelWidth = textWidth(xFormat(xDomain[1]), fontSize)
  const hasData = x.length > 0
  const xTicks = useMemo(() => (hasData ? ticksWithin(xDomain, ticksThatFit(plot.right - plot.left, xLabelWidth, fontSize)) : []), [hasData, xDomain, plot.right, plot.left, xLabelWidth, fontSize])

  const xScale = useMemo(() => linearScale(xDomain, [plot.left, plot.right]), [xDomain, plot.left, plot.right])
  const leftScale = useMemo(() => linearScale(leftAxis.domain, [plot.bottom, plot.top]), [leftAxis, plot.bottom, plot.top])
  const rightScale = useMemo(() => linearScale(rightAxis.domain, [plot.bottom, plot.top]), [rightAxis, plot.bottom, plot.top])
  const secondaryScale = useMemo(() => linearScale(secondaryAxis.domain, [plot.bottom, plot.top]), [secondaryAxis, plot.bottom, plot.top])
  const scaleOf = (line: LineSeries) => (line.axis === 'right' ? rightScale : line.axis === 'secondary' ? secondaryScale : leftScale)
  const paths = useMemo(
    () => (drawable ? series.map((line) => linePath(line.x ?? x, line.y, xScale, line.axis === 'right' ? rightScale : line.axis === 'secondary' ? secondaryScale : leftScale)) : series.map(() => '')),
    [drawable, series, x, xScale, leftScale, rightScale, secondaryScale],
  )
  // Stable props, so the memoised grid and axes skip the re-renders a moving pointer causes.
  const gridXs = useMemo(() => xTicks.map(xScale), [xTicks, xScale])
  const gridYs = useMemo(() => leftAxis.ticks.map(leftScale), [leftAxis, leftScale])
  const leftTitle = useMemo(() => (left.title ? { text: left.title, colour: left.colour } : undefined), [left.title, left.colour])
  const rightTitle = useMemo(() => (right?.title ? { text: right.title, colour: right.colour } : undefined), [right?.title, right?.colour])
  const secondaryTitle = useMemo(() => (secondary?.title ? { text: secondary.title, colour: secondary.colour } : undefined), [secondary?.title, secondary?.colour])
  const bandD = useMemo(() => (drawable && band ? bandPath(band.x, band.low, band.high, xScale, leftScale) : ''), [drawable, band, xScale, leftScale])
  const legendEntries = useMemo<LegendEntry[]>(
    () => byName([...(band ? [{ key: band.key, name: band.name, colour: band.colour, width: 4 }] : []), ...series.map((line) => ({ key: line.key, name: line.name, colour: line.colour, width: line.width, dash: line.dash }))]),
    [series, band],
  )

  // The readout: the x nearest the pointer, and each series' value there.
  let readout: { x: number; label: string; rows: ReadoutRow[]; dots: { key: string; y: number; colour: string }[] } | null = null
  if (pointer !== null && drawable && x.length > 0 && pointer >= plot.left && pointer <= plot.right) {
    const target = xDomain[0] + ((pointer - plot.left) / (plot.right - plot.left)) * (xDomain[1] - xDomain[0])
    const at = x[nearestIndex(x, target)]
    const valueAt = (xs: ArrayLike<number>, ys: ArrayLike<number>) => {
      const i = nearestIndex(xs, at)
      return i >= 0 && xs[i] === at ? ys[i] : NaN
    }
    const rows: ReadoutRow[] = []
    const dots: { key: string; y: number; colour: string }[] = []
    if (band) {
      const low = valueAt(band.x, band.low)
      const high = valueAt(band.x, band.high)
      if (Number.isFinite(low) && Number.isFinite(high)) rows.push({ key: band.key, name: band.name, colour: band.colour, value: `${low.toFixed(2)} – ${high.toFixed(2)}` })
    }
    for (const line of series) {
      const value = valueAt(line.x ?? x, line.y)
      if (!Number.isFinite(value)) continue
      rows.push({ key: line.key, name: line.name, colour: line.colour, value: value.toFixed(2) })
      dots.push({ key: line.key, y: scaleOf(line)(value), colour: line.colour })
    }
    readout = { x: xScale(at), label: readoutLabel(at), rows: byName(rows), dots }
  }

  return (
    <div className="chart-frame">
      <div className="chart-plot" ref={holder}>
        {drawable && (
          <svg className="chart-svg" width={width} height={height} onPointerMove={(event) => setPointer(pointerX(event))} onPointerLeave={() => setPointer(null)}>
            <Grid xs={gridXs} ys={gridYs} left={plot.left} right={plot.right} top={plot.top} bottom={plot.bottom} colour={GRID_COLOUR} />
            <Axis side="bottom" at={plot.bottom} from={plot.left} to={plot.right} ticks={xTicks} scale={xScale} format={xFormat} colour={xColour} fontSize={fontSize} />
            <Axis side="left" at={plot.left} from={plot.top} to={plot.bottom} ticks={leftAxis.ticks} scale={leftScale} format={formatTick} colour={left.colour} fontSize={fontSize} title={leftTitle} titleAt={margin.left + titleOffset(fontSize)} />
            {right && (
              <Axis side="right" at={plot.right} from={plot.top} to={plot.bottom} ticks={rightAxis.ticks} scale={rightScale} format={formatTick} colour={right.colour} fontSize={fontSize} title={rightTitle} titleAt={width - margin.right - secondaryWidth - titleOffset(fontSize)} />
            )}
            {secondary && (
              <Axis side="right" at={plot.right + rightWidth} from={plot.top} to={plot.bottom} ticks={secondaryAxis.ticks} scale={secondaryScale} format={formatTick} colour={secondary.colour} fontSize={fontSize} title={secondaryTitle} titleAt={width - margin.right - titleOffset(fontSize)} />
            )}
            <Spans spans={spans} scale={xScale} domain={xDomain} top={plot.top} bottom={plot.bottom} colour={markColour} fontSize={fontSize - 1} />
            {band && <path className="chart-band" d={bandD} fill={band.colour} fillOpacity={band.opacity} stroke="none" />}
            {series.map((line, k) => (
              <path key={line.key} className="chart-line" d={paths[k]} fill="none" stroke={line.colour} strokeWidth={line.width} strokeDasharray={line.dash} strokeLinejoin="round" />
            ))}
            <Marks marks={marks} scale={xScale} domain={xDomain} top={plot.top} bottom={plot.bottom} colour={markColour} fontSize={fontSize - 1} />
            {readout && <line className="chart-cursor" x1={readout.x} x2={readout.x} y1={plot.top} y2={plot.bottom} stroke={CURSOR_COLOUR} />}
            {readout?.dots.map((dot) => <circle key={dot.key} className="chart-dot" cx={readout.x} cy={dot.y} r={4} fill={dot.colour} stroke="#fff" strokeWidth={2} />)}
          </svg>
        )}
        {readout && <Readout x={readout.x} top={plot.top} width={width} label={readout.label} rows={readout.rows} />}
      </div>
      {legend && <Legend entries={legendEntries} />}
    </div>
  )
}

/** A value axis with no more tick labels than fit up the plot (the domain kept). */
function fitted(axis: { domain: Domain; ticks: number[] }, room: number): { domain: Domain; ticks: number[] } {
  return { domain: axis.domain, ticks: thinTicks(axis.ticks, room) }
}

/** A value-axis tick: as short as the number allows (0.30000000000000004 never shows). */
export function formatTick(value: number): string {
  return String(Number(value.toPrecision(6)))
}

/** Entries in the order of their names (as legends and readouts list them). */
function byName<T extends { name: string }>(entries: T[]): T[] {
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}
