import type { CurvePoint } from './series'
import type { EnvSpec } from '../core/envs/types'
import type { Design } from './design'

/** A run kept for comparison: its curve and its final figures. */
export interface PinnedRun {
  id: number
  label: string
  /** Runs of the same design (all but the seed) are grouped: mean and spread over their seeds. */
  designKey: string
  seed: number
  points: { envSteps: number; shapedReturn: number; objective: number }[]
  final: { shapedReturn: number; objective: number; length: number }
}

export type CompareMetric = 'shapedReturn' | 'objective'

/** A run's final figures: the mean of its last `window` curve points, and its latest mean episode length. */
export function finalFigures(series: readonly CurvePoint[], length: number, window = 5): PinnedRun['final'] {
  const tail = series.slice(-window)
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)
  return { shapedReturn: mean(tail.map((p) => p.shapedReturn)), objective: mean(tail.map((p) => p.objective)), length }
}

/** What a pin is made of: a live run or a saved one. */
export interface PinSource {
  /** Says which run it is, after the pin's number: "CartPole, ppo, seed 1". */
  label: string
  design: Design
  series: readonly CurvePoint[]
  final: PinnedRun['final']
}

/**
 * Add a run to the pins: it takes the next number, runs of one design (all but the seed) share a
 * design key, and only the latest `maxPins` are kept.
 */
export function addPin(pins: readonly PinnedRun[], source: PinSource, maxPins: number): PinnedRun[] {
  const id = (pins[pins.length - 1]?.id ?? 0) + 1
  const pin: PinnedRun = {
    id,
    label: `#${id} ${source.label}`,
    designKey: JSON.stringify({ ...source.design, seed: null }),
    seed: source.design.seed,
    points: source.series.map(({ envSteps, shapedReturn, objective }) => ({ envSteps, shapedReturn, objective })),
    final: source.final,
  }
  return [...pins, pin].slice(-maxPins)
}

/** The value of a run's curve at `steps`, linearly interpolated (held flat beyond its ends). */
export function valueAt(points: PinnedRun['points'], metric: CompareMetric, steps: number): number {
  if (points.length === 0) return NaN
  if (steps <= points[0].envSteps) return points[0][metric]
  for (let j = 1; j < points.length; j++) {
    if (points[j].envSteps >= steps) {
      const a = points[j - 1]
      const b = points[j]
      // linear interpolation between the two points around `steps`
      const t = (steps - a.envSteps) / Math.max(b.envSteps - a.envSteps, 1e-12)
      return a[metric] + t * (b[metric] - a[metric])
    }
  }
  return points[points.length - 1][metric]
}

/**
 * Mean and sample standard deviation (Bessel) of several runs of one design at `count` evenly
 * spaced steps up to the shortest run's last step: the band is mean ± std.
 */
export function seedBand(runs: readonly Pick<PinnedRun, 'points'>[], metric: CompareMetric, count = 60): { envSteps: number; mean: number; lo: number; hi: number }[] {
  if (runs.length === 0) return []
  const end = Math.min(...runs.map((run) => run.points[run.points.length - 1]?.envSteps ?? 0))
  const band: { envSteps: number; mean: number; lo: number; hi: number }[] = []
  for (let k = 1; k <= count; k++) {
    const steps = (end * k) / count
    const { mean, std } = meanStd(runs.map((run) => valueAt(run.points, metric, steps)))
    band.push({ envSteps: steps, mean, lo: mean - std, hi: mean + std })
  }
  return band
}

/** Mean and sample standard deviation (Bessel; 0 for fewer than two values): mean = Σx/n, std = √(Σ(x − mean)²/(n − 1)). */
export function meanStd(values: readonly number[]): { mean: number; std: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)
  const variance = values.length > 1 ? values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1) : 0
  return { mean, std: Math.sqrt(variance) }
}

/** A run of `design` as a pin: labelled by environment, learner and seed, with its final figures. */
export function pinSourceOf(design: Design, spec: Pick<EnvSpec, 'label'>, series: readonly CurvePoint[], meanLength: number): PinSource {
  return { label: `${spec.label}, ${design.learner.kind}, seed ${design.seed}`, design, series, final: finalFigures(series, meanLength) }
}
