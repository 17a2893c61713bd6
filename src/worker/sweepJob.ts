import { errorMessage } from '../core/errorMessage'
import type { EnvSpec } from '../core/envs/types'
import type { MetricsAccumulator } from '../core/run/metrics'
import { finishedRunFigures, pausedRunFigures, runSeconds, type FinishedRunFigures } from '../core/run/runFigures'

/**
 * A sweep's run (the start message's `budget`): it trains whole iterations until `budget`
 * environment steps and ends with the figures of `train --steps`' done line, which the command
 * line's sweep builds the same way (cli/sweepTrain.ts), so the page's runs export as its lines.
 * Nobody draws its curve, so it posts no frames.
 */
export class SweepJob {
  constructor(readonly budget: number) {}

  /** Once the iterations so far reach the budget, the figures from one last summary; null before. `elapsedMs`: the run's time, pauses left out. */
  figuresOnceDone(metrics: MetricsAccumulator, components: EnvSpec['components'], elapsedMs: number): FinishedRunFigures | null {
    if (metrics.totalEnvSteps < this.budget) return null
    return finishedRunFigures(metrics.flush(), components.map((component) => component.name), runSeconds(elapsedMs))
  }

  /** An iteration threw (the `iteration`-th, from 1): the run is over with its diagnosis and no figures, as train --steps ends it, instead of pausing. */
  figuresOfFailure(iteration: number, metrics: MetricsAccumulator, elapsedMs: number, error: unknown): FinishedRunFigures {
    return pausedRunFigures(iteration, metrics.totalEnvSteps, runSeconds(elapsedMs), errorMessage(error))
  }
}
