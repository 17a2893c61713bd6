import { useEffect, useId, useRef } from 'react'

/**
 * Asked before something brought in from outside (a sweep definition of another design) replaces
 * the design on the page, which nothing else keeps: replace it (pinning the run first where a curve
 * would be cleared), or keep it (Escape). Focus starts on keeping it, the choice that loses nothing,
 * and goes back where it was once answered.
 */
export function ReplaceDesignConfirm({ what, incoming, current, points, onReplace, onKeep }: { what: string; incoming: string; current: string; points: number; onReplace: (pinFirst: boolean) => void; onKeep: () => void }) {
  const keep = useRef<HTMLButtonElement>(null)
  const textId = useId()
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    keep.current?.focus()
    return () => before?.focus()
  }, [])
  const curve = points > 0 ? `, and its run's curve (${points} ${points === 1 ? 'point' : 'points'}) is cleared` : ''
  return (
    <div
      className="restart-confirm"
      role="alertdialog"
      aria-label="Replace the design?"
      aria-describedby={textId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        onKeep()
      }}
    >
      <p id={textId}>
        {what} is for another design ({incoming}). Using it replaces the design on the page ({current}){curve}. Keep your design to leave everything as it is; Export design first to save it as a file.
      </p>
      <button type="button" ref={keep} onClick={onKeep}>
        Keep my design
      </button>
      <button type="button" onClick={() => onReplace(false)}>
        Replace the design
      </button>
      {points > 0 && (
        <button type="button" onClick={() => onReplace(true)}>
          Pin the run, then replace
        </button>
      )}
    </div>
  )
}
