import { basename } from 'node:path'
import { runCount, runAt, runConfigAt, shardRuns, unfinishedRuns } from '../model/sweep/runIndex'
import { axesLabel, runRecordOf } from '../model/sweep/runRecord'
import type { Sweep } from '../model/sweep/definition'
import type { StreamingCommand } from './command'
import { messageLine } from './message'
import { sweepArguments } from './sweepArguments'
import { claimSweepDir, openRunFile, readRecordedRuns, recordedRunsNow, runFileName } from './sweepDir'
import { runLocks } from './runLock'
import { sweepFingerprint } from '../model/sweep/definitionFile'
import { progressLine } from './sweepProgress'
import { sweepSummarize } from './sweepSummarize'
import { sweepWorker } from './sweepWorker'
import { trainTasks, type SweepTask } from './sweepWorkers'

/*
 * `sweep`: train every point × seed of a sweep (or one shard of it) into --out DIR, one JSON line
 * per finished run, skipping the runs DIR already holds; `sweep summarize DIR`: each point's
 * figures over its seeds and the Pareto front of two of them. `sweep worker` is what sweep starts
 * for each of its --jobs.
 */

export const sweepCommand: StreamingCommand = async (argv, io) => {
  const [action, ...rest] = argv
  if (action === 'summarize') {
    io.out(sweepSummarize(rest))
    return 0
  }
  if (action === 'worker') return sweepWorker(rest)
  const { sweep, out, jobs, jobsNote, shard } = sweepArguments(argv, io.readStdin)
  if (jobsNote !== null) io.err(`sweep: ${jobsNote}\n`)
  claimSweepDir(out, sweep)
  const found = readRecordedRuns(out, sweep)
  for (const file of found.tornFiles) io.err(`${messageLine(`sweep: ${basename(file)} in "${out}" ends in a line a stopped run did not finish; it is no run, and that run trains again`)}\n`)
  const total = runCount(sweep)
  const mine = shardRuns(total, shard)
  const tasks: SweepTask[] = unfinishedRuns(mine, found.records).map((run) => ({ run, config: runConfigAt(sweep, run) }))
  const skipped = mine.length - tasks.length
  const where = shard.count === 1 ? `${total} runs (${sweep.points.length} points × ${sweep.seeds} seeds)` : `${mine.length} runs of shard ${shard.index}/${shard.count} (the sweep has ${total})`
  io.err(`sweep: ${where}; ${skipped} already in "${out}", ${tasks.length} to train, ${Math.min(jobs, Math.max(tasks.length, 1))} at a time\n`)

  const file = openRunFile(out, shard)
  const locks = runLocks(out)
  const recordedNow = recordedRunsNow(out, sweep)
  const fingerprint = sweepFingerprint(sweep)
  const startedAt = performance.now()
  let trained = 0
  let paused = 0
  let failed = 0
  let busy = 0
  let finishedElsewhere = 0
  // Each run's lock is taken when its turn comes, so that two processes on one folder share the work.
  const claim = (task: SweepTask): boolean => {
    const taken = locks.claim(task.run)
    if (!taken.held) {
      busy += 1
      io.err(`${messageLine(`sweep: run ${task.run} is being trained by another process (${taken.holder}); it is left to that process`)}\n`)
      return false
    }
    if (recordedNow().has(task.run)) {
      locks.release(task.run)
      finishedElsewhere += 1
      return false
    }
    return true
  }
  try {
    await trainTasks(tasks, sweep.steps, jobs, (task, outcome) => {
      const label = runLabel(sweep, task.run)
      if ('error' in outcome) {
        locks.release(task.run)
        failed += 1
        io.err(`${messageLine(`sweep: run ${label} failed: ${outcome.error}; it is not recorded, and a re-run trains it again`)}\n`)
        return
      }
      file.append(runRecordOf(sweep, task.run, outcome.figures, fingerprint))
      locks.release(task.run)
      trained += 1
      if (outcome.figures.paused !== undefined) {
        paused += 1
        io.err(`${messageLine(`sweep: run ${label} stopped itself: ${outcome.figures.paused}`)}\n`)
      }
      io.err(`${progressLine(skipped + finishedElsewhere + trained, mine.length, trained, (performance.now() - startedAt) / 1000)}\n`)
    }, claim)
  } finally {
    locks.releaseAll()
    file.close()
  }
  io.out(`${JSON.stringify({ done: true, runs: mine.length, trained, skipped: skipped + finishedElsewhere, busy, paused, failed, out, file: runFileName(shard) })}\n`)
  return failed > 0 ? 1 : 0
}

/** "5 (w.hazard=50, seed 2)". */
function runLabel(sweep: Sweep, run: number): string {
  const { point, seed } = runAt(sweep, run)
  return `${run} (${axesLabel(sweep.points[point].axes)}, seed ${seed})`
}
