import { errorMessage } from '../core/errorMessage'
import type { RunConfig } from '../core/run/config'
import { MetricsAccumulator, RECENT_EPISODES } from '../core/run/metrics'
import { finishedRunFigures, pausedRunFigures, runSeconds } from '../core/run/runFigures'
import type { RunFigures } from '../model/sweep/runRecord'
import { ScheduledMix } from '../core/run/scheduledMix'
import { createCliTrainer } from './cliTrainer'

/**
 * Train one run of a sweep in this process, as `train --config - --steps N` does (the same trainer,
 * whole iterations until at least `steps` environment steps, the metrics folded the same way), and
 * give the figures its done line reports. A run that stops itself (a NaN or infinite reward or
 * loss) gives its diagnosis, as `train` prints it, and null figures. The page's workers end a
 * sweep's run the same way (src/worker/session.ts, with its sweepJob.ts budget).
 */
export async function trainSweepRun(config: RunConfig, steps: number): Promise<RunFigures> {
  const trainer = await createCliTrainer(config)
  const names = trainer.spec.components.map((component) => component.name)
  const metrics = new MetricsAccumulator(names.length, RECENT_EPISODES)
  const scheduled = ScheduledMix.of(config)
  // As train's wallSeconds: from the trainer built to the last iteration, to the millisecond.
  const startedAt = performance.now()
  const seconds = () => runSeconds(performance.now() - startedAt)
  try {
    for (let done = 0; metrics.totalEnvSteps < steps; done++) {
      try {
        scheduled.applyBefore(trainer, metrics.totalEnvSteps)
        const report = await trainer.iterate()
        metrics.add(report)
        scheduled.after(report.episodes, names)
      } catch (error) {
        return pausedRunFigures(done + 1, metrics.totalEnvSteps, seconds(), errorMessage(error))
      }
    }
  } finally {
    trainer.dispose()
  }
  return finishedRunFigures(metrics.flush(), names, seconds())
}
