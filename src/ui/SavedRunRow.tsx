import { useId, useRef, useState, type KeyboardEvent } from 'react'
import type { SavedRun } from '../storage/savedRun'
import { renameSavedRun } from '../state/savedRuns'
import { componentColumns } from '../model/metricsExport'
import { downloadMetrics } from './MetricsExport'
import { formatCount } from './format'

/** A saved run's metrics as the export reads them (the same files as the live run's). */
function savedMetrics(run: SavedRun) {
  return { design: run.design, series: run.series, marks: run.marks, componentNames: componentColumns(run.series), meanLength: run.final.length }
}

/** What one row can do with its run; the panel carries them out and says what happened. */
export interface RowActions {
  pin(run: SavedRun): void
  open(run: SavedRun): void
  remove(run: SavedRun): void
}

const STATUS_TEXT: Record<SavedRun['status'], string> = {
  running: 'training',
  paused: 'paused',
  stopped: 'stopped',
  finished: 'finished',
  error: 'error',
}

/** One saved run: its figures, and Rename (inline: Enter saves, Escape cancels), Pin, Open design and Delete. */
export function SavedRunRow({ run, live, actions }: { run: SavedRun; live: boolean; actions: RowActions }) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(run.name)
  const [error, setError] = useState<string | null>(null)
  const renameButton = useRef<HTMLButtonElement>(null)
  const errorId = useId()
  const finish = () => {
    setEditing(false)
    setError(null)
    // Back where the keyboard was before renaming.
    requestAnimationFrame(() => renameButton.current?.focus())
  }
  const save = async () => {
    const refusal = await renameSavedRun(run.id, draft)
    if (refusal === null) finish()
    else setError(refusal)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      void save()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      finish()
    }
  }
  // A run whose page closed while it trained was kept up to its last checkpoint.
  const status = run.status === 'running' && !live ? 'cut off (kept to its last checkpoint)' : STATUS_TEXT[run.status]
  return (
    <tr>
      <th scope="row">
        {editing ? (
          <>
            <input
              type="text"
              aria-label={`New name for ${run.name}`}
              value={draft}
              autoFocus
              maxLength={200}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
            />
            {error && (
              <p id={errorId} className="field-error" role="alert">
                {error}; the name stays "{run.name}". Escape cancels.
              </p>
            )}
          </>
        ) : (
          <span className="saved-run-name">{run.name}</span>
        )}
        {live && <span className="saved-run-live"> (live)</span>}
      </th>
      <td>{run.envLabel}</td>
      <td>{run.learner}</td>
      <td>{run.design.seed}</td>
      <td>{formatCount(run.envSteps)}</td>
      <td>{formatFigure(run.final.shapedReturn)}</td>
      <td>{formatFigure(run.final.objective)}</td>
      <td>{status}</td>
      <td>
        <time dateTime={new Date(run.updatedAt).toISOString()}>{formatDate(run.updatedAt)}</time>
      </td>
      <td className="saved-run-actions">
        <button
          type="button"
          ref={renameButton}
          aria-label={`Rename ${run.name}`}
          disabled={editing}
          onClick={() => {
            setDraft(run.name)
            setError(null)
            setEditing(true)
          }}
        >
          Rename
        </button>
        <button type="button" aria-label={`Pin ${run.name} for comparison`} onClick={() => actions.pin(run)}>
          Pin
        </button>
        <button type="button" aria-label={`Open the design of ${run.name}`} onClick={() => actions.open(run)}>
          Open design
        </button>
        <button type="button" aria-label={`Export the metrics of ${run.name} as CSV`} onClick={() => downloadMetrics(savedMetrics(run), 'csv')}>
          CSV
        </button>
        <button type="button" aria-label={`Export the metrics of ${run.name} as JSON`} onClick={() => downloadMetrics(savedMetrics(run), 'json')}>
          JSON
        </button>
        <button type="button" aria-label={`Delete ${run.name}`} onClick={() => actions.remove(run)}>
          Delete
        </button>
      </td>
    </tr>
  )
}

function formatFigure(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '—'
}

function formatDate(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })
}
