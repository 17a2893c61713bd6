import type { RunView } from '../../model/runView'
import { usePlayground } from '../../state/run/store'

/**
 * A piece of the run for a view that is costly to draw: read from the store's `viewRun`, which
 * follows the run's frames one task later (state/run/viewRun.ts), so such views render in a task of
 * their own after the run's figures. Read every field a view shows through one call.
 */
export function useViewRun<T>(select: (run: RunView) => T): T {
  return usePlayground((state) => select(state.viewRun))
}
