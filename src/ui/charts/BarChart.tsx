import { useMemo } from 'react'
import { Axis, TICK_SIZE } from './Axis'
import { formatTick } from './LineChart'
import { extent, linearScale, niceAxis, thinTicks } from './scale'
import { categoryAxisHeight, textWidth, valueAxisWidth, verticalTicksThatFit } from './text'
import { useElementSize } from './useElementSize'

/** One set of bars, one value per category (not finite or ≤ 0: no bar there). */
export interface BarSeries {
  key: string
  colour: string
  opacity?: number
  values: ArrayLike<number>
}

/** Pixels between the bars of one category. */
const BAR_GAP = 4

/**
 * A grouped bar chart drawn as plain SVG: one slot per series in each category, side by side, a
 * count axis from 0 in whole numbers, and labels on both axes thinned so they never overlap (the
 * first and last always shown). It fills its container and takes its font size from the style
 * sheet (the container's computed font size), the count axis as wide as its labels at that size.
 */
export function BarChart({
  categories,
  series,
  format,
  colour,
  categoryGap,
  margin,
}: {
  categories: readonly number[]
  series: readonly BarSeries[]
  format: (value: number) => string
  colour: string
  /** Pixels left free on each side of a category. */
  categoryGap: number
  margin: { top: number; right: number; bottom: number; left: number }
}) {
  const [holder, { width, height, fontSize }] = useElementSize<HTMLDivElement>()
  // The plot's height does not depend on the count axis (its width does): how many count labels fit follows from it.
  const top = margin.top
  const bottom = height - margin.bottom - categoryAxisHeight(fontSize, TICK_SIZE)
  const room = verticalTicksThatFit(bottom - top, fontSize)
  const yAxis = useMemo(() => {
    // Counts from 0, at least up to 1, ticks at whole numbers only; on a short chart fewer, never touching.
    const axis = niceAxis([0, Math.max(1, Math.ceil(extent(series.map((bars) => bars.values))?.[1] ?? 0))])
    const ticks = axis.ticks.filter(Number.isInteger)
    return { domain: [ticks[0], ticks[ticks.length - 1]] as const, ticks: thinTicks(ticks, room) }
  }, [series, room])
  const plot = { left: margin.left + valueAxisWidth(yAxis.ticks.map(formatTick), fontSize, TICK_SIZE, false), right: width - margin.right, top, bottom }
  const drawable = plot.right - plot.left > 4 && plot.bottom - plot.top > 4
  const yScale = useMemo(() => linearScale(yAxis.domain, [plot.bottom, plot.top]), [yAxis, plot.bottom, plot.top])
  const band = categories.length > 0 ? (plot.right - plot.left) / categories.length : 0
  const gap = series.length > 1 && band - 2 * categoryGap - (series.length - 1) * BAR_GAP > series.length ? BAR_GAP : 0
  const barWidth = Math.max(0, (band - 2 * categoryGap - (series.length - 1) * gap) / Math.max(1, series.length))
  // Category labels: every stride-th, so that estimated widths never touch; always the last.
  const labelWidth = Math.max(0, ...categories.map((value) => textWidth(format(value), fontSize)))
  const stride = band > 0 ? Math.max(1, Math.ceil((labelWidth + fontSize) / band)) : 1
  const xTicks = categories
    .map((value, i) => ({ value, position: plot.left + (i + 0.5) * band, i }))
    .filter(({ i }) => i === categories.length - 1 || (i % stride === 0 && categories.length - 1 - i >= stride))
  const bars = useMemo(() => {
    if (!drawable) return []
    const rects: { key: string; x: number; y: number; height: number; colour: string; opacity?: number }[] = []
    series.forEach((bars, s) => {
      for (let i = 0; i < categories.length && i < bars.values.length; i++) {
        const value = bars.values[i]
        if (!Number.isFinite(value) || value <= 0) continue
        const top = yScale(value)
        rects.push({ key: `${bars.key}-${i}`, x: plot.left + i * band + categoryGap + s * (barWidth + gap), y: top, height: plot.bottom - top, colour: bars.colour, opacity: bars.opacity })
      }
    })
    return rects
  }, [drawable, series, categories, yScale, plot.left, plot.bottom, band, categoryGap, barWidth, gap])
  return (
    <div className="chart-frame">
      <div className="chart-plot" ref={holder}>
        {drawable && (
          <svg className="chart-svg" width={width} height={height}>
            <Axis side="bottom" at={plot.bottom} from={plot.left} to={plot.right} ticks={xTicks} format={format} colour={colour} fontSize={fontSize} />
            <Axis side="left" at={plot.left} from={plot.top} to={plot.bottom} ticks={yAxis.ticks} scale={yScale} format={formatTick} colour={colour} fontSize={fontSize} />
            {bars.map((bar) => (
              <rect key={bar.key} className="chart-bar" x={bar.x} y={bar.y} width={barWidth} height={bar.height} fill={bar.colour} fillOpacity={bar.opacity} />
            ))}
          </svg>
        )}
      </div>
    </div>
  )
}
