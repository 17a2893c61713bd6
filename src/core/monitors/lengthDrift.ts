import type { MonitorDefinition } from './types'
import { meanOf, scanSeries, seriesOf, shown } from './series'

/**
 * Length drift: episodes (answers, on the token task) growing longer. With L_before the mean length
 * over W frames and L_now over the W after them (the latest), it fires at the first frame where
 *   (L_now − L_before) / L_before ≥ rise   (L_before > 0).
 */
export const lengthDrift: MonitorDefinition = {
  name: 'length-drift',
  label: 'Length drift',
  needsGold: false,
  options: {
    window: { label: 'frames per window', default: 5, min: 1, max: 1000, integer: true },
    rise: { label: 'rise as a fraction of the earlier mean', default: 0.2, min: 0, max: 1000, integer: false },
  },
  run({ frames }, { window, rise }) {
    const series = seriesOf(frames, (frame) => frame.length)
    const values = series.values
    return scanSeries(
      series,
      2 * window,
      'finished episode',
      (end) => {
        const before = meanOf(values, end - 2 * window, end - window)
        const now = meanOf(values, end - window, end)
        return before > 0 && (now - before) / before >= rise ? `the mean length rose from ${shown(before)} to ${shown(now)} over ${window} frames` : null
      },
      `the mean length never rose by ${rise} of itself within ${window} frames`,
    )
  },
}
