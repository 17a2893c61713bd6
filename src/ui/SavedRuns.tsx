import { useEffect, useMemo, useRef, useState } from 'react'
import { addPin, savedPinKey } from '../model/compare'
import { deleteDamagedRecord, deleteSavedRun, restoreDeletedRun, useSavedRuns } from '../state/savedRuns'
import { loadDesign, MAX_PINS, usePlayground } from '../state/store'
import { resetRun } from '../state/trainingClient'
import type { DamagedRecord } from '../storage/runLibrary'
import type { SavedRun } from '../storage/savedRun'
import { SavedRunRow, type RowActions } from './SavedRunRow'
import { runLabels, usageLine } from './storageFormat'

/**
 * The runs kept in the browser: every run is saved as it trains (state/runAutosave.ts) and listed
 * here, newest first, to rename, pin for the Compare view, open again, or delete (with Undo).
 * Records that fail validation are listed apart as damaged, each with what is wrong and Delete.
 */
export function SavedRuns() {
  const { phase, problem, runs, damaged, bytes, estimate, liveId, lastDeleted } = useSavedRuns()
  const [message, setMessage] = useState<{ ok: boolean; text: string; undo?: boolean } | null>(null)
  const undoButton = useRef<HTMLButtonElement>(null)
  // The list is drawn only while open: closed, it costs nothing while runs are checkpointed.
  const [open, setOpen] = useState(false)
  const pins = usePlayground((state) => state.pins)
  const pinnedKeys = useMemo(() => new Set(pins.map((pin) => pin.sourceKey)), [pins])
  const actions: RowActions = {
    pin: (run, label) => {
      const sourceKey = savedPinKey(run.id)
      const pinned = usePlayground.getState().pins.find((pin) => pin.sourceKey === sourceKey)
      if (pinned) {
        usePlayground.getState().unpinRun(pinned.id)
        setMessage({ ok: true, text: `Unpinned "${label}": Compare (${usePlayground.getState().pins.length}).` })
        return
      }
      usePlayground.setState((state) => ({ pins: addPin(state.pins, { envLabel: run.envLabel, name: label, sourceKey, design: run.design, series: run.series, final: run.final }, MAX_PINS) }))
      setMessage({ ok: true, text: `Pinned "${label}": see Compare (${usePlayground.getState().pins.length}) above the chart.` })
    },
    open: (run, label) => {
      resetRun()
      loadDesign(run.design)
      setMessage({ ok: true, text: `Opened the design of "${label}" (${run.envLabel}, ${run.learner}, seed ${run.design.seed}); press Start to train it.` })
    },
    remove: async (run, label) => {
      const refusal = await deleteSavedRun(run.id)
      if (refusal !== null) return setMessage({ ok: false, text: refusal })
      setMessage({ ok: true, text: `Deleted "${label}".`, undo: true })
    },
  }
  const removeDamaged = async (record: DamagedRecord) => {
    const refusal = await deleteDamagedRecord(record)
    setMessage(refusal === null ? { ok: true, text: `Deleted the damaged ${damagedName(record)}.` } : { ok: false, text: refusal })
  }
  // Undo takes the focus as soon as it is drawn, so Enter brings the run back.
  useEffect(() => {
    if (message?.undo) undoButton.current?.focus()
  }, [message])
  const undo = async () => {
    const refusal = await restoreDeletedRun()
    setMessage(refusal === null ? { ok: true, text: 'Restored.' } : { ok: false, text: refusal })
  }
  const totalBytes = Object.values(bytes).reduce((sum, size) => sum + size, 0)
  const labels = runLabels(runs)
  return (
    <section className="saved-runs" aria-label="Saved runs">
      {problem && (
        <p className="field-error" role="alert">
          {capitalise(problem.message)}
        </p>
      )}
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          Saved runs ({runs.length}){phase !== 'off' && <span className="hint"> · {usageLine(runs.length, totalBytes, estimate)}</span>}
        </summary>
        {open && (
          <>
            {message && (
              <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
                {message.text}
                {message.undo && lastDeleted && (
                  <>
                    {' '}
                    <button type="button" ref={undoButton} onClick={() => void undo()}>
                      Undo
                    </button>
                  </>
                )}
              </p>
            )}
            {damaged.length > 0 && (
              <ul className="field-error" aria-label="Damaged saved records">
                {damaged.map((record, k) => (
                  <li key={k}>
                    The saved {damagedName(record)} is damaged and cannot be opened: {record.problem}{' '}
                    <button type="button" aria-label={`Delete the damaged record ${record.label}`} onClick={() => void removeDamaged(record)}>
                      Delete
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {phase === 'opening' && <p className="hint">Opening the saved runs…</p>}
            {phase === 'ready' && runs.length === 0 && <p className="hint">No saved runs yet: every run is saved here as it trains.</p>}
            {runs.length > 0 && (
              <table className="saved-runs-table">
                <caption className="sr-only">Saved runs, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">name</th>
                    <th scope="col">environment</th>
                    <th scope="col">learner</th>
                    <th scope="col">seed</th>
                    <th scope="col">steps</th>
                    <th scope="col">shaped return</th>
                    <th scope="col">true objective</th>
                    <th scope="col">status</th>
                    <th scope="col">saved</th>
                    <th scope="col">
                      <span className="sr-only">actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {runs.map((run: SavedRun) => (
                    <SavedRunRow key={run.id} run={run} label={labels.get(run.id) ?? run.name} live={run.id === liveId} pinned={pinnedKeys.has(savedPinKey(run.id))} actions={actions} />
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </details>
    </section>
  )
}

/** 'run "cliff baseline"' where it has a name, else "record id 42". */
function damagedName(record: DamagedRecord): string {
  return record.name !== null ? `run "${record.name}"` : `record ${record.label}`
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
