import { ownValue } from '../../core/reservedNames'
import type { ParetoFigure } from '../../model/sweep/pareto'
import { axesLabel } from '../../model/sweep/runRecord'
import type { SweepSummary } from '../../model/sweep/summary'
import { Axis } from '../charts/Axis'
import { formatTick } from '../charts/LineChart'
import { extent, linearScale, niceAxis } from '../charts/scale'
import { titleOffset } from '../charts/text'
import { useElementSize } from '../charts/useElementSize'
import { figureText, PointButton, SWEEP_MARGIN, sweepPlotBox } from './sweepChartParts'

const AXIS_COLOUR = '#9fb3c8'

/**
 * The trade-off: every point at its two figures' means, the Pareto front of the two (pareto.ts,
 * each figure's better way as chosen) drawn as a line through its points, and the points it
 * dominates dimmed. Each point is focusable and opens its design.
 */
export function SweepScatter({ summary, figures, labels, onOpen }: { summary: SweepSummary; figures: readonly [ParetoFigure, ParetoFigure]; labels: readonly [string, string]; onOpen: (point: number) => void }) {
  const [holder, { width, height, fontSize }] = useElementSize<HTMLDivElement>()
  const xs = summary.points.map((point) => ownValue(point.figures, figures[0].name)?.mean ?? NaN)
  const ys = summary.points.map((point) => ownValue(point.figures, figures[1].name)?.mean ?? NaN)
  const yAxis = niceAxis(extent([ys]), 5, true)
  const xAxis = niceAxis(extent([xs]), 5, true)
  const plot = sweepPlotBox(width, height, fontSize, yAxis.ticks)
  const drawable = plot.drawable
  const x = linearScale(xAxis.domain, [plot.left, plot.right])
  const y = linearScale(yAxis.domain, [plot.bottom, plot.top])
  const front = new Set(summary.pareto)
  const shown = summary.points.flatMap((_, index) => (Number.isFinite(xs[index]) && Number.isFinite(ys[index]) ? [index] : []))
  const frontLine = [...summary.pareto]
    .sort((a, b) => xs[a] - xs[b])
    .map((index, k) => `${k === 0 ? 'M' : 'L'}${x(xs[index])},${y(ys[index])}`)
    .join('')
  const better = (figure: ParetoFigure) => (figure.higherIsBetter ? 'higher' : 'lower')
  const frontNames = summary.pareto.map((index) => axesLabel(summary.points[index].axes))
  const missing = summary.points.length - shown.length
  return (
    <figure className="sweep-chart" aria-label="Trade-off">
      <figcaption className="hint">
        {labels[1]} ({better(figures[1])} is better) against {labels[0]} ({better(figures[0])} is better), each point's means.{' '}
        <span className="sweep-front-text">{frontNames.length === 0 ? 'No point has both figures yet.' : `Pareto front: ${frontNames.join('; ')}.`}</span>
        {missing > 0 && frontNames.length > 0 && ` ${missing} point${missing === 1 ? ' lacks' : 's lack'} a figure yet and ${missing === 1 ? 'is' : 'are'} not drawn.`}
      </figcaption>
      <div className="sweep-plot" ref={holder}>
        {drawable && (
          <svg className="chart-svg" width={width} height={height}>
            <Axis side="left" at={plot.left} from={plot.top} to={plot.bottom} ticks={yAxis.ticks} scale={y} format={formatTick} colour={AXIS_COLOUR} fontSize={fontSize} title={{ text: labels[1], colour: AXIS_COLOUR }} titleAt={SWEEP_MARGIN.left + titleOffset(fontSize)} />
            <Axis side="bottom" at={plot.bottom} from={plot.left} to={plot.right} ticks={xAxis.ticks} scale={x} format={formatTick} colour={AXIS_COLOUR} fontSize={fontSize} />
            <text x={(plot.left + plot.right) / 2} y={height - 2} textAnchor="middle" fill={AXIS_COLOUR} fontSize={fontSize}>
              {labels[0]}
            </text>
            {frontLine && <path className="sweep-front" d={frontLine} />}
            {shown.map((index) => {
              const onFront = front.has(index)
              return (
                <PointButton
                  key={index}
                  className={onFront ? 'sweep-on-front' : 'sweep-dominated'}
                  label={`${axesLabel(summary.points[index].axes)}: ${labels[0]} ${figureText(xs[index])}, ${labels[1]} ${figureText(ys[index])}; ${onFront ? 'on the Pareto front' : 'dominated'}; open its design`}
                  onOpen={() => onOpen(index)}
                >
                  <circle cx={x(xs[index])} cy={y(ys[index])} r={onFront ? 6 : 5} />
                </PointButton>
              )
            })}
          </svg>
        )}
      </div>
      <p className="hint sweep-legend" aria-hidden="true">
        <span className="sweep-key sweep-key-front">●</span> on the Pareto front <span className="sweep-key sweep-key-dominated">●</span> dominated (dimmed)
      </p>
    </figure>
  )
}
