import { create } from 'zustand'
import { errorMessage } from '../../core/errorMessage'
import type { Sweep } from '../../model/sweep/definition'
import { allRuns, runAt, runCount, unfinishedRuns } from '../../model/sweep/runIndex'
import { axesLabel } from '../../model/sweep/runRecord'
import { pointPinSources } from '../../model/sweep/sweepPins'
import { addPin } from '../../model/compare'
import type { RunLibrary } from '../../storage/runLibrary'
import { sweepRecordOf, type ParsedSweep } from '../../storage/savedSweep'
import type { DrawQueue } from '../run/drawInterval'
import { openSavedRuns, useSavedRuns } from '../library/savedRuns'
import { loadDesign, MAX_PINS, usePlayground } from '../run/store'
import { SweepRunner, sweepWorkerCount, type SweepSlot, type SweepSlotEvents } from './sweepRunner'
import { pauseRun, requestedBackend, resetRun } from '../run/trainingClient'
import { useViews } from '../link/views'
import { WorkerRun, type QueuedFrame } from '../run/workerRun'

/*
 * The page's sweeps: the ones kept in the browser (IndexedDB, beside the saved runs) and the one
 * training now, on workers of its own, one per core. Each finished run is kept at once, so a reload
 * shows the sweep as far as it got and Resume trains only the runs it lacks.
 */

/** A sweep with the runs finished so far (the run records that could not be read back are left out, so Resume trains those runs again). */
export type KeptSweep = ParsedSweep

/** The sweep training now. */
export interface SweepProgress {
  id: string
  total: number
  /** Runs finished: kept before this start, and since. */
  done: number
  /** Runs finished since this start (the time left is estimated from them). */
  trainedHere: number
  /** performance.now() at the start. */
  startedAt: number
  workers: number
}

export interface SweepsState {
  /** 'opening' until the saved sweeps are read; 'off' when the browser keeps nothing (sweeps then live as long as the page). */
  storage: 'opening' | 'ready' | 'off'
  /** Why sweeps are not kept, or a write that failed; shown as an alert. */
  storageProblem: string | null
  /** Newest first. */
  sweeps: KeptSweep[]
  /** Sweep records that cannot be read, to delete. */
  damaged: { key: IDBValidKey; label: string; problem: string }[]
  shownId: string | null
  running: SweepProgress | null
  /** Runs of the latest start that could not be trained, each with why (the first MAX_FAILURES_SHOWN). */
  failures: string[]
  failureCount: number
  /** What the latest action did, in words. */
  message: string | null
}

/** The most failed runs named one by one; the rest are counted. */
export const MAX_FAILURES_SHOWN = 5

const initial: SweepsState = { storage: 'opening', storageProblem: null, sweeps: [], damaged: [], shownId: null, running: null, failures: [], failureCount: 0, message: null }

export const useSweeps = create<SweepsState>()(() => initial)

let library: Promise<RunLibrary | null> | null = null
let runner: SweepRunner | null = null
let sweepCounter = 0

/** Read the saved sweeps (once); later calls wait for the same reading. Never throws. */
export function openSweeps(open: () => Promise<RunLibrary | null> = openSavedRuns): Promise<RunLibrary | null> {
  library ??= (async () => {
    const lib = await open()
    if (lib === null) {
      useSweeps.setState({ storage: 'off', storageProblem: `Sweeps are not kept after the page closes: ${useSavedRuns.getState().problem?.message ?? 'this browser gives the page no storage'}.` })
      return null
    }
    try {
      const listing = await lib.listSweeps()
      const kept = listing.sweeps.map(({ id, createdAt, envLabel, sweep, records, problems }): KeptSweep => ({ id, createdAt, envLabel, sweep, records, problems }))
      // A sweep started before the list was read stays first.
      useSweeps.setState((state) => {
        const sweeps = [...state.sweeps, ...kept.filter((each) => !state.sweeps.some((other) => other.id === each.id))]
        return { storage: 'ready', sweeps, damaged: listing.damaged, shownId: state.shownId ?? sweeps[0]?.id ?? null }
      })
    } catch (error) {
      useSweeps.setState({ storage: 'ready', storageProblem: `The saved sweeps could not be read: ${errorMessage(error)}.` })
    }
    return lib
  })()
  return library
}

