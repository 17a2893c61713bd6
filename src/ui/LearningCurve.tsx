import { useId, useMemo, useRef } from 'react'
import { CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { markLabel, usePlayground } from '../state/store'
import { COMPONENT_COLOURS } from './colours'
import { detectRewardHacking } from '../core/run/hacking'
import { smooth } from '../core/run/smooth'
import { CompareView } from './CompareView'
import { formatSteps, formatWeight } from './format'
import { ChartExportButtons } from './ChartExportButtons'
import { useView } from '../state/views'
import { IfVisible } from './IfVisible'

/**
 * The learning curve: shaped return and each component's contribution on the left axis, the true
 * objective on its own right axis, and a vertical mark wherever the reward design changed.
 */
export function LearningCurve() {
  const series = usePlayground((state) => state.run.series)
  const marks = usePlayground((state) => state.run.marks)
  const spec = usePlayground((state) => state.spec)
  const [axis, setAxis] = useView('axis')
  const [view, setView] = useView('curve')
  const pinCount = usePlayground((state) => state.pins.length)
  const [smoothing, setSmoothing] = useView('smoothing')
  const axisId = useId()
  const smoothingId = useId()
  const plotRef = useRef<HTMLDivElement>(null)
  const data = useMemo(() => {
    const rows = series.map((point) => {
      const row: Record<string, number> = { envSteps: point.envSteps, wallSeconds: point.wallSeconds, shapedReturn: point.shapedReturn, objective: point.objective }
      for (const [name, value] of Object.entries(point.contributions)) row[`c_${name}`] = value
      return row
    })
    if (smoothing === 0 || rows.length === 0) return rows
    // Smooth every plotted series the same way (the caption and the figures stay raw).
    const keys = new Set(rows.flatMap((row) => Object.keys(row)).filter((key) => key !== 'envSteps' && key !== 'wallSeconds'))
    for (const key of keys) {
      const smoothed = smooth(rows.map((row) => row[key] ?? NaN), smoothing)
      rows.forEach((row, i) => (row[key] = smoothed[i]))
    }
    return rows
  }, [series, smoothing])
  // A mark sits where its step falls; on the time axis, at the first point at or after that step.
  const markX = (envSteps: number) => (axis === 'envSteps' ? envSteps : (series.find((point) => point.envSteps >= envSteps)?.wallSeconds ?? series[series.length - 1]?.wallSeconds ?? 0))
  const latest = series[series.length - 1]
  const summary = latest
    ? `Learning curve: ${series.length} points up to step ${latest.envSteps}; latest shaped return ${latest.shapedReturn.toFixed(1)}, ${spec.objective.name} ${latest.objective.toFixed(2)}; ${marks.length} design changes marked.`
    : 'Learning curve: no finished episodes yet. Press Start to train.'
  const hacking = useMemo(() => detectRewardHacking(series, spec.objective.higherIsBetter), [series, spec.objective.higherIsBetter])
  return (
    <figure className="curve" aria-label="Learning curve">
      {hacking && (
        <p className="hacking" role="alert">
          Reward hacking? Over the last {hacking.window} points the shaped return rose by {hacking.returnChange.toFixed(2)} while {spec.objective.name} moved the wrong way by{' '}
          {Math.abs(hacking.objectiveChange).toFixed(2)}.
        </p>
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
        <label htmlFor={axisId}>x</label>
        <select id={axisId} value={axis} onChange={(event) => setAxis(event.target.value as typeof axis)}>
          <option value="envSteps">environment steps</option>
          <option value="wallSeconds">wall time (s)</option>
        </select>
        <label htmlFor={smoothingId}>smoothing</label>
        <input id={smoothingId} type="range" min={0} max={0.95} step={0.05} value={smoothing} aria-valuetext={smoothing.toFixed(2)} onChange={(event) => setSmoothing(Number(event.target.value))} />
        </IfVisible>
        {view === 'live' && <ChartExportButtons chart="the learning curve" fileName="learning-curve" target={plotRef} />}
      </div>
      {/* The chart stays mounted while empty: its first render is costly, better paid at load than mid-training. */}
      {series.length === 0 && view === 'live' && <div className="empty-chart">No episodes yet. Press Start: the curve grows as episodes finish.</div>}
      {view === 'compare' && <CompareView />}
      {
        <div className="curve-plot" hidden={view === 'compare'} ref={plotRef}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid stroke="#2b3a4f" strokeDasharray="3 3" />
            <XAxis dataKey={axis} type="number" domain={['dataMin', 'dataMax']} tickFormatter={axis === 'envSteps' ? formatSteps : (seconds: number) => `${seconds.toFixed(0)} s`} stroke="#9fb3c8" fontSize={11} />
            <YAxis yAxisId="reward" stroke="#9fb3c8" fontSize={11} width={48} label={{ value: 'return', angle: -90, position: 'insideLeft', fill: '#9fb3c8', fontSize: 11 }} />
            <YAxis yAxisId="objective" orientation="right" stroke="#ffd166" fontSize={11} width={48} label={{ value: spec.objective.name, angle: 90, position: 'insideRight', fill: '#ffd166', fontSize: 11 }} />
            <Tooltip contentStyle={{ background: '#132033', border: '1px solid #2b3a4f' }} labelFormatter={(x) => (axis === 'envSteps' ? `step ${formatSteps(Number(x))}` : `${Number(x).toFixed(1)} s`)} formatter={(value) => Number(value).toFixed(2)} />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {spec.components.map((component, k) => (
              <Line key={component.name} yAxisId="reward" dataKey={`c_${component.name}`} name={`${component.name} (contribution)`} stroke={COMPONENT_COLOURS[k % COMPONENT_COLOURS.length]} strokeDasharray="4 3" dot={false} strokeWidth={1} isAnimationActive={false} />
            ))}
            <Line yAxisId="reward" dataKey="shapedReturn" name="shaped return" stroke="#e8f1f8" dot={false} strokeWidth={2} isAnimationActive={false} />
            <Line yAxisId="objective" dataKey="objective" name={`${spec.objective.name} (true objective${spec.objective.higherIsBetter ? '' : ', lower is better'})`} stroke="#ffd166" dot={false} strokeWidth={2} isAnimationActive={false} />
            {marks.map((mark) => (
              <ReferenceLine key={mark.changeId} yAxisId="reward" x={markX(mark.envSteps)} stroke="#ef476f" strokeDasharray="2 2" label={{ value: markLabel(mark, formatWeight), position: 'insideTopLeft', fill: '#ef476f', fontSize: 10 }} />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
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
}
