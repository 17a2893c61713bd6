import { useId, useRef } from 'react'
import { shownText } from '../../core/truncate'

/**
 * A file picker that looks like a button: its label opens the hidden input (keyboard users reach
 * it through the label), `onFile` gets the chosen file and its name as a message may quote it (at
 * most 40 characters, control characters escaped: a name can be 10 KB long), and the input is
 * cleared so that choosing the same file again reads it again.
 */
export function FileImportButton({ label, accept, onFile }: { label: string; accept: string; onFile: (file: File, name: string) => void }) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <label htmlFor={inputId} className="button-like">
        {label}
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) onFile(file, shownText(file.name))
          if (input.current) input.current.value = ''
        }}
      />
    </>
  )
}
