import type { MouseEvent } from 'react'

/** The ids the skip links lead to: the design column (its controls) and the run's charts. */
export const SKIP_TARGETS = { controls: 'controls', charts: 'charts' } as const

/**
 * "Skip to controls" and "Skip to charts": the first stops of the keyboard, shown only while
 * focused. Each moves focus to its part of the page (and scrolls it into view) without touching the
 * address, which holds the design.
 */
export function SkipLinks() {
  const skip = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id)
    if (!target) return
    event.preventDefault()
    target.focus({ preventScroll: true })
    target.scrollIntoView({ block: 'start' })
  }
  return (
    <nav className="skip-links" aria-label="Skip links">
      <a href={`#${SKIP_TARGETS.controls}`} onClick={skip(SKIP_TARGETS.controls)}>
        Skip to controls
      </a>
      <a href={`#${SKIP_TARGETS.charts}`} onClick={skip(SKIP_TARGETS.charts)}>
        Skip to charts
      </a>
    </nav>
  )
}
