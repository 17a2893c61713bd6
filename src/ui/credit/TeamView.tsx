import { memo, useMemo, useRef } from 'react'
import { teamEffortChart } from '../../core/credit/teamView'
import type { RunView } from '../../model/runView'
import { useViewRun } from '../run/useViewRun'
import { COMPONENT_COLOURS } from '../common/colours'
import { formatSteps } from '../common/format'
import { ChartExportButtons } from '../charts/ChartExportButtons'
import { LineChart, type LineSeries, type ValueAxis } from '../charts/LineChart'

/** Effort runs from 0 (none) to 2 (full): the axis shows that whole range whatever the agents do. */
const EFFORT_AXIS: ValueAxis = { colour: '#9fb3c8', domain: [0, 2] }

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
  const chartRef = useRef<HTMLDivElement>(null)
  // The lines and the x range they span, worked out together from the points drawn.
  const chart = useMemo(() => teamEffortChart(history), [history])
  const lines = useMemo<LineSeries[]>(
    () => chart.efforts.map((y, agent) => ({ key: `a${agent}`, name: `agent ${agent}`, colour: COMPONENT_COLOURS[agent % COMPONENT_COLOURS.length], width: 1.5, y })),
    [chart],
  )
  if (!summary) return <p className="advantage-summary">Shown once the first rounds are recorded.</p>
  return (
    <div className="team-view">
    <p className="sr-only" role="status" aria-label="Effort over time">
      {history.length > 1
        ? `Effort over time: ${summary.effort.map((_, agent) => `agent ${agent} from ${history[0].effort[agent].toFixed(2)} to ${history[history.length - 1].effort[agent].toFixed(2)}`).join(', ')}.`
        : 'Effort over time: shown once two records have arrived.'}
    </p>
    <ChartExportButtons chart="the agents' effort over time" fileName="team-effort" target={chartRef} />
    <div className="team-effort" aria-hidden="true" ref={chartRef}>
      <LineChart
        x={chart.x}
        xDomain={chart.domain}
        series={lines}
        left={EFFORT_AXIS}
        xColour="#9fb3c8"
        xFormat={formatSteps}
        readoutLabel={(x) => `step ${formatSteps(x)}`}
        margin={{ top: 2, right: 8, bottom: 0, left: 0 }}
      />
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

