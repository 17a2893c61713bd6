import { checkSweepDefinition, type Sweep } from './definition'
import type { RunRecord } from './runRecord'
import { runAt } from './runIndex'

/* Sweeps and run records for the sweep tests (not a test file itself). */

/** CliffWalking Q-learning, w.hazard at 0, 50, 100, on `seeds` seeds from 5. */
export function hazardSweep(seeds = 2): Sweep {
  const checked = checkSweepDefinition({ config: { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning' }, seed: 5 }, axes: ['w.hazard=0:100:3'], seeds, steps: 500 })
  if (!checked.ok) throw new Error(checked.problems.join('; '))
  return checked.sweep
}

/** Run `run` of the sweep with the given figures (objective and shapedReturn; the rest fixed). */
export function record(sweep: Sweep, run: number, objective: number | null, shapedReturn: number | null): RunRecord {
  const { point, seed } = runAt(sweep, run)
  return {
    run,
    point,
    axes: sweep.points[point].axes,
    seed,
    objective,
    shapedReturn,
    contributions: shapedReturn === null ? null : { step: shapedReturn, hazard: 0, goal: 0, progress: 0 },
    zeroAdvantageFraction: 0.5,
    steps: 600,
    seconds: 0.25,
  }
}
