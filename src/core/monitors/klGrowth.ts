import type { MonitorDefinition } from './types'
import { diagnosticSeries, scanSeries, shown, slopeOf } from './series'

/** The diagnostic of the KL to the reference policy (the GRPO family's and DPO's k3 estimate per token); PPO's approx_kl is between successive policies, not to a reference. */
export const KL_DIAGNOSTIC = 'kl'

/**
 * KL growth: the KL to the reference climbing faster than it did. With W the window and the slopes
 * per 1,000 environment steps (least squares, series.ts slopeOf) over the latest W frames (s_now)
 * and the W before them (s_before), it fires at the first frame where
 *   s_now > ratio · max(s_before, 0)  and  s_now > minSlope.
 * The floor keeps a KL that barely moves from firing on noise.
 */
export const klGrowth: MonitorDefinition = {
  name: 'kl-growth',
  label: 'KL growth',
  needsGold: false,
  options: {
    window: { label: 'frames per window', default: 10, min: 2, max: 1000, integer: true },
    ratio: { label: 'latest slope over the earlier slope', default: 2, min: 1, max: 1000, integer: false },
    minSlope: { label: 'least slope that counts (KL per 1,000 steps)', default: 0.001, min: 0, max: 1e6, integer: false },
  },
  run({ frames }, { window, ratio, minSlope }) {
    const series = diagnosticSeries(frames, KL_DIAGNOSTIC)
    const thousands = series.envSteps.map((steps) => steps / 1000)
    return scanSeries(
      series,
      2 * window,
      'KL to a reference',
      (end) => {
        const now = slopeOf(thousands, series.values, end - window, end)
        const before = slopeOf(thousands, series.values, end - 2 * window, end - window)
        if (now === null || before === null) return null
        return now > ratio * Math.max(before, 0) && now > minSlope ? `the KL's slope rose to ${shown(now)} per 1,000 steps from ${shown(before)} over the ${window} frames before` : null
      },
      `the KL's slope never rose above ${ratio}× its earlier slope (and ${minSlope} per 1,000 steps)`,
    )
  },
}
