import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { errorMessage } from '../core/errorMessage'
import type { RunConfig } from '../core/run/config'
import { RunFiguresSchema, type RunFigures } from '../model/sweep/runRecord'
import { mapConcurrently } from './childRuns'
import { trainSweepRun } from './sweepTrain'

/*
 * Training a sweep's runs J at a time: in J `sweep worker` processes that each train one run after
 * another (J > 1), or here, one after another (J = 1). Either way a run is trainSweepRun's, so the
 * figures are the same bit for bit.
 */

/** The command line's own launcher: a worker is `reward-playground sweep worker` there. */
const LAUNCHER = fileURLToPath(new URL('../../bin/reward-playground.mjs', import.meta.url))

/** The most of a worker's stderr kept, to say why it died. */
const STDERR_TAIL = 2000

export interface SweepTask {
  run: number
  config: RunConfig
}

/** A run's figures, or why it could not be trained (a worker that died, a config its trainer refused). */
export type TaskOutcome = { figures: RunFigures } | { error: string }

/**
 * Train every task for `steps` steps, `jobs` at a time; `finished` hears of each as it ends, in
 * the order they end. A task is trained only if `claim` takes it when its turn comes (another
 * process may be training it, or have finished it).
 */
export async function trainTasks(tasks: readonly SweepTask[], steps: number, jobs: number, finished: (task: SweepTask, outcome: TaskOutcome) => void, claim: (task: SweepTask) => boolean = () => true): Promise<void> {
  if (jobs <= 1) {
    for (const task of tasks) if (claim(task)) finished(task, await outcomeOf(() => trainSweepRun(task.config, steps)))
    return
  }
  const started: WorkerProcess[] = []
  const idle: WorkerProcess[] = []
  const worker = () => {
    const next = new WorkerProcess()
    started.push(next)
    return next
  }
  try {
    await mapConcurrently(tasks, jobs, async (task) => {
      if (!claim(task)) return
      const free = idle.pop() ?? worker()
      const outcome = await outcomeOf(() => free.train(task.config, steps))
      if (free.alive) idle.push(free)
      finished(task, outcome)
    })
  } finally {
    // Every worker, busy ones too (when `finished` threw): an open channel would keep this process alive.
    for (const each of started) each.close()
  }
}

async function outcomeOf(train: () => Promise<RunFigures>): Promise<TaskOutcome> {
  try {
    return { figures: await train() }
  } catch (error) {
    return { error: errorMessage(error) }
  }
}

/** One `sweep worker` process: one run at a time over its IPC channel, answered in the order sent. */
class WorkerProcess {
  alive = true
  private readonly child: ChildProcess
  private pending: { resolve: (figures: RunFigures) => void; reject: (error: Error) => void } | null = null
  private stderr = ''

  constructor() {
    this.child = spawn(process.execPath, [LAUNCHER, 'sweep', 'worker'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
    this.child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL)
    })
    this.child.on('message', (answer: unknown) => this.answer(answer))
    this.child.on('error', (error) => this.die(`the worker process failed: ${errorMessage(error)}`))
    this.child.on('close', (code, signal) => this.die(`the worker process stopped (${signal ?? `exit code ${code}`})${this.stderr.trim() === '' ? '' : `: ${this.stderr.trim()}`}`))
  }

  train(config: RunConfig, steps: number): Promise<RunFigures> {
    if (!this.alive || !this.child.connected) return Promise.reject(new Error('the worker process has stopped'))
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject }
      this.child.send({ config, steps })
    })
  }

  close(): void {
    if (this.child.connected) this.child.disconnect()
  }

  private answer(raw: unknown): void {
    const pending = this.pending
    this.pending = null
    if (pending === null) return
    const answer = parseAnswer(raw)
    if ('figures' in answer) pending.resolve(answer.figures)
    else pending.reject(new Error(answer.error))
  }

  private die(reason: string): void {
    this.alive = false
    const pending = this.pending
    this.pending = null
    pending?.reject(new Error(reason))
  }
}

/** A worker's answer, checked: the figures, or the error it reports or that the answer is. */
function parseAnswer(raw: unknown): TaskOutcome {
  if (typeof raw === 'object' && raw !== null && 'error' in raw && typeof raw.error === 'string') return { error: raw.error }
  const figures = RunFiguresSchema.safeParse(typeof raw === 'object' && raw !== null && 'figures' in raw ? raw.figures : undefined)
  if (figures.success) return { figures: figures.data }
  return { error: `the worker answered with no run's figures: "${JSON.stringify(raw)}"` }
}
