import { memo, useId, useMemo, useRef } from 'react'
import type { RunView } from '../../model/runView'
import { useViewRun } from './useViewRun'
import { usePlayground } from '../../state/run/store'
import { markLabel } from '../../model/marks'
import { COMPONENT_COLOURS } from '../common/colours'
import { hackingNoticeShown } from '../../model/hackingAlert'
import { hackingNoticeText } from '../../model/hackingNotice'
import { emptyCurveText } from '../../model/runStatusText'
import { curveShowsComponent } from '../../model/curveComponents'
import { smooth } from '../../core/run/smooth'
import { LEARNER_COMPONENTS } from '../../core/run/learnerComponents'
import { CompareView } from '../compare/CompareView'
import { formatSteps, formatWeight } from '../common/format'
import { ChartExportButtons } from '../charts/ChartExportButtons'
import { useView } from '../../state/link/views'
import { IfVisible } from '../common/IfVisible'
import { LineChart, type LineSeries } from '../charts/LineChart'
import { warningMonitors } from '../../model/monitorPanel'
import { GOLD_MARK_LABEL, goldMarkName, monitorMarkLabel, monitorMarkName } from '../../model/monitorPanelText'

/** The hacking monitors' marks: their own colour and a longer dash than the design changes' marks. */
const MONITOR_MARK = { colour: '#f4a261', dash: '6 3' }
/** The gold's turn: the true objective's colour, a solid line, so that it reads apart from every warning. */
const GOLD_MARK = { colour: '#ffd166', dash: 'none' }

/**
 * The learning curve: shaped return and each component's contribution on the left axis, the true
 * objective on its own right axis, each scheduled weight on a second right axis, and a vertical mark wherever the reward design changed.
 */
export function LearningCurve() {
  const run = useViewRun((run) => run)
  return <CurveFigure series={run.series} marks={run.marks} monitors={run.monitors} />
}

