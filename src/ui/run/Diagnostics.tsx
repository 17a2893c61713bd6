import { useViewRun } from './useViewRun'

/** The learner's latest diagnostics (losses, entropy, KL, clip fraction, …). */
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
                <th scope="row">{name.replaceAll('_', ' ')}</th>
                <td>{formatDiagnostic(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function formatDiagnostic(value: number): string {
  const magnitude = Math.abs(value)
  return magnitude !== 0 && (magnitude < 1e-3 || magnitude >= 1e5) ? value.toExponential(2) : value.toFixed(4)
}
