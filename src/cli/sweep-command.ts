import { basename } from 'node:path'
import { runCount, runAt, runConfigAt, shardRuns, unfinishedRuns } from '../model/sweep/runIndex'
import { axesLabel, runRecordOf } from '../model/sweep/runRecord'
import type { Sweep } from '../model/sweep/definition'
import type { StreamingCommand } from './command'
import { messageLine } from './message'
import { sweepArguments } from './sweepArguments'
import { claimSweepDir, openRunFile, readRecordedRuns, runFileName } from './sweepDir'
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
  const { sweep, out, jobs, shard } = sweepArguments(argv, io.readStdin)
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
  const startedAt = performance.now()
  let trained = 0
  let paused = 0
  let failed = 0
  try {
    await trainTasks(tasks, sweep.steps, jobs, (task, outcome) => {
      const label = runLabel(sweep, task.run)
      if ('error' in outcome) {
        failed += 1
        io.err(`${messageLine(`sweep: run ${label} failed: ${outcome.error}; it is not recorded, and a re-run trains it again`)}\n`)
        return
      }
      file.append(runRecordOf(sweep, task.run, outcome.figures))
      trained += 1
      if (outcome.figures.paused !== undefined) {
        paused += 1
        io.err(`${messageLine(`sweep: run ${label} stopped itself: ${outcome.figures.paused}`)}\n`)
      }
      io.err(`${progressLine(skipped + trained, mine.length, trained, (performance.now() - startedAt) / 1000)}\n`)
    })
  } finally {
    file.close()
  }
  io.out(`${JSON.stringify({ done: true, runs: mine.length, trained, skipped, paused, failed, out, file: runFileName(shard) })}\n`)
  return failed > 0 ? 1 : 0
}

/** "5 (w.hazard=50, seed 2)". */
function runLabel(sweep: Sweep, run: number): string {
  const { point, seed } = runAt(sweep, run)
  return `${run} (${axesLabel(sweep.points[point].axes)}, seed ${seed})`
}
