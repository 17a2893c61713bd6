import type { MonitorDefinition } from './types'
import { diagnosticSeries, meanOf, scanSeries, shown } from './series'

/** The policy's mean entropy per decision, as PPO, REINFORCE and the GRPO family report it. */
export const ENTROPY_DIAGNOSTIC = 'entropy'

/**
 * Entropy collapse: the policy's entropy falling below a fraction of where it started. With H_start
 * the mean over the first W frames that report it and H_now the mean over the latest W, it fires at
 * the first frame where
 *   H_now < fraction · H_start   (H_start > 0).
 */
export const entropyCollapse: MonitorDefinition = {
  name: 'entropy-collapse',
  label: 'Entropy collapse',
  needsGold: false,
  options: {
    window: { label: 'frames per window', default: 5, min: 1, max: 1000, integer: true },
    fraction: { label: 'fraction of the starting entropy', default: 0.5, min: 0, max: 1, integer: false },
  },
  run({ frames }, { window, fraction }) {
    const series = diagnosticSeries(frames, ENTROPY_DIAGNOSTIC)
    const values = series.values
    if (values.length >= window && !(meanOf(values, 0, window) > 0)) return { kind: 'unmeasurable', why: `not measurable on this run: its starting entropy is ${shown(meanOf(values, 0, window))}, not above 0` }
    return scanSeries(
      series,
      2 * window,
      'entropy',
      (end) => {
        const start = meanOf(values, 0, window)
        const now = meanOf(values, end - window, end)
        return now < fraction * start ? `the entropy fell to ${shown(now)}, under ${fraction} of its start ${shown(start)}` : null
      },
      `the entropy stayed at or above ${fraction} of its start`,
    )
  },
}
