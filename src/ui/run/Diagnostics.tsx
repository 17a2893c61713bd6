import { useViewRun } from './useViewRun'
import { formatFigure } from '../common/format'
import { diagnosticHint } from '../../model/diagnosticHints'

/** The learner's latest diagnostics (losses, entropy, KL, clip fraction, …), those whose name says too little with a one-line hint. */
export function Diagnostics() {
  const diagnostics = useViewRun((run) => run.latest?.diagnostics)
  const entries = diagnostics ? Object.entries(diagnostics) : []
  return (
    <section className="diagnostics" aria-label="Learner diagnostics">
      <h2>Diagnostics</h2>
      {entries.length === 0 ? (
        <p className="hint">Shown once training runs.</p>
      ) : (
        <table>
          <tbody>
            {entries.map(([name, value]) => (
              <tr key={name}>
                <th scope="row" title={diagnosticHint(name) ?? undefined}>
                  {name.replaceAll('_', ' ')}
                </th>
                <td>{formatFigure(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
