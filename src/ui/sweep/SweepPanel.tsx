import { useEffect, useId } from 'react'
import { duration, secondsLeft } from '../../model/sweep/progress'
import { runCount } from '../../model/sweep/runIndex'
import { deleteDamagedSweep, deleteSweep, openSweeps, resumeSweep, showSweep, stopSweep, useSweeps, type KeptSweep } from '../../state/sweep/sweeps'
import { useSweepFields } from '../../state/sweep/sweepFields'
import { Panel } from '../common/Panel'
import { SweepForm } from './SweepForm'
import { SweepResults } from './SweepResults'

/**
 * The sweep: the design on the page trained over one or two axes × seeds, each run to a budget, on
 * workers of its own (one per core), with the results drawn as the runs finish. Sweeps are kept in
 * the browser as their runs finish; a reload shows them, and Resume trains what is missing.
 */
export function SweepPanel() {
  useEffect(() => {
    void openSweeps()
  }, [])
  // A link that defines a sweep opens the panel on it.
  const openedByLink = useSweepFields.getState().openedBy === 'link'
  return (
    <Panel title="Sweep" className="sweep-panel" startsFolded={!openedByLink}>
      <p className="hint">
        Train this design over one or two of its link keys (a weight w.*, a learner field l.*, an environment parameter p.*) × seeds, each run to the same budget, with the engine of a normal run. The same definition runs on the command line:
        reward-playground sweep.
      </p>
      <SweepForm />
      <SweepStatus />
      <KeptSweeps />
    </Panel>
  )
}

/** The sweep training now (progress, Stop), what the latest action did, and what went wrong. */
function SweepStatus() {
  const { running, message, failures, failureCount, storageProblem } = useSweeps()
  const id = useId()
  const left = running === null ? null : secondsLeft(running.done, running.total, running.trainedHere, (performance.now() - running.startedAt) / 1000)
  return (
    <div className="sweep-status">
      {storageProblem && (
        <p className="field-error" role="alert">
          {storageProblem}
        </p>
      )}
      {running && (
        <div className="sweep-progress">
          <progress id={id} aria-label="Sweep progress" value={running.done} max={running.total} />
          <span role="status" aria-label="Sweep runs done">
            {running.done}/{running.total} runs done{left === null ? '' : `, about ${duration(left)} left`} · {running.workers} at a time
          </span>
          <button type="button" onClick={stopSweep}>
            Stop sweep
          </button>
        </div>
      )}
      {message && (
        <p className="hint" role="status" aria-label="Sweep message">
          {message}
        </p>
      )}
      {failureCount > 0 && (
        <div className="field-error">
          <p>
            {failureCount} run{failureCount === 1 ? '' : 's'} could not be trained and {failureCount === 1 ? 'is' : 'are'} not kept (Resume trains {failureCount === 1 ? 'it' : 'them'} again):
          </p>
          <ul>
            {failures.map((failure) => (
              <li key={failure}>{failure}</li>
            ))}
            {failureCount > failures.length && <li>and {failureCount - failures.length} more</li>}
          </ul>
        </div>
      )}
    </div>
  )
}

/** The sweeps kept in the browser: one shown, with its results, Resume, export and Delete. */
function KeptSweeps() {
  const { sweeps, shownId, damaged, running, storage } = useSweeps()
  const id = useId()
  const shown = sweeps.find((each) => each.id === shownId) ?? null
  return (
    <div className="sweep-kept">
      {damaged.length > 0 && (
        <ul className="field-error" aria-label="Damaged saved sweeps">
          {damaged.map((record, k) => (
            <li key={k}>
              The saved {record.label} is damaged and cannot be opened: {record.problem}{' '}
              <button type="button" aria-label={`Delete the damaged ${record.label}`} onClick={() => void deleteDamagedSweep(record.key)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {storage === 'opening' && <p className="hint">Reading the saved sweeps…</p>}
      {sweeps.length > 1 && (
        <div className="field">
          <label htmlFor={id}>Shown sweep</label>
          <select id={id} value={shownId ?? ''} onChange={(event) => showSweep(event.target.value)}>
            {sweeps.map((each) => (
              <option key={each.id} value={each.id}>
                {sweepLabel(each)}
              </option>
            ))}
          </select>
        </div>
      )}
      {shown && (
        <section className="sweep-shown" aria-label="Sweep results">
          <p className="hint">
            {sweepLabel(shown)}
            {shown.problems.length > 0 && ` · ${shown.problems.length} kept runs could not be read (${shown.problems[0]}) and train again on Resume`}
          </p>
          <div className="sweep-actions">
            {running === null && shown.records.length < runCount(shown.sweep) && (
              <button type="button" onClick={() => resumeSweep(shown.id)}>
                Resume sweep ({runCount(shown.sweep) - shown.records.length} runs left)
              </button>
            )}
            <button type="button" onClick={() => void deleteSweep(shown.id)}>
              Delete sweep
            </button>
          </div>
          <SweepResults kept={shown} />
        </section>
      )}
    </div>
  )
}

/** "CliffWalking · w.hazard=0,50,100 × 2 seeds, 3000 steps a run · 4 of 6 runs · 12:03:45". */
function sweepLabel(kept: KeptSweep): string {
  const { sweep } = kept
  const time = new Date(kept.createdAt).toLocaleString()
  return `${kept.envLabel} · ${sweep.axisTexts.join(' × ')} × ${sweep.seeds} seed${sweep.seeds === 1 ? '' : 's'}, ${sweep.steps} steps a run · ${kept.records.length} of ${runCount(sweep)} runs · ${time}`
}
