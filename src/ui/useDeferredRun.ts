import { useDeferredValue } from 'react'
import type { RunView } from '../model/runView'
import { usePlayground } from '../state/store'

/**
 * A piece of the run for a view that is costly to draw, as React's deferred value: the store's
 * update (every frame drawn at once, four times a second) renders the cheap parts of the page at
 * once, and such views follow in a render of their own that React splits into slices of a few
 * milliseconds, yielding to input in between. So one drawing is several short tasks, not one long
 * one, and a tab stays responsive while others train on the same cores. Read every field a view
 * shows through one call, so they always come from the same update.
 */
export function useDeferredRun<T>(select: (run: RunView) => T): T {
  return useDeferredValue(usePlayground((state) => select(state.run)))
}
