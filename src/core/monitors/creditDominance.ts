import type { MonitorDefinition } from './types'
import { meanOf, scanSeries, seriesOf, shown } from './series'

/**
 * Credit dominance: one component coming to take most of the reward. The frames carry each
 * component's contribution C_k = Σ_t w_k·c_k,t (their mean over the frame's episodes), not its part of
 * the advantages; the advantages are built from the reward, so its shares stand for them:
 *   s_k = |C_k| / Σ_j |C_j|  per frame (frames where every C_j is 0 are skipped).
 * With s̄_k,start the mean over the first W such frames and s̄_k,now over the latest W, it fires at
 * the first frame where some component has
 *   s̄_k,now > level  and  s̄_k,start ≤ level:
 * a component that held most of the reward from the start has not come to dominate.
 */
export const creditDominance: MonitorDefinition = {
  name: 'credit-dominance',
  label: 'Credit dominance',
  needsGold: false,
  options: {
    window: { label: 'frames per window', default: 5, min: 1, max: 1000, integer: true },
    level: { label: 'share of the reward', default: 0.8, min: 0, max: 1, integer: false },
  },
  run({ frames }, { window, level }) {
    const magnitude = (contributions: Record<string, number>) => Object.values(contributions).reduce((sum, value) => sum + (Number.isFinite(value) ? Math.abs(value) : NaN), 0)
    const series = seriesOf(frames, (frame) => (frame.contributions === null ? null : magnitude(frame.contributions) || null))
    const paying = [...new Set(series.frames.flatMap((index) => Object.entries(frames[index].contributions!).flatMap(([name, value]) => (value !== 0 ? [name] : []))))]
    if (series.values.length > 0 && paying.length < 2) return { kind: 'unmeasurable', why: `not measurable on this run: ${paying.length === 1 ? `${paying[0]} alone pays` : 'nothing pays'} the reward` }
    const shares = paying.map((name) => series.frames.map((index, i) => Math.abs(frames[index].contributions![name] ?? 0) / series.values[i]))
    return scanSeries(
      series,
      2 * window,
      'reward paid',
      (end) => {
        for (let k = 0; k < paying.length; k++) {
          const start = meanOf(shares[k], 0, window)
          const now = meanOf(shares[k], end - window, end)
          if (now > level && start <= level) return `${paying[k]} came to take ${shown(now)} of the reward, from ${shown(start)} at the start`
        }
        return null
      },
      `no component came to take more than ${level} of the reward`,
    )
  },
}
