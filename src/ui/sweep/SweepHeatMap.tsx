import { ownValue } from '../../core/reservedNames'
import type { Sweep } from '../../model/sweep/definition'
import { axesLabel } from '../../model/sweep/runRecord'
import type { SweepSummary } from '../../model/sweep/summary'
import { Axis, TICK_SIZE } from '../charts/Axis'
import { extent } from '../charts/scale'
import { categoryAxisHeight, textWidth, titleOffset, valueAxisWidth } from '../charts/text'
import { useElementSize } from '../charts/useElementSize'
import { figureText, PointButton, SWEEP_MARGIN } from './sweepChartParts'

const AXIS_COLOUR = '#9fb3c8'
/** The colours of the lowest and the highest mean; a cell between is mixed in proportion. */
const LOW = [29, 53, 87] as const
const HIGH = [255, 209, 102] as const

/**
 * One figure over the sweep's two axes: a cell per pair (the first axis down, the second across),
 * coloured by its mean over the seeds, each focusable to open its design.
 */
export function SweepHeatMap({ sweep, summary, figure, label, onOpen }: { sweep: Sweep; summary: SweepSummary; figure: string; label: string; onOpen: (point: number) => void }) {
  const [holder, { width, height, fontSize }] = useElementSize<HTMLDivElement>()
  const [rows, columns] = sweep.axes
  const means = summary.points.map((point) => ownValue(point.figures, figure)?.mean ?? NaN)
  const range = extent([means])
  const plot = {
    left: SWEEP_MARGIN.left + valueAxisWidth(rows.values.map(String), fontSize, TICK_SIZE, true),
    right: width - SWEEP_MARGIN.right,
    top: SWEEP_MARGIN.top,
    bottom: height - categoryAxisHeight(fontSize, TICK_SIZE) - fontSize * 1.5,
  }
  const drawable = plot.right - plot.left > 20 && plot.bottom - plot.top > 20
  const cellWidth = (plot.right - plot.left) / columns.values.length
  const cellHeight = (plot.bottom - plot.top) / rows.values.length
  const rowTicks = rows.values.map((_, row) => ({ value: row, position: plot.top + (row + 0.5) * cellHeight }))
  const columnTicks = columns.values.map((_, column) => ({ value: column, position: plot.left + (column + 0.5) * cellWidth }))
  const filled = means.filter(Number.isFinite).length
  return (
    <figure className="sweep-chart" aria-label="Sweep heat map">
      <figcaption className="hint">
        {label} over {rows.name} (down) and {columns.name} (across): each cell the mean over its seeds, from dark ({figureText(range?.[0])}) to light ({figureText(range?.[1])}). {filled} of {summary.points.length} cells filled.
      </figcaption>
      <div className="sweep-plot" ref={holder}>
        {drawable && (
          <svg className="chart-svg" width={width} height={height}>
            <Axis side="left" at={plot.left} from={plot.top} to={plot.bottom} ticks={rowTicks} format={(row) => String(rows.values[row])} colour={AXIS_COLOUR} fontSize={fontSize} title={{ text: rows.name, colour: AXIS_COLOUR }} titleAt={SWEEP_MARGIN.left + titleOffset(fontSize)} />
            <Axis side="bottom" at={plot.bottom} from={plot.left} to={plot.right} ticks={columnTicks} format={(column) => String(columns.values[column])} colour={AXIS_COLOUR} fontSize={fontSize} />
            <text x={(plot.left + plot.right) / 2} y={height - 2} textAnchor="middle" fill={AXIS_COLOUR} fontSize={fontSize}>
              {columns.name}
            </text>
            {summary.points.map((point, index) => {
              const row = Math.floor(index / columns.values.length)
              const column = index % columns.values.length
              const x = plot.left + column * cellWidth
              const top = plot.top + row * cellHeight
              const mean = means[index]
              const text = figureText(mean)
              const share = range === null || range[1] === range[0] ? 0.5 : (mean - range[0]) / (range[1] - range[0])
              const stat = ownValue(point.figures, figure)
              return (
                <PointButton key={index} className={Number.isFinite(mean) ? undefined : 'sweep-empty'} label={`${axesLabel(point.axes)}: ${label} ${text}${stat?.std === null || stat?.std === undefined ? '' : ` ± ${figureText(stat.std)}`} over ${point.runs} run${point.runs === 1 ? '' : 's'}; open its design`} onOpen={() => onOpen(index)}>
                  <rect x={x + 1} y={top + 1} width={Math.max(0, cellWidth - 2)} height={Math.max(0, cellHeight - 2)} fill={Number.isFinite(mean) ? colourAt(share) : 'none'} />
                  {textWidth(text, fontSize) < cellWidth - 4 && cellHeight > fontSize + 2 && Number.isFinite(mean) && (
                    <text x={x + cellWidth / 2} y={top + cellHeight / 2} dy="0.355em" textAnchor="middle" fontSize={fontSize} fill={share > 0.55 ? '#0b1422' : '#e8f1f8'}>
                      {text}
                    </text>
                  )}
                </PointButton>
              )
            })}
          </svg>
        )}
      </div>
    </figure>
  )
}

/** The colour a share of the range (0 lowest, 1 highest) gets: LOW and HIGH mixed linearly. */
function colourAt(share: number): string {
  const mixed = LOW.map((low, k) => Math.round(low + (HIGH[k] - low) * Math.min(1, Math.max(0, share))))
  return `rgb(${mixed.join(', ')})`
}