/** Start a new sweep: kept at once (its definition), then every run trained. */
export function startSweep(sweep: Sweep, envLabel: string): void {
  if (runner !== null) return
  const id = `sweep-${Date.now().toString(36)}-${++sweepCounter}`
  const kept: KeptSweep = { id, createdAt: Date.now(), envLabel, sweep, records: [], problems: [] }
  useSweeps.setState((state) => ({ sweeps: [kept, ...state.sweeps], shownId: id }))
  void keep((lib) => lib.saveSweep(sweepRecordOf(id, kept.createdAt, envLabel, sweep)), 'The sweep is not kept')
  train(kept, allRuns(sweep))
}

/** Train the runs the shown sweep lacks. */
export function resumeSweep(id: string): void {
  const kept = useSweeps.getState().sweeps.find((each) => each.id === id)
  if (runner !== null || kept === undefined) return
  train(kept, unfinishedRuns(allRuns(kept.sweep), kept.records))
}

/** Stop the sweep training now; the runs in flight are not kept, and Resume trains them. */
export function stopSweep(): void {
  runner?.stop()
}

export function showSweep(id: string): void {
  useSweeps.setState({ shownId: id, message: null })
}

/** Delete a sweep and its runs (stopping it first if it trains). */
export async function deleteSweep(id: string): Promise<void> {
  if (useSweeps.getState().running?.id === id) stopSweep()
  const kept = await keep((lib) => lib.deleteSweep(id), 'The sweep was not deleted')
  if (!kept) return
  useSweeps.setState((state) => {
    const sweeps = state.sweeps.filter((each) => each.id !== id)
    return { sweeps, shownId: state.shownId === id ? (sweeps[0]?.id ?? null) : state.shownId, message: 'Deleted the sweep.' }
  })
}

/** Delete a sweep record that cannot be read. */
export async function deleteDamagedSweep(key: IDBValidKey): Promise<void> {
  if (!(await keep((lib) => lib.deleteSweep(key), 'The damaged sweep was not deleted'))) return
  useSweeps.setState((state) => ({ damaged: state.damaged.filter((each) => each.key !== key) }))
}

/** Open a point's design in the page (its axis values applied), without training it. */
export function openPointDesign(kept: KeptSweep, point: number): void {
  const { design, axes } = kept.sweep.points[point]
  resetRun()
  loadDesign(design)
  useSweeps.setState({ message: `Opened the design of point ${axesLabel(axes)} (seed ${design.seed}); press Start to train it.` })
}

/**
 * Pin a point's finished runs (its seeds) in the Compare view and show it. A sweep's run kept only
 * its final figures, so each pin is one point at its budget (sweepPins.ts).
 */
export function comparePointRuns(kept: KeptSweep, point: number): void {
  const { sources, withoutFigures } = pointPinSources(kept, point)
  const label = axesLabel(kept.sweep.points[point].axes)
  const lacking = withoutFigures > 0 ? ` ${withoutFigures} of its runs finished no episode and ${withoutFigures === 1 ? 'has' : 'have'} nothing to compare.` : ''
  if (sources.length === 0) {
    useSweeps.setState({ message: `Point ${label} has no finished run to compare yet.${lacking}` })
    return
  }
  const pins = sources.reduce((held, source) => addPin(held, source, MAX_PINS), usePlayground.getState().pins)
  usePlayground.setState({ pins })
  useViews.setState({ curve: 'compare' })
  const shown = sources.filter((source) => pins.some((pin) => pin.sourceKey === source.sourceKey)).length
  const seeds = sources.map((source) => source.design.seed).join(', ')
  const dropped = shown < sources.length ? ` Compare keeps ${MAX_PINS} pins, so only ${shown} of them are there.` : ''
  useSweeps.setState({
    message: `Pinned the ${sources.length} run${sources.length === 1 ? '' : 's'} of point ${label} (seed${sources.length === 1 ? '' : 's'} ${seeds}) in Compare (${pins.length}): each is its final figures at ${kept.sweep.steps} steps, as a sweep keeps no curve.${dropped}${lacking}`,
  })
}

