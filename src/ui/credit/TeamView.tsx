import { memo } from 'react'
import { Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts'
import type { RunView } from '../../model/runView'
import { useViewRun } from '../run/useViewRun'
import { COMPONENT_COLOURS } from '../common/colours'
import { formatSteps } from '../common/format'
import { ChartExportButtons } from '../charts/ChartExportButtons'
import { useElementSize } from '../charts/useElementSize'

const METHODS = [
  ['shared', 'shared v(N)'],
  ['equal', 'equal v(N)/n'],
  ['difference', 'difference'],
  ['shapley', 'Shapley'],
  ['local', 'local'],
] as const

/** Each agent's effort and its credit under every method, side by side, so free-riding shows. */
export function TeamView() {
  const run = useViewRun((run) => run)
  return <Team summary={run.team} history={run.teamHistory} />
}

/** The chart and table, drawn again only when the drawn run's team figures change. */
const Team = memo(function Team({ summary, history }: { summary: RunView['team']; history: RunView['teamHistory'] }) {
  // The axes' text follows the style sheet's font size (larger in the presenter layout); ticks like 1.5 need 2.2 sizes.
  const [chartRef, { fontSize }] = useElementSize<HTMLDivElement>()
  if (!summary) return <p className="advantage-summary">Shown once the first rounds are recorded.</p>
  const data = history.map((point) => ({ envSteps: point.envSteps, ...Object.fromEntries(point.effort.map((effort, agent) => [`a${agent}`, effort])) }))
  return (
    <div className="team-view">
    <p className="sr-only" role="status" aria-label="Effort over time">
      {history.length > 1
        ? `Effort over time: ${summary.effort.map((_, agent) => `agent ${agent} from ${history[0].effort[agent].toFixed(2)} to ${history[history.length - 1].effort[agent].toFixed(2)}`).join(', ')}.`
        : 'Effort over time: shown once two records have arrived.'}
    </p>
    <ChartExportButtons chart="the agents' effort over time" fileName="team-effort" target={chartRef} />
    <div className="team-effort" aria-hidden="true" ref={chartRef}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 2, right: 4, bottom: 0, left: 0 }}>
          <XAxis dataKey="envSteps" type="number" domain={['dataMin', 'dataMax']} tickFormatter={formatSteps} stroke="#9fb3c8" fontSize={fontSize} />
          <YAxis domain={[0, 2]} stroke="#9fb3c8" fontSize={fontSize} width={Math.ceil(fontSize * 2.2)} />
          {summary.effort.map((_, agent) => (
            <Line key={agent} dataKey={`a${agent}`} name={`agent ${agent}`} stroke={COMPONENT_COLOURS[agent % COMPONENT_COLOURS.length]} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
    <table className="team-table">
      <caption>
        Mean per round over the last {summary.rounds} recorded team rounds (effort 0 none, 1 some, 2 full)
      </caption>
      <thead>
        <tr>
          <th scope="col">agent</th>
          <th scope="col">effort</th>
          {METHODS.map(([, label]) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {summary.effort.map((effort, agent) => (
          <tr key={agent}>
            <th scope="row">{agent}</th>
            <td>{effort.toFixed(2)}</td>
            {METHODS.map(([method]) => (
              <td key={method}>{summary.credit[method][agent].toFixed(2)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  )
})

