import { useRef, useState, type KeyboardEvent } from 'react'
import type { PinnedRun } from '../../model/compare'

/** One pinned run's row: its name (Rename edits it inline: Enter saves, Escape cancels; empty: automatic again), its final figures, Unpin. */
export function PinRow({ pin, rename, unpin }: { pin: PinnedRun; rename: (id: number, name: string) => void; unpin: (id: number) => void }) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState('')
  const renameButton = useRef<HTMLButtonElement>(null)
  const finish = () => {
    setEditing(false)
    requestAnimationFrame(() => renameButton.current?.focus())
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      rename(pin.id, draft)
      finish()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      finish()
    }
  }
  return (
    <tr>
      <th scope="row">
        {editing ? (
          <input type="text" aria-label={`New name for ${pin.label}`} value={draft} autoFocus maxLength={200} placeholder="empty: named by what differs" onChange={(event) => setDraft(event.target.value)} onKeyDown={onKeyDown} />
        ) : (
          pin.label
        )}
      </th>
      <td>{pin.final.shapedReturn.toFixed(2)}</td>
      <td>{pin.final.objective.toFixed(2)}</td>
      <td>{Number.isFinite(pin.final.length) ? pin.final.length.toFixed(1) : '—'}</td>
      <td className="pin-actions">
        <button
          type="button"
          ref={renameButton}
          aria-label={`Rename ${pin.label}`}
          disabled={editing}
          onClick={() => {
            setDraft(pin.name ?? '')
            setEditing(true)
          }}
        >
          Rename
        </button>
        <button type="button" aria-label={`Unpin ${pin.label}`} onClick={() => unpin(pin.id)}>
          Unpin
        </button>
      </td>
    </tr>
  )
}
