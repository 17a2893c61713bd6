import { z } from 'zod'
import { errorMessage } from '../core/errorMessage'
import { checkRunConfig } from '../core/run/checkRunConfig'
import type { RunFigures } from '../model/sweep/runRecord'
import { MAX_STEPS } from './limits'
import { trainSweepRun } from './sweepTrain'
import { UsageError } from './usage'

/*
 * `sweep worker`: the process `sweep --jobs J` starts J of. It takes runs over the IPC channel its
 * parent opened ({"config", "steps"} each), trains each here (trainSweepRun, as `train` would), one
 * after another, and answers each ({"figures"} or {"error"}): nothing a library prints can be taken
 * for an answer, and one process pays its start once for many runs. It ends when the channel closes.
 */

export const WorkerTaskSchema = z.strictObject({ config: z.unknown(), steps: z.number().int().min(1).max(MAX_STEPS) })

export type WorkerAnswer = { figures: RunFigures } | { error: string }

export function sweepWorker(argv: string[]): Promise<number> {
  if (argv.length > 0) throw new UsageError(`sweep worker takes no arguments, got "${argv[0]}"`)
  const send = process.send?.bind(process)
  if (send === undefined) throw new UsageError('sweep worker is the process sweep starts for each of its --jobs, and takes its runs from sweep alone; run sweep --config … or sweep --sweep FILE instead')
  return new Promise((resolve) => {
    // One run at a time, in the order sent.
    let queue = Promise.resolve()
    process.on('message', (raw: unknown) => {
      queue = queue.then(async () => {
        send(await answerTask(raw))
      })
    })
    process.on('disconnect', () => void queue.then(() => resolve(0)))
  })
}

async function answerTask(raw: unknown): Promise<WorkerAnswer> {
  const task = WorkerTaskSchema.safeParse(raw)
  if (!task.success) return { error: `the task is not {"config", "steps"}: ${task.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}` }
  const config = checkRunConfig(task.data.config)
  if (!config.ok) return { error: `the task's config: ${config.problems.join('; ')}` }
  try {
    return { figures: await trainSweepRun(config.config, task.data.steps) }
  } catch (error) {
    return { error: errorMessage(error) }
  }
}
