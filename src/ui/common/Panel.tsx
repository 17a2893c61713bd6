import { useId, useState, type ReactNode } from 'react'
import { useNarrowLayout } from './useNarrowLayout'

/**
 * A design panel whose body folds away: its title is a button (aria-expanded, Enter or Space
 * toggles it). Open by default, except on a narrow screen where only panels marked
 * `openOnNarrow` start open, so the views below them are a short scroll away; one marked
 * `startsFolded` (a tool some people never use) starts folded everywhere. A folded body is
 * hidden, not unmounted: what was typed in it stays.
 */
export function Panel({ title, className, openOnNarrow = false, startsFolded = false, children }: { title: string; className: string; openOnNarrow?: boolean; startsFolded?: boolean; children: ReactNode }) {
  const narrow = useNarrowLayout()
  const [open, setOpen] = useState(() => !startsFolded && (openOnNarrow || !narrow))
  const bodyId = useId()
  return (
    <fieldset className={`panel ${className}`}>
      <legend>
        <button type="button" className="panel-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          <span className="panel-marker" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {title}
        </button>
      </legend>
      <div className="panel-body" id={bodyId} hidden={!open}>
        {children}
      </div>
    </fieldset>
  )
}
