import type { RunConfig } from '../../core/run/config'
import { reportedCores, type FromWorker, type MetricsFrame, type ToWorker } from '../../worker/protocol'
import type { DrawQueue } from './drawInterval'

/** A message of a run (or of the worker itself) other than a metrics frame. */
export type RunEvent = Exclude<FromWorker, { type: 'metrics' }>

/** A frame held for drawing, with the run it came from (the drawing drops frames of runs already left). */
export interface QueuedFrame {
  run: WorkerRun
  runId: string
  frame: MetricsFrame
}

/** A control for the run a worker trains; the worker run adds its own run id. */
export type RunControl = DistributiveOmit<Exclude<ToWorker, { type: 'init' | 'start' | 'pageVisibility' }>, 'runId'>
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

export interface WorkerRunHandlers {
  /** A message of the current run, or one of the worker's own (backend, ignored, an error outside any run). */
  event(message: RunEvent): void
  /** The worker itself crashed (an uncaught error in its scope). */
  crashed(message: string): void
  /** A frame of the current run was queued (the main run draws its first frame at once). */
  frameQueued?(): void
}

/**
 * One training worker and the run it trains now: the page's side of the worker protocol for one
 * seed. The worker is created once and kept between runs (starting TensorFlow.js costs a moment);
 * each run has an id, and messages of a run already left are dropped here, so the handlers only
 * ever hear of the current one. Frames go to a draw queue (several runs may share one, to be drawn
 * in one update); a run's other messages flush the queue first, so they come after its frames.
 */
export class WorkerRun {
  private readonly worker: Worker
  /** The run this worker trains now; null between runs. */
  runId: string | null = null

  constructor(
    name: string,
    backend: string | null,
    private readonly frames: DrawQueue<QueuedFrame>,
    private readonly handlers: WorkerRunHandlers,
  ) {
    this.worker = new Worker(new URL('../../worker/trainer.worker.ts', import.meta.url), { type: 'module', name })
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data)
    this.worker.onerror = (event) => handlers.crashed(event.message || 'unknown error')
    this.post({ type: 'init', backend: backend ?? undefined, cores: reportedCores(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency) })
  }

  /**
   * Start a run under a new id; frames and messages of the previous run are dropped from now on. A
   * budget ends it there, with its figures (a sweep's run); `pauseAt` pauses it there (a lesson's).
   */
  start(runId: string, config: RunConfig, { lean = false, budget, pauseAt }: { lean?: boolean; budget?: number; pauseAt?: number } = {}): void {
    this.runId = runId
    this.post({ type: 'start', runId, config, ...(lean ? { lean } : {}), ...(budget === undefined ? {} : { budget }), ...(pauseAt === undefined ? {} : { pauseAt }) })
  }

  /** Send a control to the current run, if there is one. */
  control(control: RunControl): void {
    if (this.runId !== null) this.post({ ...control, runId: this.runId } as ToWorker)
  }

  /** Stop the current run and forget it (its late messages are dropped). */
  leave(): void {
    this.control({ type: 'stop' })
    this.runId = null
  }

  /** Ask the worker something outside any run (pairs to label); the answer comes back as an event with the request's id. */
  request(message: Extract<ToWorker, { type: 'drawPairs' }>): void {
    this.post(message)
  }

  /** Tell the worker whether the page is hidden (it then sends frames seldom). */
  pageVisibility(hidden: boolean): void {
    this.post({ type: 'pageVisibility', hidden })
  }

  terminate(): void {
    this.runId = null
    this.worker.terminate()
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message)
  }

  private receive(message: FromWorker): void {
    if (message.type === 'metrics') {
      if (message.runId !== this.runId) return
      this.frames.push({ run: this, runId: message.runId, frame: message.frame })
      this.handlers.frameQueued?.()
      return
    }
    const ofRun = 'runId' in message && message.runId !== null
    if (ofRun && message.runId !== this.runId) return // a late message from a run already left
    // A pause, a design mark or an error comes after the frames before it.
    this.frames.flush()
    this.handlers.event(message)
  }
}
