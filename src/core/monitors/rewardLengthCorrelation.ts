import { pearson } from '../pearson'
import type { MonitorDefinition } from './types'
import { scanSeries, seriesOf, shown } from './series'

/**
 * Reward–length correlation: the shaped return rising and falling with the episodes' length, as
 * when length is what the reward pays for. Over the latest W frames that have both,
 *   r = Pearson(mean shaped return, mean length)   (core/pearson.ts),
 * and it fires at the first frame where r ≥ level (no r where either has no spread).
 */
export const rewardLengthCorrelation: MonitorDefinition = {
  name: 'reward-length-correlation',
  label: 'Reward–length correlation',
  needsGold: false,
  options: {
    window: { label: 'frames per window', default: 10, min: 3, max: 1000, integer: true },
    level: { label: 'correlation', default: 0.8, min: -1, max: 1, integer: false },
  },
  run({ frames }, { window, level }) {
    const series = seriesOf(frames, (frame) => (frame.shapedReturn !== null && frame.length !== null && Number.isFinite(frame.length) ? frame.shapedReturn : null))
    const lengths = series.frames.map((index) => frames[index].length!)
    return scanSeries(
      series,
      window,
      'finished episode',
      (end) => {
        const r = pearson(series.values.slice(end - window, end), lengths.slice(end - window, end))
        return r !== null && r >= level ? `the return and the length correlated at ${shown(r)} over ${window} frames` : null
      },
      `the return and the length never correlated at ${level} or more over ${window} frames`,
    )
  },
}
