import { useMemo } from 'react'
import { coopGame } from '../core/envs/coop'
import { summariseTeams } from '../core/credit/teamView'
import { usePlayground } from '../state/store'

const METHODS = [
  ['shared', 'shared v(N)'],
  ['equal', 'equal v(N)/n'],
  ['difference', 'difference'],
  ['shapley', 'Shapley'],
  ['local', 'local'],
] as const

/** Each agent's effort and its credit under every method, side by side, so free-riding shows. */
export function TeamView() {
  const record = usePlayground((state) => state.run.record)
  const params = usePlayground((state) => state.design.params)
  const summary = useMemo(() => (record ? summariseTeams(record, coopGame(params)) : null), [record, params])
  if (!summary) return <p className="advantage-summary">Shown once the first rounds are recorded.</p>
  return (
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
  )
}
