import type { RefObject } from 'react'

/** What the saved runs or the kept rollout files last said: done (a status) or refused (an alert), with Undo after a delete. */
export interface LibraryNote {
  ok: boolean
  text: string
  undo?: boolean
}

/** The library's last word, and Undo while the deleted record can still come back (`canUndo`). */
export function LibraryMessage({ message, canUndo, onUndo, undoButton }: { message: LibraryNote; canUndo: boolean; onUndo: () => void; undoButton: RefObject<HTMLButtonElement | null> }) {
  return (
    <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
      {message.undo && canUndo && (
        <>
          {' '}
          <button type="button" ref={undoButton} onClick={onUndo}>
            Undo
          </button>
        </>
      )}
    </p>
  )
}
