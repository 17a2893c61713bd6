import { errorMessage } from '../core/errorMessage'
import type { RunConfig } from '../core/run/config'
import { MetricsAccumulator, RECENT_EPISODES } from '../core/run/metrics'
import type { RunFigures } from '../model/sweep/runRecord'
import { createCliTrainer } from './cliTrainer'

/**
 * Train one run of a sweep in this process, as `train --config - --steps N` does (the same trainer,
 * whole iterations until at least `steps` environment steps, the metrics folded the same way), and
 * give the figures its done line reports. A run that stops itself (a NaN or infinite reward or
 * loss) gives its diagnosis, as `train` prints it, and null figures.
 */
export async function trainSweepRun(config: RunConfig, steps: number): Promise<RunFigures> {
  const trainer = await createCliTrainer(config)
  const names = trainer.spec.components.map((component) => component.name)
  const metrics = new MetricsAccumulator(names.length, RECENT_EPISODES)
  // As train's wallSeconds: from the trainer built to the last iteration, to the millisecond.
  const startedAt = performance.now()
  const seconds = () => Math.round(performance.now() - startedAt) / 1000
  try {
    for (let done = 0; metrics.totalEnvSteps < steps; done++) {
      try {
        metrics.add(await trainer.iterate())
      } catch (error) {
        const paused = `run paused at iteration ${done + 1} (after ${metrics.totalEnvSteps} env steps): ${errorMessage(error)}`
        return { objective: null, shapedReturn: null, contributions: null, zeroAdvantageFraction: null, steps: metrics.totalEnvSteps, seconds: seconds(), paused }
      }
    }
  } finally {
    trainer.dispose()
  }
  const summary = metrics.flush()
  const contributions = summary.recentContributions
  return {
    objective: summary.recentObjective,
    shapedReturn: summary.recentReturn,
    contributions: contributions === null ? null : Object.fromEntries(names.map((name, k) => [name, contributions[k]])),
    zeroAdvantageFraction: summary.recentZeroAdvantageFraction,
    steps: summary.envSteps,
    seconds: seconds(),
  }
}
