import { useMemo } from 'react'
import { CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { markLabel, usePlayground } from '../state/store'
import { COMPONENT_COLOURS } from './colours'
import { detectRewardHacking } from '../core/run/hacking'
import { formatSteps, formatWeight } from './format'

/**
 * The learning curve: shaped return and each component's contribution on the left axis, the true
 * objective on its own right axis, and a vertical mark wherever the reward design changed.
 */
export function LearningCurve() {
  const series = usePlayground((state) => state.run.series)
  const marks = usePlayground((state) => state.run.marks)
  const spec = usePlayground((state) => state.spec)
  const data = useMemo(
    () =>
      series.map((point) => {
        const row: Record<string, number> = { envSteps: point.envSteps, shapedReturn: point.shapedReturn, objective: point.objective }
        for (const [name, value] of Object.entries(point.contributions)) row[`c_${name}`] = value
        return row
      }),
    [series],
  )
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
      {/* The chart stays mounted while empty: its first render is costly, better paid at load than mid-training. */}
      {series.length === 0 && <div className="empty-chart">No episodes yet. Press Start: the curve grows as episodes finish.</div>}
      {
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid stroke="#2b3a4f" strokeDasharray="3 3" />
            <XAxis dataKey="envSteps" type="number" domain={['dataMin', 'dataMax']} tickFormatter={formatSteps} stroke="#9fb3c8" fontSize={11} />
            <YAxis yAxisId="reward" stroke="#9fb3c8" fontSize={11} width={48} label={{ value: 'return', angle: -90, position: 'insideLeft', fill: '#9fb3c8', fontSize: 11 }} />
            <YAxis yAxisId="objective" orientation="right" stroke="#ffd166" fontSize={11} width={48} label={{ value: spec.objective.name, angle: 90, position: 'insideRight', fill: '#ffd166', fontSize: 11 }} />
            <Tooltip contentStyle={{ background: '#132033', border: '1px solid #2b3a4f' }} labelFormatter={(steps) => `step ${formatSteps(Number(steps))}`} formatter={(value) => Number(value).toFixed(2)} />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {spec.components.map((component, k) => (
              <Line key={component.name} yAxisId="reward" dataKey={`c_${component.name}`} name={`${component.name} (contribution)`} stroke={COMPONENT_COLOURS[k % COMPONENT_COLOURS.length]} strokeDasharray="4 3" dot={false} strokeWidth={1} isAnimationActive={false} />
            ))}
            <Line yAxisId="reward" dataKey="shapedReturn" name="shaped return" stroke="#e8f1f8" dot={false} strokeWidth={2} isAnimationActive={false} />
            <Line yAxisId="objective" dataKey="objective" name={`${spec.objective.name} (true objective${spec.objective.higherIsBetter ? '' : ', lower is better'})`} stroke="#ffd166" dot={false} strokeWidth={2} isAnimationActive={false} />
            {marks.map((mark) => (
              <ReferenceLine key={mark.changeId} yAxisId="reward" x={mark.envSteps} stroke="#ef476f" strokeDasharray="2 2" label={{ value: markLabel(mark, formatWeight), position: 'insideTopLeft', fill: '#ef476f', fontSize: 10 }} />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
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
