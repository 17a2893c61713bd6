import { useId, useMemo, useState, type ReactNode } from 'react'
import { specOf } from '../../model/design'
import { definitionOf } from '../../model/sweep/definitionFile'
import { figureLabel } from '../../model/sweep/figureText'
import type { ParetoFigure } from '../../model/sweep/pareto'
import { paretoFigure, paretoText, sweepSpec } from '../../model/sweep/paretoFigures'
import { DEFAULT_PARETO, figureNames, summarizeSweep } from '../../model/sweep/summary'
import { recordsJsonLines, summaryCsv, summaryJson } from '../../model/sweep/sweepExport'
import { comparePointRuns, openPointDesign, type KeptSweep } from '../../state/sweep/sweeps'
import { axesLabel } from '../../model/sweep/runRecord'
import { downloadText } from '../common/download'
import { SweepAxisChart } from './SweepAxisChart'
import { SweepHeatMap } from './SweepHeatMap'
import { SweepScatter } from './SweepScatter'

/** The trade-off first shown: the figures sweep summarize draws a front of when none are named. */
const [DEFAULT_X, DEFAULT_Y] = DEFAULT_PARETO.split(',')

/**
 * A sweep's results as its runs finish: a chosen figure against the axis (or over both axes, a
 * heat map), the trade-off of two chosen figures with their Pareto front, a chosen point's design or
 * runs (in Compare), and the files: the runs as the command line's JSON lines, the summary as
 * `sweep summarize --json` prints it or as CSV, the definition as the file `sweep --sweep` reads.
 */
