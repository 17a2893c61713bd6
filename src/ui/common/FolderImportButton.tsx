import { useId } from 'react'

/** React's input props lack webkitdirectory: it is passed as a plain attribute. */
const DIRECTORY = { webkitdirectory: '' }

/**
 * A folder picker that looks like a button (FileImportButton's sibling): its label opens the hidden
 * input, `onFiles` gets every file under the folder chosen (each with its webkitRelativePath), and
 * the input is cleared so that choosing the same folder again reads it again.
 */
export function FolderImportButton({ label, onFiles }: { label: string; onFiles: (files: File[]) => void }) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="button-like">
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="sr-only"
        {...DIRECTORY}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          if (files.length > 0) onFiles(files)
          event.target.value = ''
        }}
      />
    </>
  )
}
