import { useEffect, useMemo, useRef, useState } from 'react'
import { addPin, savedPinKey, type PinSource } from '../../model/compare'
import { deleteDamagedRecord, deleteSavedRun, restoreDeletedRun, useSavedRuns } from '../../state/library/savedRuns'
import { loadDesign, MAX_PINS, usePlayground } from '../../state/run/store'
import { resetRun } from '../../state/run/trainingClient'
import type { DamagedRecord } from '../../storage/runLibrary'
import type { SavedRun } from '../../storage/savedRun'
import { SavedRolloutFiles } from './SavedRolloutFiles'
import { useClassroom } from '../../state/link/classroom'
import { SavedRunRow, type RowActions, type SeedGroup } from './SavedRunRow'
import { runLabels, seedGroups, usageLine } from './storageFormat'
import { LibraryMessage, type LibraryNote } from './LibraryMessage'

/**
 * The runs kept in the browser: every run is saved as it trains (state/library/runAutosave.ts) and listed
 * here, newest first, to rename, pin for the Compare view, open again, or delete (with Undo).
 * Records that fail validation are listed apart as damaged, each with what is wrong and Delete.
 */
export function SavedRuns() {
  const classroom = useClassroom((state) => state.visible !== null)
  const { phase, problem, runs, damaged, bytes, estimate, liveId, lastDeleted } = useSavedRuns()
  const [message, setMessage] = useState<LibraryNote | null>(null)
  const undoButton = useRef<HTMLButtonElement>(null)
  // The list is drawn only while open: closed, it costs nothing while runs are checkpointed.
  const [open, setOpen] = useState(false)
  const pins = usePlayground((state) => state.pins)
  const pinnedKeys = useMemo(() => new Set(pins.map((pin) => pin.sourceKey)), [pins])
  const labels = runLabels(runs)
  const actions: RowActions = {
    pin: (run, label) => {
      const sourceKey = savedPinKey(run.id)
      const pinned = usePlayground.getState().pins.find((pin) => pin.sourceKey === sourceKey)
      if (pinned) {
        usePlayground.getState().unpinRun(pinned.id)
        setMessage({ ok: true, text: `Unpinned "${label}": Compare (${usePlayground.getState().pins.length}).` })
        return
      }
      usePlayground.setState((state) => ({ pins: addPin(state.pins, savedPinSource(run, label), MAX_PINS) }))
      setMessage({ ok: true, text: `Pinned "${label}": see Compare (${usePlayground.getState().pins.length}) above the chart.` })
    },
    pinGroup: (members, label) => {
      const keys = members.map((member) => savedPinKey(member.id))
      const pinnedNow = usePlayground.getState().pins
      if (keys.every((key) => pinnedNow.some((pin) => pin.sourceKey === key))) {
        for (const pin of pinnedNow.filter((each) => keys.includes(each.sourceKey))) usePlayground.getState().unpinRun(pin.id)
        setMessage({ ok: true, text: `Unpinned the ${members.length} seeds of "${label}": Compare (${usePlayground.getState().pins.length}).` })
        return
      }
      usePlayground.setState((state) => ({
        pins: members.reduce(
          (pinned, member) => (pinned.some((pin) => pin.sourceKey === savedPinKey(member.id)) ? pinned : addPin(pinned, savedPinSource(member, labels.get(member.id) ?? member.name), MAX_PINS)),
          state.pins,
        ),
      }))
      setMessage({ ok: true, text: `Pinned the ${members.length} seeds of "${label}": see Compare (${usePlayground.getState().pins.length}) above the chart, their mean ± std as one band.` })
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
  const groups = seedGroups(runs)
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
            {message && <LibraryMessage message={message} canUndo={lastDeleted !== null} onUndo={() => void undo()} undoButton={undoButton} />}
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
                    <SavedRunRow
                      key={run.id}
                      run={run}
                      label={labels.get(run.id) ?? run.name}
                      // The seeds trained beside the live run train with it.
                      live={run.id === liveId || (liveId !== null && run.seedGroup === liveId)}
                      pinned={pinnedKeys.has(savedPinKey(run.id))}
                      group={groupOf(run, groups, pinnedKeys)}
                      actions={actions}
                    />
                  ))}
                </tbody>
              </table>
            )}
            {/* The rollouts panel is not in classroom mode, so neither are the files it opens. */}
            {!classroom && <SavedRolloutFiles />}
          </>
        )}
      </details>
    </section>
  )
}

/** What pinning a saved run adds to the Compare view, under the name the list gives it. */
function savedPinSource(run: SavedRun, label: string): PinSource {
  return { envLabel: run.envLabel, name: label, sourceKey: savedPinKey(run.id), design: run.design, series: run.series, final: run.final }
}

/** A grouped run's seed group as its row shows it: the members (lowest seed first) and whether every one is pinned. */
function groupOf(run: SavedRun, groups: Map<string, SavedRun[]>, pinnedKeys: Set<string>): SeedGroup | null {
  const members = run.seedGroup === undefined ? undefined : groups.get(run.seedGroup)
  if (!members || members.length < 2) return null
  return { members, allPinned: members.every((member) => pinnedKeys.has(savedPinKey(member.id))) }
}

/** 'run "cliff baseline"' where it has a name, else "record id 42". */
function damagedName(record: DamagedRecord): string {
  return record.name !== null ? `run "${record.name}"` : `record ${record.label}`
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
