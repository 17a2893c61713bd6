import { useEffect, useId, useRef } from 'react'

/**
 * Asked before a change that starts the run over: the curve on screen would be cleared. Offers to
 * pin the run first (for the Compare view), to apply as it is, or to cancel (Escape); focus moves
 * to the first choice so the keyboard is where the question is.
 */
export function RestartConfirm({ points, why, onApply, onCancel }: { points: number; why?: string; onApply: (pinFirst: boolean) => void; onCancel: () => void }) {
  const first = useRef<HTMLButtonElement>(null)
  const textId = useId()
  useEffect(() => first.current?.focus(), [])
  return (
    <div className="restart-confirm" role="alertdialog" aria-label="Restart the run?" aria-describedby={textId} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <p id={textId}>
        This change starts the run over{why ? ` (${why})` : ''}: its curve ({points} {points === 1 ? 'point' : 'points'}) is cleared. Pin it first to keep it for the Compare view.
      </p>
      <button type="button" ref={first} onClick={() => onApply(true)}>
        Pin the run, then apply
      </button>
      <button type="button" onClick={() => onApply(false)}>
        Apply without pinning
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}
