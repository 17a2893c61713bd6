import type { StoreApi } from 'zustand'
import type { RunView } from '../../model/runView'

/** What followViewRun reads and writes of the store. */
interface RunAndView {
  run: RunView
  viewRun: RunView
}

/**
 * Keep `viewRun` following `run`. Every change of the same run (frames drawn, a status, a mark)
 * reaches it one task later, once for all the changes of that task, so the costly views (the
 * curve, the credit views: ui/run/useViewRun.ts) render in a task of their own after the figures have:
 * several tabs training on two cores each draw in short tasks. A change to another run (a new
 * run, a reset, another environment) reaches it at once, in the same update, so no view ever
 * draws one run's points under another's design. Returns the function that stops it.
 */
export function followViewRun(store: Pick<StoreApi<RunAndView>, 'subscribe' | 'getState' | 'setState'>, later: (then: () => void) => void = (then) => setTimeout(then, 0)): () => void {
  let pending = false
  return store.subscribe((state, previous) => {
    if (state.run === previous.run || state.run === state.viewRun) return
    if (state.run.runId === null || state.run.runId !== state.viewRun.runId) {
      store.setState({ viewRun: state.run })
      return
    }
    if (pending) return
    pending = true
    later(() => {
      pending = false
      const now = store.getState()
      if (now.viewRun !== now.run) store.setState({ viewRun: now.run })
    })
  })
}