function train(kept: KeptSweep, runs: number[]): void {
  const total = runCount(kept.sweep)
  const workers = sweepWorkerCount(navigator.hardwareConcurrency, runs.length)
  // The page's own run gives its core to the sweep; the user may resume it.
  const paused = ['running', 'starting'].includes(usePlayground.getState().run.status)
  if (paused) pauseRun()
  const startedAt = performance.now()
  useSweeps.setState({
    shownId: kept.id,
    running: { id: kept.id, total, done: total - runs.length, trainedHere: 0, startedAt, workers },
    failures: [],
    failureCount: 0,
    message: paused ? "The page's own run is paused while the sweep trains, so the sweep has every core; press Resume to go on with it." : null,
  })
  const started = new SweepRunner(kept.sweep, runs, {
    recorded: (record) => {
      updateSweep(kept.id, (each) => ({ ...each, records: [...each.records.filter((other) => other.run !== record.run), record].sort((a, b) => a.run - b.run) }))
      useSweeps.setState((state) => (state.running === null ? {} : { running: { ...state.running, done: state.running.done + 1, trainedHere: state.running.trainedHere + 1 } }))
      void keep((lib) => lib.saveSweepRun({ sweepId: kept.id, run: record.run, record }), "A sweep's run is not kept")
    },
    failed: (run, message) => {
      const { point, seed } = runAt(kept.sweep, run)
      useSweeps.setState((state) => ({
        failureCount: state.failureCount + 1,
        failures: state.failures.length < MAX_FAILURES_SHOWN ? [...state.failures, `run ${run} (${axesLabel(kept.sweep.points[point].axes)}, seed ${seed}): ${message}`] : state.failures,
      }))
    },
    ended: (how) => {
      runner = null
      const seconds = (performance.now() - startedAt) / 1000
      useSweeps.setState((state) => {
        const trained = state.running?.trainedHere ?? 0
        const left = total - (state.running?.done ?? 0)
        const said = how === 'finished' && left === 0 ? `The sweep finished: ${trained} runs trained in ${seconds.toFixed(1)} s.` : `The sweep stopped after ${trained} runs in ${seconds.toFixed(1)} s; ${left} left, which Resume trains.`
        return { running: null, message: state.message === null ? said : `${said} ${state.message}` }
      })
    },
  })
  runner = started
  started.start(workers, workerSlot)
}

function updateSweep(id: string, change: (kept: KeptSweep) => KeptSweep): void {
  useSweeps.setState((state) => ({ sweeps: state.sweeps.map((each) => (each.id === id ? change(each) : each)) }))
}

/** Do something with the library; a failure is named in the panel's alert. True when it was done (or nothing is kept). */
async function keep(action: (lib: RunLibrary) => Promise<void>, failing: string): Promise<boolean> {
  const lib = await openSweeps()
  if (lib === null) return true
  try {
    await action(lib)
    return true
  } catch (error) {
    useSweeps.setState({ storageProblem: `${failing}: ${errorMessage(error)}.` })
    return false
  }
}

/** A sweep's worker sends no frames: nothing of its runs is drawn but their figures. */
const NO_FRAMES: DrawQueue<QueuedFrame> = { push() {}, flush() {} }

/** One worker of the sweep: a run at a time, each ending at the budget with its figures. */
function workerSlot(index: number, events: SweepSlotEvents): SweepSlot {
  const worker = new WorkerRun(`sweep-${index + 1}`, requestedBackend(), NO_FRAMES, {
    event: (message) => {
      if (message.type === 'finished') events.finished(message.runId, message.figures)
      else if (message.type === 'error' && message.runId !== null) events.failed(message.runId, message.message)
    },
    crashed: (message) => events.crashed(`its worker crashed: ${message}`),
  })
  return {
    start: (runId, config, budget) => worker.start(runId, config, { lean: true, budget }),
    close: () => worker.terminate(),
  }
}
