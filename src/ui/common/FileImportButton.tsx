import { useId, useRef } from 'react'

/**
 * A file picker that looks like a button: its label opens the hidden input (keyboard users reach
 * it through the label), `onFile` gets the chosen file, and the input is cleared so that choosing
 * the same file again reads it again.
 */
export function FileImportButton({ label, accept, onFile }: { label: string; accept: string; onFile: (file: File) => void }) {
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
          if (file) onFile(file)
          if (input.current) input.current.value = ''
        }}
      />
    </>
  )
}
