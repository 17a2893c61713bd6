import { useEffect, useRef, useState } from 'react'
import { deleteKeptRollouts, refreshKeptRollouts, restoreKeptRollouts, useKeptRollouts } from '../../state/library/keptRollouts'
import { openKeptRolloutFile } from '../../state/rollouts/rollouts'
import type { SavedRolloutsHeader } from '../../storage/savedRollouts'
import { formatCount } from '../common/format'
import { showRolloutsPanel } from '../rollouts/rolloutsPanelAnchor'
import { formatBytes, savedAt } from './storageFormat'
import { LibraryMessage, type LibraryNote } from './LibraryMessage'

/**
 * The rollout files kept in this browser (every file the rollouts panel reads whole is kept at
 * once), newest first: Open loads one into the panel without its file and brings the panel into
 * view; Delete removes it, with Undo. Records that fail validation are listed with their problem
 * and Delete.
 */
export function SavedRolloutFiles() {
  const { files, damaged, lastDeleted } = useKeptRollouts()
  const [message, setMessage] = useState<LibraryNote | null>(null)
  const undoButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    void refreshKeptRollouts().then((problem) => problem !== null && setMessage({ ok: false, text: problem }))
  }, [])
  // Undo takes the focus as soon as it is drawn, so Enter brings the file back.
  useEffect(() => {
    if (message?.undo) undoButton.current?.focus()
  }, [message])

  const open = async (file: SavedRolloutsHeader) => {
    const refusal = await openKeptRolloutFile(file.id)
    if (refusal !== null) return setMessage({ ok: false, text: refusal })
    setMessage({ ok: true, text: `Opened "${file.name}" in Your rollouts.` })
    showRolloutsPanel()
  }
  const remove = async (key: IDBValidKey, name: string, restorable: boolean) => {
    const refusal = await deleteKeptRollouts(key)
    setMessage(refusal === null ? { ok: true, text: `Deleted ${name}.`, undo: restorable } : { ok: false, text: refusal })
  }
  const undo = async () => {
    const refusal = await restoreKeptRollouts()
    setMessage(refusal === null ? { ok: true, text: 'Restored.' } : { ok: false, text: refusal })
  }

  return (
    <section className="saved-rollout-files" aria-label="Rollout files">
      <h3>Rollout files</h3>
      {message && <LibraryMessage message={message} canUndo={lastDeleted !== null} onUndo={() => void undo()} undoButton={undoButton} />}
      {damaged.length > 0 && (
        <ul className="field-error" aria-label="Damaged rollout files">
          {damaged.map((record, k) => (
            <li key={k}>
              The kept {record.label} is damaged and cannot be opened: {record.problem}{' '}
              <button type="button" aria-label={`Delete the damaged ${record.label}`} onClick={() => void remove(record.key, `the damaged ${record.label}`, false)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length === 0 ? (
        <p className="hint">No rollout files kept yet: every file opened in Your rollouts is kept here (its numbers and the start of each text, never the file).</p>
      ) : (
        <table className="saved-runs-table">
          <caption className="sr-only">Rollout files kept in this browser, newest first</caption>
          <thead>
            <tr>
              <th scope="col">name</th>
              <th scope="col">completions</th>
              <th scope="col">steps</th>
              <th scope="col">size</th>
              <th scope="col">saved</th>
              <th scope="col">
                <span className="sr-only">actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => {
              const saved = savedAt(file.savedAt)
              return (
                <tr key={file.id}>
                  <th scope="row">{file.name}</th>
                  <td>{formatCount(file.count)}</td>
                  <td>{formatCount(file.steps)}</td>
                  <td>{formatBytes(file.bytes)}</td>
                  <td>
                    <time dateTime={saved.dateTime}>{saved.text}</time>
                  </td>
                  <td className="saved-run-actions">
                    <button type="button" aria-label={`Open the rollout file ${file.name}`} onClick={() => void open(file)}>
                      Open
                    </button>
                    <button type="button" aria-label={`Delete the rollout file ${file.name}`} onClick={() => void remove(file.id, `"${file.name}"`, true)}>
                      Delete
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </section>
  )
}
