import { detectRewardHacking, HACKING_WINDOW } from '../run/hacking'
import type { MonitorDefinition } from './types'
import { scanSeries, seriesOf, shown } from './series'

/**
 * Proxy–objective divergence: the page's reward-hacking alert (core/run/hacking.ts, its rule and
 * nothing else), the reference the other monitors are measured against, since it reads the true
 * objective. Over the frames that have both means it fires at the first frame where
 * detectRewardHacking fires on the points so far: over the latest W,
 *   Δr = mean_newer(r) − mean_older(r) > 0  and  the objective's change the wrong way > 0.1 of its spread.
 */
export const proxyDivergence: MonitorDefinition = {
  name: 'proxy-divergence',
  label: 'Proxy–objective divergence (reads the gold)',
  needsGold: true,
  options: {
    window: { label: 'frames looked back over', default: HACKING_WINDOW, min: 2, max: 1000, integer: true },
  },
  run({ frames, higherIsBetter }, { window }) {
    const series = seriesOf(frames, (frame) => (frame.objective !== null && Number.isFinite(frame.objective) ? frame.shapedReturn : null))
    const points = series.frames.map((index, i) => ({ shapedReturn: series.values[i], objective: frames[index].objective! }))
    return scanSeries(
      series,
      window,
      'finished episode',
      (end) => {
        const signal = detectRewardHacking(points.slice(0, end), higherIsBetter, window)
        return signal === null ? null : `the shaped return rose by ${shown(signal.returnChange)} while the objective moved ${shown(signal.objectiveChange)} over ${window} frames`
      },
      'the shaped return never rose while the objective got worse',
    )
  },
}