/** The figure itself, drawn again only when the drawn run's points, marks or monitors change (or its own settings do). */
const CurveFigure = memo(function CurveFigure({ series, marks, monitors }: Pick<RunView, 'series' | 'marks' | 'monitors'>) {
  const spec = usePlayground((state) => state.spec)
  const status = usePlayground((state) => state.run.status)
  const [axis, setAxis] = useView('axis')
  const [view, setView] = useView('curve')
  const pinCount = usePlayground((state) => state.pins.length)
  const [smoothing, setSmoothing] = useView('smoothing')
  const axisId = useId()
  const smoothingId = useId()
  const plotRef = useRef<HTMLDivElement>(null)
  // The environment's components, then those the learner added where the run has them (the KL in the reward): each its own line.
  const components = useMemo(() => {
    const added = LEARNER_COMPONENTS.filter((component) => series.some((point) => Object.hasOwn(point.contributions, component.name)))
    return added.length === 0 ? spec.components : [...spec.components, ...added]
  }, [series, spec.components])
  // One column per plotted series, smoothed alike (the caption and the figures stay raw).
  const columns = useMemo(() => {
    const column = (value: (point: (typeof series)[number]) => number | undefined) => {
      const values = series.map((point) => value(point) ?? NaN)
      return smoothing === 0 ? values : smooth(values, smoothing)
    }
    return {
      envSteps: series.map((point) => point.envSteps),
      wallSeconds: series.map((point) => point.wallSeconds),
      shapedReturn: column((point) => point.shapedReturn),
      objective: column((point) => point.objective),
      contributions: new Map(components.map((component) => [component.name, column((point) => point.contributions[component.name])])),
    }
  }, [series, smoothing, components])
  const weights = usePlayground((state) => state.design.weights)
  // A scheduled weight's own thin line, as the run put it in force (not smoothed: it is exact).
  const weightLines = useMemo<LineSeries[]>(
    () =>
      spec.components.flatMap((component, k) =>
        series.some((point) => point.weights !== undefined && Object.hasOwn(point.weights, component.name))
          ? [{ key: `w_${component.name}`, name: `${component.name} weight`, colour: COMPONENT_COLOURS[k % COMPONENT_COLOURS.length], width: 1, axis: 'secondary' as const, y: series.map((point) => (point.weights && Object.hasOwn(point.weights, component.name) ? point.weights[component.name] : NaN)) }]
          : [],
      ),
    [series, spec.components],
  )
  const lines = useMemo<LineSeries[]>(
    () => [
      ...weightLines,
      // A component that never contributed is left off the chart and its legend where it is weighted 0 or the map cannot pay it.
      ...components.flatMap((component, k) => (curveShowsComponent(spec, component.name, weights[component.name], columns.contributions.get(component.name) ?? []) ? [{ component, k }] : [])).map(({ component, k }) => ({
        key: `c_${component.name}`,
        name: `${component.name} (contribution)`,
        colour: COMPONENT_COLOURS[k % COMPONENT_COLOURS.length],
        dash: '4 3',
        width: 1,
        y: columns.contributions.get(component.name) ?? [],
      })),
      { key: 'shapedReturn', name: 'shaped return', colour: '#e8f1f8', width: 2, y: columns.shapedReturn },
      { key: 'objective', name: `${spec.objective.name} (true objective${spec.objective.higherIsBetter ? '' : ', lower is better'})`, colour: '#ffd166', width: 2, axis: 'right', y: columns.objective },
    ],
    [columns, components, spec, weights, weightLines],
  )
  const warnings = useMemo(() => warningMonitors(monitors), [monitors])
  // A mark sits where its step falls; on the time axis, at the first point at or after that step.
  // The design changes' marks and the monitors' go to the chart together, so their labels make room for one another.
  const chartMarks = useMemo(() => {
    const markX = (envSteps: number) => (axis === 'envSteps' ? envSteps : (series.find((point) => point.envSteps >= envSteps)?.wallSeconds ?? series[series.length - 1]?.wallSeconds ?? 0))
    return [
      ...marks.map((mark) => ({ key: mark.changeId, x: markX(mark.envSteps), label: markLabel(mark, formatWeight) })),
      ...warnings.map((reading) => ({ key: `monitor-${reading.name}`, x: markX(reading.state.sinceStep), label: monitorMarkLabel(reading.label), name: monitorMarkName(reading.label, reading.state.sinceStep), ...MONITOR_MARK })),
      // Where the gold turned, once it has: what the monitors' marks are judged against.
      ...(monitors.gold.kind === 'turned' ? [{ key: 'gold-turned', x: markX(monitors.gold.turn.envSteps), label: GOLD_MARK_LABEL, name: goldMarkName(monitors.gold.turn.envSteps), ...GOLD_MARK }] : []),
    ]
  }, [marks, warnings, monitors.gold, series, axis])
  const latest = series[series.length - 1]
  const summary = latest
    ? `Learning curve: ${series.length} points up to step ${latest.envSteps}; latest shaped return ${latest.shapedReturn.toFixed(1)}, ${spec.objective.name} ${latest.objective.toFixed(2)}; ${marks.length} design changes marked; ${warnings.length} monitor warnings marked${monitors.gold.kind === 'turned' ? `; the gold's turn marked at step ${monitors.gold.turn.envSteps}` : ''}.`
    : `Learning curve: ${emptyCurveText(status)}`
  const hacking = usePlayground((state) => state.run.hacking)
  const dismissHacking = usePlayground((state) => state.dismissHacking)
  // The alert's band: from where the divergence began to its recovery (or the latest point).
  const spans = useMemo(() => {
    if (!hacking || series.length === 0) return []
    const end = hacking.recoveredAt ?? series[series.length - 1].envSteps
    const at = (envSteps: number) => (axis === 'envSteps' ? envSteps : (series.find((point) => point.envSteps >= envSteps)?.wallSeconds ?? series[series.length - 1].wallSeconds))
    return [{ key: 'hacking', from: at(hacking.fromStep), to: at(end), label: hacking.recoveredAt === null ? 'hacking?' : 'hacking? (recovered)' }]
  }, [hacking, series, axis])
  return (
    <figure className="curve" aria-label="Learning curve">
      {hackingNoticeShown(hacking) && (
        <div className="hacking" role="alert">
          <p>{hackingNoticeText(hacking, series, spec.objective.name)}</p>
          <button type="button" onClick={dismissHacking}>
            Dismiss
          </button>
        </div>
      )}
      <figcaption className="sr-only" aria-live="polite">
        {summary}
      </figcaption>
      <div className="curve-controls">
        <IfVisible control="curveTabs">
        <div role="group" aria-label="Chart view" className="curve-tabs">
          <button type="button" aria-pressed={view === 'live'} onClick={() => setView('live')}>
            Live
          </button>
          <button type="button" aria-pressed={view === 'compare'} onClick={() => setView('compare')}>
            Compare ({pinCount})
          </button>
        </div>
        </IfVisible>
        <IfVisible control="curveAxis">
        {/* Each label stays with its control when the row wraps. */}
        <span className="curve-control">
          <label htmlFor={axisId}>x</label>
          <select id={axisId} value={axis} onChange={(event) => setAxis(event.target.value as typeof axis)}>
            <option value="envSteps">environment steps</option>
            <option value="wallSeconds">wall time (s)</option>
          </select>
        </span>
        <span className="curve-control">
          <label htmlFor={smoothingId}>smoothing</label>
          <input id={smoothingId} type="range" min={0} max={0.95} step={0.05} value={smoothing} aria-valuetext={smoothing.toFixed(2)} onChange={(event) => setSmoothing(Number(event.target.value))} />
        </span>
        </IfVisible>
        {view === 'live' && <ChartExportButtons chart="the learning curve" fileName="learning-curve" target={plotRef} />}
      </div>
      {/* The chart stays mounted while empty: its first render is costly, better paid at load than mid-training. */}
      {series.length === 0 && view === 'live' && <div className="empty-chart">{emptyCurveText(status)}</div>}
      {view === 'compare' && <CompareView />}
      {
        <div className="curve-plot" hidden={view === 'compare'} ref={plotRef}>
          <LineChart
            x={columns[axis]}
            series={lines}
            left={{ colour: '#9fb3c8', title: 'return' }}
            right={{ colour: '#ffd166', title: spec.objective.name }}
            secondary={weightLines.length > 0 ? { colour: '#9fb3c8', title: 'weight' } : undefined}
            xColour="#9fb3c8"
            xFormat={axis === 'envSteps' ? formatSteps : formatSeconds}
            readoutLabel={(x) => (axis === 'envSteps' ? `step ${formatSteps(x)}` : `${x.toFixed(1)} s`)}
            marks={chartMarks}
            spans={spans}
            legend
            margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
          />
        </div>
      }
      <ul className="sr-only" aria-label="Design changes">
        {marks.map((mark) => (
          <li key={mark.changeId}>
            Design change at step {mark.envSteps}: {markLabel(mark, formatWeight)}
          </li>
        ))}
      </ul>
    </figure>
  )
})

/** Wall time on the x axis: whole seconds. */
function formatSeconds(seconds: number): string {
  return `${seconds.toFixed(0)} s`
}
