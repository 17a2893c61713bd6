import { useSyncExternalStore } from 'react'

/**
 * The widest viewport, in CSS pixels, that gets the one-column layout: below 900 px the design
 * column (300 px) leaves the views too little room to read side by side.
 */
export const NARROW_MAX_WIDTH = 899

const NARROW_QUERY = `(max-width: ${NARROW_MAX_WIDTH}px)`

/** Whether the page has the one-column layout now (follows the viewport as it changes). */
export function useNarrowLayout(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false)
}

function isNarrow(): boolean {
  return window.matchMedia(NARROW_QUERY).matches
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
