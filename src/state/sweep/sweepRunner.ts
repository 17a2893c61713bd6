import type { RunConfig } from '../../core/run/config'
import type { Sweep } from '../../model/sweep/definition'
import { runConfigAt } from '../../model/sweep/runIndex'
import { runRecordOf, RunFiguresSchema, type RunRecord } from '../../model/sweep/runRecord'

/*
 * Training a sweep's runs on the page, a few at a time: each slot (a worker, in the page) trains
 * one run after another, each to the sweep's budget, until no run is left. The slots are handed in,
 * so the order and the bookkeeping can be tested without workers.
 */

/** The most workers a sweep starts, whatever the cores: each holds its own TensorFlow.js. */
export const MAX_SWEEP_WORKERS = 16

/** Workers for a sweep: one per core (at least 1, at most MAX_SWEEP_WORKERS), never more than runs to train. */
export function sweepWorkerCount(cores: number | undefined, runs: number): number {
  return Math.max(1, Math.min(MAX_SWEEP_WORKERS, Math.floor(cores || 1), runs))
}

/** What a slot tells of the run it trains. */
export interface SweepSlotEvents {
  /** The run reached its budget (or stopped itself); its figures, as the worker sent them. */
  finished(runId: string, figures: unknown): void
  /** The run could not train (its trainer refused the config). */
  failed(runId: string, message: string): void
  /** The slot itself broke (its worker crashed): the run in it is lost and the slot takes no more. */
  crashed(message: string): void
}

/** One place runs train, one at a time. */
export interface SweepSlot {
  start(runId: string, config: RunConfig, budget: number): void
  /** Stop whatever it trains and free it. */
  close(): void
}

export interface SweepRunnerEvents {
  /** A run finished: its record, as the command line's sweep writes it. */
  recorded(record: RunRecord): void
  /** A run that could not be trained; it is not recorded, and Resume trains it again. */
  failed(run: number, message: string): void
  /** Every run was handed out and ended, or the sweep was stopped, or no slot is left. */
  ended(how: 'finished' | 'stopped'): void
}

/** A slot, the run it trains now (null: idle), and whether it still takes runs. */
interface SlotEntry {
  slot: SweepSlot
  current: { run: number; runId: string } | null
  alive: boolean
}

let runCounter = 0

export class SweepRunner {
  private readonly queue: number[]
  private readonly slots: SlotEntry[] = []
  private over = false

  constructor(
    private readonly sweep: Sweep,
    runs: readonly number[],
    private readonly events: SweepRunnerEvents,
  ) {
    this.queue = [...runs]
  }

  /** Open `workers` slots (fewer when fewer runs are left) and hand each its first run. */
  start(workers: number, makeSlot: (index: number, events: SweepSlotEvents) => SweepSlot): void {
    const count = Math.min(workers, this.queue.length)
    for (let index = 0; index < count; index++) {
      // The slot's events find its entry by index: they come only after it is pushed.
      const slot = makeSlot(index, {
        finished: (runId, figures) => this.finished(this.slots[index], runId, figures),
        failed: (runId, message) => this.failed(this.slots[index], runId, message),
        crashed: (message) => this.crashed(this.slots[index], message),
      })
      this.slots.push({ slot, current: null, alive: true })
    }
    for (const entry of this.slots) this.next(entry)
    this.endIfDone()
  }

  /** Stop every run in flight (they are not recorded) and close every slot. */
  stop(): void {
    if (this.over) return
    this.queue.length = 0
    this.end('stopped')
  }

  /** Runs not yet handed out. */
  get waiting(): number {
    return this.queue.length
  }

  private finished(entry: SlotEntry, runId: string, raw: unknown): void {
    const current = entry.current
    if (this.over || current === null || current.runId !== runId) return
    entry.current = null
    const figures = RunFiguresSchema.safeParse(raw)
    if (figures.success) this.events.recorded(runRecordOf(this.sweep, current.run, figures.data))
    else this.events.failed(current.run, `the worker sent no run's figures (${figures.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')})`)
    this.next(entry)
    this.endIfDone()
  }

  private failed(entry: SlotEntry, runId: string, message: string): void {
    const current = entry.current
    if (this.over || current === null || current.runId !== runId) return
    entry.current = null
    this.events.failed(current.run, message)
    this.next(entry)
    this.endIfDone()
  }

  private crashed(entry: SlotEntry, message: string): void {
    if (this.over || !entry.alive) return
    entry.alive = false
    const current = entry.current
    entry.current = null
    entry.slot.close()
    if (current !== null) this.events.failed(current.run, message)
    this.endIfDone()
  }

  /** Hand the slot the next run, if any. */
  private next(entry: SlotEntry): void {
    if (this.over || !entry.alive) return
    const run = this.queue.shift()
    if (run === undefined) return
    entry.current = { run, runId: `sweep-run-${++runCounter}` }
    entry.slot.start(entry.current.runId, runConfigAt(this.sweep, run), this.sweep.steps)
  }

  private endIfDone(): void {
    if (this.over || this.slots.some((entry) => entry.current !== null)) return
    // Nothing in flight: either every run was handed out, or no slot is left to take the rest.
    this.end(this.queue.length === 0 ? 'finished' : 'stopped')
  }

  private end(how: 'finished' | 'stopped'): void {
    this.over = true
    for (const entry of this.slots) if (entry.alive) entry.slot.close()
    this.events.ended(how)
  }
}
