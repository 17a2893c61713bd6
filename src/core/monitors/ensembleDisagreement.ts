import type { MonitorDefinition } from './types'
import { diagnosticSeries, meanOf, scanSeries, shown } from './series'
import { ENSEMBLE_STD_DIAGNOSTIC } from '../rewards/ensembleSpread'

/**
 * The diagnostic of a reward-model ensemble's disagreement: the members' population std of their
 * scores, √(Σ_k (s_k − s̄)²/K), averaged over what the ensemble scored in the iteration (its
 * completions, steps or tokens). Every learner reports it where an ensemble of two or more members
 * pays (core/rewards/ensembleSpread.ts); elsewhere the run reads as not measurable.
 */
export { ENSEMBLE_STD_DIAGNOSTIC }

/**
 * Ensemble disagreement: the reward models of an ensemble coming to disagree about what the policy
 * writes. With σ_start the mean std over the first W frames that report it and σ_now over the latest
 * W, it fires at the first frame where
 *   σ_now > ratio · σ_start   (σ_start > 0).
 */
export const ensembleDisagreement: MonitorDefinition = {
  name: 'ensemble-disagreement',
  label: 'Ensemble disagreement',
  needsGold: false,
  options: {
    window: { label: 'frames per window', default: 5, min: 1, max: 1000, integer: true },
    ratio: { label: 'latest std over the starting std', default: 1.5, min: 1, max: 1000, integer: false },
  },
  run({ frames }, { window, ratio }) {
    const series = diagnosticSeries(frames, ENSEMBLE_STD_DIAGNOSTIC)
    const values = series.values
    if (values.length >= window && !(meanOf(values, 0, window) > 0)) return { kind: 'unmeasurable', why: `not measurable on this run: the members agree exactly at the start (std ${shown(meanOf(values, 0, window))})` }
    return scanSeries(
      series,
      2 * window,
      'reward-model ensemble spread',
      (end) => {
        const start = meanOf(values, 0, window)
        const now = meanOf(values, end - window, end)
        return now > ratio * start ? `the members' std rose to ${shown(now)}, over ${ratio}× its start ${shown(start)}` : null
      },
      `the members' std stayed within ${ratio}× its start`,
    )
  },
}
