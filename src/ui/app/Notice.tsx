import { usePlayground } from '../../state/run/store'

/** A dismissible message about input the app ignored (a malformed link, say). */
export function Notice() {
  const notice = usePlayground((state) => state.notice)
  const setNotice = usePlayground((state) => state.setNotice)
  if (!notice) return null
  return (
    <div className="notice" role="alert">
      <span>{notice}</span>
      <button type="button" onClick={() => setNotice(null)}>
        Dismiss
      </button>
    </div>
  )
}