export function SweepResults({ kept }: { kept: KeptSweep }) {
  const { sweep, records } = kept
  const spec = useMemo(() => specOf(sweep.points[0].design), [sweep])
  const names = useMemo(() => figureNames(sweep), [sweep])
  const [figure, setFigure] = useState('objective')
  const [xFigure, setXFigure] = useState(DEFAULT_X)
  const [yFigure, setYFigure] = useState(DEFAULT_Y)
  // null: the figure's own better way (paretoFigures.ts, the rule sweep summarize --pareto follows).
  const [xLower, setXLower] = useState<boolean | null>(null)
  const [yLower, setYLower] = useState<boolean | null>(null)
  const id = useId()
  // Another sweep shown may lack a component's figure: fall back to one it has.
  const pick = (name: string, fallback: string) => (names.includes(name) ? name : fallback)
  const shownFigure = pick(figure, 'objective')
  const judged = (name: string, lower: boolean | null): ParetoFigure => paretoFigure(name, sweepSpec(sweep), lower === null ? null : lower ? 'min' : 'max')
  const front: [ParetoFigure, ParetoFigure] = [judged(pick(xFigure, DEFAULT_X), xLower), judged(pick(yFigure, DEFAULT_Y), yLower)]
  const summary = useMemo(() => summarizeSweep(sweep, records, front), [sweep, records, front[0].name, front[0].higherIsBetter, front[1].name, front[1].higherIsBetter])
  // The point chosen last (clicked in a chart, or picked below): its design, or its runs in Compare.
  const [chosen, setChosen] = useState(0)
  const point = Math.min(chosen, sweep.points.length - 1)
  const open = (index: number) => {
    setChosen(index)
    openPointDesign(kept, index)
  }
  const label = (name: string) => figureLabel(name, spec)
  const file = `sweep-${sweep.config.env.id}-${new Date(kept.createdAt).toISOString().slice(0, 19).replaceAll(':', '-')}`
  const options = names.map((name) => (
    <option key={name} value={name}>
      {label(name)}
    </option>
  ))
  return (
    <div className="sweep-results">
      <div className="sweep-controls">
        <label htmlFor={`${id}-figure`}>Figure</label>
        <select id={`${id}-figure`} value={shownFigure} onChange={(event) => setFigure(event.target.value)}>
          {options}
        </select>
      </div>
      {sweep.axes.length === 1 ? (
        <SweepAxisChart sweep={sweep} summary={summary} figure={shownFigure} label={label(shownFigure)} log={sweep.axisTexts[0].trim().endsWith(':log')} onOpen={open} />
      ) : (
        <SweepHeatMap sweep={sweep} summary={summary} figure={shownFigure} label={label(shownFigure)} onOpen={open} />
      )}
      <div className="sweep-controls">
        <TradeOffAxis
          axis="x"
          selectId={`${id}-x`}
          figure={front[0]}
          options={options}
          onFigure={(name) => {
            setXFigure(name)
            setXLower(null)
          }}
          onLower={setXLower}
        />
        <TradeOffAxis
          axis="y"
          selectId={`${id}-y`}
          figure={front[1]}
          options={options}
          onFigure={(name) => {
            setYFigure(name)
            setYLower(null)
          }}
          onLower={setYLower}
        />
      </div>
      <SweepScatter summary={summary} figures={front} labels={[label(front[0].name), label(front[1].name)]} onOpen={open} />
      <div className="sweep-controls">
        <label htmlFor={`${id}-point`}>Point</label>
        <select id={`${id}-point`} value={point} onChange={(event) => setChosen(Number(event.target.value))}>
          {summary.points.map((each, index) => (
            <option key={index} value={index}>
              {axesLabel(each.axes)} ({each.runs} run{each.runs === 1 ? '' : 's'}){summary.pareto.includes(index) ? ', on the front' : ''}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => openPointDesign(kept, point)}>
          Open its design
        </button>
        <button type="button" disabled={summary.points[point].runs === 0} onClick={() => comparePointRuns(kept, point)}>
          Compare its runs
        </button>
      </div>
      <div className="sweep-actions">
        <button type="button" disabled={records.length === 0} onClick={() => downloadText(recordsJsonLines(records), `${file}-runs.jsonl`, 'application/x-ndjson')}>
          Export runs (JSON lines)
        </button>
        <button type="button" onClick={() => downloadText(summaryJson(summary), `${file}-summary.json`, 'application/json')}>
          Export summary (JSON)
        </button>
        <button type="button" onClick={() => downloadText(summaryCsv(sweep, summary), `${file}-summary.csv`, 'text/csv')}>
          Export summary (CSV)
        </button>
        <button type="button" onClick={() => downloadText(`${JSON.stringify(definitionOf(sweep), null, 2)}\n`, `${file}.json`, 'application/json')}>
          Export definition (JSON)
        </button>
      </div>
      <p className="hint">
        Open a point (click it, or focus it and press Enter) to load its design here; Compare its runs pins its seeds' final figures in Compare. The runs file is what <code>sweep --out</code> writes; the JSON summary is what{' '}
        <code>sweep summarize DIR --json --pareto {paretoText(front, sweepSpec(sweep))}</code> prints of the same runs; the definition is what <code>sweep --sweep FILE</code> reads.
      </p>
    </div>
  )
}

/** One axis of the trade-off scatter: its figure (a new one goes its own way) and whether lower is better. */
function TradeOffAxis({ axis, selectId, figure, options, onFigure, onLower }: { axis: 'x' | 'y'; selectId: string; figure: ParetoFigure; options: ReactNode; onFigure: (name: string) => void; onLower: (lower: boolean) => void }) {
  return (
    <>
      <label htmlFor={selectId}>{axis === 'x' ? 'Trade-off x' : 'y'}</label>
      <select id={selectId} aria-label={axis === 'y' ? 'Trade-off y' : undefined} value={figure.name} onChange={(event) => onFigure(event.target.value)}>
        {options}
      </select>
      <label className="sweep-check">
        <input type="checkbox" checked={!figure.higherIsBetter} onChange={(event) => onLower(event.target.checked)} /> lower {axis} is better
      </label>
    </>
  )
}
