import { useId, useRef, useState, type KeyboardEvent } from 'react'
import type { SavedRun } from '../../storage/savedRun'
import { renameSavedRun } from '../../state/library/savedRuns'
import { componentColumns } from '../../model/metricsExport'
import { downloadMetrics } from '../run/MetricsExport'
import { formatCount } from '../common/format'
import { savedAt } from './storageFormat'

/** A saved run's metrics as the export reads them (the same files as the live run's). */
function savedMetrics(run: SavedRun) {
  return { design: run.design, series: run.series, marks: run.marks, componentNames: componentColumns(run.series), meanLength: run.final.length }
}

/** What one row can do with its run (`label`: what the list calls it); the panel carries them out and says what happened. */
export interface RowActions {
  pin(run: SavedRun, label: string): void
  /** Pin (or, where all are pinned, unpin) every seed of a seeds-at-once run. */
  pinGroup(members: SavedRun[], label: string): void
  open(run: SavedRun, label: string): void
  remove(run: SavedRun, label: string): void
}

const STATUS_TEXT: Record<SavedRun['status'], string> = {
  running: 'training',
  paused: 'paused',
  stopped: 'stopped',
  finished: 'finished',
  error: 'error',
}

/** The seeds trained at once with a run, itself included (lowest seed first), and whether all are pinned. */
export interface SeedGroup {
  members: SavedRun[]
  allPinned: boolean
}

/**
 * One saved run: its figures, and Rename (inline: Enter saves, Escape cancels), Pin, Open design
 * and Delete. `label` is its name, numbered where older runs share it (storageFormat's runLabels).
 */
export function SavedRunRow({ run, label, live, pinned, group, actions }: { run: SavedRun; label: string; live: boolean; pinned: boolean; group: SeedGroup | null; actions: RowActions }) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(label)
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
  const saved = savedAt(run.updatedAt)
  return (
    <tr>
      <th scope="row">
        {editing ? (
          <>
            <input
              type="text"
              aria-label={`New name for ${label}`}
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
          <span className="saved-run-name" title={label === run.name ? undefined : `Saved as "${run.name}", as another saved run is; rename it to keep them apart`}>
            {label}
          </span>
        )}
        {live && <span className="saved-run-live"> (live)</span>}
      </th>
      <td>{run.envLabel}</td>
      <td>{run.learner}</td>
      <td>
        {run.design.seed}
        {group && <span className="hint"> of {group.members.map((member) => member.design.seed).join(', ')} at once</span>}
      </td>
      <td>{formatCount(run.envSteps)}</td>
      <td>{formatFigure(run.final.shapedReturn)}</td>
      <td>{formatFigure(run.final.objective)}</td>
      <td>{status}</td>
      <td>
        <time dateTime={saved.dateTime}>{saved.text}</time>
      </td>
      <td className="saved-run-actions">
        <button
          type="button"
          ref={renameButton}
          aria-label={`Rename ${label}`}
          disabled={editing}
          onClick={() => {
            // A run numbered in the list only is offered that name, which keeps it apart once saved.
            setDraft(label)
            setError(null)
            setEditing(true)
          }}
        >
          Rename
        </button>
        <button type="button" aria-label={`Pin ${label} for comparison`} aria-pressed={pinned} onClick={() => actions.pin(run, label)}>
          {pinned ? 'Pinned' : 'Pin'}
        </button>
        {group && run.seedGroup === run.id && (
          <button type="button" aria-label={`Pin all ${group.members.length} seeds of ${label} for comparison`} aria-pressed={group.allPinned} onClick={() => actions.pinGroup(group.members, label)}>
            {group.allPinned ? `${group.members.length} seeds pinned` : `Pin ${group.members.length} seeds`}
          </button>
        )}
        <button type="button" aria-label={`Open the design of ${label}`} onClick={() => actions.open(run, label)}>
          Open design
        </button>
        <button type="button" aria-label={`Export the metrics of ${label} as CSV`} onClick={() => downloadMetrics(savedMetrics(run), 'csv')}>
          CSV
        </button>
        <button type="button" aria-label={`Export the metrics of ${label} as JSON`} onClick={() => downloadMetrics(savedMetrics(run), 'json')}>
          JSON
        </button>
        <button type="button" aria-label={`Delete ${label}`} onClick={() => actions.remove(run, label)}>
          Delete
        </button>
      </td>
    </tr>
  )
}

function formatFigure(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '—'
}
