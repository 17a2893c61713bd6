import { describe, expect, it } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { EMPTY_RUN, type RunView } from '../../model/runView'
import { followViewRun } from './viewRun'

/** A store of run and viewRun followed by followViewRun, whose "later" tasks are run by hand. */
function followed() {
  const store = createStore<{ run: RunView; viewRun: RunView }>()(() => ({ run: EMPTY_RUN, viewRun: EMPTY_RUN }))
  const tasks: (() => void)[] = []
  followViewRun(store, (then) => tasks.push(then))
  return { store, tasks, runTasks: () => tasks.splice(0).forEach((task) => task()) }
}

const runOf = (runId: string, envSteps: number): RunView => ({ ...EMPTY_RUN, runId, status: 'running', series: [{ envSteps } as RunView['series'][number]] })

describe('followViewRun', () => {
  it('takes another run at once, in the same update, so no view draws one run under another', () => {
    const { store, tasks } = followed()
    const first = runOf('a', 0)
    store.setState({ run: first })
    expect(store.getState().viewRun).toBe(first)
    expect(tasks).toHaveLength(0)
    store.setState({ run: EMPTY_RUN })
    expect(store.getState().viewRun).toBe(EMPTY_RUN)
  })

  it('follows frames of the same run one task later, once for every change of that task', () => {
    const { store, tasks, runTasks } = followed()
    const first = runOf('a', 0)
    store.setState({ run: first })
    const second = runOf('a', 10)
    const third = runOf('a', 20)
    store.setState({ run: second })
    store.setState({ run: third })
    expect(store.getState().viewRun).toBe(first)
    expect(tasks).toHaveLength(1)
    runTasks()
    expect(store.getState().viewRun).toBe(third)
  })

  it('drops a pending follow when another run has come meanwhile (the view has it already)', () => {
    const { store, runTasks } = followed()
    store.setState({ run: runOf('a', 0) })
    store.setState({ run: runOf('a', 10) })
    const other = runOf('b', 0)
    store.setState({ run: other })
    expect(store.getState().viewRun).toBe(other)
    runTasks()
    expect(store.getState().viewRun).toBe(other)
  })
})
