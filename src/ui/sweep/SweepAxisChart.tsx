import { ownValue } from '../../core/reservedNames'
import type { Sweep } from '../../model/sweep/definition'
import { axesLabel } from '../../model/sweep/runRecord'
import type { SweepSummary } from '../../model/sweep/summary'
import { Axis } from '../charts/Axis'
import { formatTick } from '../charts/LineChart'
import { extent, linearScale, niceAxis } from '../charts/scale'
import { titleOffset } from '../charts/text'
import { useElementSize } from '../charts/useElementSize'
import { axisPlacement, figureText, PointButton, SWEEP_MARGIN, sweepPlotBox } from './sweepChartParts'

const AXIS_COLOUR = '#9fb3c8'

/**
 * One figure against the sweep's one axis: each point's mean over its seeds, a band of ± one
 * (sample) standard deviation, and the points themselves, each focusable to open its design.
 */
export function SweepAxisChart({ sweep, summary, figure, label, log, onOpen }: { sweep: Sweep; summary: SweepSummary; figure: string; label: string; log: boolean; onOpen: (point: number) => void }) {
  const [holder, { width, height, fontSize }] = useElementSize<HTMLDivElement>()
  const axis = sweep.axes[0]
  const stats = summary.points.map((point) => ownValue(point.figures, figure) ?? null)
  const means = stats.map((stat) => stat?.mean ?? NaN)
  const lows = stats.map((stat) => (stat?.mean ?? NaN) - (stat?.std ?? 0))
  const highs = stats.map((stat) => (stat?.mean ?? NaN) + (stat?.std ?? 0))
  const yAxis = niceAxis(extent([lows, highs]), 5, true)
  const plot = sweepPlotBox(width, height, fontSize, yAxis.ticks)
  const drawable = plot.drawable
  const y = linearScale(yAxis.domain, [plot.bottom, plot.top])
  // Room on both sides, so the end points are not on the frame.
  const inset = Math.min(24, (plot.right - plot.left) / 8)
  const { positions, ticks } = axisPlacement(axis.values, log, plot.left + inset, plot.right - inset, fontSize)
  const shown = summary.points.flatMap((_, index) => (Number.isFinite(means[index]) ? [index] : []))
  const line = shown.map((index, k) => `${k === 0 ? 'M' : 'L'}${positions[index]},${y(means[index])}`).join('')
  const band = shown.length > 1 ? `${shown.map((index, k) => `${k === 0 ? 'M' : 'L'}${positions[index]},${y(highs[index])}`).join('')}${[...shown].reverse().map((index) => `L${positions[index]},${y(lows[index])}`).join('')}Z` : ''
  const caption = `${label} against ${axis.name}: the mean over each point's seeds, ± one standard deviation. ${shown.length} of ${summary.points.length} points have it.`
  return (
    <figure className="sweep-chart" aria-label="Sweep chart">
      <figcaption className="hint">{caption}</figcaption>
      <div className="sweep-plot" ref={holder}>
        {drawable && (
          <svg className="chart-svg" width={width} height={height}>
            <Axis side="left" at={plot.left} from={plot.top} to={plot.bottom} ticks={yAxis.ticks} scale={y} format={formatTick} colour={AXIS_COLOUR} fontSize={fontSize} title={{ text: label, colour: AXIS_COLOUR }} titleAt={SWEEP_MARGIN.left + titleOffset(fontSize)} />
            <Axis side="bottom" at={plot.bottom} from={plot.left} to={plot.right} ticks={ticks} format={(index) => String(axis.values[index])} colour={AXIS_COLOUR} fontSize={fontSize} />
            <text x={(plot.left + plot.right) / 2} y={height - 2} textAnchor="middle" fill={AXIS_COLOUR} fontSize={fontSize}>
              {axis.name}
            </text>
            {band && <path className="sweep-band" d={band} />}
            {line && <path className="sweep-line" d={line} />}
            {summary.points.map((point, index) =>
              // A point without the figure (not trained yet, or none of its runs finished an episode) sits hollow on the axis.
              Number.isFinite(means[index]) ? null : (
                <PointButton key={index} className="sweep-pending" label={`${axesLabel(point.axes)}: ${label} none (${point.runs === 0 ? 'not trained yet' : `none of its ${point.runs} runs has it`}); open its design`} onOpen={() => onOpen(index)}>
                  <circle cx={positions[index]} cy={plot.bottom - 6} r={4} />
                </PointButton>
              ),
            )}
            {shown.map((index) => {
              const stat = stats[index]!
              const point = summary.points[index]
              return (
                <PointButton key={index} label={`${axesLabel(point.axes)}: ${label} ${figureText(stat.mean)} ± ${figureText(stat.std)} over ${point.runs} run${point.runs === 1 ? '' : 's'}; open its design`} onOpen={() => onOpen(index)}>
                  <line className="sweep-error" x1={positions[index]} x2={positions[index]} y1={y(lows[index])} y2={y(highs[index])} />
                  <circle cx={positions[index]} cy={y(means[index])} r={5} />
                </PointButton>
              )
            })}
          </svg>
        )}
      </div>
    </figure>
  )
}
